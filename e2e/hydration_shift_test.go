package e2e

// Hydration moves nothing: the prerendered HTML and CSS lay a page out
// exactly as the app does once it has hydrated, at every width, however
// late the app's script arrives. A rule that differs before and after
// (one keyed on <html data-hydrated>, a class the app adds, a measure
// the app takes) shows up as a layout shift at the moment the app starts:
// on a loaded machine or a slow network, long after the first paint,
// under the visitor's eyes.
//
// The test holds every script of the page back (the browser's request
// interception), records where every element of the page is at each
// width, lets the scripts go, waits until the app has hydrated the page
// and rendered the parts the first frame skipped, and records again at
// the same widths. Layout only: transforms, transitions and animations
// (the sections' fade-in, a chevron turned) are set aside in both
// records, as the browser's own layout-shift measure sets them aside, and
// so is content-visibility, whose skipped parts the app renders ahead on
// purpose (their size an estimate until then, before and after alike).
//
// Before the scripts go, the same load checks the page as the browser
// paints it while still parsing it (parseCuts): what the first screen
// shows must not move as the rest of the page arrives. That, not
// hydration, was what moved the home page's header entries (pushed right
// by the demo button that followed them) and its topic tags on a phone
// (moved below the calls to action by the stylesheet) when a busy machine
// painted the page half-parsed.
//
// One tab, the pages sampled by their parts as the sweep does (every page
// in make test-full), at the widths of shiftWidths.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// shiftWidths are a phone's, a tablet's at the breakpoint and a laptop's
// width; the header measures whether its entries fit at each.
var shiftWidths = []int{375, 768, 1024, 1280}

// layoutRecord records, once the page has laid out (two frames, then a
// task: the header measures its entries after a frame and collapses in
// React's next render), the box of every element of the body, in page
// coordinates, under the name given, in the page itself: before the app
// runs there is no other place that survives until after it has.
const layoutRecord = `(async (name) => {
  if (!window.__layoutOnly) {
    const s = new CSSStyleSheet();
    s.replaceSync("*, ::before, ::after { transform: none !important; translate: none !important; rotate: none !important; scale: none !important; transition: none !important; animation: none !important; content-visibility: visible !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
    window.__layoutOnly = true;
  }
  for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
  const boxes = new Map();
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    boxes.set(el, [r.x + scrollX, r.y + scrollY, r.width, r.height, el.checkVisibility({opacityProperty: true, visibilityProperty: true})]);
  }
  (window.__layouts ??= {})[name] = boxes;
})`

// layoutMoved compares two records: the elements (up to five) whose box
// moved or changed size by more than half a pixel, with where from and
// where to, and how many did. Elements the app added or removed are not
// compared (the cookie banner, a toast): a box that moved because of them
// is, if it is seen before or after (an invisible button that waits for
// the visitor to scroll may move to stay clear of the banner).
//
// One change is not a move: the page grown at its foot, below everything
// else. The footer keeps room under its last row for the cookie banner
// while it shows (its height, with larger text more than the 96 px kept
// before the app starts): the footer and the elements that end with the
// page grow downwards, from the same top and width, by what the page
// grew; nothing on the screen moves, whatever the scroll. An element with
// no area (the empty list of toasts at the page's end) shows nothing
// where it goes.
const layoutMoved = `((from, to) => {
  const a = window.__layouts[from], b = window.__layouts[to];
  const box = (r) => r.slice(0, 4).map(Math.round).join(" ");
  const what = (el) => {
    const clone = el.cloneNode(false);
    return clone.outerHTML.replace(/<\/[^>]+>$/, "").slice(0, 90) + " " + JSON.stringify((el.textContent || "").trim().slice(0, 30));
  };
  const near = (x, y) => Math.abs(x - y) <= 0.5;
  // The page's foot before and after: the lowest bottom of the elements
  // in both records (the banner, fixed to the window, is in one only).
  let endA = 0, endB = 0;
  for (const [el, r] of a) {
    const s = b.get(el);
    if (s) { endA = Math.max(endA, r[1] + r[3]); endB = Math.max(endB, s[1] + s[3]); }
  }
  const grewAtFoot = (r, s) => endB > endA + 0.5 && near(r[0], s[0]) && near(r[1], s[1]) && near(r[2], s[2]) && near(r[1] + r[3], endA) && near(s[1] + s[3], endB);
  const noArea = (r, s) => r[2] * r[3] === 0 && s[2] * s[3] === 0;
  const moved = [];
  for (const [el, r] of a) {
    const s = b.get(el);
    if (s && (r[4] || s[4]) && r.slice(0, 4).some((v, i) => Math.abs(v - s[i]) > 0.5) && !grewAtFoot(r, s) && !noArea(r, s)) moved.push(what(el) + " from " + box(r) + " to " + box(s));
  }
  return {count: moved.length, first: moved.slice(0, 5)};
})`

