package e2e

// Keyboard focus is never hidden (WCAG 2.2 SC 2.4.11) and always seen
// (SC 2.4.7, 1.4.11): on every route, at a phone's and a laptop's width,
// with the cookie banner showing as on a first visit, each stop of the
// tab walk is at most half covered (by the banner, the sticky header, the
// floating button or the window's edge) and its focus indicator has a
// contrast of at least 3:1 with the background around it. The sweep
// (TestSweepRoutes) runs the walk; focusStop is measured at every stop.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// focusStop measures the focused element: the share of it a visitor
// cannot see (a 5 x 5 grid of points, each covered when it is outside the
// window or another element is on top of it), and the contrast of its
// focus indicator (its outline or its card's, else a box-shadow ring) with
// the first opaque background behind it; and what a screen reader says
// it is, its role and name as the browser computes them for its
// accessibility tree (computedRole, in the tests' browser:
// browsertest's testOptions), and whether a heading stands before it in
// the page. It is null when nothing in the page has focus.
const focusStop = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  let covered = 0, coveredBy = "";
  for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) {
    const x = r.left + (i + 0.5) * r.width / 5, y = r.top + (j + 0.5) * r.height / 5;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) { covered++; coveredBy ||= "the window's edge"; continue; }
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit) || hit.contains(el))) continue;
    covered++;
    coveredBy ||= hit ? hit.outerHTML.slice(0, 80) : "nothing";
  }
  const rgb = (c) => { const m = c.match(/[\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  // The ring is the element's, or that of the card it stretches over.
  let ring = null, ringEl = el;
  for (let e = el, up = 0; e && up < 4 && !ring; e = e.parentElement, up++) {
    const s = getComputedStyle(e);
    if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1) { ring = rgb(s.outlineColor); ringEl = e; }
    else if (e === el && s.boxShadow && s.boxShadow !== "none") ring = rgb(s.boxShadow);
  }
  let bg = [255, 255, 255];
  for (let p = ringEl.parentElement; p; p = p.parentElement) {
    const c = rgb(getComputedStyle(p).backgroundColor);
    if (c.length < 4 || c[3] >= 0.5) { bg = c.slice(0, 3); break; }
  }
  let contrast = 0;
  if (ring && (ring.length < 4 || ring[3] > 0)) {
    const a = lum(ring) + 0.05, b = lum(bg) + 0.05;
    contrast = Math.max(a, b) / Math.min(a, b);
  }
  return {el: el.outerHTML.slice(0, 100), covered: covered / 25, coveredBy, contrast, ring: ring ? String(ring) : "", bg: String(bg),
    role: el.computedRole ?? null, name: el.computedName ?? "", href: el.getAttribute("href") ?? "",
    headed: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].some((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)};
})()`

// focusSaysWhat is whether the focused element is one a screen reader can
// say what it is, by the role and name the browser computes: the app's
// own placing of the focus (a place gone to) as a Tab stop.
const focusSaysWhat = `((e) => !!e && e !== document.body && !["generic", "none", ""].includes(e.computedRole ?? "") && (e.computedName ?? "").trim() !== "")(document.activeElement)`

// focused says what has the focus, for a test's message: its markup, role
// and name.
const focused = `((e) => e.outerHTML.slice(0, 80) + " (role " + e.computedRole + ", name " + JSON.stringify(e.computedName) + ")")(document.activeElement)`

// stop is what focusStop measures.
type stop struct {
	El        string  `json:"el"`
	Covered   float64 `json:"covered"`
	CoveredBy string  `json:"coveredBy"`
	Contrast  float64 `json:"contrast"`
	Ring      string  `json:"ring"`
	BG        string  `json:"bg"`
	Role      *string `json:"role"` // nil: the browser does not compute it
	Name      string  `json:"name"`
	Href      string  `json:"href"`
	Headed    bool    `json:"headed"`
}

// focusWalk is what a tab walk found on one page.
type focusWalk struct {
	Stops    int
	Worst    stop // the most covered stop
	problems []string
	// inPage are the links to a place in the page (#id) met since the
	// focus came into it, by address and name.
	inPage map[[2]string]bool
}

// add records one stop of the walk: nil when the focus has left the page.
func (w *focusWalk) add(s *stop) {
	if s == nil {
		w.inPage = nil // a walk that comes round again meets the same links
		return
	}
	if strings.Contains(s.El, `tabindex="-1"`) {
		return
	}
	w.Stops++
	// A Tab stop says what it is: a <pre> that took the focus to scroll
	// was a generic box, read out as nothing (a keyboard trial). A table
	// is named by the heading it stands under: a legal page's tables were
	// each read as "table", alike (a screen reader's trial). One before
	// any heading has none to take.
	switch {
	case s.Role == nil:
		w.problems = append(w.problems, "the browser computes no role for the focused element: start it with --enable-blink-features=ComputedAccessibilityInfo")
	case *s.Role == "generic" || *s.Role == "none": // "" is a role of the browser's own, a <summary>'s
		w.problems = append(w.problems, fmt.Sprintf("a Tab stop that a screen reader cannot say what it is (role %q): %s", *s.Role, s.El))
	case strings.TrimSpace(s.Name) == "" && (*s.Role != "table" || s.Headed):
		w.problems = append(w.problems, fmt.Sprintf("a Tab stop with no name (a %s): %s", *s.Role, s.El))
	}
	// The same link to a place in the page, met twice on one walk: an
	// article's heading was a link to itself after the contents' link to
	// it (a keyboard trial).
	if strings.HasPrefix(s.Href, "#") && s.Href != "#" {
		key := [2]string{s.Href, s.Name}
		if w.inPage[key] {
			w.problems = append(w.problems, fmt.Sprintf("the link %q to %s is a Tab stop twice on the page: %s", s.Name, s.Href, s.El))
		}
		if w.inPage == nil {
			w.inPage = map[[2]string]bool{}
		}
		w.inPage[key] = true
	}
	if s.Covered > w.Worst.Covered || w.Stops == 1 {
		w.Worst = *s
	}
	if s.Covered > 0.5 {
		w.problems = append(w.problems, fmt.Sprintf("%.0f%% hidden (under %s): %s", 100*s.Covered, s.CoveredBy, s.El))
	}
	if s.Contrast < 3 {
		w.problems = append(w.problems, fmt.Sprintf("focus indicator %s on %s has contrast %.2f:1, want 3:1: %s", s.Ring, s.BG, s.Contrast, s.El))
	}
}

// TestTabIntoTheBannerAsItComes: a keyboard visitor who tabs into the
// cookie banner while it still slides in from the window's foot (its first
// 300 ms) finds the control focused in view, not below the window (a
// keyboard trial: 2 walks in 12). The slide is held at its start, as a
// busy phone may show it, and the banner's controls reached by Tab.
func TestTabIntoTheBannerAsItComes(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	for _, s := range prospectSizes {
		t.Run(s.name, func(t *testing.T) {
			tab := homeTab(t, env, s.w, false, false)
			do(t, tab, chromedp.EmulateViewport(int64(s.w), int64(s.h)))
			waitFor(t, tab, `document.querySelector("section.consent") !== null`)
			run(t, tab, `for (const a of document.querySelector("section.consent").getAnimations()) { a.pause(); a.currentTime = 0; }
