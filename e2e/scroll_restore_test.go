package e2e

// Back after following a card returns the visitor to the card, where they
// were on the list, as the browser does between documents without
// JavaScript.

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestBackRestoresScroll: on each page that lists records (the home page
// and each record's list), at a phone's, a tablet's and a desktop's width,
// scroll the last card's link into view, follow it, go Back: the window is
// where it was (within scrollMargin) and the card in view.
func TestBackRestoresScroll(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	lists, urls := recordLists(t, site)
	// A page's sections may settle by a few pixels once rendered in full.
	const scrollMargin = 24
	for _, w := range []int{375, 768, 1280} {
		for _, list := range lists {
			t.Run(fmt.Sprintf("%s at %d", sweepName(list), w), func(t *testing.T) {
				tab := sweepNewTab(t, env, w, 800)
				tab.Load(t, list)
				// The last card linking to a record's page.
				link := eval[string](t, tab, fmt.Sprintf(`(() => {
  const urls = %s;
  const a = [...document.querySelectorAll("main a[href]")].filter((a) => urls.includes(a.getAttribute("href"))).pop();
  return a ? a.getAttribute("href") : "";
})()`, mustJSON(t, urls)))
				if link == "" {
					// Content may leave the home page without cards; a
					// record's list always has them.
					if list != "/" {
						t.Fatalf("%s links to no record's page", list)
					}
					return
				}
				var before float64
				detailClickLink(t, tab, link, &before)
				// The record's page is shown (its head too), as a visitor reads it.
				sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && !!document.querySelector('link[rel="canonical"]')?.href.endsWith(%q)`, link, link))
				sweepEval(t, tab, `history.back()`)
				back := fmt.Sprintf(`location.pathname === %q && !!document.querySelector('main a[href=%q]')`, list, link)
				restored := fmt.Sprintf(`%s && Math.abs(window.scrollY - %f) <= %d`, back, before, scrollMargin)
				sweepWaitFor(t, tab, back)
				if err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](restored, chromedp.WithPollingTimeout(3*time.Second))); err != nil {
					t.Errorf("after Back, scrollY %.0f; it was %.0f when the card %s was followed", eval[float64](t, tab, `window.scrollY`), before, link)
				}
				inView := eval[bool](t, tab, fmt.Sprintf(`(() => { const r = document.querySelector('main a[href=%q]').getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })()`, link))
				if !inView {
					t.Errorf("after Back, the card %s is out of view", link)
				}
			})
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBackGivesWayToAScroll: Back to the page on screen puts the visitor
// where they were (here the foot of the page, left by a footer link whose
// page never came); a scroll made right after it by something other than
// the visitor's own input (a script scrolling a link into view, assistive
// technology, the scroll bar), before the browser's next frame, stays where
// it was put. The app, checking its restored place a frame later (under
// load, later still), took such a scroll for a place not yet held and
// scrolled back to the foot: a link scrolled into view and pressed was
// pressed on the footer that had come back under the pointer.
func TestBackGivesWayToAScroll(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	markLink(t, tab, `footer a[href^="/"]:not([href="/"]):not([href^="//"])`, "data-foot")
	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	pressLink(t, tab, "a[data-foot]")
	data.requested(t)
	// The next page's bar drawn: React has rendered the press, and waits
	// for the page's data.
	tab.WaitFor(t, `location.pathname !== "/" && document.querySelector(".page-pending")?.getAnimations()[0]?.currentTime > 300`, 30*time.Second)
	foot := eval[float64](t, tab, `window.scrollY`)
	if foot < 100 {
		t.Fatalf("the footer's link is at y %.0f: the page is too short to tell a scroll from none", foot)
	}
	// The scroll comes in the same task as the app's restoring, after it
	// (a listener added later runs later): before any frame.
	run(t, tab, `window.addEventListener("popstate", () => window.scrollTo(0, 0), { once: true }); history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && !document.querySelector(".page-pending")`, 30*time.Second)
	data.release(t)
	// Frames enough for the app's restoring to have run out (10) twice.
	frames := `new Promise((done) => { let n = 20; const f = () => (--n ? requestAnimationFrame(f) : done()); requestAnimationFrame(f); })`
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](frames, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	if y := eval[float64](t, tab, `window.scrollY`); y != 0 {
		t.Errorf("scrolled to the top just after Back, the page went back to y %.0f (the foot, where Back had put it: %.0f)", y, foot)
	}
}
