package admin_test

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/bundle"
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

	script, err := bundle.Script("../../frontend", `
import { articleStatus } from "./admin/preview";
(globalThis as any).status = (draft: boolean, date: string, shown: string, labels: string, now: string) =>
  JSON.stringify(articleStatus(draft, date, shown, JSON.parse(labels), new Date(now)));
`)
	if err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	new(require.Registry).Enable(vm)
	url.Enable(vm)
	if _, err := vm.RunScript("script.js", string(script)); err != nil {
		t.Fatal(err)
	}
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
