package pageload

import (
	"encoding/json"
	"slices"
	"testing"
)

// The tab's tasks are those of the renderer its frame last committed to,
// on that renderer's main thread, from the commit on; another tab's
// renderer, another thread and the tasks before the commit are not. Its
// script tasks are those in which a script with a URL ran, evaluated or
// called back; the measuring code, which has no URL, does not count. The
// tasks after the paint are those that ended after the frame's first
// contentful paint. The tasks that laid the page out count at half their
// time in Lighthouse's simulated figure.
func TestMainThreadTasks(t *testing.T) {
	const trace = `[
	 {"name":"thread_name","ph":"M","pid":10,"tid":1,"args":{"name":"CrRendererMain"}},
	 {"name":"thread_name","ph":"M","pid":20,"tid":7,"args":{"name":"CrRendererMain"}},
	 {"name":"thread_name","ph":"M","pid":20,"tid":8,"args":{"name":"Compositor"}},
	 {"name":"FrameCommittedInBrowser","ph":"I","pid":1,"tid":1,"ts":100,"args":{"data":{"frame":"OURS","processId":10}}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":7,"ts":150,"tdur":99000},
	 {"name":"FrameCommittedInBrowser","ph":"I","pid":1,"tid":1,"ts":200,"args":{"data":{"frame":"OURS","processId":20}}},
	 {"name":"FrameCommittedInBrowser","ph":"I","pid":1,"tid":1,"ts":210,"args":{"data":{"frame":"OTHER","processId":10}}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":7,"ts":300,"dur":50,"tdur":12000},
	 {"name":"EvaluateScript","ph":"X","pid":20,"tid":7,"ts":310,"dur":5,"args":{"data":{"url":""}}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":7,"ts":400,"dur":90,"tdur":61500},
	 {"name":"Layout","ph":"X","pid":20,"tid":7,"ts":420,"dur":30},
	 {"name":"firstContentfulPaint","ph":"R","pid":20,"tid":7,"ts":495,"args":{"frame":"OURS"}},
	 {"name":"firstContentfulPaint","ph":"R","pid":20,"tid":7,"ts":450,"args":{"frame":"A SUBFRAME"}},
	 {"name":"firstContentfulPaint","ph":"R","pid":20,"tid":7,"ts":180,"args":{"frame":"OURS"}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":7,"ts":500,"dur":20,"tdur":30000},
	 {"name":"FunctionCall","ph":"X","pid":20,"tid":7,"ts":505,"dur":10,"args":{"data":{"url":"http://x/assets/app.js"}}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":7,"ts":600,"dur":20,"tdur":8000},
	 {"name":"v8.evaluateModule","ph":"X","pid":20,"tid":7,"ts":610,"dur":5,"args":{"worldId":0}},
	 {"name":"EvaluateScript","ph":"X","pid":10,"tid":1,"ts":410,"dur":5,"args":{"data":{"url":"http://x/assets/app.js"}}},
	 {"name":"RunTask","ph":"X","pid":20,"tid":8,"ts":400,"tdur":80000},
	 {"name":"Layout","ph":"X","pid":20,"tid":8,"ts":505,"dur":5},
	 {"name":"RunTask","ph":"X","pid":10,"tid":1,"ts":400,"tdur":90000}
	]`
	var events []traceEvent
	if err := json.Unmarshal([]byte(trace), &events); err != nil {
		t.Fatal(err)
	}
	l, err := mainThreadTasks(events, "OURS")
	if err != nil {
		t.Fatal(err)
	}
	if want := (Tasks{12, 61.5, 30, 8}); !slices.Equal(l.Tasks, want) {
		t.Errorf("tasks %v, want %v", l.Tasks, want)
	}
	if want := (Tasks{30, 8}); !slices.Equal(l.Script, want) {
		t.Errorf("script tasks %v, want %v", l.Script, want)
	}
	// The paint that counts is the frame's, after the commit: the task that
	// painted it (ending at 490) is before it.
	if want := (Tasks{30, 8}); !slices.Equal(l.AfterPaint, want) {
		t.Errorf("tasks after the first paint %v, want %v", l.AfterPaint, want)
	}
	// Lighthouse's simulation slows the task that laid the page out by half
	// as much as the others; a layout on another thread is not the task's.
	if want := (Tasks{12, 30.75, 30, 8}); !slices.Equal(l.Lantern, want) {
		t.Errorf("tasks as Lighthouse simulates them %v, want %v", l.Lantern, want)
	}
	if _, err := mainThreadTasks(events, "NONE"); err == nil {
		t.Error("a frame that never committed gave figures")
	}
	// Without the frame's paint no task can be told to be after it: no
	// figure, rather than none after the paint.
	var unpainted []traceEvent
	for _, e := range events {
		if e.Name != "firstContentfulPaint" || e.Args.Frame != "OURS" {
			unpainted = append(unpainted, e)
		}
	}
	if _, err := mainThreadTasks(unpainted, "OURS"); err == nil {
		t.Error("a trace without the frame's first paint gave figures")
	}
	// Tasks without thread times (a platform without them) give no figure
	// rather than a longest task of 0 that would pass any bound.
	for i := range events {
		events[i].Tdur = 0
	}
	if _, err := mainThreadTasks(events, "OURS"); err == nil {
		t.Error("tasks without thread times gave figures")
	}
}
