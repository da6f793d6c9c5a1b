package admin

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
)

// TestPreSave: the web editor's check before a save
// (frontend/src/admin/presave.ts), run in Node against the RoutesFile the
// build writes, lets a link to a scheduled article be, in the Markdown and
// in an href, and asks about a link to a draft and to an address nothing
// has, in a production build's file (which names the scheduled article by
// its hash alone, and no draft) as in make dev's. Without the scheduled articles in the
// file it asks about that link too.
func TestPreSave(t *testing.T) {
	built := api.Build(api.BuildOptions{
		EntryPoints: []string{"../../frontend/src/admin/presave.ts"},
		Bundle:      true, Format: api.FormatESModule, Platform: api.PlatformNode, Write: false,
	})
	if len(built.Errors) > 0 {
		t.Fatalf("presave.ts: %v", built.Errors[0].Text)
	}
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("presave.mjs", string(built.OutputFiles[0].Contents))
	// The entry as the editor holds it; the labels of its fields are the
	// editor's page's, which Node has not.
	write("check.mjs", `globalThis.document = { querySelector: () => null };
globalThis.CSS = { escape: (s) => s };
const { check, scheduledPaths } = await import("./presave.mjs");
const routes = JSON.parse(process.argv[2]);
const data = {
  title: "This week",
  body: "Read [what launches](/insights/friday#what), [the note](/insights/note) and [the plan](/insights/plan).",
  sections: [{ action: { label: "Friday", href: "/insights/friday" } }],
};
console.log(JSON.stringify(check(data, routes, await scheduledPaths(data, routes))));
`)
	site := &content.Site{
		Routes: []content.Route{{Path: "/"}, {Path: "/about"}, {Path: "/insights"}},
		Unpublished: map[string]*content.LoadedArticle{
			"/insights/friday": {Status: "scheduled", Front: content.ArticleFront{Date: "2026-11-27"}},
			"/insights/note":   {Status: "draft", Front: content.ArticleFront{Date: "2026-11-01"}},
		},
	}
	asked := func(routes []byte) string {
		t.Helper()
		out, err := exec.Command("node", filepath.Join(dir, "check.mjs"), string(routes)).CombinedOutput()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		var lines []string
		if err := json.Unmarshal(out, &lines); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return strings.Join(lines, "\n")
	}
	for _, drafts := range []bool{false, true} {
		routes := routesFile(t, site, drafts)
		// A production build names no draft: a link to one is a link to
		// an address no page has.
		draft := "no page has the address /insights/note"
		if drafts {
			draft = "the link to /insights/note leads to a draft article"
		}
		got := asked(routes)
		if strings.Contains(got, "friday") || !strings.Contains(got, draft) ||
			!strings.Contains(got, "no page has the address /insights/plan") || strings.Count(got, "\n") != 1 {
			t.Errorf("drafts %v: the editor asks:\n%s\nwant it to ask of the draft and of /insights/plan alone", drafts, got)
		}
		if drafts {
			continue
		}
		var r Routes
		if err := json.Unmarshal(routes, &r); err != nil {
			t.Fatal(err)
		}
		r.Scheduled = nil
		without, _ := json.Marshal(r)
		if got := asked(without); strings.Count(got, "no page has the address /insights/friday") != 2 {
			t.Errorf("without the scheduled articles, the editor asks:\n%s\nwant it to ask of both links to /insights/friday", got)
		}
	}
}

// routesFile is the RoutesFile the build writes for site (with drafts, as
// make dev's).
func routesFile(t *testing.T, site *content.Site, drafts bool) []byte {
	t.Helper()
	out := &output.Files{}
	AddRoutes(site, drafts, out)
	for _, f := range out.Sorted() {
		if f.Path == RoutesFile {
			return f.Data
		}
	}
	t.Fatal("the build wrote no " + RoutesFile)
	return nil
}
