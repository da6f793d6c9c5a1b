package e2e

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// A visitor on a slow connection sees the contact form, and can type in
// it, before the app's script has arrived: the page is prerendered and the
// script loads after it, at low priority. What they type and choose must
// survive the app's start; a press of Send in the meantime says that the
// message goes once the page has loaded, and it does, with no second
// press; Enter in a field must neither leave the page nor lose the
// enquiry; and the anti-bot guard must count their time from when the form
// appeared, not from when the app caught up: here the visitor spends the
// guard's 3 s on the form before the app runs.
func TestContactFormBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	contactBeforeTheApp(t, func(tab *browsertest.Tab) {
		click(t, tab, "#contact-form .contact__submit")
		queuedNoteShown(t, tab, "pressing Send")
		click(t, tab, "#contact-form .contact__submit") // a second, impatient press
		do(t, tab, chromedp.Focus(chromedp.CSS("#cf-email")), chromedp.KeyEvent(kb.Enter))
	})
}

// Enter in a field, the way many send a form, before the app's script has
// arrived: it says and does what Send says and does.
func TestContactFormEnterBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	contactBeforeTheApp(t, func(tab *browsertest.Tab) {
		do(t, tab, chromedp.Focus(chromedp.CSS("#cf-email")), chromedp.KeyEvent(kb.Enter))
		queuedNoteShown(t, tab, "Enter in a field")
	})
}

func queuedNoteShown(t *testing.T, tab *browsertest.Tab, what string) {
	t.Helper()
	if !eval[bool](t, tab, `document.getElementById("cf-queued").matches(":popover-open") && document.getElementById("cf-queued").checkVisibility() && document.getElementById("cf-queued").innerText.trim().length > 0`) {
		t.Fatal(what + " before the app ran said nothing")
	}
}

// contactBeforeTheApp fills the home page's contact form before the app
// runs, sends it by press, lets the app start and checks that the enquiry
// went once, as typed, without leaving the page.
func contactBeforeTheApp(t *testing.T, press func(*browsertest.Tab)) {
	env := browsertest.Start(t)
	env.HoldContact(t)
	before := len(env.OutboxLines(t))

	tab := env.NewTab(t, 412, 900)
	movableClock(t, tab)
	// Every script file is held until the test lets it go; every request
	// that would replace the document is noted.
	scripts := holdScripts(t, tab)
	var (
		documentsMu sync.Mutex
		documents   []string
	)
	if err := chromedp.Listen(tab.Ctx, func(ev any) {
		if ev, ok := ev.(*network.EventRequestWillBeSent); ok && ev.Type == network.ResourceTypeDocument {
			documentsMu.Lock()
			defer documentsMu.Unlock()
			documents = append(documents, ev.Request.Method+" "+ev.Request.URL)
		}
	}); err != nil {
		t.Fatal(err)
	}
	scripts.navigate(t, env.URL+"/")
	waitFor(t, tab, `document.readyState !== "loading" && document.getElementById("contact-form")?.checkVisibility()`)
	if eval[bool](t, tab, `document.documentElement.hasAttribute("data-hydrated")`) {
		t.Fatal("the page hydrated: the test is not testing the page before the app")
	}

	run(t, tab, `window.__sameDocument = true`)
	fillContactForm(t, tab, "51-250")
	// Sent before the app can send anything.
	press(tab)
	// The visitor's time on the form, as the page's clock sees it.
	aheadOfClock(t, tab, 3100*time.Millisecond)

	scripts.release(t)
	hydrated := chromedp.Poll[chromedp.Void](`document.documentElement.hasAttribute("data-hydrated") || !window.__sameDocument`, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(25*time.Millisecond))
	err := chromedp.Do(tab.Ctx, hydrated)
	documentsMu.Lock()
	docs := append([]string(nil), documents...)
	documentsMu.Unlock()
	if len(docs) != 1 {
		t.Fatalf("pressing Send before the app ran left the page: %q", docs)
	}
	if err != nil {
		t.Fatalf("the page did not hydrate: %v (console: %q, errors: %q)", err, tab.ConsoleErrors(), tab.Errors())
	}
	if !eval[bool](t, tab, `window.__sameDocument === true`) {
		t.Fatal("pressing Send before the app ran replaced the document")
	}
	// The press before the app is sent once it runs, and only once.
	waitFor(t, tab, `document.querySelectorAll(".toasts li").length > 0`) // sent, refused or failed
	if eval[bool](t, tab, `document.getElementById("cf-queued")?.matches(":popover-open") ?? false`) {
		t.Error("the note that the message waits for the page stays once it was sent")
	}
	lines := env.OutboxLines(t)
	if len(lines) != before+1 {
		t.Fatalf("%d enquiries delivered, want 1 (toasts: %q)", len(lines)-before, eval[[]string](t, tab, `[...document.querySelectorAll(".toasts li")].map(l => l.innerText)`))
	}
	got := fmt.Sprint(lines[len(lines)-1])
	// What was typed before the app, as typed.
	for _, want := range []string{"Ada Lovelace", "ada@example.com", "51-250", "We want to interview our customers."} {
		if !strings.Contains(got, want) {
			t.Errorf("the enquiry %s lacks %q", got, want)
		}
	}
	noConsoleErrors(t, tab)
}

