package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestHeaderMenuAimsAcrossItsNeighbours moves a real pointer (the
// browser's own input, hit-tested as a mouse's) from a menu's button
// towards its links by a path that crosses the next entry of the bar, as
// a slow, curved diagonal does, and rests there past the close delay and
// the switch delay: the menu stays, and the next entry, a link or a menu,
// does not take the pointer (a trial: the menu closed in 9 of 20 such
// paths past a link, and a menu crossed took over in 12 of 12). A
// pointer that rests there longer wants the entry under it: the menu
// closes, and a click follows that entry's link.
//
// Each look is at a time by the page's clock between the delays it
// tests; a try in which the page answered so late that the pointer's
// rest was already due is tried again.
func TestHeaderMenuAimsAcrossItsNeighbours(t *testing.T) {
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
	eval[bool](t, tab, `addEventListener("pointermove", (e) => (window.__moved = e.timeStamp), true), true`)
	move := func(t *testing.T, x, y float64) {
		t.Helper()
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	}
	// look waits ms by the page's clock and says whether the first menu
	// and the next entry's are shown, and how long since the pointer last
	// moved.
	type look struct {
		Open, NextOpen bool
		Since          float64
	}
	lookAfter := func(t *testing.T, ms int) look {
		t.Helper()
		pageWait(t, tab, ms)
		return eval[look](t, tab, `(() => { const n = (`+next+`).querySelector(".nav__menu"); return { Open: `+menu+`.checkVisibility(), NextOpen: !!n && n.checkVisibility(), Since: performance.now() - window.__moved }; })()`)
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
		closeDelay = 150 // MENU_CLOSE_DELAY, MENU_SWITCH_DELAY 120
		rest       = 400 // MENU_AIM_REST
	)
	cross := func(t *testing.T, name string) (x, y float64) {
		t.Helper()
		for try := 1; ; try++ {
			x, y = open(t)
			move(t, x, y)
			l := lookAfter(t, closeDelay+100)
			if l.Since < rest {
				if !l.Open || l.NextOpen {
					t.Fatalf("%s: the pointer crossed the next entry on its way to the menu's links, and the menu shown %v, the next entry's %v: want the menu kept", name, l.Open, l.NextOpen)
				}
				return x, y
			}
			if try == 3 {
				t.Fatalf("%s: in three tries, the page looked only after the pointer's rest was due: the test did not test the crossing", name)
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
		if o := lookAfter(t, closeDelay+100); !o.Open {
			t.Fatal("the pointer reached the far end of the menu's first link, and the menu closed")
		}
		if !eval[bool](t, tab, menu+`.querySelector("a").matches(":hover")`) {
			t.Error("at the far end of the menu's first link, the link is not under the pointer")
		}

		// Resting over the link beside the button: it takes the pointer.
		x, y = cross(t, "past a link, to rest")
		waitFor(t, tab, `!`+menu+`.checkVisibility()`)
		href := eval[string](t, tab, `(`+next+`).querySelector("a").pathname`)
		do(t, tab,
			chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		)
		waitFor(t, tab, `location.pathname === `+jsString(href))
		tab.Load(t, "/")
		tab.WaitFor(t, hydrated, time.Minute)
		eval[bool](t, tab, `addEventListener("pointermove", (e) => (window.__moved = e.timeStamp), true), true`)
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
	})
	noConsoleErrors(t, tab)
}
