// Package pageload measures what loading a page costs the browser's main
// thread: every task of 50 ms or more (the browser's long tasks) from the
// navigation's start until the page is ready, with the CPU slowed down as
// Lighthouse's mobile preset slows it (4×), in a Chromium tab driven by
// chromedp.
//
// A page is ready when its load event has fired and, if the app's script
// runs, when the app has marked the document hydrated (<html
// data-hydrated>, set once every interactive part of the page has
// hydrated) and rendered (<html data-rendered>, set once the parts the
// first frame skipped have been laid out). The same page loaded with its
// scripts blocked is its floor: what the HTML and CSS alone cost. The
// app's figure against that floor is what the app adds.
//
// Two figures are taken from the tasks: the longest task, and the total
// blocking time (TBT), the sum over the tasks of their time above 50 ms.
// Tasks shorter than 50 ms are invisible to the browser's long-task
// reporting, so a longest task of 0 means "under 50 ms".
//
// By thread time, a trace also tells which tasks ran the page's scripts
// (Load.Script): the app's own cost, apart from the page's parsing, style
// and layout, which the floor pays too. When the app's longest task is
// its page's first layout, that is the figure that says whether the app
// adds a long task of its own.
//
// Wall time is what a visitor feels, and what make bench reports; a
// busy machine inflates it at random. A task's thread time (Options.
// ThreadTime, from a trace) is what the page itself costs, whatever else
// runs: the browser test bounds that.
//
// The tab's inspector is what a visitor's browser does not have. chromedp
// enables the DevTools Runtime domain in every tab it attaches to, and
// while it is on, V8 records a detailed stack trace for every Error the
// page creates, which needs the source positions of every function on the
// stack: V8 reparses them. React creates its sentinel errors while
// react-dom's module initialises, so an inspected load reparses react-dom's
// module function (about 9 ms of thread time on this machine class, 36 ms
// at 4×), and the whole 300 KB bundle too when react-dom starts from the
// bundle's top level (it used to: 17 ms, 68 ms at 4×), where a visitor's
// phone spends 0.1 ms. Measure turns the Runtime domain off before the load,
// unless Options.Inspected asks for the inspected figure: Lighthouse keeps
// the domain on (and Debugger too), so its figures include that cost.
//
// A task that ends before the page's first contentful paint blocks no
// input: there is nothing on the screen yet to touch. Lighthouse counts
// blocking time from that paint on, and so does Load.AfterPaint: the
// tasks that ended after it. On a page of this site the longest task of
// all is, on most routes, the one that lays out and paints the page for
// the first time (its floor has it too); the tasks after it are mostly
// the app's start and hydration. By wall time with the CPU slowed, the
// parser can stop for breath and the browser paint the top of a page
// before it has laid out the rest: that layout then comes after the
// paint.
//
// Options.Slow4G adds the network of Lighthouse's mobile preset as its
// applied ("devtools") throttling sets it, to measure a load as a slow
// phone on a slow network has it: the document then arrives in pieces
// over several round trips, the parser takes each as it comes, and the
// browser can paint the top of the page before the rest has arrived. A
// local load gets the whole document at once, so its first layout is one
// task: the figure Lighthouse's default (simulated) throttling starts
// from, and the stricter one.
//
// This package measures; it does not judge. `make bench` (bench/hydration)
// prints the figures, and one browser test (e2e) bounds the ratio
// generously.
package pageload

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// LongTask is the browser's threshold for a long task, and the blocking
// time's baseline.
const LongTask = 50.0

// CPUSlowdown is Lighthouse's mobile CPU slowdown.
const CPUSlowdown = 4.0

// slow4G is Lighthouse's mobile network (slow 4G: 150 ms round trips,
// 1.6 Mbit/s down, 750 kbit/s up) as its applied throttling sets it in the
// browser: the request latency scaled by 3.75 and the throughputs by 0.9,
// in bytes per second.
var slow4G = network.Conditions{Latency: 150 * 3.75, DownloadThroughput: 1.6 * 1024 * 1024 * 0.9 / 8, UploadThroughput: 750 * 1024 * 0.9 / 8}

