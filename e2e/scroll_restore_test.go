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
