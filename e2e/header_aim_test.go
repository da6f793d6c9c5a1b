package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestHeaderMenuAimsAcrossItsNeighbours moves a real pointer (the
// browser's own input, hit-tested as a mouse's) from a menu's button
// towards its links by a path that crosses the next entry of the bar, as
// a slow, curved diagonal does, and stays on it, moving on down, past the
// close delay and the switch delay: the menu stays, and the next entry, a
// link or a menu, does not take the pointer (a trial: the menu closed in 9 of 20 such
// paths past a link, and a menu crossed took over in 12 of 12). A click
// there follows the entry's link; a pointer that rests there longer
// wants that entry: the menu closes. A press on the next menu's button
// leaves the first shown until the click opens the next.
//
// The pointer keeps moving as it crosses, as a person's does, and is
// looked at once it has crossed for longer than the delays; a try in
// which the page heard no move for as long as the rest that gives the
// entry up (a loaded machine) is tried again.
func TestHeaderMenuAimsAcrossItsNeighbours(t *testing.T) {
	const listenMoves = `(window.__moves = []), addEventListener("pointermove", (e) => window.__moves.push(e.timeStamp), true), true`
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1366, 900)
	tab.Load(t, "/")
	tab.WaitFor(t, hydrated, time.Minute)
	const (
		first = `document.querySelector(".nav__dropdown")`
		menu  = first + `.querySelector(".nav__menu")`
		// the entry after the first menu that the test has left in the bar
		next = `(() => { const all = [...document.querySelectorAll(".nav__desktop > li")]; return all.slice(all.indexOf(` + first + `) + 1).find((li) => li.checkVisibility()); })()`
	)
	if !eval[bool](t, tab, first+` !== null && (`+next+`) !== undefined`) {
		t.Fatal("the fixture's header has no menu with an entry after it: the test wants one")
	}
	eval[bool](t, tab, listenMoves)
	move := func(t *testing.T, x, y float64) {
		t.Helper()
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	}
	// look says whether the first menu and the next entry's are shown,
	// how long the pointer has been crossing (since the first move the
	// page heard after `window.__moves = []`), and the longest the page
	// went without hearing it move, to this look.
	type look struct {
		Open, NextOpen bool
		Crossing, Gap  float64
	}
	lookNow := func(t *testing.T) look {
		t.Helper()
		return eval[look](t, tab, `(() => {
			const n = (`+next+`).querySelector(".nav__menu"), m = window.__moves, now = performance.now();
			const gaps = m.slice(1).map((v, i) => v - m[i]).concat(now - m[m.length - 1]);
			return { Open: `+menu+`.checkVisibility(), NextOpen: !!n && n.checkVisibility(), Crossing: now - m[0], Gap: Math.max(...gaps) };
		})()`)
	}
	// open hovers the first menu's button until its menu shows, then moves
	// to the button's right end, and says where the pointer is to cross
	// the next entry: 16 px into it, 4 px below the pointer.
	open := func(t *testing.T) (x, y float64) {
		t.Helper()
		move(t, 1, 1)
		waitFor(t, tab, `!`+menu+`.checkVisibility()`)
		hover(t, tab, ".nav__dropdown > button")
		waitFor(t, tab, menu+`.checkVisibility()`)
		b := rectOf(t, tab, first+`.querySelector("button")`)
		y = (b.Top + b.Bottom) / 2
		move(t, b.Right-2, y)
		n := rectOf(t, tab, next)
		if n.Left-b.Right > 12 || y+4 > n.Bottom {
			t.Fatalf("the next entry (%+v) is not beside the button (%+v): the test wants it there", n, b)
		}
		return n.Left + 16, y + 4
	}
	const (
		closeDelay = 150 // MENU_CLOSE_DELAY; MENU_SWITCH_DELAY is 120
		rest       = 200 // MENU_AIM_REST
	)
	// cross moves the pointer onto the next entry and on down it, a
	// pixel at a time, for longer than the close delay, never resting as
	// long as MENU_AIM_REST. A try in which the page went that long
	// without a move (a loaded machine), or looked too soon, is tried
	// again.
	cross := func(t *testing.T, name string) (x, y float64) {
		t.Helper()
		for try := 1; ; try++ {
			x, y = open(t)
			eval[bool](t, tab, `(window.__moves = []), true`)
			move(t, x, y)
			for k := 1; k <= 5; k++ {
				pageWait(t, tab, 30)
				move(t, x, y+float64(k))
			}
			l := lookNow(t)
			if l.Gap < rest && l.Crossing > closeDelay+50 {
				if !l.Open || l.NextOpen {
					t.Fatalf("%s: the pointer crossed the next entry on its way to the menu's links, and the menu shown %v, the next entry's %v: want the menu kept", name, l.Open, l.NextOpen)
				}
				return x, y + 5
			}
			if try == 3 {
				t.Fatalf("%s: in three tries the page heard no move for %.0f ms, or looked after %.0f ms: the test did not test the crossing", name, l.Gap, l.Crossing)
			}
		}
	}

	t.Run("past a link", func(t *testing.T) {
		if eval[bool](t, tab, `(`+next+`).matches(".nav__dropdown")`) {
			t.Fatal("the fixture's header has a menu after its first: the test wants a link")
		}
		x, y := cross(t, "past a link")
		// On to the far end of the first link: still the menu's.
		l := rectOf(t, tab, menu+`.querySelector("a")`)
		move(t, (x+l.Right-8)/2, (y+l.Top)/2)
		move(t, l.Right-8, (l.Top+l.Bottom)/2)
		pageWait(t, tab, closeDelay+100)
		if o := lookNow(t); !o.Open {
			t.Fatal("the pointer reached the far end of the menu's first link, and the menu closed")
		}
		if !eval[bool](t, tab, menu+`.querySelector("a").matches(":hover")`) {
			t.Error("at the far end of the menu's first link, the link is not under the pointer")
		}

		// A click over the link beside the button, at once or after a
		// rest there (which closes the menu), follows that link.
		href := eval[string](t, tab, `(`+next+`).querySelector("a").pathname`)
		clickAt := func(x, y float64) {
			do(t, tab, chromedp.MouseClickXY(x, y))
			waitFor(t, tab, `location.pathname === `+jsString(href))
			tab.Load(t, "/")
			tab.WaitFor(t, hydrated, time.Minute)
			eval[bool](t, tab, listenMoves)
		}
		clickAt(cross(t, "past a link, to click"))
		x, y = cross(t, "past a link, to rest")
		waitFor(t, tab, `!`+menu+`.checkVisibility()`)
		clickAt(x, y)
	})

	t.Run("past a menu", func(t *testing.T) {
		// The entries between the first menu and the next menu leave the
		// bar, so that the next entry is a menu.
		eval[bool](t, tab, `(() => {
			const all = [...document.querySelectorAll(".nav__desktop > li")];
			const i = all.indexOf(`+first+`);
			for (const li of all.slice(i + 1)) { if (li.matches(".nav__dropdown")) return true; li.style.display = "none"; }
			return false;
		})()`)
		if !eval[bool](t, tab, `(`+next+`).matches(".nav__dropdown")`) {
			t.Fatal("the fixture's header has one menu: the test wants two")
		}
		cross(t, "past a menu")

		// From the first menu's links straight onto the next menu's
		// button, clear of the triangle, and a press there at once: a menu
		// shows until the click opens the next (the press closed the
		// first, and none showed until the release: a trial). A press
		// after the next menu's switch delay, which the old header passed,
		// is tried again.
		eval[bool](t, tab, `addEventListener("pointerenter", (e) => e.target === (`+next+`) && (window.__entered = e.timeStamp), true),
			addEventListener("pointerdown", (e) => (window.__pressed = e.timeStamp - window.__entered), true), true`)
		for try := 1; ; try++ {
			open(t)
			l := rectOf(t, tab, menu+`.querySelector("a")`)
			move(t, (l.Left+l.Right)/2, (l.Top+l.Bottom)/2)
			n := rectOf(t, tab, `(`+next+`).querySelector("button")`)
			x, y := n.Right-4, n.Top+4
			if eval[bool](t, tab, `document.elementFromPoint(`+fmt.Sprint(x)+`, `+fmt.Sprint(y)+`).closest(".nav__dropdown") !== (`+next+`)`) {
				t.Fatal("the next menu's button's top right corner is under the first menu's triangle: the test wants it clear")
			}
			move(t, x, y)
			do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
			o := lookNow(t)
			pressed := eval[float64](t, tab, `window.__pressed`)
			do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
			waitFor(t, tab, `(`+next+`).querySelector(".nav__menu").checkVisibility() && !`+menu+`.checkVisibility()`)
			if !o.Open && !o.NextOpen {
				t.Fatal("pressed on the next menu's button, no menu showed until the release")
			}
			if pressed < 100 {
				break
			}
			if try == 3 {
				t.Fatalf("in three tries the press came %.0f ms after the pointer reached the next menu: the test did not test a press before its switch", pressed)
			}
		}
	})
	noConsoleErrors(t, tab)
}
