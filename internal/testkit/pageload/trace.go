package pageload

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// What a page load's trace must record: the main thread's tasks (with their
// thread time), the scripts run in them, the frames' commits (which
// renderer process a frame went to), the first contentful paint and the
// threads' names.
var traceCategories = []string{"disabled-by-default-devtools.timeline", "devtools.timeline", "toplevel", "__metadata"}

// trace records what the browser does while run runs in the tab of ctx,
// and returns the main-thread tasks of the renderer that ended up showing
// the tab's page, by thread time, in milliseconds, and among them those
// that ran the page's scripts.
//
// A trace covers the whole browser; the tab's renderer is the process its
// frame (whose id is the tab's target id) last committed to.
func trace(ctx context.Context, run func() error) (Load, error) {
	frame := string(chromedp.FromContext(ctx).Target.TargetID)
	var (
		mu     sync.Mutex
		events []traceEvent
		done   = make(chan bool, 1)
	)
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal(v, &e) == nil {
					events = append(events, e)
				}
			}
		case *tracing.EventTracingComplete:
			select {
			case done <- ev.DataLossOccurred:
			default:
			}
		}
	}); err != nil {
		return Load{}, err
	}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
	}); err != nil {
		return Load{}, fmt.Errorf("start tracing: %w", err)
	}
	runErr := run()
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		return Load{}, errors.Join(runErr, fmt.Errorf("end tracing: %w", err))
	}
	var lost bool
	select {
	case lost = <-done:
	case <-ctx.Done():
		return Load{}, errors.Join(runErr, ctx.Err())
	}
	if runErr != nil {
		return Load{}, runErr
	}
	if lost {
		return Load{}, errors.New("the trace lost data")
	}
	mu.Lock()
	defer mu.Unlock()
	return mainThreadTasks(events, frame)
}

// traceEvent is the part of a Chrome trace event (the JSON trace format)
// that is read here.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Ts   float64 `json:"ts"`   // µs
	Dur  float64 `json:"dur"`  // wall time, µs
	Tdur float64 `json:"tdur"` // thread time, µs
	Args struct {
		Name  string `json:"name"`  // thread_name metadata
		Frame string `json:"frame"` // a paint mark's frame
		Data  struct {
			Frame     string `json:"frame"`
			ProcessID int    `json:"processId"`
			URL       string `json:"url"` // a script's, for script events
		} `json:"data"`
	} `json:"args"`
}

// lanternLayoutShare is the share of the CPU slowdown that Lighthouse's
// simulated throttling applies to a task that performed a layout: Lantern
// (its simulator, in the trace_engine package Lighthouse 13 uses) times a
// task that has a Layout event among its children at
// DEFAULT_LAYOUT_TASK_MULTIPLIER (0.5) times cpuSlowdownMultiplier, and
// every other task at the whole multiplier (Simulator.js,
// estimateCPUTimeRemaining; CPUNode.didPerformLayout).
const lanternLayoutShare = 0.5

// isScript says whether a trace event runs one of the page's scripts:
// evaluates a classic script or a module, or calls one of their functions
// back (a timer, an event listener, a message, an observer). The code
// that measures the load (Measure's observer, which the floor's load runs
// too) is a classic script without a URL, and so does not count; a
// module's evaluation names no URL, but only the page loads modules.
func isScript(e traceEvent) bool {
	switch e.Name {
	case "EvaluateScript", "FunctionCall":
		return e.Args.Data.URL != ""
	case "v8.evaluateModule":
		return true
	}
	return false
}

// mainThreadTasks picks the tasks of frame's renderer main thread from
// the commit of its last navigation on, by thread time in milliseconds,
// those of them in which one of the page's scripts ran (isScript), and
// those that ended after the frame's first contentful paint. The paint's
// mark is stamped when the frame reached the screen, after the task that
// painted it had ended.
func mainThreadTasks(events []traceEvent, frame string) (Load, error) {
	pid, since := 0, 0.0
	for _, e := range events {
		if e.Name == "FrameCommittedInBrowser" && e.Args.Data.Frame == frame && e.Ts >= since {
			pid, since = e.Args.Data.ProcessID, e.Ts
		}
	}
	if pid == 0 {
		return Load{}, fmt.Errorf("the trace has no commit of frame %s", frame)
	}
	tid := 0
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Pid == pid && e.Args.Name == "CrRendererMain" {
			tid = e.Tid
		}
	}
	if tid == 0 {
		return Load{}, fmt.Errorf("the trace names no main thread of renderer %d", pid)
	}
	var tasks, scripts, layouts []traceEvent
	paint := math.Inf(1)
	for _, e := range events {
		if e.Pid != pid || e.Tid != tid || e.Ts < since {
			continue
		}
		switch {
		case e.Ph == "X" && e.Name == "RunTask":
			tasks = append(tasks, e)
		case isScript(e):
			scripts = append(scripts, e)
		case e.Ph == "X" && e.Name == "Layout":
			layouts = append(layouts, e)
		case e.Name == "firstContentfulPaint" && e.Args.Frame == frame:
			paint = math.Min(paint, e.Ts)
		}
	}
	if math.IsInf(paint, 1) {
		return Load{}, fmt.Errorf("the trace has no first contentful paint of frame %s", frame)
	}
	within := func(e, t traceEvent) bool { return e.Ts >= t.Ts && e.Ts <= t.Ts+t.Dur }
	var l Load
	for _, t := range tasks {
		l.Tasks = append(l.Tasks, t.Tdur/1000)
		if t.Ts+t.Dur > paint {
			l.AfterPaint = append(l.AfterPaint, t.Tdur/1000)
		}
		if slices.ContainsFunc(scripts, func(s traceEvent) bool { return within(s, t) }) {
			l.Script = append(l.Script, t.Tdur/1000)
		}
		share := 1.0
		if slices.ContainsFunc(layouts, func(e traceEvent) bool { return within(e, t) }) {
			share = lanternLayoutShare
		}
		l.Lantern = append(l.Lantern, t.Tdur/1000*share)
	}
	if l.Tasks.Longest() == 0 {
		// No task, or no thread times (a platform without them): no figure.
		return Load{}, fmt.Errorf("the trace has no timed task of renderer %d's main thread", pid)
	}
	return l, nil
}
