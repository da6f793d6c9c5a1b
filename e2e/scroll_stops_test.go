package e2e

// A box that scrolls sideways (a table wider than the screen, a long line
// of code) is a Tab stop, so that the arrow keys can scroll it; a box that
// fits is not one, since a stop there holds a keyboard's visitor up for
// nothing (a prospect's trial: every table was a stop, on a wide screen too).
// And at a box's end, its last letter stands clear of its edge.

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// scrollBox is a table or block of code of the page shown: whether it has
// more to see sideways than it shows.
type scrollBox struct {
	Name      string
	Overflows bool
}

// TestScrollBoxesAreTabStopsWhileTheyScroll walks with the Tab key
// through every page of the fixture site whose HTML has a table or a block
// of code (its article has a wide table, a long line of code and a small
// table and block that fit a phone; its legal page a wide table), at a
// phone's width and a desktop's: the walk stops on every box that scrolls
// sideways, and on no other. Without JavaScript, where nothing measures
// the boxes, it stops on each. At a phone's width, a block of code
// scrolled to its end keeps its padding between its last letter and its
// right edge. Every stop of the walks in the page's main part holds to
// the focus walk's checks (tabStops): a block of code was a stop that a
// screen reader named as nothing, and the article's headings, listed by
// its contents, were each a second stop with the same link.
func TestScrollBoxesAreTabStopsWhileTheyScroll(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	paths := fixtureBoxPages(t, env)

	fits, scrolls, codeEnds := 0, 0, 0
	for _, c := range []struct {
		name    string
		width   int
		scripts bool
	}{{"phone", 375, true}, {"desktop", 1280, true}, {"phone without JavaScript", 375, false}} {
		t.Run(c.name, func(t *testing.T) {
			tab := env.NewTab(t, c.width, 800)
			if !c.scripts {
				scriptsOff(t, tab)
			}
			for _, path := range paths {
				if c.scripts {
					tab.Reset()
					tab.Load(t, path)
				} else {
					do(t, tab, chromedp.Navigate(env.URL+path))
				}
				boxes := eval[[]scrollBox](t, tab, `[...document.querySelectorAll("main pre, main table")].map((b, i) => {
  b.dataset.box = i;
  return {Name: b.tagName + " " + JSON.stringify(b.textContent.trim().slice(0, 30)), Overflows: b.scrollWidth > b.clientWidth};
})`)
				reached := tabStops(t, tab, c.scripts)
				for i, b := range boxes {
					want := b.Overflows || !c.scripts
					if reached[i] != want {
						t.Errorf("%s: the Tab key stops on %s: %v; want %v (it scrolls sideways: %v)", path, b.Name, reached[i], want, b.Overflows)
					}
					if !c.scripts {
						continue
					}
					if b.Overflows {
						scrolls++
					} else {
						fits++
					}
				}
				if c.width == 375 && c.scripts {
					codeEnds += codeEndsClear(t, tab, path)
				}
			}
		})
	}
	// The fixture's boxes, so that neither kind of box goes unchecked.
	if fits == 0 || scrolls == 0 || codeEnds == 0 {
		t.Fatalf("on the fixture site, %d boxes fit, %d scroll sideways, %d blocks of code scroll at 375 px; want some of each", fits, scrolls, codeEnds)
	}
}

// tabStops presses Tab from the page's start until the focus has been in
// <main> and left it, and gives the boxes (data-box) it stopped on. Each
// stop in <main> is held to the focus walk's checks (focusWalk): in view,
// its ring seen, and what a screen reader says of it. With scripts, a box
// reached comes to rest with its top below the sticky header, where its
// reading starts (a screen reader's trial saw a long table's header row
// under it, while the cookie banner showed, in a step it measured before
// the page had stopped moving).
func tabStops(t *testing.T, tab *browsertest.Tab, scripts bool) map[int]bool {
	t.Helper()
	type focused struct {
		Box    int
		InMain bool
	}
	reached := map[int]bool{}
	inMain := false
	var walk focusWalk
	defer func() {
		for _, p := range walk.problems {
			t.Error(p)
		}
	}()
	for range 300 {
		do(t, tab, chromedp.KeyEvent(kb.Tab))
		f := eval[focused](t, tab, `(() => {
  const a = document.activeElement;
  return {Box: a && a.dataset && a.dataset.box !== undefined ? +a.dataset.box : -1, InMain: !!(a && a.closest("main"))};
})()`)
		switch {
		case f.InMain:
			inMain = true
			walk.add(eval[*stop](t, tab, focusStop))
		case inMain:
			return reached
		}
		if f.Box >= 0 {
			reached[f.Box] = true
			if scripts {
				below, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[float64](scrollSettled+`.then(() => document.activeElement.getBoundingClientRect().top - document.querySelector("header.site-header").getBoundingClientRect().bottom)`, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatal(err)
				}
				if below < -1 {
					t.Errorf("a box reached by Tab rests with its top %.0f px under the header: %s", -below, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
				}
			}
		}
	}
	t.Fatal("300 presses of Tab did not leave the page's main part")
	return nil
}

// codeEndsClear scrolls each block of code of the page that scrolls
// sideways to its end, and checks that its last letter stands at least
// 12 px from the box's right edge (its padding is 20). It gives the number
// of blocks checked.
func codeEndsClear(t *testing.T, tab *browsertest.Tab, path string) int {
	t.Helper()
	gaps := eval[[]float64](t, tab, `[...document.querySelectorAll("main pre")].filter((b) => b.scrollWidth > b.clientWidth).map((b) => {
  b.scrollLeft = b.scrollWidth;
  const r = b.getBoundingClientRect(), text = document.createRange();
  text.selectNodeContents(b);
  const right = Math.max(...[...text.getClientRects()].filter((c) => c.width > 0).map((c) => c.right));
  return r.left + b.clientLeft + b.clientWidth - right;
})`)
	for _, gap := range gaps {
		if gap < 12 {
			t.Errorf("%s: a block of code scrolled to its end shows its last letter %.0f px from its right edge; want its padding between them (at least 12 px)", path, gap)
		}
	}
	return len(gaps)
}