// parseCuts lays the page out as the browser does while it is still
// parsing it, cut after each element of the first screen and just inside
// each (the element's start tag parsed, none of its content), and lists
// (up to eight of) the elements of the first screen that sit elsewhere
// then than in the whole page, each with the first cut that moved it, and
// how many cuts moved one. A browser
// paints a page before it has it all (a slow network, a busy phone, a
// parser that yields): a layout in which what is on the screen depends on
// what follows it (a row pushed right by the item after it, a column
// centred against the one beside it, an item the stylesheet moves before
// an earlier one) moves under the visitor's eyes as the rest arrives.
// Positions only, as the browser's layout-shift measure: a box that grows
// as its content arrives moves nothing. The cuts are made on the page's
// own DOM (its later nodes taken out, then put back as they were), before
// the app has run.
const parseCuts = `(async () => {
  for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
  const vw = innerWidth, vh = innerHeight;
  const onScreen = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw &&
      el.checkVisibility({opacityProperty: true, visibilityProperty: true}) ? [r.x, r.y] : null;
  };
  const what = (el) => el.cloneNode(false).outerHTML.replace(/<\/[^>]+>$/, "").slice(0, 80);
  const whole = new Map();
  for (const el of document.body.querySelectorAll("*")) {
    const p = onScreen(el);
    if (p) whole.set(el, p);
  }
  // takeTail takes out node and every sibling after it; restore puts
  // back all it took, the last taken first.
  const taken = [];
  const takeTail = (node) => {
    if (!node) return;
    const r = document.createRange();
    r.setStartBefore(node);
    r.setEndAfter(node.parentNode.lastChild);
    taken.push([node.parentNode, r.extractContents()]);
  };
  const restore = () => { while (taken.length) { const [parent, rest] = taken.pop(); parent.append(rest); } };
  const moved = new Map(); // what moved: the earliest cut that moved it
  let cuts = 0;
  // A cut falls between blocks: within a line of text (an inline element,
  // an icon) the words that follow flow in after it, and a table's columns
  // are sized by all its rows, as the browser's own table layout does.
  const inline = (el) => /^inline|^contents$|^table-/.test(getComputedStyle(el).display) || el.closest("svg, table") !== null;
  // Every cut is a start of the page: after an element (its last node),
  // or inside one that holds blocks (the element itself). They are made
  // from the longest to the shortest, each taking out a little more of
  // what the one before left, and the page is put back once, at the end:
  // put back whole after each cut, it was laid out whole again for the
  // next, and the cuts took 2 to 4 times as long.
  const order = new Map();
  let n = 0;
  for (const w = document.createTreeWalker(document.body); w.nextNode(); ) order.set(w.currentNode, n++);
  const plan = [];
  for (const el of whole.keys()) {
    if (inline(el)) continue;
    // Inside: a box that holds blocks, not one whose text is still to come.
    if ([...el.children].some((c) => !inline(c))) plan.push([el, true, order.get(el)]);
    let last = el;
    while (last.lastChild) last = last.lastChild;
    plan.push([el, false, order.get(last)]);
  }
  plan.sort((a, b) => b[2] - a[2]);
  for (const [el, inside] of plan) {
    if (inside) takeTail(el.firstChild);
    for (let n = el; n !== document.body; n = n.parentNode) takeTail(n.nextSibling);
    let any = false;
    for (const [other, p] of whole) {
      if (!other.isConnected) continue;
      const q = onScreen(other);
      if (q && (Math.abs(q[0] - p[0]) > 0.5 || Math.abs(q[1] - p[1]) > 0.5)) {
        any = true;
        const w = what(other);
        moved.set(w, w + " at " + q.map(Math.round).join(" ") + " then at " + p.map(Math.round).join(" ") + ", cut " + (inside ? "inside " : "after ") + what(el));
      }
    }
    if (any) cuts++;
  }
  restore();
  return {count: cuts, first: [...moved.values()].slice(0, 8)};
})()`

