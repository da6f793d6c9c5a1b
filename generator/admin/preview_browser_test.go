package admin

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// The editor's preview functions that need a browser's DOMParser, fetch
// and Web Crypto, run in headless Chromium.

// TestPreviewUnlinksScheduled: the editor's preview of a text shows a
// link to a scheduled article as its words alone, as the site does until
// the article's day (content.Text.Unlink), reading the schedule from the
// RoutesFile the build writes; a link to a published page stays a link.
func TestPreviewUnlinksScheduled(t *testing.T) {
	site := &content.Site{
		Routes: []content.Route{{Path: "/"}, {Path: "/about"}, {Path: "/insights"}},
		Unpublished: map[string]*content.LoadedArticle{
			"/insights/friday": {Status: "scheduled", Front: content.ArticleFront{Date: "2026-11-27"}},
		},
	}
	page := editorPage(t, "presave.ts", map[string][]byte{"/" + RoutesFile: routesFile(t, site, false)})
	const text = `<p>Read <a href="/insights/friday#what">what <em>launches</em> Friday</a>, ` +
		`<a href="/insights/friday/">again</a> and <a href="/about?from=x">about us</a>.</p>`
	got := page.call(t, "unlinkScheduled", text)
	if strings.Contains(got, "friday") || !strings.Contains(got, "Read what <em>launches</em> Friday, again and ") {
		t.Errorf("the preview shows the links to the scheduled article as\n%s\nwant their words alone", got)
	}
	if !strings.Contains(got, `<a href="/about?from=x">about us</a>`) {
		t.Errorf("the preview lost the link to a published page:\n%s", got)
	}
}

// TestPreviewFootnotes: the preview of a text shows its footnotes as the
// site does (generator/markdown): from the HTML the editor's Markdown
// renderer gives, which leaves them as text, each reference becomes its
// number, linked to its note, the notes numbered by their first reference
// and listed at the end with a link back; a footnote inside code and a
// reference with no note stay as written.
func TestPreviewFootnotes(t *testing.T) {
	page := editorPage(t, "footnotes.ts", nil)
	// As the editor renders "Calls rose.[^pilot] Costs fell.[^cost] Again[^pilot], [^none] and ` + "`[^pilot]`" + `.",
	// a blank line, and the two notes on consecutive lines.
	const text = "<p>Calls rose.[^pilot] Costs fell.[^cost] Again[^pilot], [^none] and <code>[^pilot]</code>.</p>\n" +
		"<p>[^cost]: Per call, <em>after</em> the pilot.\n[^pilot]: From the pilot&#39;s review.</p>\n"
	got := page.call(t, "withFootnotes", text)
	for _, want := range []string{
		`Calls rose.<sup id="fnref-1"><a href="#fn-1" class="footnote-ref" role="doc-noteref">1</a></sup>`,
		`Costs fell.<sup id="fnref-2"><a href="#fn-2" class="footnote-ref" role="doc-noteref">2</a></sup>`,
		`Again<sup id="fnref1:1"><a href="#fn-1"`,
		`[^none] and <code>[^pilot]</code>.`,
		`<li id="fn-1"><p>From the pilot's review.&#160;<a href="#fnref-1" class="footnote-backref" role="doc-backlink">`,
		`<li id="fn-2"><p>Per call, <em>after</em> the pilot.&#160;<a href="#fnref-2"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the preview's footnotes lack\n%s\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "[^cost]") || strings.Contains(got, "[^pilot]:") {
		t.Errorf("a footnote is left as text:\n%s", got)
	}
}

// editorPage is a blank page in headless Chromium with the editor's module
// file (under frontend/src/admin/) loaded as the global "editor", served
// with the files of serve (path → body) on a local origin.
func editorPage(t *testing.T, file string, serve map[string][]byte) *chromiumPage {
	t.Helper()
	built := api.Build(api.BuildOptions{
		EntryPoints: []string{"../../frontend/src/admin/" + file},
		Bundle:      true, Format: api.FormatIIFE, GlobalName: "editor", Platform: api.PlatformBrowser, Write: false,
	})
	if len(built.Errors) > 0 {
		t.Fatalf("%s: %v", file, built.Errors[0].Text)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if body, ok := serve[r.URL.Path]; ok {
			w.Write(body)
			return
		}
		if r.URL.Path == "/editor.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(built.OutputFiles[0].Contents)
			return
		}
		w.Write([]byte(`<!doctype html><title>editor</title><script src="/editor.js"></script>`))
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := chromedp.NewExecAllocator(context.Background(), browsertest.ChromiumOptions(t.TempDir())...)
	t.Cleanup(cancel)
	ctx, cancel = chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	return &chromiumPage{ctx}
}

type chromiumPage struct{ ctx context.Context }

// call runs the module's function fn on the string arg (awaiting it if it
// returns a promise) and returns its string.
func (p *chromiumPage) call(t *testing.T, fn, arg string) string {
	t.Helper()
	js, _ := json.Marshal(arg)
	got, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`Promise.resolve(editor.`+fn+`(`+string(js)+`))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return got
}
