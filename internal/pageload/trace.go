package pageload

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// What a page load's trace must record: the main thread's tasks (with their
// thread time), the frames' commits (which renderer process a frame went
// to) and the threads' names.
var traceCategories = []string{"disabled-by-default-devtools.timeline", "devtools.timeline", "toplevel", "__metadata"}

// trace records what the browser does while run runs in the tab of ctx,
// and returns the main-thread tasks of the renderer that ended up showing
// the tab's page, by thread time, in milliseconds.
//
// A trace covers the whole browser; the tab's renderer is the process its
// frame (whose id is the tab's target id) last committed to.
func trace(ctx context.Context, run func() error) (Tasks, error) {
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
		return nil, err
	}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
	}); err != nil {
		return nil, fmt.Errorf("start tracing: %w", err)
	}
	runErr := run()
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		return nil, errors.Join(runErr, fmt.Errorf("end tracing: %w", err))
	}
	var lost bool
	select {
	case lost = <-done:
	case <-ctx.Done():
		return nil, errors.Join(runErr, ctx.Err())
	}
	if runErr != nil {
		return nil, runErr
	}
	if lost {
		return nil, errors.New("the trace lost data")
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
	Tdur float64 `json:"tdur"` // thread time, µs
	Args struct {
		Name string `json:"name"` // thread_name metadata
		Data struct {
			Frame     string `json:"frame"`
			ProcessID int    `json:"processId"`
		} `json:"data"`
	} `json:"args"`
}

// mainThreadTasks picks the tasks of frame's renderer main thread from
// the commit of its last navigation on, by thread time in milliseconds.
func mainThreadTasks(events []traceEvent, frame string) (Tasks, error) {
	pid, since := 0, 0.0
	for _, e := range events {
		if e.Name == "FrameCommittedInBrowser" && e.Args.Data.Frame == frame && e.Ts >= since {
			pid, since = e.Args.Data.ProcessID, e.Ts
		}
	}
	if pid == 0 {
		return nil, fmt.Errorf("the trace has no commit of frame %s", frame)
	}
	tid := 0
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Pid == pid && e.Args.Name == "CrRendererMain" {
			tid = e.Tid
		}
	}
	if tid == 0 {
		return nil, fmt.Errorf("the trace names no main thread of renderer %d", pid)
	}
	var tasks Tasks
	for _, e := range events {
		if e.Ph == "X" && e.Name == "RunTask" && e.Pid == pid && e.Tid == tid && e.Ts >= since {
			tasks = append(tasks, e.Tdur/1000)
		}
	}
	if tasks.Longest() == 0 {
		// No task, or no thread times (a platform without them): no figure.
		return nil, fmt.Errorf("the trace has no timed task of renderer %d's main thread", pid)
	}
	return tasks, nil
}
