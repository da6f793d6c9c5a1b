package e2e

// What hydration costs a slow phone, guarded with generous bounds: on
// every route, the app's longest main-thread task while the page loads
// (at Lighthouse's 4× CPU slowdown) stays within twice the same page's
// longest task with its scripts blocked (or the home page's, if larger),
// measured side by side in the same test; no task in which the app's
// code runs is a long task (50 ms or more: they take 11-18 ms on this
// machine class), so that what remains over 50 ms is the page's own first
// layout; and no task after the page's first contentful paint is a long
// task (Lighthouse's window for blocking time: a task before the first
// paint blocks no input). Hydrating a whole page in one task gave 2.8×
// to 8× on this machine class; hydrating in pieces gives about 1×.
// Tasks are measured by their thread time (simulated slowdown, as
// Lighthouse's default), which a busy machine stretches far less than
// wall time, but does stretch: with the whole suite and other builds on
// 2 cores (load 13) the app's tasks after the first paint took 51-66 ms
// in five loads in a row, its script's 38-88 ms, while the page's own
// layout took 88-215 ms. So a task of the app's may be as long as the
// longest task of the page without scripts when that is over 50 ms: both
// stretch together, and a page that hydrates in one task (hundreds of ms
// against a floor of tens) still fails. The strict figures (ratio 1.0, no
// task over 50 ms) are make bench's (bench/hydration), on a quiet machine.

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/browsertest"
	"github.com/vozia/site/internal/testkit/pageload"
)

// hydrationBound is the largest ratio of the app's longest task to its
// page's no-script floor. Thread times still vary from load to load
// (garbage collection, caches), and grow when the machine is very busy
// (the whole suite at a load average of 9 on 2 cores stretched the home
// page's hydration tasks after its first paint from ~30 to 51-61 ms in
// three loads in a row), so a route takes up to hydrationTries loads and
// passes as soon as its best app load is within the bounds: a page that
// hydrates in one long task (hundreds of ms) fails every try.
const (
	hydrationBound = 2.0
	hydrationTries = 5
)

func TestHydrationHasNoLongTaskOfItsOwn(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	// A light page's own HTML costs less than the app's fixed cost
	// (evaluating react-dom), so a route's floor is at least the home page's,
	// the page with the most markup, measured in the same run. A page that
	// hydrates whole in one task still fails: the home page did so in
	// 1,037 ms against its 370 ms floor.
	homeFloor := 0.0
	for range 2 {
		homeFloor = math.Max(homeFloor, hydrationLoad(t, env, "/", true).Tasks.Longest())
	}
	// A page's hydration is the sum of its parts': the app hydrates each
	// section as a piece of its own, so a long task of the app's is one
	// part's (a kind's component) or the app's start, which every page has.
	// make test measures each page that has a part no page measured before
	// it has (partsSeen), make test-full every page: the routes took most
	// of the browser tests' time, 7 to 24 s each at load 20.
	measured := newPartsSeen(sweepSite(t))
	for _, p := range sweepPages(t) {
		if p.Route.NotFound {
			continue
		}
		if !measured.first(p, 0) && p.Path != "/" {
			continue
		}
		t.Run(sweepName(p.Path), func(t *testing.T) {
			// The page's own floor is measured only when the app's load is
			// not already within the bound of the floors known so far: a
			// floor can only raise the bound, so skipping it never lets a
			// slow app pass, and a light page takes one load, not two.
			best, bestScript, bestAfterPaint, worstFloor := math.Inf(1), math.Inf(1), math.Inf(1), homeFloor
			passes := func() bool {
				long := math.Max(pageload.LongTask, worstFloor)
				return pageload.Ratio(best, worstFloor) <= hydrationBound && bestScript < long && bestAfterPaint < long
			}
			var tried []string
			for i := 0; i < hydrationTries; i++ {
				app := hydrationLoad(t, env, p.Path, false)
				best = math.Min(best, app.Tasks.Longest())
				bestScript = math.Min(bestScript, app.Script.Longest())
				bestAfterPaint = math.Min(bestAfterPaint, app.AfterPaint.Longest())
				if passes() {
					return
				}
				floor := hydrationLoad(t, env, p.Path, true)
				worstFloor = math.Max(worstFloor, floor.Tasks.Longest())
				tried = append(tried, fmt.Sprintf("app %.0f ms (its script's %.0f ms, after the first paint %.0f ms), floor %.0f ms", app.Tasks.Longest(), app.Script.Longest(), app.AfterPaint.Longest(), floor.Tasks.Longest()))
				if passes() {
					return
				}
			}
			t.Errorf("%s: in every try, the app's longest task at load is more than %.0fx its page's without scripts (or the home page's, %.0f ms), or a task running its script or one after the first paint is a long task (and longer than the page's own without scripts): %s",
				p.Path, hydrationBound, homeFloor, strings.Join(tried, "; "))
		})
	}
}

func hydrationLoad(t *testing.T, env *browsertest.Env, path string, noScript bool) pageload.Load {
	t.Helper()
	tab := env.NewTab(t, 412, 823)
	l, err := pageload.Measure(tab.Ctx, env.URL+path, pageload.Options{NoScript: noScript, ThreadTime: true})
	if err != nil {
		t.Fatal(err)
	}
	if !noScript {
		if errs := tab.ConsoleErrors(); len(errs) > 0 {
			t.Errorf("%s: console errors: %q", path, errs)
		}
	}
	return l
}

// TestServerHTMLNavigatesClientSide follows the link under a Markdown text
// (a section kept as server HTML until the visitor needs it): the click
// hydrates that section and the app navigates without reloading the
// document, as from any other part of the page.
func TestServerHTMLNavigatesClientSide(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	tried := 0
	// One tab for every page (a tab costs more than a page:
	// browsertest.Env.NewTab), each loaded afresh.
	tab := sweepNewTab(t, env, 1280, 800)
	for _, p := range sweepPages(t) {
		page := site.Pages[p.Route.Path]
		if page == nil {
			continue
		}
		var back *content.Action
		for _, s := range page.Sections {
			if m, ok := s.Value.(*sections.MarkdownSection); ok && m.Back != nil && m.Back.Href != "" {
				back = m.Back
			}
		}
		if back == nil {
			continue
		}
		tried++
		t.Run(sweepName(p.Path), func(t *testing.T) {
			tab.Reset()
			tab.Load(t, p.Path)
			sweepEval(t, tab, `window.__sameDocument = true; document.querySelector("main .legal-back").click()`)
			sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && document.querySelectorAll("main h1").length === 1 && !document.querySelector("main .legal-back")`, back.Href))
			same, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`))
			if err != nil || !same {
				t.Errorf("following %q from %s reloaded the document", back.Href, p.Path)
			}
			if errs := sweepUnexpectedErrors(tab, string(back.Href)); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
	if tried == 0 {
		t.Fatal("no page has a Markdown text with a link under it")
	}
}