// "Cookie settings" pressed on a slow connection, before the app's script
// has arrived: a note says the preferences open once the page has loaded
// (Escape closes it), and they do, with no second press; the note is gone
// then.
func TestCookieSettingsBeforeTheAppRuns(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 412, 900)
	scripts := holdScripts(t, tab)
	scripts.navigate(t, env.URL+"/")
	button := `document.querySelector("footer .footer__cookies")`
	waitFor(t, tab, `document.readyState !== "loading" && !!`+button)
	if eval[bool](t, tab, `document.documentElement.hasAttribute("data-hydrated")`) {
		t.Fatal("the page hydrated: the test is not testing the page before the app")
	}
	run(t, tab, button+`.scrollIntoView({block: "center"})`)
	click(t, tab, "footer .footer__cookies")
	note := `document.getElementById(` + button + `.getAttribute("popovertarget"))`
	if !eval[bool](t, tab, `(() => { const n = `+note+`; return !!n && n.matches(":popover-open") && n.checkVisibility() && n.innerText.trim().length > 0; })()`) {
		t.Fatal(`pressing "Cookie settings" before the app ran said nothing`)
	}
	// Should the script never come, Escape closes the note; pressed
	// again, it is back.
	do(t, tab, chromedp.KeyEvent(kb.Escape))
	waitFor(t, tab, `!(`+note+`).matches(":popover-open")`)
	click(t, tab, "footer .footer__cookies")
	waitFor(t, tab, `(`+note+`).matches(":popover-open")`)
	scripts.release(t)
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated") && document.querySelector(".consent-dialog")?.open`, 30*time.Second)
	if eval[bool](t, tab, `!!document.querySelector(":popover-open")`) {
		t.Error("the note that the settings wait for the page stays once they are open")
	}
	if eval[bool](t, tab, button+`.hasAttribute("popovertarget")`) {
		t.Error(`once the app runs, "Cookie settings" still opens the note`)
	}
	noConsoleErrors(t, tab)
}

// A visitor whose browser never gets the app's script (a blocker, a
// proxy, a network error) presses Send, and then "Cookie settings": each
// note says that nothing was sent or will open, and where to write
// instead, never that it will happen "as soon as the page has finished
// loading" on a page that has. Nothing reaches the contact function.
func TestQueuedNotesWhenTheScriptFailed(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	env.HoldContact(t)
	before := len(env.OutboxLines(t))
	site := sweepSite(t)
	tab := env.NewTab(t, 412, 900)
	blockAppScript(t, tab)
	do(t, tab, chromedp.Navigate(env.URL+"/"))
	waitFor(t, tab, `document.documentElement.hasAttribute("data-app-failed") && document.getElementById("contact-form")?.checkVisibility()`)
	fillContactForm(t, tab, "51-250")
	run(t, tab, `document.querySelector("#contact-form .contact__submit").scrollIntoView({block: "center"})`)
	click(t, tab, "#contact-form .contact__submit")
	queuedNoteSays(t, tab, "#cf-queued", site.Layout.ContactForm.Failed+" "+string(site.Config.DemoEmail)+".", site.Layout.ContactForm.Queued)

	run(t, tab, `document.getElementById("cf-queued").hidePopover()`)
	run(t, tab, `document.querySelector("footer .footer__cookies").scrollIntoView({block: "center"})`)
	click(t, tab, "footer .footer__cookies")
	queuedNoteSays(t, tab, `#`+eval[string](t, tab, `document.querySelector("footer .footer__cookies").getAttribute("popovertarget")`), site.Layout.Footer.CookieSettingsFailed, site.Layout.Footer.CookieSettingsQueued)

	if n := len(env.OutboxLines(t)); n != before {
		t.Errorf("%d enquiries delivered with the app's script blocked", n-before)
	}
}

// queuedNoteSays checks that the popover sel is open and shows want, and
// nothing of not.
func queuedNoteSays(t *testing.T, tab *browsertest.Tab, sel, want, not string) {
	t.Helper()
	shown := eval[string](t, tab, `(() => { const n = document.querySelector(`+jsString(sel)+`); return n && n.matches(":popover-open") && n.checkVisibility() ? n.innerText.replace(/\s+/g, " ").trim() : "" })()`)
	if norm := strings.Join(strings.Fields(want), " "); shown != norm {
		t.Errorf("%s says %q, want %q", sel, shown, norm)
	}
	if strings.Contains(shown, strings.Join(strings.Fields(not), " ")) {
		t.Errorf("%s still promises %q", sel, not)
	}
}

// blockAppScript fails every request for the app's script
// (/assets/app-*.js), as a content blocker does; the players' and the
// lazy kinds' modules load.
func blockAppScript(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if err := chromedp.Listen(tab.Ctx, func(ev any) {
		if ev, ok := ev.(*fetch.EventRequestPaused); ok {
			// Not from the listener itself, which the answer would wait on.
			go chromedp.Call(tab.Ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tab.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/assets/app-*.js", RequestStage: fetch.RequestStageRequest}}}); err != nil {
		t.Fatal(err)
	}
}