// Tasks are the main-thread tasks of one page load, in milliseconds: the
// long ones by wall time, or every one by thread time (Options.ThreadTime).
type Tasks []float64

// Longest is the longest task (by wall time: 0 when none reached 50 ms).
func (ts Tasks) Longest() float64 {
	var m float64
	for _, d := range ts {
		m = math.Max(m, d)
	}
	return m
}

// TBT is the total blocking time: each task's time above 50 ms, summed.
func (ts Tasks) TBT() float64 {
	var sum float64
	for _, d := range ts {
		sum += math.Max(0, d-LongTask)
	}
	return sum
}

// observer runs in the page before any of its own scripts and records
// the long tasks, buffered ones included (the HTML's own parse task
// starts before an observer can exist). window.__pageload resolves with
// them once the page is ready (HYDRATES: whether to wait for the app):
// loaded, hydrated, rendered, and painted, then idle once, so that the
// last task has ended and been reported. A page without scripts can be
// loaded and idle before its first frame, the task that lays it out and
// paints it: waiting for its first contentful paint, which is reported
// once the frame is on the screen, keeps that task in the figures.
const observer = `(() => {
  const tasks = [];
  let po;
  try {
    po = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e); });
    po.observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const loaded = new Promise((resolve) => addEventListener("load", resolve, { once: true }));
  const marked = (name) => () => new Promise((resolve) => {
    const root = document.documentElement;
    if (!HYDRATES || root.hasAttribute(name)) return resolve();
    new MutationObserver((_, mo) => {
      if (root.hasAttribute(name)) { mo.disconnect(); resolve(); }
    }).observe(root, { attributes: true, attributeFilter: [name] });
  });
  const painted = () => new Promise((resolve) => {
    new PerformanceObserver((list, o) => {
      const fcp = list.getEntriesByName("first-contentful-paint")[0];
      if (fcp) { o.disconnect(); resolve(fcp.startTime); }
    }).observe({ type: "paint", buffered: true });
  });
  const idle = () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
  Object.defineProperty(window, "__pageload", {
    value: loaded.then(marked("data-hydrated")).then(marked("data-rendered")).then(painted).then(async (paint) => {
      await idle();
      if (po) for (const e of po.takeRecords()) tasks.push(e);
      return {
        tasks: tasks.map((e) => e.duration),
        afterPaint: tasks.filter((e) => e.startTime + e.duration > paint).map((e) => e.duration),
      };
    }),
  });
})()`

// reported is what the observer reports: the long tasks' durations, and
// those of them that ended after the first contentful paint.
type reported struct {
	Tasks      Tasks `json:"tasks"`
	AfterPaint Tasks `json:"afterPaint"`
}

// Options says how to load the page.
type Options struct {
	// NoScript blocks every script file, so the page loads as its HTML and
	// CSS alone: its floor.
	NoScript bool
	// CPUSlowdown is the CPU throttling rate (1 is none); 0 means
	// CPUSlowdown.
	CPUSlowdown float64
	// ThreadTime measures each main-thread task by the CPU time its thread
	// spent in it, from a trace of the load, instead of by its wall time
	// as the browser's long-task reporting does. The page loads at full
	// speed and each task's thread time is multiplied by the slowdown, as
	// Lighthouse's default (simulated) throttling does. Another process
	// holding the CPU stretches a task's wall time at random, not its
	// thread time: a figure that must hold on a busy machine (a test's)
	// uses it. Only one load at a time may be traced in a browser.
	ThreadTime bool
	// Inspected keeps the tab's Runtime domain on during the load, as
	// Lighthouse does: the figure then includes what the inspector costs
	// the page (see the package doc), which no visitor pays.
	Inspected bool
	// Slow4G slows the tab's network as Lighthouse's mobile preset does
	// with applied throttling (see the package doc).
	Slow4G bool
}

