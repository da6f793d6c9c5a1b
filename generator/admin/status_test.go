package admin_test

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/dop251/goja"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestPreviewArticleStatus: the editor's preview of an article says what
// make dev's page of it says: a draft's banner, "Scheduled for <its
// date>" for an article dated after the day, and nothing for one
// published. The build's page data of the fixture's draft, scheduled and
// published articles (built as make dev builds them, on a day the test
// sets) is what the preview must match.
func TestPreviewArticleStatus(t *testing.T) {
	fsys, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: "../../frontend", Now: now, Drafts: true})
	if err != nil {
		t.Fatal(err)
	}
	type built struct {
		Date      string          `json:"date"`
		DateLabel string          `json:"dateLabel"`
		Status    string          `json:"status"`
		Banner    string          `json:"banner"`
		Labels    json.RawMessage `json:"labels"`
	}
	pageData := regexp.MustCompile(`<script type="application/json" id="page-data">(.*?)</script>`)
	articles := map[string]built{}
	for _, f := range res.Site {
		m := pageData.FindSubmatch(f.Data)
		if m == nil {
			continue
		}
		var page struct {
			Sections []struct {
				Kind string `json:"kind"`
				built
			} `json:"sections"`
		}
		if err := json.Unmarshal(m[1], &page); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		for _, s := range page.Sections {
			if s.Kind == "article" {
				articles[f.Path] = s.built
			}
		}
	}
	seen := map[string]bool{}

	vm := runEditorScript(t, `
import { articleStatus } from "./admin/preview";
(globalThis as any).status = (draft: boolean, date: string, shown: string, labels: string, now: string) =>
  JSON.stringify(articleStatus(draft, date, shown, JSON.parse(labels), new Date(now)));
`)
	status, _ := goja.AssertFunction(vm.Get("status"))
	for p, a := range articles {
		v, err := status(goja.Undefined(), vm.ToValue(a.Status == "draft"), vm.ToValue(a.Date), vm.ToValue(a.DateLabel), vm.ToValue(string(a.Labels)), vm.ToValue(now.Format(time.RFC3339)))
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ Status, Banner string }
		if err := json.Unmarshal([]byte(v.String()), &got); err != nil {
			t.Fatal(err)
		}
		if got.Status != a.Status || got.Banner != a.Banner {
			t.Errorf("%s (%s): the preview says %q %q, make dev's page %q %q", p, a.Date, got.Status, got.Banner, a.Status, a.Banner)
		}
		seen[a.Status] = true
	}
	if !seen["draft"] || !seen["scheduled"] || !seen[""] {
		t.Fatalf("the fixture's build has no draft, scheduled or published article to compare with (%v)", seen)
	}
}

// TestPreviewTagNames: the preview names a tag the built page did not
// have yet by its file in the Tags collection, as the site will ("Voice
// AI", not "voice ai"), asking the editor for the collection the
// articles' tags field relates to in the generated configuration.
func TestPreviewTagNames(t *testing.T) {
	data, err := os.ReadFile("../../frontend/admin/config.yml")
	if err != nil {
		t.Fatal(err)
	}
	var config struct {
		Collections []struct {
			Name   string `yaml:"name"`
			Fields []struct {
				Name       string `yaml:"name"`
				Collection string `yaml:"collection"`
			} `yaml:"fields"`
		} `yaml:"collections"`
	}
	if err := yaml.Unmarshal(data, &config); err != nil {
		t.Fatal(err)
	}
	related := ""
	for _, c := range config.Collections {
		for _, f := range c.Fields {
			if c.Name == "articles" && f.Name == "tags" {
				related = f.Collection
			}
		}
	}
	if related == "" {
		t.Fatal("the articles' tags field relates to no collection in config.yml")
	}
	vm := runEditorScript(t, `
import { tagLinks } from "./admin/preview";
(globalThis as any).names = (related: string) => {
  const out: { json?: string } = {};
  const entriesOf = async (c: string) => (c === related ? [{ slug: "voice-ai", data: { name: "Voice AI" } }, { slug: "pulse", data: { name: "Pulse" } }] : []);
  tagLinks(["voice-ai", "brand-new", "pulse"], [{ tag: "pulse", name: "Pulse (built)", url: "/insights/tags/pulse" }], "/insights", { entriesOf })
    .then((tags) => (out.json = JSON.stringify(tags.map((t) => t.name))));
  return out;
};
`)
	names, _ := goja.AssertFunction(vm.Get("names"))
	v, err := names(goja.Undefined(), vm.ToValue(related))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vm.RunString("0"); err != nil { // the promise's jobs
		t.Fatal(err)
	}
	got := v.ToObject(vm).Get("json").String()
	if want := `["Voice AI","brand new","Pulse (built)"]`; got != want {
		t.Errorf("the preview names the tags %s, want %s (the Tags file's name, the slug while there is no file, the built page's name)", got, want)
	}
}
