package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/animation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Tab is one browser tab with what it logged and requested.
type Tab struct {
	// Ctx runs chromedp actions in this tab.
	Ctx context.Context
	env *Env

	mu       sync.Mutex
	console  []string // console.error and console.warn messages
	errors   []string // uncaught exceptions and browser log errors (CSP, 404s)
	warnings []string // the browser's own log warnings
	requests []string
}

// NewTab opens a tab with a width x height viewport, in a browser context
// of its own (storage, cookies and cache apart from every other tab, so that
// tests can run in parallel); it closes when the test ends. The tab's
// whole life is bounded, so that a hang fails the test instead of the
// suite: by 10 minutes, since one tab may load every page of the site in
// turn, and on a machine running several browsers that alone took over
// the 90 seconds it once had.
//
// A tab costs far more than a page loaded in it: the headless browser
// opens a window and a renderer process for it. Half the CPU of the
// sweep of every route went to opening a tab for each page (29 November
// 2026), so a test that checks many pages one after another loads them
// into one tab (Reset between them) unless what it checks is a first
// visit (storage, a cold load). Measured again on 7 December 2026 (30
// loads each, alternating, load 1 to 2): a new tab and a load of the home
// page took 0.47 to 0.58 CPU-s, a load of it in a tab kept 0.30 to 0.32;
// /privacy-policy 0.31 to 0.39 against 0.12 to 0.15; a tab opened and
// closed with nothing loaded, 0.09 to 0.11. A new tab in a browser context
// kept from an earlier one, its cache shared, cost as much as one in a
// context of its own (0.51 to 0.55): the saving is the page kept, not the
// context. So a pool of contexts would gain nothing, and a pool of pages
// would carry one test's emulation, history, scripts and listeners into
// the next.
//
// The tab plays its pages' animations and transitions MotionRate times
// faster than real time.
func (e *Env) NewTab(t testing.TB, width, height int) *Tab {
	t.Helper()
	tab := &Tab{env: e}
	// chromedp enables the Log and Network domains of every tab itself.
	ctx, cancel := chromedp.NewContext(e.browser, chromedp.WithNewBrowserContext(), chromedp.WithListener(tab.listen))
	if err := chromedp.Do(ctx); err != nil { // opens the tab
		cancel()
		t.Fatalf("open tab: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancel() })
	tab.Ctx = ctx
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("open tab: %v", err)
	}
	if _, err := chromedp.Call(ctx, animation.SetPlaybackRate, animation.SetPlaybackRateParams{PlaybackRate: motionRate()}); err != nil {
		t.Fatalf("open tab: animations' rate: %v", err)
	}
	return tab
}

// MotionRate is how many times faster than real time a tab plays the
// CSS animations and transitions of every page it loads (DevTools'
// Animation.setPlaybackRate, which moves the document's timeline, as its
// Animations panel does): a clock for the page's motion, as a fake timer
// is for a test's timeouts. The page's motion goes through the same
// states in the same order, with its own events (transitionend,
// animationend, an animation's finished promise); what goes is the
// frames in between. Those cost the browser the most: a fade or a slide
// redraws the page some 36 times in 600 ms, and every first visit slides
// the cookie banner in. The browser tests took 255 CPU-s with it, 277
// without (one run each, 7 December 2026), on a suite bound by its two
// cores; docs/decisions.md has the choice.
//
// What runs on the timeline runs 50 times faster: CSS animations and
// transitions, document.timeline.currentTime, an animation's startTime
// and currentTime, and the timestamps requestAnimationFrame passes. What
// does not keeps real time: timers (setTimeout), performance.now(),
// smooth scrolling, the network, input. So, against those, motion ends
// sooner: a 600 ms fade is over in a frame or two, the banner is in long
// before Load returns, and a gate made of an animation (the banner takes
// no press for its first 600 ms) is shut for some 12 ms of real time.
//
// A test that checks a page mid-animation therefore never samples it in
// real time (a poll, a sleep: at any rate, a loaded machine may draw no
// frame where the wall clock would put it). It catches the animation as
// it is made, in the page, and sets its currentTime or pauses it:
// TestHomeCookieConsent's "a tap as it comes in reaches the page" does
// so with a MutationObserver as the banner is added, and
// TestTabIntoTheBannerAsItComes (focus_test.go) puts the banner's
// animation back to 0 and pauses it there. A transition that
// has ended leaves getAnimations(), so one looked for after a wait may be
// gone: the test fails when it caught none, so that it never passes on
// nothing. A run of benchmarks (go test -bench) plays motion in real
// time, as it keeps V8's compilers (testOptions): what it times is a
// visitor's wait.
const MotionRate = 50

func motionRate() float64 {
	if benchmarking() {
		return 1
	}
	return MotionRate
}

func (tab *Tab) listen(ev any) {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			tab.console = append(tab.console, fmt.Sprintf("console.%s: %s", ev.Type, args(ev.Args)))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg = d.Exception.Description
		}
		tab.errors = append(tab.errors, "exception: "+msg)
	case *log.EventEntryAdded:
		switch {
		case ev.Entry.Level == log.EntryLevelError:
			tab.errors = append(tab.errors, fmt.Sprintf("%s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
		case ev.Entry.Level == log.EntryLevelWarning && !strings.Contains(ev.Entry.Text, "DevTools"):
			tab.warnings = append(tab.warnings, ev.Entry.Text)
		}
	case *network.EventRequestWillBeSent:
		tab.requests = append(tab.requests, ev.Request.URL)
	}
}

func args(as []*runtime.RemoteObject) string {
	parts := make([]string, 0, len(as))
	for _, a := range as {
		switch {
		case len(a.Value) > 0:
			var s string
			if json.Unmarshal(a.Value, &s) == nil {
				parts = append(parts, s)
			} else {
				parts = append(parts, string(a.Value))
			}
		case a.Description != "":
			parts = append(parts, a.Description)
		default:
			parts = append(parts, string(a.Type))
		}
	}
	return strings.Join(parts, " ")
}

// Load navigates to a site path and waits until React has hydrated the page
// and the app has rendered the parts the first frame skipped (it marks
// <html data-hydrated data-rendered>).
//
// The page itself watches for the mark, once a frame (chromedp.Poll), and
// answers once: a query from here (chromedp.WaitReady) asked the browser
// every 5 ms while the page loaded, each time through the browser's
// process to the page's main thread, which that kept from hydrating.
// The watch starts again if the document is replaced before it answers
// (a reload from make dev's live reload), within a bound that a very busy
// machine stays far inside.
//
// The page being left can navigate itself after the navigation has begun
// (make dev's live reload, on a build that ended while it loaded), and a
// page's own navigation cancels the browser's that is still waiting for
// its answer: the navigation fails (net::ERR_ABORTED), or, if the
// browser had already answered it, the page left loads again in its
// place, hydrated, and seems loaded. So Load asks again, up to three
// times, when the navigation was aborted or the tab is back on the URL
// it left. That left TestWatch's tab on a page it had left, once in nine
// runs at a load of 13 (December 2026).
func (tab *Tab) Load(t testing.TB, path string) {
	t.Helper()
	want := tab.env.URL + path
	left, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.href`))
	const loaded = `document.documentElement.matches("[data-hydrated][data-rendered]")`
	for try := 1; ; try++ {
		err := chromedp.Do(tab.Ctx, chromedp.Navigate(want))
		if err != nil && try < 3 && strings.Contains(err.Error(), "net::ERR_ABORTED") {
			// The page's own navigation is under way: asked again at once,
			// the browser lets it finish and aborts this one again.
			t.Logf("load %s: %v, the page left navigated itself: again once it has loaded", path, err)
			if err := tab.waitFor(`document.readyState === "complete"`, time.Minute); err != nil {
				t.Fatalf("load %s: the page left did not load after navigating itself: %v", path, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("load %s: %v (console: %q, errors: %q)", path, err, tab.ConsoleErrors(), tab.Errors())
		}
		if err := tab.waitFor(loaded, 3*time.Minute); err != nil {
			t.Fatalf("load %s: %v (console: %q, errors: %q)", path, err, tab.ConsoleErrors(), tab.Errors())
		}
		if try == 3 || left == "" || left == want {
			return
		}
		if now, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.href`)); err != nil || now != left {
			return
		}
		t.Logf("load %s: the tab is back on %s, which navigated itself: again", path, left)
	}
}