func TestHydrationMovesNothing(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	// The parse cuts look at the first screen alone: what leads a page
	// counts as a part (withLead).
	seen := newPartsSeen(sweepSite(t)).withLead()
	tab := env.NewTab(t, shiftWidths[len(shiftWidths)-1], 900)
	scripts := holdScripts(t, tab)
	// Every load fetches the scripts, so that each can be held.
	if _, err := chromedp.Call(tab.Ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	for _, p := range sweepPages(t) {
		// A page made of parts another page has shown already adds
		// nothing (make test); make test-full loads every one.
		if !seen.first(p, 0) {
			continue
		}
		t.Run(sweepName(p.Path), func(t *testing.T) {
			tab.Reset()
			// Every script is held at its request until the page has
			// been recorded at each width.
			scripts.navigate(t, env.URL+p.Path)
			// The page parsed: the new document's, not the last one's.
			tab.WaitFor(t, fmt.Sprintf(`location.pathname === %q && document.readyState !== "loading"`, p.Path), 30*time.Second)
			for _, w := range shiftWidths {
				do(t, tab, chromedp.EmulateViewport(int64(w), 900))
				m, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[moved](parseCuts, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatalf("lay the page out as parsed, at %d px: %v", w, err)
				}
				if m.Count > 0 {
					t.Errorf("at %d px, %d cuts of the page, as a browser paints it before it has parsed it all, put its first screen elsewhere:\n  %s", w, m.Count, strings.Join(m.First, "\n  "))
				}
				record(t, tab, "before", w)
			}
			if eval[bool](t, tab, `document.documentElement.hasAttribute("data-hydrated")`) {
				t.Fatal("the page hydrated: its scripts were not held back")
			}

			scripts.release(t)
			hydrated := chromedp.Poll[chromedp.Void](`document.documentElement.matches("[data-hydrated][data-rendered]")`, chromedp.WithPollingTimeout(60*time.Second), chromedp.WithPollingInterval(25*time.Millisecond))
			if err := chromedp.Do(tab.Ctx, hydrated); err != nil {
				t.Fatalf("the page did not hydrate: %v (console: %q, errors: %q)", err, tab.ConsoleErrors(), tab.Errors())
			}
			for _, w := range shiftWidths {
				do(t, tab, chromedp.EmulateViewport(int64(w), 900))
				record(t, tab, "after", w)
				m := eval[moved](t, tab, layoutMoved+`(`+jsString(recordName("before", w))+`, `+jsString(recordName("after", w))+`)`)
				if m.Count > 0 {
					t.Errorf("at %d px, hydration moved %d elements:\n  %s", w, m.Count, strings.Join(m.First, "\n  "))
				}
			}
			// The page the cuts took apart and put back hydrates as any
			// other: without a mismatch.
			if errs := sweepUnexpectedErrors(tab, p.Path); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
}

// TestParseCutsSeesWhatMoves: parseCuts finds a first screen that moves
// as the rest of the page arrives (a row aligned to its end, whose first
// entry moves left when the second arrives), finds nothing in one that
// does not, and leaves the page as it found it, to be hydrated.
func TestParseCutsSeesWhatMoves(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1024, 700)
	for _, tc := range []struct {
		name, body string
		moves      bool
	}{
		{"a row aligned to its end", `<nav style="display: flex; justify-content: flex-end; gap: 8px"><a href="#a">First</a><a href="#b">Second</a></nav><main><h1>Title</h1><p>Text.</p></main>`, true},
		{"a row aligned to its start", `<nav style="display: flex; gap: 8px"><a href="#a">First</a><a href="#b">Second</a></nav><main><h1>Title</h1><p>Text.</p></main>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			do(t, tab, chromedp.Navigate("about:blank"))
			run(t, tab, `document.body.innerHTML = `+jsString(tc.body))
			m, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[moved](parseCuts, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Count > 0; got != tc.moves {
				t.Errorf("parseCuts says the first screen moves: %v, want %v (%d cuts: %q)", got, tc.moves, m.Count, m.First)
			}
			if tc.moves && (len(m.First) == 0 || !strings.Contains(m.First[0], `<a href="#a">`) || !strings.Contains(m.First[0], `cut after <a href="#a">`)) {
				t.Errorf("parseCuts does not name the first entry, moved by the cut after it: %q", m.First)
			}
			if got := eval[string](t, tab, `document.body.innerHTML`); got != tc.body {
				t.Errorf("the page after the cuts:\n%s\nwant it as it was:\n%s", got, tc.body)
			}
		})
	}
}

// TestLayoutMovedSeesWhatMoves: layoutMoved reports a box that moved or
// changed size, a footer pushed down among them, and not a page that only
// grew at its foot (the footer's room for the cookie banner) nor an
// element with no area.
func TestLayoutMovedSeesWhatMoves(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1024, 700)
	const page = `<main><h1>Title</h1><p id="p">Text.</p></main><footer id="f" style="padding: 64px 0 96px"><p>Legal</p></footer><section id="t"></section>`
	for _, tc := range []struct {
		name, change string
		moves        bool
	}{
		{"the footer's room below its last row grown", `document.querySelector("#f").style.paddingBottom = "140px"`, false},
		{"a paragraph grown above the footer", `document.querySelector("#p").style.paddingBottom = "20px"`, true},
		{"the footer's room above its first row grown", `document.querySelector("#f").style.paddingTop = "80px"`, true},
		{"the footer narrowed at its foot", `document.querySelector("#f").style.margin = "0 20px"; document.querySelector("#f").style.paddingBottom = "140px"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			do(t, tab, chromedp.Navigate("about:blank"))
			run(t, tab, `document.body.innerHTML = `+jsString(page))
			record(t, tab, "before", 0)
			run(t, tab, tc.change)
			record(t, tab, "after", 0)
			m := eval[moved](t, tab, layoutMoved+`(`+jsString(recordName("before", 0))+`, `+jsString(recordName("after", 0))+`)`)
			if got := m.Count > 0; got != tc.moves {
				t.Errorf("layoutMoved says the page moved: %v, want %v (%d: %q)", got, tc.moves, m.Count, m.First)
			}
		})
	}
}

// moved is what parseCuts and layoutMoved report.
type moved struct {
	Count int      `json:"count"`
	First []string `json:"first"`
}

// record records the layout of the page in tab (layoutRecord) under the
// name stage and width.
func record(t *testing.T, tab *browsertest.Tab, stage string, width int) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](layoutRecord+`(`+jsString(recordName(stage, width))+`)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("record the layout %s hydration at %d px: %v", stage, width, err)
	}
}

func recordName(stage string, width int) string {
	return fmt.Sprintf("%s %d", stage, width)
}
