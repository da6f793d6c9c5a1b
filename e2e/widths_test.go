package e2e

// Every width: no route scrolls sideways at any window width from 320 to
// 1920 px (every 16 px in make test-full; make test samples them, see
// sweepWidthsOf), nothing a visitor reads or uses is cut off on the
// right (the cookie banner showing, as on a first visit), no entry of the header and no badge (a
// short label such as "Sample data") wraps onto a second line, no word is
// cut mid-letter over two lines, and no grid of figures or cards leaves
// one alone on its last line (3 + 1). One tab a route, the viewport set for each width in turn.

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// widthCheck reports, at the current width, how far the page is wider than
// the window and what sticks out, what is cut off on the right (cutOff),
// and which header entries and badges wrap.
//
// It first lets the page catch up with the new width: two frames, then a
// task, for the parts of the app that follow the width in a
// ResizeObserver (after a frame's layout) and render again in a task: a
// check made at once would see them as at the width before.
const widthCheck = `(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
  ` + cutOff + `
  const over = document.documentElement.scrollWidth - innerWidth;
  const wide = over > 0 ? [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
    .slice(-3).map((el) => el.outerHTML.slice(0, 100)) : [];
  const wrapped = [...document.querySelectorAll('header .nav__link, [class*="badge"]')].filter((e) => e.checkVisibility()).filter((e) => {
    const s = getComputedStyle(e);
    return e.getBoundingClientRect().height > 1.5 * parseFloat(s.lineHeight) + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
  }).map((e) => e.textContent);
  // A grid of figures or cards that wraps leaves none alone under a full
  // row, narrower than the rest (one a row, all stacked, is a column,
  // not a row left short; a last card as wide as the row stands apart).
  const alone = [...document.querySelectorAll("ul.blk-stats, ul.cards")].filter((e) => e.checkVisibility()).flatMap((ul) => {
    const boxes = [...ul.children].map((li) => li.getBoundingClientRect());
    const tops = boxes.map((b) => Math.round(b.top));
    const rows = new Set(tops).size;
    const last = Math.max(...tops);
    const lone = boxes.filter((b, i) => tops[i] === last);
    return rows > 1 && rows < tops.length && lone.length === 1 && lone[0].width < boxes[0].width * 1.5
      ? [tops.length + " in " + ul.className + " from " + JSON.stringify(ul.textContent.slice(0, 40))] : [];
  });
  // A word cut mid-letter, its letters on two lines: a column so narrow
  // that a text breaks anywhere ("Goo / gle"). Code breaks where it must,
  // and is left out.
  const broken = [];
  const range = document.createRange();
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; broken.length < 3 && (n = texts.nextNode()); ) {
    const p = n.parentElement;
    if (!p || p.closest("code, pre, script, style, svg") || !p.checkVisibility()) continue;
    for (const m of n.data.matchAll(/\p{L}{4,}/gu)) {
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      if (new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size > 1) {
        broken.push(JSON.stringify(m[0]) + " in " + p.outerHTML.slice(0, 80));
        break;
      }
    }
  }
  return {over, wide, wrapped, alone, broken, cut: cutOff()};
})()`

// cutOff lists (up to three of) the visible elements a visitor would see cut
// off on the right: a text's, a button's, a link's, an image's or a
// field's box that begins inside the window but runs past its right edge,
// or past that of an ancestor that clips its overflow (hidden, clip). The
// page need not scroll for that (a section that hides overflow hides it).
// A scrolling box lets the visitor reach what is past its edge, and what
// lies wholly outside a clipping box (a slide off stage) is not cut off.
const cutOff = `function cutOff() {
  const cut = [];
  const leaf = "a, button, img, svg, video, canvas, input, select, textarea";
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
  const walk = (el, limit) => {
    for (const c of el.children) {
      const s = getComputedStyle(c);
      if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") continue;
      const lim = s.position === "fixed" ? innerWidth : limit;
      const r = c.getBoundingClientRect();
      const visible = r.width > 1 && r.height > 1 && r.left < lim - 1 && s.clipPath === "none";
      if (visible && r.right > lim + 1 && (c.matches(leaf) || ownText(c))) {
        cut.push(Math.round(r.left) + "–" + Math.round(r.right) + " px past " + Math.round(lim) + ": " + c.outerHTML.slice(0, 100));
      }
      if (c.matches("svg")) continue;
      const ox = s.overflowX;
      walk(c, ox === "auto" || ox === "scroll" ? Infinity : ox === "hidden" || ox === "clip" ? Math.min(lim, r.right - parseFloat(s.borderRightWidth)) : lim);
    }
  };
  walk(document.body, document.documentElement.clientWidth);
  return cut.slice(0, 3);
}`

func TestEveryWidth(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	between := newPartsSeen(sweepSite(t))
	// One tab for every page (a tab costs more than a page:
	// browsertest.Env.NewTab): the cookie banner shows on each, as on a
	// first visit, since nothing here answers it.
	tab := env.NewTab(t, 1280, 900)
	for _, p := range sweepPages(t) {
		t.Run(sweepName(p.Path), func(t *testing.T) {
			do(t, tab, chromedp.EmulateViewport(1280, 900))
			tab.Reset()
			tab.Load(t, p.Path)
			edgesOnly := !between.first(p, 0)
			checkWidths(t, tab, sweepWidthsOf(t, tab, edgesOnly))
		})
	}
}

