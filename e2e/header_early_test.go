package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// The header works in the seconds before the app has started, on a
// connection where the app arrives well after the page it hydrates: on a
// phone, the menu a visitor opened then, and the group they expanded, stay
// open as the app takes over, and the app's × then closes it; on a
// desktop, a menu opens on hover before the app and by the app's own
// rules after. Nothing the header does makes the browser warn (the
// hamburger's command and the app both opening the sheet did: "A command
// attempted to open an already open Dialog").
func TestHeaderBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	hydrated := `document.documentElement.hasAttribute("data-hydrated")`

	t.Run("phone", func(t *testing.T) {
		t.Parallel()
		tab := env.NewTab(t, 412, 823)
		scripts := loadHoldingScripts(t, env, tab, "/")
		if !eval[bool](t, tab, `document.querySelector("#mobile-menu details") !== null`) {
			t.Fatal("the phone menu has no group: the test wants the header to have a menu")
		}
		click(t, tab, "nav .nav__burger")
		waitFor(t, tab, `document.getElementById("mobile-menu").open`)
		click(t, tab, "#mobile-menu details summary")
		waitFor(t, tab, `document.querySelector("#mobile-menu details").open`)
		if eval[bool](t, tab, hydrated) {
			t.Fatal("the page hydrated: the test is not testing the menu before the app")
		}

		scripts.release(t)
		waitFor(t, tab, hydrated)
		// The app renders the hamburger expanded once it has found the
		// sheet open, just after it has hydrated (or shuts the sheet).
		sheet := `document.getElementById("mobile-menu").open`
		expanded := `document.querySelector("nav .nav__burger").getAttribute("aria-expanded") === "true"`
		waitFor(t, tab, expanded+` || !`+sheet)
		if !eval[bool](t, tab, sheet+` && `+expanded+` && document.querySelector("#mobile-menu details").open`) {
			t.Fatal("the menu opened before the app started did not stay open, with its group and the hamburger expanded, once the app took over")
		}
		click(t, tab, "#mobile-menu .nav__burger")
		waitFor(t, tab, `!document.getElementById("mobile-menu").open && document.querySelector("nav .nav__burger").getAttribute("aria-expanded") === "false"`)
		// Once more, the app's alone.
		click(t, tab, "nav .nav__burger")
		waitFor(t, tab, `document.getElementById("mobile-menu").open && document.querySelector("nav .nav__burger").getAttribute("aria-expanded") === "true"`)
		click(t, tab, "#mobile-menu .nav__burger")
		waitFor(t, tab, `!document.getElementById("mobile-menu").open`)
		// Opened again while the sheet's close is still queued (closed by
		// a script, as a window widening past the phone's does): it opens.
		click(t, tab, "nav .nav__burger")
		waitFor(t, tab, `document.getElementById("mobile-menu").open`)
		run(t, tab, `document.getElementById("mobile-menu").close(); document.querySelector("nav .nav__burger").click()`)
		waitFor(t, tab, `document.getElementById("mobile-menu").open`)
		if w := tab.Warnings(); len(w) > 0 {
			t.Errorf("the browser warned: %q", w)
		}
		noConsoleErrors(t, tab)
	})

	t.Run("desktop", func(t *testing.T) {
		t.Parallel()
		tab := env.NewTab(t, 1366, 900)
		scripts := loadHoldingScripts(t, env, tab, "/")
		trigger := `document.querySelector(".nav__dropdown > button")`
		if !eval[bool](t, tab, trigger+` !== null`) {
			t.Fatal("the header has no menu: the test wants one")
		}
		menu := `document.querySelector(".nav__dropdown .nav__menu").checkVisibility()`
		if eval[bool](t, tab, menu) {
			t.Fatal("a menu shows before the pointer came near it")
		}
		hover(t, tab, ".nav__dropdown > button")
		waitFor(t, tab, menu)
		if eval[bool](t, tab, hydrated) {
			t.Fatal("the page hydrated: the test is not testing the menu before the app")
		}
		// The pointer leaves, to the window's far corner: the menu goes.
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1300, 880))
		waitFor(t, tab, `!`+menu)

		scripts.release(t)
		waitFor(t, tab, hydrated)
		click(t, tab, ".nav__dropdown > button")
		waitFor(t, tab, menu+` && `+trigger+`.getAttribute("aria-expanded") === "true"`)
		noConsoleErrors(t, tab)
	})
}

// loadHoldingScripts loads path into tab with every script held back (the
// app among them) until their release, and waits for the page to be
// whole.
func loadHoldingScripts(t *testing.T, env *browsertest.Env, tab *browsertest.Tab, path string) *scriptHold {
	t.Helper()
	scripts := holdScripts(t, tab)
	scripts.navigate(t, env.URL+path)
	waitFor(t, tab, `document.readyState !== "loading" && location.pathname === `+jsString(path))
	return scripts
}

// hover moves the mouse to the middle of the element sel.
func hover(t *testing.T, tab *browsertest.Tab, sel string) {
	t.Helper()
	r := rectOf(t, tab, `document.querySelector(`+jsString(sel)+`)`)
	do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (r.Left+r.Right)/2, (r.Top+r.Bottom)/2))
}
