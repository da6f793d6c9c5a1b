package e2e

import (
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestFixtureHydrates loads the pages of the fixture site (testdata/site),
// which shows section kinds the shipped content may not use (logos), at
// both widths: each must hydrate without a warning or error, without
// horizontal scroll, and its images must load. make test loads each page
// that has a part no page loaded before it at that width had (partsSeen),
// make test-full every page.
func TestFixtureHydrates(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	sampled := newPartsSeen(site)
	for _, width := range sweepWidths {
		t.Run(fmt.Sprintf("w%d", width), func(t *testing.T) {
			t.Parallel()
			// One tab for the pages at this width (a tab costs more
			// than a page: browsertest.Env.NewTab).
			tab := env.NewTab(t, width, 900)
			keep := sweepOneOfEach()
			for _, r := range site.Routes {
				if r.Redirect != "" || !keep(r) {
					continue
				}
				path := r.Path
				if r.NotFound {
					path = sweepMissingPath
				}
				if !sampled.first(sweepPage{Path: path, Route: r}, width) {
					continue
				}
				t.Run(sweepName(path), func(t *testing.T) {
					tab.Reset()
					tab.Load(t, path)
					sweepSettle(t, tab)
					if errs := sweepUnexpectedErrors(tab, path); len(errs) > 0 {
						t.Errorf("console or browser errors: %q", errs)
					}
					type state struct {
						ScrollWidth int      `json:"scrollWidth"`
						InnerWidth  int      `json:"innerWidth"`
						Broken      []string `json:"broken"`
					}
					s, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[state](`(async () => {
  const imgs = [...document.images];
  await Promise.all(imgs.map((i) => { i.loading = "eager"; return i.decode().catch(() => {}); }));
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    broken: imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute("src"))};
})()`, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatal(err)
					}
					if s.ScrollWidth > s.InnerWidth {
						t.Errorf("horizontal scroll: scrollWidth %d > innerWidth %d", s.ScrollWidth, s.InnerWidth)
					}
					if len(s.Broken) > 0 {
						t.Errorf("images that did not load: %q", s.Broken)
					}
				})
			}
		})
	}
}