// checkWidths sets tab's viewport to each of widths in turn and reports,
// at each, what widthCheck finds on the page loaded in it.
func checkWidths(t *testing.T, tab *browsertest.Tab, widths []int) {
	t.Helper()
	type result struct {
		Over    int      `json:"over"`
		Wide    []string `json:"wide"`
		Wrapped []string `json:"wrapped"`
		Cut     []string `json:"cut"`
		Alone   []string `json:"alone"`
		Broken  []string `json:"broken"`
	}
	var overflows []string
	for _, w := range widths {
		do(t, tab, chromedp.EmulateViewport(int64(w), 900))
		r, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[result](widthCheck, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("at %d px: %v", w, err)
		}
		if r.Over > 0 {
			overflows = append(overflows, fmt.Sprintf("%d px: %d px too wide (%s)", w, r.Over, strings.Join(r.Wide, " | ")))
		}
		if len(r.Cut) > 0 {
			t.Errorf("at %d px, cut off on the right: %s", w, strings.Join(r.Cut, " | "))
		}
		if len(r.Broken) > 0 {
			t.Errorf("at %d px, words cut mid-letter: %s", w, strings.Join(r.Broken, " | "))
		}
		if len(r.Alone) > 0 {
			t.Errorf("at %d px a grid of figures or cards leaves one alone on its last row: %s", w, strings.Join(r.Alone, " | "))
		}
		if len(r.Wrapped) > 0 {
			t.Errorf("at %d px the header's or a badge's %q wraps", w, r.Wrapped)
		}
	}
	for _, o := range overflows {
		t.Errorf("scrolls sideways at %s", o)
	}
}

// fullSweeps says whether the sweeps cover everything (make test-full, and
// CI after make test): every width from 320 to 1920 px in 16 px steps,
// and the keyboard walked through every page at every width. make test
// samples both where the full sweep adds nothing a visitor could tell
// apart (sweepWidthsOf, partsSeen): the two took most of the browser
// tests' time. The same sampling spares make test the hydration cost of
// pages made of parts already measured (TestHydrationHasNoLongTaskOfItsOwn).
var fullSweeps = os.Getenv("VOZIA_FULL") != ""

// sweepWidthsOf are the widths TestEveryWidth checks the page in tab at:
// all of them in steps of 16 px with fullSweeps; else the layout's own
// edges and, unless edgesOnly, the common devices' widths. A layout
// changes at its media queries' widths, read from the page's own
// stylesheets: each is checked on both sides, at the last width of the
// band below it and the first of the band above (a rule that starts too
// late or ends too early shows there), with 320 and 1920 px. Between two edges
// a layout only widens, so what overflows, is cut off or wraps does so
// first at the narrow end of the band, which the edges give. The widths
// of common phones, tablets and laptops, and one every 96 px in between,
// are checked on each page that has a part no page checked before it had
// (partsSeen): they catch a component whose own sizes break inside a band.
// What the full sweep adds is text that wraps differently a few pixels
// apart: still in CI (make test-full).
func sweepWidthsOf(t *testing.T, tab *browsertest.Tab, edgesOnly bool) []int {
	return widthsAtText(t, tab, edgesOnly, 16)
}

// widthsAtText is sweepWidthsOf in a browser whose text size is textPx: a
// media query's em is that size (the site writes its widths in em), so
// its edges lie at em × textPx.
func widthsAtText(t *testing.T, tab *browsertest.Tab, edgesOnly bool, textPx int) []int {
	t.Helper()
	var out []int
	if fullSweeps {
		for w := 320; w <= 1920; w += 16 {
			out = append(out, w)
		}
		return out
	}
	// Each edge as the first width of the band above it: min-width: 768px
	// and width >= 768px start one at 768, max-width: 767.98px and
	// width <= 767px end one at 767, so the next starts at 768.
	firsts := eval[[]int](t, tab, fmt.Sprintf(`((textPx) => {
		const out = [];
		const px = (x, unit) => unit === "px" ? x : x * textPx; // em, rem
		const first = (op, x) => op === ">=" || op === "<" ? Math.ceil(x) : Math.floor(x) + 1; // ">", "<="
		const flip = { "<": ">", "<=": ">=", ">": "<", ">=": "<=" };
		const walk = (rules) => { for (const r of rules) {
			if (r instanceof CSSMediaRule) {
				const c = r.conditionText;
				for (const m of c.matchAll(/(min|max)-width\s*:\s*([0-9.]+)(px|r?em)/g)) out.push(first(m[1] === "min" ? ">=" : "<=", px(+m[2], m[3])));
				for (const m of c.matchAll(/(?<![-\w])width\s*([<>]=?)\s*([0-9.]+)(px|r?em)/g)) out.push(first(m[1], px(+m[2], m[3])));
				for (const m of c.matchAll(/([0-9.]+)(px|r?em)\s*([<>]=?)\s*width/g)) out.push(first(flip[m[3]], px(+m[1], m[2])));
			}
			if (r.cssRules) walk(r.cssRules);
		} };
		for (const s of document.styleSheets) { try { walk(s.cssRules); } catch {} }
		return out;
	})(%d)`, textPx))
	if len(firsts) == 0 {
		t.Fatal("the page's stylesheets have no media query on the width: no layout edge to check")
	}
	ws := []int{320, 1920}
	if !edgesOnly {
		ws = append(ws, 360, 375, 390, 414, 768, 820, 1024, 1280, 1366, 1440, 1536)
		for w := 320; w <= 1920; w += 96 {
			ws = append(ws, w)
		}
	}
	for _, f := range firsts {
		ws = append(ws, f-1, f)
	}
	slices.Sort(ws)
	for _, w := range slices.Compact(ws) {
		if w >= 320 && w <= 1920 {
			out = append(out, w)
		}
	}
	return out
}