document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`)
			do(t, tab, chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab))
			if !eval[bool](t, tab, `!!document.activeElement.closest("section.consent")`) {
				t.Fatalf("the second Tab went to %s, not the banner", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
			}
			// Where it is drawn, its box in the window (not focusStop's
			// points: a banner still taking no press lets them through to
			// the page beneath).
			if at := eval[string](t, tab, `(() => { const r = document.activeElement.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight ? "" : "its box at y " + Math.round(r.top) + " to " + Math.round(r.bottom) + " in a window " + innerHeight + " px tall"; })()`); at != "" {
				t.Errorf("the banner's control, focused as the banner slides in, is out of view: %s", at)
			}
		})
	}
}

// TestSkipLinkThenBanner: the first Tab shows the skip link, which takes
// focus to the page's main content; while the cookie banner asks, its
// controls come next, before the header's.
func TestSkipLinkThenBanner(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	for _, s := range prospectSizes {
		t.Run(s.name, func(t *testing.T) {
			tab := prospectTab(t, env, s.w, s.h, false)
			run(t, tab, `document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`)
			do(t, tab, chromedp.KeyEvent(kb.Tab))
			first := eval[*stop](t, tab, focusStop)
			if first == nil || !strings.Contains(first.El, `href="#main"`) || first.Covered > 0 {
				t.Fatalf("the first stop is %+v, want the skip link, in full view", first)
			}
			// Next: the banner's controls, then the header's.
			var order []string
			for i := 0; i < 6; i++ {
				do(t, tab, chromedp.KeyEvent(kb.Tab))
				order = append(order, eval[string](t, tab, `document.activeElement.closest("section.consent") ? "banner" : document.activeElement.closest("header") ? "header" : "page"`))
			}
			if i := slices.Index(order, "header"); i < 0 || slices.Contains(order[i:], "banner") || order[0] != "banner" {
				t.Errorf("after the skip link, focus went %v; want the banner's controls, then the header's", order)
			}
			// The skip link goes to the main content.
			run(t, tab, `window.scrollTo(0, 0); document.querySelector('a[href="#main"]').focus()`)
			do(t, tab, chromedp.KeyEvent(kb.Enter))
			waitFor(t, tab, `document.activeElement === document.querySelector("main")`)
		})
	}
}
