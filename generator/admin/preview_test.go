package admin_test

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"
	"golang.org/x/net/html"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// previewScript renders the webinars of a built page, as the editor's
// preview does (preview.tsx recordsAsEdited, SitePreview), with the
// records the editor holds.
const previewScript = `
import { renderToString } from "react-dom/server";
import { recordsAsEdited, SitePreview } from "./admin/preview";

(globalThis as any).previewWebinars = (siteJSON: string, pageJSON: string, recordsJSON: string) => {
  const site = JSON.parse(siteJSON), page = JSON.parse(pageJSON);
  const sections = page.sections.filter((s: { kind: string }) => s.kind === "webinars");
  const out: { html?: string; error?: string } = {};
  recordsAsEdited("webinars", JSON.parse(recordsJSON), page.collections.webinars, sections, site, { asset: async () => undefined })
    .then((webinars) => {
      out.html = renderToString(<SitePreview site={site} body={{ path: page.path ?? "/", sections, collections: { ...page.collections, webinars } as never }} />);
    })
    .catch((e) => (out.error = String(e)));
  return out;
};
`

// TestPreviewOfUnsavedWebinar: the preview of the webinars shows a
// webinar as the editor has typed it so far, before any save: its date
// as typed, and what is missing as a placeholder naming it; its button
// is the page's own, never an empty one. A webinar whose date changed
// shows the new date, not the last build's.
func TestPreviewOfUnsavedWebinar(t *testing.T) {
	fsys, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	// Between the fixture's two webinars (15 and 22 February 2024).
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: "../../frontend", Now: time.Date(2024, 2, 18, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var page string
	for _, f := range res.Site {
		if f.Path == "about/index.html" {
			page = string(f.Data)
		}
	}
	embedded := func(id string) string {
		m := regexp.MustCompile(`<script type="application/json" id="` + id + `">(.*?)</script>`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the built /about has no %s", id)
		}
		return m[1]
	}
	siteJSON, pageJSON := embedded("site-data"), embedded("page-data")
	var built struct {
		Sections []struct {
			Kind          string `json:"kind"`
			RegisterLabel string `json:"registerLabel"`
		} `json:"sections"`
		Collections struct {
			Webinars []map[string]any `json:"webinars"`
		} `json:"collections"`
	}
	if err := json.Unmarshal([]byte(pageJSON), &built); err != nil {
		t.Fatal(err)
	}
	register := ""
	for _, s := range built.Sections {
		if s.Kind == "webinars" {
			register = s.RegisterLabel
		}
	}
	if register == "" || len(built.Collections.Webinars) < 2 {
		t.Fatalf("the built /about has no register label (%q) or fewer than two webinars", register)
	}

	vm := runEditorScript(t, previewScript)
	preview, _ := goja.AssertFunction(vm.Get("previewWebinars"))
	// The records as the editor holds them: the file's fields only.
	var records []map[string]any
	for _, w := range built.Collections.Webinars {
		records = append(records, map[string]any{"title": w["title"], "date": w["date"], "time": w["time"], "timeZone": w["timeZone"], "speaker": w["speaker"]})
	}
	records[1]["date"] = "2024-02-29"
	const title = "Voice agents at the harbour"
	records = append(records, map[string]any{"title": title, "date": "2024-03-01", "time": "16:00"})
	in, _ := json.Marshal(records)
	v, err := preview(goja.Undefined(), vm.ToValue(siteJSON), vm.ToValue(pageJSON), vm.ToValue(string(in)))
	if err != nil {
		t.Fatal(err)
	}
	// The promise's jobs run when a script of the runtime returns.
	if _, err := vm.RunString("0"); err != nil {
		t.Fatal(err)
	}
	var out map[string]string
	if err := vm.ExportTo(v, &out); err != nil || out["error"] != "" || out["html"] == "" {
		t.Fatalf("the preview did not render: %v %s", err, out["error"])
	}

	doc, err := html.Parse(strings.NewReader(out["html"]))
	if err != nil {
		t.Fatal(err)
	}
	cards := map[string]struct{ when, button, href string }{}
	var walk func(*html.Node, func(*html.Node))
	walk = func(n *html.Node, f func(*html.Node)) {
		if n.Type == html.ElementNode {
			f(n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, f)
		}
	}
	walk(doc, func(li *html.Node) {
		if li.Data != "li" {
			return
		}
		var h3, when, button, href string
		walk(li, func(n *html.Node) {
			switch n.Data {
			case "h3":
				h3 = textOf(n)
			case "time":
				when = textOf(n)
			case "a":
				if button != "" || textOf(n) == "" {
					t.Errorf("card %q: a second or empty control %q", h3, textOf(n))
				}
				button = textOf(n)
				for _, a := range n.Attr {
					if a.Key == "href" {
						href = a.Val
					}
				}
			}
		})
		cards[h3] = struct{ when, button, href string }{when, button, href}
	})
	card, ok := cards[title]
	if !ok {
		t.Fatalf("the preview shows no card for the new webinar; cards %q", cards)
	}
	if want := "2024-03-01 · 16:00 [time zone]"; card.when != want {
		t.Errorf("the new webinar's time reads %q, want %q (what is typed, and the missing time zone named)", card.when, want)
	}
	if card.button != register || !strings.HasPrefix(card.href, "mailto:") || !strings.Contains(card.href, "Voice%20agents%20at%20the%20harbour") {
		t.Errorf("the new webinar's button is %q to %q, want the page's %q asking by e-mail to register for it", card.button, card.href, register)
	}
	second := cards[records[1]["title"].(string)]
	if !strings.HasPrefix(second.when, "2024-02-29") {
		t.Errorf("a webinar whose date changed reads %q in the preview, want its new date, 2024-02-29", second.when)
	}
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// runEditorScript bundles src with the site's frontend (its imports are
// read from frontend/src) and runs it in goja, as the build's runtimes
// are (generator/prerender): URL is the only web API the app asks for.
func runEditorScript(t *testing.T, src string) *goja.Runtime {
	t.Helper()
	script, err := bundle.Script("../../frontend", src)
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	new(require.Registry).Enable(vm)
	url.Enable(vm)
	if _, err := vm.RunScript("script.js", string(script)); err != nil {
		t.Fatal(err)
	}
	return vm
}
