// Package e2e holds the browser tests of the site: the real build, served
// by the real server, driven in Debian's headless Chromium (see
// internal/testkit/browsertest).
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/functions/contact/outbox"
	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/testkit/browsertest"
)

func TestMain(m *testing.M) {
	os.Exit(browsertest.Main(m, browsertest.Site{Build: build, Contact: localContact}))
}

// build is cmd/build's build of the repository's frontend and the content
// cfg names (relative to the repository, or absolute: a site a test wrote;
// the shipped content, browsertest.ContentDir, by default), written to dir.
func build(ctx context.Context, repo string, cfg browsertest.Config, dir string) error {
	src := browsertest.ContentDir(repo)
	if cfg.Content != "" {
		src = cfg.Content
		if !filepath.IsAbs(src) {
			src = filepath.Join(repo, src)
		}
	}
	res, err := generator.Build(ctx, generator.Options{
		Content:     os.DirFS(src),
		FrontendDir: filepath.Join(repo, "frontend"),
		AnalyticsID: cfg.AnalyticsID,
	})
	if err != nil {
		return err
	}
	return res.WriteTo(dir)
}

// localContact is the contact function as cmd/serve mounts it, but for
// its limit per source: the suite's tests send a dozen enquiries from this
// one machine within seconds, and the default burst of 3 refused the
// fourth by chance of their order. The limiter has its own tests
// (functions/contact/ratelimit, the handler's 429).
func localContact(outboxFile string, origins []string) (http.Handler, error) {
	if err := os.Setenv("CONTACT_RATE_BURST", "1000"); err != nil {
		return nil, err
	}
	return outbox.Handler(outboxFile, origins, nil)
}

// TestSmoke is the pipeline's end-to-end check: the home page loads
// without a console error, React hydrates it, and a client-side navigation
// changes the title and the URL without loading a new document.
func TestSmoke(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1280, 800)
	tab.Load(t, "/")
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Fatalf("console errors on /: %q", errs)
	}

	// A marker on window survives a client-side navigation, not a reload.
	to := footerPage(t, tab)
	link := fmt.Sprintf(`footer a[href=%q]`, to.Path)
	if err := chromedp.Do(tab.Ctx,
		chromedp.Evaluate[chromedp.Void](`window.__sameDocument = true`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+strconv.Quote(link)+`).scrollIntoView()`),
		chromedp.Click(chromedp.CSS(link)),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`location.pathname === %q && document.title === %q`, to.Path, to.Title)),
	); err != nil {
		title, _ := chromedp.Run(tab.Ctx, chromedp.Title())
		t.Fatalf("client-side navigation to %s (title %q, want %q): %v", to.Path, title, to.Title, err)
	}
	same, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`))
	if err != nil || !same {
		t.Errorf("navigation reloaded the document (marker kept: %v, err %v)", same, err)
	}
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors after navigation: %q", errs)
	}
}

// TestWithoutJavaScript: with scripts off, every page still shows its
// content (the contact form aside: TestContactFormNeedsJavaScript), and
// its links are plain links to real pages.
func TestWithoutJavaScript(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1280, 800)
	// The home page, and the page of the footer's first link; the sweep
	// loads every other page without JavaScript (TestSweepWithoutJavaScript).
	tab.Load(t, "/")
	to := footerPage(t, tab)
	link := fmt.Sprintf(`footer a[href=%q]`, to.Path)
	scriptsOff(t, tab)
	for _, path := range []string{"/", to.Path} {
		t.Run(path, func(t *testing.T) {
			if err := chromedp.Do(tab.Ctx, chromedp.Navigate(env.URL+path)); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[struct {
				H1        string `json:"h1"`
				Hydrated  bool   `json:"hydrated"`
				Links     int    `json:"links"`
				Invisible int    `json:"invisible"`
			}](`({
				h1: document.querySelector("h1")?.textContent ?? "",
				hydrated: document.documentElement.hasAttribute("data-hydrated"),
				links: document.querySelectorAll("a[href^='/']").length,
				invisible: [...document.querySelectorAll("main :is(h1, h2, p):not(#contact-form *)")].filter(e => {
					const s = getComputedStyle(e); return s.visibility === "hidden" || s.opacity === "0" || s.display === "none";
				}).length,
			})`))
			if err != nil {
				t.Fatal(err)
			}
			if got.Hydrated {
				t.Fatal("scripts ran: the test is not testing the no-JavaScript case")
			}
			if strings.TrimSpace(got.H1) == "" || got.Links < 3 {
				t.Errorf("page without JavaScript: h1 %q, %d internal links", got.H1, got.Links)
			}
			if got.Invisible > 0 {
				t.Errorf("%d headings or paragraphs are hidden without JavaScript", got.Invisible)
			}
			// No choice of cookies is asked or needed without JavaScript
			// (none but the essential ones is set): nothing offers one.
			if eval[bool](t, tab, `[...document.querySelectorAll("footer button")].some((b) => b.checkVisibility())`) {
				t.Error("without JavaScript the footer shows a button, which can do nothing")
			}
		})
	}
	// Following a link without JavaScript loads the real page. The visitor
	// scrolls to the footer first: the browser renders it only then.
	if err := chromedp.Do(tab.Ctx,
		chromedp.Navigate(env.URL+"/"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+strconv.Quote(link)+`).scrollIntoView()`),
		chromedp.Click(chromedp.CSS(link)),
	); err != nil {
		t.Errorf("following a link without JavaScript: %v", err)
	}
	waitDocument(t, tab, to.Path)
}

// waitDocument waits until tab shows the whole document at path, as a
// visitor sees it once the page has loaded. After a click the browser
// commits the new document before it has parsed it all: its head (the
// canonical link) is there while the body is still coming, so a check made
// then can read a page cut short. It polls from Go, which works with
// scripts disabled (scriptsOff), and fails the test if the page never
// loads within a bound that a very busy machine stays far inside.
func waitDocument(t *testing.T, tab *browsertest.Tab, path string) {
	t.Helper()
	cond := fmt.Sprintf(`location.pathname === %q && document.readyState === "complete"`, path)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		// An evaluation while the old document goes away fails; try again.
		if ok, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) || tab.Ctx.Err() != nil {
			state, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.pathname + " " + document.readyState`))
			t.Fatalf("%s never loaded whole (the tab shows %s)", path, state)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// footerPage is the page of the first link of the footer of the page in
