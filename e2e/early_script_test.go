package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// The app's script is fetched once the page has painted, by a loader at
// the end of the body (generator/document/loader.go): the page may still be
// loading then (the end of a long document still on its way), and the app
// must wait for it before it hydrates. Here the server holds the end of
// the page back, after the loader, until the browser has fetched and run
// the script.
func TestHydratesWhenTheScriptArrivesFirst(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	doc, err := os.ReadFile(filepath.Join(env.Dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	loader := regexp.MustCompile(`<script data-scripts="([^" ]+)[^>]*>[^<]*</script>`)
	script := loader.FindSubmatch(doc)
	if script == nil {
		t.Fatal("the home page has no loader")
	}
	cut := loader.FindIndex(doc)[1]
	release := make(chan struct{})
	files := http.FileServer(http.Dir(env.Dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(doc[:cut])
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Write(doc[cut:])
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})

	tab := browsertest.Attach(t, srv.URL).NewTab(t, 412, 823)
	if _, err := chromedp.Call(tab.Ctx, page.Navigate, page.NavigateParams{URL: srv.URL + "/"}); err != nil {
		t.Fatal(err)
	}
	// The script has arrived and, a few turns of the event loop later, run;
	// the page is still loading.
	fetched := `performance.getEntriesByType("resource").some((e) => e.name.endsWith(` + jsString(string(script[1])) + `) && e.responseEnd > 0)`
	waitFor(t, tab, fetched)
	for range 3 {
		if _, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`new Promise((resolve) => setTimeout(() => resolve(true)))`, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
	}
	if state, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.readyState`)); err != nil || state != "loading" {
		t.Fatalf("the page is %q (%v) once its script has run, want loading: the test did not hold it back", state, err)
	}
	close(release)
	hydrated := chromedp.Poll[chromedp.Void](`document.documentElement.hasAttribute("data-hydrated")`, chromedp.WithPollingTimeout(30*time.Second), chromedp.WithPollingInterval(25*time.Millisecond))
	if err := chromedp.Do(tab.Ctx, hydrated); err != nil {
		t.Fatalf("the page did not hydrate: %v (console: %q, errors: %q)", err, tab.ConsoleErrors(), tab.Errors())
	}
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
