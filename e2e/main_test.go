// Package e2e holds the browser tests of the site: the real build, served
// by the real server, driven in Debian's headless Chromium (see
// internal/browsertest).
package e2e

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/browsertest"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// TestSmoke is the pipeline's end-to-end check: the home page loads
// without a console error, React hydrates it, and a client-side navigation
// changes the title and the URL without loading a new document.
func TestSmoke(t *testing.T) {
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1280, 800)
	tab.Load(t, "/")
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Fatalf("console errors on /: %q", errs)
	}

	// A marker on window survives a client-side navigation, not a reload.
	const link = `footer a[href="/privacy-policy"]`
	if err := chromedp.Do(tab.Ctx,
		chromedp.Evaluate[chromedp.Void](`window.__sameDocument = true`),
		chromedp.Click(chromedp.CSS(link)),
		chromedp.Poll[chromedp.Void](`location.pathname === "/privacy-policy" && document.title.startsWith("Privacy Policy")`),
	); err != nil {
		t.Fatalf("client-side navigation: %v", err)
	}
	same, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`))
	if err != nil || !same {
		t.Errorf("navigation reloaded the document (marker kept: %v, err %v)", same, err)
	}
	title, _ := chromedp.Run(tab.Ctx, chromedp.Title())
	if !strings.Contains(title, "Privacy Policy") {
		t.Errorf("title after navigation = %q", title)
	}
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors after navigation: %q", errs)
	}
}