// WaitFor waits until the script cond is true in the tab's page, asked
// every 25 ms, for at most timeout. A wait that reaches a document being
// replaced starts again in the new one, as Load's does: after a
// navigation that does not wait for the page's load (page.Navigate, for a
// page whose scripts the test holds back, whose load event never comes
// until it lets them go), Page.navigate answers before chromedp has
// learnt of the new document's scripting context, and a script sent at
// once may go to the old one's, which is gone ("Cannot find context with
// specified id"). On a machine at a load of 35 that failed
// TestHydrationMovesNothing (30 November 2026). Since the old document
// may answer first, a wait right after such a navigation names what only
// the new one has (its path).
func (tab *Tab) WaitFor(t testing.TB, cond string, timeout time.Duration) {
	t.Helper()
	if err := tab.waitFor(cond, timeout, chromedp.WithPollingInterval(25*time.Millisecond)); err != nil {
		t.Fatalf("waiting for %s: %v (the page: %s; console: %q, errors: %q)", cond, err, tab.State(), tab.ConsoleErrors(), tab.Errors())
	}
}

// State says where the page stands, for a failure's message: its
// address, scroll place and height, whether it is loaded, and what has
// focus. A wait that failed under load in CI is otherwise told apart
// from a page that was wrong only by running it again.
func (tab *Tab) State() string {
	ctx, cancel := context.WithTimeout(tab.Ctx, 10*time.Second)
	defer cancel()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({
  at: location.pathname + location.search + location.hash, y: scrollY, height: document.documentElement.scrollHeight,
  ready: document.readyState, focus: document.activeElement?.outerHTML.slice(0, 80) ?? null})`))
	if err != nil {
		return "not read: " + err.Error()
	}
	return state
}

func (tab *Tab) waitFor(cond string, timeout time.Duration, opts ...chromedp.PollOption) error {
	deadline := time.Now().Add(timeout)
	// The poll's own timeout runs on the page's timers, which never fire
	// in a tab with scripts off: this deadline, with room for a busy
	// machine's round trips, ends such a wait.
	ctx, cancel := context.WithDeadline(tab.Ctx, deadline.Add(30*time.Second))
	defer cancel()
	for {
		err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](cond, append(opts, chromedp.WithPollingTimeout(time.Until(deadline)))...))
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ConsoleErrors returns what the page wrote to console.error and
// console.warn so far (React's hydration warnings included).
func (tab *Tab) ConsoleErrors() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.console...)
}

// Errors returns uncaught exceptions and the browser's own error log
// (failed loads, CSP violations) so far.
func (tab *Tab) Errors() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.errors...)
}

// Warnings returns the warnings the browser itself logged so far (not the
// page's console.warn, which ConsoleErrors has), such as a dialog opened
// twice; the protocol's own notes about DevTools are left out.
func (tab *Tab) Warnings() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.warnings...)
}

// Requests returns the URL of every request the tab made so far.
func (tab *Tab) Requests() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.requests...)
}

// Reset forgets what was logged and requested so far.
func (tab *Tab) Reset() {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	tab.console, tab.errors, tab.warnings, tab.requests = nil, nil, nil, nil
}
