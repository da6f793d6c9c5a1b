package admin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// addressesScript renders a page's sections in the editor's preview
// (SitePreview), once as the build gave them and once as the editor holds
// them (sectionsAsEdited over the built ones).
const addressesScript = `
import { renderToString } from "react-dom/server";
import { sectionsAsEdited, SitePreview } from "./admin/preview";

(globalThis as any).previewBoth = (siteJSON: string, pageJSON: string, editedJSON: string) => {
  const site = JSON.parse(siteJSON), page = JSON.parse(pageJSON);
  const draw = (sections: unknown[]) =>
    renderToString(<SitePreview site={site} body={{ path: page.path ?? "/", sections: sections as never, collections: page.collections }} />);
  return { built: draw(page.sections), edited: draw(sectionsAsEdited(JSON.parse(editedJSON), page.sections, site)) };
};
`

// TestPreviewSiteAddresses: an action that names an address of site.yaml
// (site: demo, and every other name the build knows, a button's e-mail
// subject too) is drawn in the editor's preview as the site draws it: the
// same link, to the same address, in the same tab or a new one, styled
// alike. An editor found "Request a Demo" missing from the preview of a
// page's hero, and a "Discover Pulse" button drawn as a plain link.
func TestPreviewSiteAddresses(t *testing.T) {
	fsys, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	// A page with a button for every name, in the two kinds of buttons'
	// sections, as an editor writes them.
	var actions strings.Builder
	for _, name := range content.SiteAddresses {
		fmt.Fprintf(&actions, "      - {label: To %s, site: %s", name, name)
		if name == "email" {
			actions.WriteString(`, subject: "Pulse & a demo? Ja, gärne"`)
		}
		actions.WriteString("}\n")
	}
	page := "title: Addresses\ndescription: Every address of site.yaml an action may name, once each.\nsections:\n" +
		"  - kind: hero\n    eyebrow: Addresses\n    heading: Every address\n    intro: One button each.\n    actions:\n" + actions.String() +
		"  - kind: cta\n    heading: Once more\n    text: As secondary buttons.\n    actions:\n" +
		strings.ReplaceAll(actions.String(), "}\n", ", secondary: true}\n")
	fsys["pages/addresses.yaml"] = &fstest.MapFile{Data: []byte(page)}
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: "../../frontend", Now: time.Date(2024, 2, 18, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var built string
	for _, f := range res.Site {
		if f.Path == "addresses/index.html" {
			built = string(f.Data)
		}
	}
	embedded := func(id string) string {
		m := regexp.MustCompile(`<script type="application/json" id="` + id + `">(.*?)</script>`).FindStringSubmatch(built)
		if m == nil {
			t.Fatalf("the built /addresses has no %s", id)
		}
		return m[1]
	}
	// The sections as the editor holds them: the file's YAML as data.
	var file struct {
		Sections []map[string]any `yaml:"sections"`
	}
	if err := yaml.Unmarshal([]byte(page), &file); err != nil {
		t.Fatal(err)
	}
	edited, err := json.Marshal(file.Sections)
	if err != nil {
		t.Fatal(err)
	}

	vm := runEditorScript(t, addressesScript)
	both, _ := goja.AssertFunction(vm.Get("previewBoth"))
	v, err := both(goja.Undefined(), vm.ToValue(embedded("site-data")), vm.ToValue(embedded("page-data")), vm.ToValue(string(edited)))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]string
	if err := vm.ExportTo(v, &out); err != nil {
		t.Fatal(err)
	}
	want, got := links(t, out["built"]), links(t, out["edited"])
	if n := 2 * len(content.SiteAddresses); len(want) != n {
		t.Fatalf("the built page's preview draws %d links, want %d (a button for each name, twice): %q", len(want), n, want)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the preview of the page as edited draws\n  %s\nwant, as the site draws it,\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// links are the links of a rendered fragment: text, address, target and
// class, one line each.
func links(t *testing.T, fragment string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(fragment))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			attrs := map[string]string{}
			for _, a := range n.Attr {
				attrs[a.Key] = a.Val
			}
			out = append(out, fmt.Sprintf("%q href=%q target=%q rel=%q class=%q", textOf(n), attrs["href"], attrs["target"], attrs["rel"], attrs["class"]))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}
