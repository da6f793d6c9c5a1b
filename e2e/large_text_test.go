package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestLargeText: a visitor who set the browser's text size to 200 % (its
// settings' font size, 32 px instead of 16; WCAG's resize text) reads
// the pages in a window from 640 px up without scrolling sideways, with
// nothing cut off on the right and no header entry wrapped: the checks of
// TestEveryWidth, at the edges of the layout as that text size puts them
// and the common widths, on each page that has a part no page before it
// had (every page and width in make test-full).
// Before, the site's media queries were in px: at 1,440 px the desktop's
// header ran its demo button 62 px past the window, at 150 % from 768 to
// 1,100 px. They are in em now, the visitor's text size
// (generator/style_test.go checks each page's stylesheets), so that a
// window of 1,280 px with 200 % text has the layout of 640 px at 100 %.
// From 640 px: twice the narrowest window every page is checked at; below
// it, the text is wider for its window than on any phone.
func TestLargeText(t *testing.T) {
	t.Parallel()
	const textPx = 32
	env := browsertest.Start(t)
	between := newPartsSeen(sweepSite(t))
	tab := env.NewTab(t, 1280, 900)
	setTextSize(t, tab, textPx)
	for _, p := range sweepPages(t) {
		// A page made of parts another page has shown already adds only
		// other words, which TestEveryWidth checks at 16 px at half these
		// widths, the same layout: what the larger text tries is what does
		// not grow with it (a column's minimum, a bar's height, a width in
		// px), the parts' own (make test; make test-full every page).
		if !between.first(p, 0) {
			continue
		}
		t.Run(sweepName(p.Path), func(t *testing.T) {
			do(t, tab, chromedp.EmulateViewport(1280, 900))
			tab.Reset()
			tab.Load(t, p.Path)
			// The site's stylesheet leaves the root's text at the visitor's size.
			if got := eval[float64](t, tab, `parseFloat(getComputedStyle(document.documentElement).fontSize)`); got != textPx {
				t.Fatalf("the page's text is %g px with the browser's text size at %d px", got, textPx)
			}
			var widths []int
			for _, w := range widthsAtText(t, tab, false, textPx) {
				if w >= 20*textPx {
					widths = append(widths, w)
				}
			}
			checkWidths(t, tab, widths)
		})
	}
}

// TestLargeTextKeepsClearOfTheFixedBars: with the browser's text at 125 to
// 200 % (and at 100 %), the header's entries and menu button stay inside
// the bar with room for their focus ring, and at the page's end the
// footer's last row stays above the cookie banner, which shows as on a
// first visit. A visitor's trial at 150 and 200 % found the banner over
// half of the row of legal links (the footer kept 96 px for it, the
// banner had grown to 120), and the entries 65 px tall in the 64 px bar,
// their focus ring cut off by the window's top. Both bars are the layout's,
// the same on every page: the home page stands for all.
func TestLargeTextKeepsClearOfTheFixedBars(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1280, 900)
	tab.Load(t, "/")
	tab.WaitFor(t, `document.querySelector("section.consent")?.getAnimations().every((a) => a.playState === "finished")`, time.Minute)
	type bars struct {
		Header []string `json:"header"` // entries not inside the bar
		Foot   float64  `json:"foot"`   // how far the last row runs under the banner
		Banner float64  `json:"banner"` // the banner's height
	}
	const measure = `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
  await frame();
  const bar = document.querySelector(".site-header .nav").getBoundingClientRect();
  const header = [...document.querySelectorAll(".site-header .nav .nav__link, .site-header .nav .nav__demo, .site-header .nav .nav__burger")]
    .filter((e) => e.checkVisibility()).map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.top < bar.top + 2 || r.bottom > bar.bottom - 2)
    .map(([e, r]) => JSON.stringify(e.textContent.trim() || e.getAttribute("aria-label")) + " " + Math.round(r.top) + "–" + Math.round(r.bottom) + " px in a bar of " + Math.round(bar.top) + "–" + Math.round(bar.bottom));
  window.scrollTo(0, document.documentElement.scrollHeight);
  await frame();
  const banner = document.querySelector("section.consent").getBoundingClientRect();
  const foot = document.querySelector(".footer__bottom").getBoundingClientRect();
  window.scrollTo(0, 0);
  return {header, foot: foot.bottom - banner.top, banner: banner.height};
})()`
	for _, textPx := range []int64{16, 20, 24, 32} {
		setTextSize(t, tab, textPx)
		for _, w := range []int64{640, 768, 1024, 1280, 1440, 1920} {
			do(t, tab, chromedp.EmulateViewport(w, 900))
			b, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bars](measure, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("text %d px, %d px wide: %v", textPx, w, err)
			}
			for _, h := range b.Header {
				t.Errorf("text %d px, %d px wide: the header's entry %s, not inside it with 2 px for its focus ring", textPx, w, h)
			}
			if b.Foot > 0 {
				t.Errorf("text %d px, %d px wide: at the page's end the footer's last row runs %.0f px under the cookie banner (%.0f px tall)", textPx, w, b.Foot, b.Banner)
			}
		}
	}
}

// setTextSize sets the browser's text size in tab as its settings do (the
// default font size, 16 px out of the box), the fixed-width font's with
// it in the browser's own proportion (13 to 16).
func setTextSize(t *testing.T, tab *browsertest.Tab, px int64) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: px, Fixed: px * 13 / 16}}); err != nil {
		t.Fatalf("set the browser's text size to %d px: %v", px, err)
	}
}