// tab to another page of the site (not a redirect, not the home page), as
// the content has it: the tests follow it whatever an editor put there.
func footerPage(t *testing.T, tab *browsertest.Tab) sweepPage {
	t.Helper()
	hrefs := eval[[]string](t, tab, `[...document.querySelectorAll('footer a[href^="/"]')].map((a) => a.getAttribute("href"))`)
	pages := sweepPages(t)
	for _, h := range hrefs {
		for _, p := range pages {
			if p.Path == h && h != "/" && !p.Route.NotFound {
				return p
			}
		}
	}
	t.Fatalf("the footer links to no page of the site but the home page: %q", hrefs)
	return sweepPage{}
}

// scriptsOff disables JavaScript in tab: the pages it loads are their HTML
// and CSS alone, as for a visitor without JavaScript.
func scriptsOff(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("disable scripts: %v", err)
	}
}

// requestHold holds back every script a tab requests (the browser's request
// interception), from hold until release: the page as a visitor sees it
// before the app's script has arrived, on a slow network. One made by
// holdRequests holds other requests instead.
type requestHold struct {
	tab     *browsertest.Tab
	pattern string // of the URLs held, as the browser's interception matches them
	mu      sync.Mutex
	held    []fetch.RequestID
	paused  chan struct{} // closed at the first request held since hold
}

// holdScripts starts noting the scripts tab's requests pause at; none is
// held until hold.
func holdScripts(t *testing.T, tab *browsertest.Tab) *requestHold {
	t.Helper()
	return holdRequests(t, tab, "*.js")
}

// holdRequests is holdScripts for the requests whose URL matches pattern
// ("*" any characters).
func holdRequests(t *testing.T, tab *browsertest.Tab, pattern string) *requestHold {
	t.Helper()
	h := &requestHold{tab: tab, pattern: pattern}
	if err := chromedp.Listen(tab.Ctx, func(ev any) {
		if ev, ok := ev.(*fetch.EventRequestPaused); ok {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.held = append(h.held, ev.RequestID)
			// A request paused as release disables the interception
			// comes after paused was closed.
			select {
			case <-h.paused:
			default:
				close(h.paused)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	return h
}

// hold holds every script (or request of its pattern) the tab requests
// from now on.
func (h *requestHold) hold(t *testing.T) {
	t.Helper()
	h.mu.Lock()
	h.held, h.paused = nil, make(chan struct{})
	h.mu.Unlock()
	if _, err := chromedp.Call(h.tab.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: h.pattern, RequestStage: fetch.RequestStageRequest}}}); err != nil {
		t.Fatal(err)
	}
}

// navigate holds every script (or request of the hold's pattern), loads
// url into the tab (not waiting for its load event, which a held request
// may keep back) and waits until the page has asked for one.
func (h *requestHold) navigate(t *testing.T, url string) {
	t.Helper()
	h.hold(t)
	if _, err := chromedp.Call(h.tab.Ctx, page.Navigate, page.NavigateParams{URL: url}); err != nil {
		t.Fatal(err)
	}
	h.requested(t)
}

// requested waits until the page has asked for a script (or a request of
// the hold's pattern) and is held, within a bound that a very busy machine
// stays far inside.
func (h *requestHold) requested(t *testing.T) {
	t.Helper()
	h.mu.Lock()
	paused := h.paused
	h.mu.Unlock()
	select {
	case <-paused:
	case <-time.After(2 * time.Minute):
		t.Fatalf("nothing matching %s was requested", h.pattern)
	}
}

// release lets every held request go, and holds no more.
func (h *requestHold) release(t *testing.T) {
	t.Helper()
	h.mu.Lock()
	release := h.held
	h.held = nil
	h.mu.Unlock()
	if _, err := chromedp.Call(h.tab.Ctx, fetch.Disable, struct{}{}); err != nil {
		t.Fatal(err)
	}
	for _, id := range release {
		// A request Disable let go already answers with an error: no matter.
		chromedp.Call(h.tab.Ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
	}
}
