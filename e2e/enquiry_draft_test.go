package e2e

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestEnquiryKeptForTheTab: a prospect half-way through the form follows
// a link to look at something else, comes Back, and finds what they typed;
// Send then goes at once (the time to fill counts from when they began,
// not from the Back). Once the enquiry is delivered, the form is empty
// again on every page. Before, the app's page swap dropped the form and
// Back brought it back empty. On the fixture site, whose home page has the
// form and a link to /services.
func TestEnquiryKeptForTheTab(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	f := site.Layout.ContactForm
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	env.HoldContact(t)
	tab := env.NewTab(t, 1280, 800)
	movableClock(t, tab)
	loadApp(t, tab, "/")
	fillContactForm(t, tab, f.SizeOptions[0])
	aheadOfClock(t, tab, 3100*time.Millisecond) // the time it took to type
	typed := `[...document.querySelectorAll("#contact-form input:not([name=website]), #contact-form select, #contact-form textarea")].map((e) => e.name + "=" + e.value).join("&")`
	want := eval[string](t, tab, typed)

	away := func() {
		t.Helper()
		markLink(t, tab, `main a[href="/services"]`, "data-go")
		click(t, tab, "[data-go]")
		tab.WaitFor(t, `location.pathname === "/services" && !document.querySelector(".page-pending")`, 30*time.Second)
		run(t, tab, `history.back()`)
		tab.WaitFor(t, `location.pathname === "/" && !!document.getElementById("cf-firstName")`, 30*time.Second)
	}
	away()
	if got := eval[string](t, tab, typed); got != want {
		t.Fatalf("Back to the form after a look at /services, it holds\n  %s\nwant what was typed\n  %s", got, want)
	}

	before := len(env.OutboxLines(t))
	clickText(t, tab, "#contact-form button", submitLabel(site, "/"))
	toasts := `[...document.querySelectorAll(".toasts li")].map(l => l.innerText.replace(/\s+/g, " ").trim()).join(" | ")`
	tab.WaitFor(t, toasts+`.includes(`+js(f.Success.Title)+`) || `+toasts+`.includes(`+js(f.Suspicious.Title)+`)`, 30*time.Second)
	if got := eval[string](t, tab, toasts); !strings.Contains(got, f.Success.Title) {
		t.Fatalf("Send at once on the form brought back: %q, want %q", got, f.Success.Title)
	}
	if got := len(env.OutboxLines(t)) - before; got != 1 {
		t.Fatalf("%d enquiries delivered, want 1", got)
	}

	away()
	if got := eval[string](t, tab, typed); !eval[bool](t, tab, `["cf-firstName", "cf-email", "cf-message"].every((id) => document.getElementById(id).value === "")`) {
		t.Errorf("after the enquiry was delivered, Back to the form finds it filled again: %s", got)
	}
	noConsoleErrors(t, tab)
}
