package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/output"
)

// TestAdminIsolated: the web editor's files are all under admin/ and no
// other file of the site names them, so no page loads a byte of the
// editor; the editor's page is not in the sitemap and says noindex.
func TestAdminIsolated(t *testing.T) {
	res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	var editor, page []byte
	for _, f := range res.Site {
		switch {
		case f.Path == "admin/index.html":
			page = f.Data
		case f.Path == "admin/sveltia/index.js":
			editor = f.Data
		case strings.HasPrefix(f.Path, "admin/"):
		default:
			if res.Stages[f.Path] == output.StageAdmin {
				t.Errorf("%s is the editor's, outside admin/", f.Path)
			}
			for _, name := range []string{"/admin", "sveltia", "config.yml"} {
				if bytes.Contains(f.Data, []byte(name)) {
					t.Errorf("%s names %q", f.Path, name)
				}
			}
		}
	}
	if len(editor) < 100_000 || !bytes.Contains(page, []byte(`<meta name="robots" content="noindex`)) {
		t.Fatalf("no editor in the build (%d bytes) or its page is indexable:\n%s", len(editor), page)
	}
	for _, f := range res.Site {
		if f.Path == "sitemap.xml" && bytes.Contains(f.Data, []byte("/admin")) {
			t.Error("the sitemap lists the editor")
		}
	}
}

// The web editor checks a save's links against the routes the build
// knows (admin/routes.json): every page's and redirect's address, and in
// make dev each draft and scheduled article as such, not as a route to
// link to; a production build names none of them. Every build gives the
// scheduled articles' addresses by their SHA-256 only, so that the editor
// lets a link to one be: the test site's scheduled article, and no other
// address.
func TestAdminRoutes(t *testing.T) {
	for _, drafts := range []bool{false, true} {
		res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow, Drafts: drafts})
		if err != nil {
			t.Fatal(err)
		}
		var r admin.Routes
		for _, f := range res.Site {
			if f.Path == admin.RoutesFile {
				if err := json.Unmarshal(f.Data, &r); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, rt := range res.Stats.Routes {
			if !slices.Contains(r.Routes, rt.Path) && rt.Path != "/404" {
				t.Errorf("drafts %v: %s is not among the editor's routes", drafts, rt.Path)
			}
		}
		var draft, scheduled bool
		for p, a := range r.Unpublished {
			draft = draft || a.Draft
			scheduled = scheduled || a.Date > fixedNow.Format(time.DateOnly)
			if !drafts && slices.Contains(r.Routes, p) {
				t.Errorf("%s, unpublished, is a route of the daily build", p)
			}
		}
		if drafts && (!draft || !scheduled) {
			t.Errorf("drafts %v: the editor is not told of the test site's draft and scheduled articles: %+v", drafts, r.Unpublished)
		}
		if !drafts && len(r.Unpublished) > 0 {
			t.Errorf("the production build names unpublished articles: %+v", r.Unpublished)
		}
		if want := []string{admin.ScheduledKey("/insights/future-launch")}; !slices.Equal(r.Scheduled, want) {
			t.Errorf("drafts %v: scheduled %q, want the key of /insights/future-launch alone, %q", drafts, r.Scheduled, want)
		}
	}
}