// Load is what one page load cost the main thread.
type Load struct {
	// Tasks are the load's tasks: the long ones by wall time, or every one
	// by thread time.
	Tasks Tasks
	// Script are the tasks, by thread time, in which one of the page's
	// scripts ran (evaluated, or called back by the browser): what the
	// app's code costs the page, apart from the page's own parsing, style
	// and layout. Nil by wall time, which cannot tell them apart.
	Script Tasks
	// AfterPaint are the tasks (of Tasks) that ended after the page's
	// first contentful paint: those that can block a visitor's input, and
	// Lighthouse's window for the total blocking time.
	AfterPaint Tasks
	// Lantern are the tasks, by thread time, as Lighthouse's default
	// (simulated) throttling times them: Lantern, its simulator, slows a
	// task that laid the page out by half the CPU slowdown (2× for the
	// mobile preset's 4×) and every other task by the whole of it (see
	// lanternLayoutShare). The figure for "under Lighthouse's mobile
	// settings", where Tasks slows every task alike, as DevTools' applied
	// throttling does. Nil by wall time.
	Lantern Tasks
}

// Measure loads url in the tab of ctx (a chromedp context) with the cache
// disabled, as a first visit, and returns its tasks until the page is
// ready. It leaves the tab throttled and the script blocking as asked;
// use a fresh tab per measurement. Unless Options.Inspected, it also turns
// the tab's Runtime domain off, so the tab reports no console message or
// exception afterwards.
func Measure(ctx context.Context, url string, o Options) (Load, error) {
	rate := o.CPUSlowdown
	if rate == 0 {
		rate = CPUSlowdown
	}
	var blocked []*network.BlockPattern
	if o.NoScript {
		blocked = []*network.BlockPattern{{URLPattern: "*://*:*/*.js", Block: true}, {URLPattern: "*://*:*/*.mjs", Block: true}}
	}
	// The inspector's cost is not the visitor's (see the package doc).
	// Runtime.evaluate, used below, works with the domain off.
	if !o.Inspected {
		if _, err := chromedp.Call(ctx, runtime.Disable, struct{}{}); err != nil {
			return Load{}, err
		}
	}
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		return Load{}, err
	}
	if _, err := chromedp.Call(ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: blocked}); err != nil {
		return Load{}, err
	}
	if o.Slow4G {
		conditions := slow4G
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{&conditions}}); err != nil {
			return Load{}, err
		}
	}
	throttle := rate
	if o.ThreadTime {
		throttle = 1
	}
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
		return Load{}, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: strings.Replace(observer, "HYDRATES", strconv.FormatBool(!o.NoScript), 1)}); err != nil {
		return Load{}, err
	}
	var long reported
	load := func() error {
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			return fmt.Errorf("load %s: %w", url, err)
		}
		var err error
		long, err = chromedp.Run(ctx, chromedp.Evaluate[reported](`window.__pageload`, chromedp.EvalAwaitPromise))
		if err != nil {
			return fmt.Errorf("%s: waiting until ready: %w", url, err)
		}
		return nil
	}
	if !o.ThreadTime {
		err := load()
		return Load{Tasks: long.Tasks, AfterPaint: long.AfterPaint}, err
	}
	l, err := trace(ctx, load)
	for _, ts := range []Tasks{l.Tasks, l.Script, l.AfterPaint, l.Lantern} {
		for i := range ts {
			ts[i] *= rate
		}
	}
	return l, err
}

// Median is the median of xs (the mean of the middle two for an even
// count), 0 for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// Ratio is app over floor, where a floor under 50 ms counts as 50 ms (the
// browser reports no shorter task, so it is what "no long task" costs at
// most).
func Ratio(app, floor float64) float64 {
	return app / math.Max(floor, LongTask)
}
