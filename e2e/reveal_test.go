package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// sweepReveal checks, on a page just loaded, that no section in view is
// hidden for its fade (the page's largest paint must not wait for the
// app) and that the sections below the fold are set aside, not shown,
// until they scroll in; it returns how many were set aside. sweepSettle
// then scrolls through and waits until every one is shown.
func sweepReveal(t *testing.T, tab *browsertest.Tab) int {
	t.Helper()
	// Every section gets its first intersection report.
	sweepWaitFor(t, tab, `[...document.querySelectorAll(".reveal")].every((el) => el.classList.contains("is-visible") || el.classList.contains("is-pending"))`)
	type state struct {
		Hidden []string `json:"hidden"`
		Shown  []string `json:"shown"`
		Below  int      `json:"below"`
	}
	s, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[state](`(() => {
  const out = {hidden: [], shown: [], below: 0};
  for (const el of document.querySelectorAll(".reveal")) {
    const r = el.getBoundingClientRect(), name = el.id || el.className;
    if (r.top < innerHeight && r.bottom > 0) {
      if (el.classList.contains("is-pending") || getComputedStyle(el).opacity !== "1") out.hidden.push(name);
    } else if (r.top >= innerHeight) {
      out.below += el.classList.contains("is-pending") ? 1 : 0;
      if (el.classList.contains("is-visible")) out.shown.push(name);
    }
  }
  return out;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Hidden) > 0 {
		t.Errorf("sections in view are hidden for a fade: %q", s.Hidden)
	}
	if len(s.Shown) > 0 {
		t.Errorf("sections below the fold were shown before they scrolled in: %q", s.Shown)
	}
	return s.Below
}

// TestPrintShowsEverySection: a visitor who prints the home page (or
// saves it as a PDF) without scrolling it first gets every section on
// paper, not only those the fade has shown, the header once, and neither
// the consent bar nor the floating contact button over it.
func TestPrintShowsEverySection(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1366, 900)
	tab.Load(t, "/")
	waitFor(t, tab, `[...document.querySelectorAll(".reveal")].every((el) => el.classList.contains("is-visible") || el.classList.contains("is-pending"))`)
	if !eval[bool](t, tab, `document.querySelector(".reveal.is-pending") !== null && document.querySelector(".consent") !== null`) {
		t.Fatal("no section waits for its fade, or no consent bar shows, on the home page at load: the test tests nothing")
	}
	if _, err := chromedp.Call(tab.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	hidden := eval[[]string](t, tab, `[...document.querySelectorAll(".reveal, .consent, .floating-contact")]
		.filter((el) => el.matches(".reveal") === (getComputedStyle(el).opacity !== "1" || getComputedStyle(el).transform !== "none" || !el.checkVisibility()))
		.map((el) => el.id || el.className)`)
	if len(hidden) > 0 {
		t.Errorf("printed, these sections are hidden, or these screen parts show: %q", hidden)
	}
	// A fixed header is printed at the top of every page, over its text.
	if pos := eval[string](t, tab, `getComputedStyle(document.querySelector("header.site-header")).position`); pos == "fixed" || pos == "sticky" {
		t.Errorf("printed, the header is %s: it is on every page", pos)
	}
}

// TestTabIntoASectionSetAside: a keyboard visitor who tabs into a section
// still set aside for its fade sees the focused link at once, not after
// the 0.6 s fade (Tab reaches it before the section's intersection report,
// at once on a busy machine), and in full view. At a phone's and a
// laptop's width, on the fixture site's home page.
func TestTabIntoASectionSetAside(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	for _, s := range []struct{ w, h int }{{375, 812}, {1280, 800}} {
		tab := sweepNewTab(t, env, s.w, s.h) // focus events, as in a window the visitor looks at
		loadApp(t, tab, "/")
		sweepWaitFor(t, tab, `[...document.querySelectorAll(".reveal")].every((el) => el.classList.contains("is-visible") || el.classList.contains("is-pending"))`)
		// Focus on the last stop before the first section set aside that
		// has one, without scrolling: the next Tab enters the section.
		if !eval[bool](t, tab, `(() => {
  const stops = [...document.querySelectorAll("a[href], button, input, select, textarea, summary")].filter((el) => el.checkVisibility() && !el.closest("[inert]") && el.tabIndex >= 0);
  const i = stops.findIndex((el) => el.closest(".reveal.is-pending"));
  if (i < 1) return false;
  stops[i - 1].focus({ preventScroll: true });
  window.__entered = stops[i].closest(".reveal");
  return true;
})()`) {
			t.Fatalf("%d px: the fixture's home page has no section set aside with a stop for Tab", s.w)
		}
		do(t, tab, chromedp.KeyEvent(kb.Tab))
		// Read as focus lands, a frame or two at most, well inside the fade:
		// a section fading in is still near opacity 0.
		seen := eval[string](t, tab, `(() => {
  const el = document.activeElement, part = window.__entered;
  if (!part.contains(el)) return "focus went to " + el.outerHTML.slice(0, 80);
  const o = getComputedStyle(part).opacity;
  return o === "1" ? "" : "the section's opacity " + o + " as focus landed on " + el.outerHTML.slice(0, 80);
})()`)
		if seen != "" {
			t.Errorf("%d px: %s", s.w, seen)
		}
		if st := eval[*stop](t, tab, focusStop); st == nil || st.Covered > 0 {
			t.Errorf("%d px: the focused stop is hidden: %+v", s.w, st)
		}
	}
}
