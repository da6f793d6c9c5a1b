package e2e

// Every width: no route scrolls sideways at any window width from 320 to
// 1920 px (every 16 px), and no entry of the header and no badge (a
// short label such as "Sample data") wraps onto a second line. One tab a route, the viewport set for each width in turn.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// widthCheck reports, at the current width, how far the page is wider than
// the window and what sticks out, and which header entries and badges wrap.
const widthCheck = `(() => {
  const over = document.documentElement.scrollWidth - innerWidth;
  const wide = over > 0 ? [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
    .slice(-3).map((el) => el.outerHTML.slice(0, 100)) : [];
  const wrapped = [...document.querySelectorAll('header .nav__link, [class*="badge"]')].filter((e) => e.checkVisibility()).filter((e) => {
    const s = getComputedStyle(e);
    return e.getBoundingClientRect().height > 1.5 * parseFloat(s.lineHeight) + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
  }).map((e) => e.textContent);
  return {over, wide, wrapped};
})()`

func TestEveryWidth(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	for _, p := range sweepPages(t) {
		t.Run(sweepName(p.Path), func(t *testing.T) {
			tab := env.NewTab(t, 1280, 900)
			tab.Load(t, p.Path)
			type result struct {
				Over    int      `json:"over"`
				Wide    []string `json:"wide"`
				Wrapped []string `json:"wrapped"`
			}
			var overflows []string
			for w := 320; w <= 1920; w += 16 {
				do(t, tab, chromedp.EmulateViewport(int64(w), 900))
				r := eval[result](t, tab, widthCheck)
				if r.Over > 0 {
					overflows = append(overflows, fmt.Sprintf("%d px: %d px too wide (%s)", w, r.Over, strings.Join(r.Wide, " | ")))
				}
				if len(r.Wrapped) > 0 {
					t.Errorf("at %d px the header's or a badge's %q wraps", w, r.Wrapped)
				}
			}
			for _, o := range overflows {
				t.Errorf("scrolls sideways at %s", o)
			}
		})
	}
}
