package published

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestRenamedArticle: an article renamed after the last commit leaves its
// old address with nothing to answer it, which is reported with the alias
// that fixes it; the alias added, nothing is.
func TestRenamedArticle(t *testing.T) {
	dir := sitefixture.Committed(t, "../../testdata/site")
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	// The content as committed: nothing can have gone, and HEAD's routes
	// are not read.
	if head, err := At(context.Background(), dir, "", now); err != nil || !head.Unchanged || head.Routes != nil {
		t.Fatalf("At HEAD, the content as committed: unchanged %v, %d routes, %v", head.Unchanged, len(head.Routes), err)
	}
	old := filepath.Join(dir, "articles", "on-premise.md")
	data, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(dir, "articles", "on-premise-models.md")
	os.Remove(old)
	os.WriteFile(renamed, data, 0o644)
	head, err := At(context.Background(), dir, "", now)
	if err != nil || head.Commit == "" || head.Unchanged || len(head.Routes) == 0 {
		t.Fatalf("At HEAD after the rename: unchanged %v, %d routes at %q, %v", head.Unchanged, len(head.Routes), head.Commit, err)
	}
	gone := func() []string {
		site, err := load.SiteWith(os.DirFS(dir), load.Options{Now: now})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range Gone(head.Routes, site.Routes, "", os.DirFS(dir), site.Unpublished) {
			out = append(out, p.Error())
		}
		return out
	}
	// Reported at the renamed file, the page that most likely replaced
	// the address, in words an editor knows, on the line that closes its
	// front matter, where the alias goes (it has no aliases yet).
	closing := slices.Index(strings.Split(string(data), "\n")[1:], "---") + 2
	got := gone()
	if len(got) != 1 || !strings.Contains(got[0], "/on-premise, published (from articles/on-premise.md) by the last commit, no longer answers") ||
		!strings.Contains(got[0], "if this page (articles/on-premise-models.md, new at /insights/on-premise-models) replaced it, add aliases: [/insights/on-premise] to it, on a line of its own above the --- that closes its front matter;") ||
		!strings.HasPrefix(got[0], fmt.Sprintf("articles/on-premise-models.md:%d:1: ", closing)) {
		t.Fatalf("after the rename, want the old address reported at the renamed file's front matter's closing line %d, with its alias, got %q", closing, got)
	}
	// With aliases of its own already, on their line.
	os.WriteFile(renamed, []byte(strings.Replace(string(data), "tags:", "aliases: [/insights/on-prem]\ntags:", 1)), 0o644)
	if got := gone(); len(got) != 1 || !strings.HasPrefix(got[0], fmt.Sprintf("articles/on-premise-models.md:%d:1: ", lineOf(t, renamed, "aliases:"))) || strings.Contains(got[0], "above the ---") {
		t.Fatalf("the renamed file with aliases of its own: want the problem on their line, got %q", got)
	}
	alias := strings.SplitN(strings.SplitN(got[0], "aliases: [", 2)[1], "]", 2)[0]
	os.WriteFile(renamed, []byte(strings.Replace(string(data), "tags:", "aliases: ["+alias+"]\ntags:", 1)), 0o644)
	if got := gone(); len(got) != 0 {
		t.Errorf("with aliases: [%s], still %q", alias, got)
	}
	// Outside git there is nothing published to compare with.
	if h, err := At(context.Background(), t.TempDir(), "", now); err != nil || h.Commit != "" {
		t.Errorf("outside git: %+v, %v", h, err)
	}
}

// TestUntrackedContent: a content directory inside a repository that
// HEAD does not hold (a copy under dist/, which git ignores, or one not
// committed yet) has published nothing: no routes and not a word, on
// every build of it. A HEAD whose content cannot be read still says why
// the addresses are not checked.
func TestUntrackedContent(t *testing.T) {
	repo := t.TempDir()
	gitIn := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, ".gitignore"), []byte("dist/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn("init", "-q")
	gitIn("add", ".")
	gitIn("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "ignore dist")
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	for _, dir := range []string{filepath.Join(repo, "dist", "bench", "content"), filepath.Join(repo, "content")} {
		if err := os.CopyFS(dir, os.DirFS("../../testdata/site")); err != nil {
			t.Fatal(err)
		}
		var c Cache
		routes, problems := c.Routes(context.Background(), dir, "", now)
		if len(routes) != 0 || len(problems) != 0 {
			t.Errorf("%s, which HEAD does not hold: %d routes published, problems %q", dir, len(routes), problems.Error())
		}
	}
	// Committed broken, and mended since: the addresses at HEAD cannot be
	// read, which is said.
	siteFile := filepath.Join(repo, "content", "site.yaml")
	mended, err := os.ReadFile(siteFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(siteFile, []byte("brand: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn("add", "content")
	gitIn("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "content")
	if err := os.WriteFile(siteFile, mended, 0o644); err != nil {
		t.Fatal(err)
	}
	var c Cache
	routes, problems := c.Routes(context.Background(), filepath.Join(repo, "content"), "", now)
	if len(problems) != 1 || !strings.Contains(problems.Error(), "are checked as far as they can be read") || len(routes) == 0 {
		t.Fatalf("HEAD's content does not load: want its pages' addresses (%d) and a warning saying they are checked as far as they can be read, got %q", len(routes), problems.Error())
	}
	// Its reasons under it, each with its place, as the build prints its
	// own: not folded into the warning's line, where a printed problem's
	// line breaks show escaped.
	if w := problems[0]; strings.Contains(w.Message, "\n") || !strings.Contains(w.Detail, "site.yaml:1:") {
		t.Errorf("the warning holds its reasons in its line (%q), not under it (%q)", w.Message, w.Detail)
	}
}

// TestRenamedAsTheRulesMoved: a change that makes a field required (and
// fills it in) and renames an article at once. The last commit's content
// does not load with the new rules; the old address is reported all the
// same, with a warning that the commit's content was read as far as it
// could be.
func TestRenamedAsTheRulesMoved(t *testing.T) {
	dir := sitefixture.Committed(t, "../../testdata/site")
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	layout := filepath.Join(dir, "layout.yaml")
	data, err := os.ReadFile(layout)
	if err != nil {
		t.Fatal(err)
	}
	// The last commit, as written before the footer's
	// cookieSettingsFailed was required.
	var before []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "cookieSettingsFailed:") {
			before = append(before, l)
		}
	}
	os.WriteFile(layout, []byte(strings.Join(before, "\n")), 0o644)
	sitefixture.Commit(t, dir, "older rules")
	// The change: the field filled in, an article renamed.
	os.WriteFile(layout, data, 0o644)
	old := filepath.Join(dir, "articles", "on-premise.md")
	article, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(old)
	os.WriteFile(filepath.Join(dir, "articles", "on-premise-models.md"), article, 0o644)

	var c Cache
	routes, problems := c.Routes(context.Background(), dir, "", now)
	if len(problems) != 1 || !strings.Contains(problems[0].Message, "as far as they can be read") || !strings.Contains(problems[0].Detail, "cookieSettingsFailed") {
		t.Errorf("want one warning that the last commit's content was read as far as it could be, naming why, got %q", problems.Error())
	}
	site, err := load.SiteWith(os.DirFS(dir), load.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	gone := Gone(routes, site.Routes, "", os.DirFS(dir), site.Unpublished)
	if len(gone) != 1 || !strings.Contains(gone.Error(), "/insights/on-premise, published (from articles/on-premise.md) by the last commit, no longer answers") {
		t.Errorf("the renamed article's old address: want it reported, got %q", gone.Error())
	}
}

// TestCacheFollowsHead: the addresses kept on disk are those of the commit
// they were read at: a process that finds them for HEAD takes them, and a
// new commit (an article renamed and committed) is read afresh, so that
// the renamed article's old address is the one reported.
func TestCacheFollowsHead(t *testing.T) {
	repo := t.TempDir()
	dir := filepath.Join(repo, "content")
	if err := os.CopyFS(dir, os.DirFS("../../testdata/site")); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "content")
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	cacheDir := t.TempDir()
	// The content as committed has lost nothing: HEAD's routes are neither
	// read nor kept.
	c := NewCache(cacheDir)
	if routes, warn := c.Routes(context.Background(), dir, "", now); routes != nil || warn != nil {
		t.Fatalf("the content as committed: %d routes, %v", len(routes), warn)
	}
	if kept, _ := os.ReadDir(filepath.Join(cacheDir, "published")); len(kept) != 0 {
		t.Fatalf("the content as committed: %d files kept", len(kept))
	}
	// An edit not committed yet, which changes no route: HEAD's routes are
	// read, and kept.
	site := filepath.Join(dir, "site.yaml")
	data, err := os.ReadFile(site)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(site, append(data, "\n# an edit not committed yet\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := func() map[string]bool {
		c := NewCache(cacheDir) // a new process's
		routes, warn := c.Routes(context.Background(), dir, "", now)
		if len(warn) > 0 || len(routes) == 0 {
			t.Fatalf("Routes: %d routes, %v", len(routes), warn)
		}
		m := map[string]bool{}
		for _, r := range routes {
			m[r.Path] = true
		}
		return m
	}
	first := paths()
	if !first["/insights/on-premise"] || len(paths()) != len(first) {
		t.Fatalf("routes at the first commit, read twice: %v", first)
	}
	git("mv", "content/articles/on-premise.md", "content/articles/on-premise-models.md")
	git("commit", "-q", "-m", "rename")
	second := paths()
	if second["/insights/on-premise"] || !second["/insights/on-premise-models"] {
		t.Errorf("after a commit renaming the article, the routes kept for the first commit were taken: %v", second)
	}
}

// TestGonePlacesTheFix: an address whose file is gone is reported at the
// new page most likely to have replaced it (the one new page beside it, or
// the nearest in name of several), else at routing.yaml; never at a page
// of another folder or under another address.
func TestGonePlacesTheFix(t *testing.T) {
	route := func(p, file string) content.Route { return content.Route{Path: p, File: file} }
	before := []content.Route{route("/insights", "pages/insights.yaml"), route("/insights/voice-follow-up", "articles/voice-follow-up/index.md")}
	for _, tc := range []struct {
		name   string
		routes []content.Route
		at     string
	}{
		{"one new article", []content.Route{before[0], route("/insights/follow-up-by-voice", "articles/follow-up-by-voice.md")}, "articles/follow-up-by-voice.md"},
		{"the nearest of two", []content.Route{before[0], route("/insights/pricing-2027", "articles/pricing-2027.md"), route("/insights/voice-follow-ups", "articles/voice-follow-ups/index.md")}, "articles/voice-follow-ups/index.md"},
		{"none near of two", []content.Route{before[0], route("/insights/pricing-2027", "articles/pricing-2027.md"), route("/insights/hiring", "articles/hiring.md")}, content.RoutingFile},
		{"a new page elsewhere", []content.Route{before[0], route("/voice-follow-up", "pages/voice-follow-up.yaml")}, content.RoutingFile},
		{"a new page, not an article", []content.Route{before[0], route("/insights/about", "pages/insights-about.yaml")}, content.RoutingFile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Gone(before, tc.routes, "", fstest.MapFS{}, nil)
			if len(got) != 1 || got[0].File != tc.at || !strings.Contains(got[0].Message, "aliases: [/insights/voice-follow-up]") {
				t.Errorf("got %v, want the fix placed at %s", got, tc.at)
			}
		})
	}

	// A page of YAML renamed: the alias goes at its top level, above its
	// sections, and the message says so (a trial read the file's first
	// line, a comment, and put the alias where it guessed).
	page := fstest.MapFS{"pages/company/partner-program.yaml": {Data: []byte("# Our partners.\ntitle: Partners\ndescription: Who we work with.\nname: Partners\nsections:\n  - kind: hero\n")}}
	got := Gone([]content.Route{route("/company/partners", "pages/company/partners.yaml")}, []content.Route{route("/company/partner-program", "pages/company/partner-program.yaml")}, "", page, nil)
	if len(got) != 1 || got[0].File != "pages/company/partner-program.yaml" || got[0].Line != 5 || !strings.Contains(got[0].Message, "add aliases: [/company/partners] to it, on a line of its own above sections:") {
		t.Errorf("a renamed YAML page: %v, want the alias placed above its sections: (line 5)", got)
	}
	// Renamed a second time: its aliases: line gets the second address
	// (a trial wrote a second aliases: line, as the message said, which
	// the build refused).
	page["pages/company/partner-program.yaml"].Data = []byte("title: Partners\naliases: [/company/our-partners]\nsections: []\n")
	got = Gone([]content.Route{route("/company/partners", "pages/company/partners.yaml")}, []content.Route{route("/company/partner-program", "pages/company/partner-program.yaml")}, "", page, nil)
	if len(got) != 1 || got[0].Line != 2 || !strings.Contains(got[0].Message, "add /company/partners to its aliases: list") {
		t.Errorf("a page renamed twice: %v, want the address added to its aliases: line (line 2)", got)
	}
}

// TestGoneSaysWhy: an address that went for a reason the build knows is
// reported with that reason and its own fix, not an alias: an article
// held back by a later date or made a draft, at its file; a tag's page
// emptied, with the redirect's line to the page that made it.
func TestGoneSaysWhy(t *testing.T) {
	route := func(p, file string) content.Route { return content.Route{Path: p, File: file} }
	before := []content.Route{
		route("/insights", "pages/insights.yaml"),
		route("/insights/voice-follow-up", "articles/voice-follow-up.md"),
		route("/insights/pricing", "articles/pricing.md"),
		route("/insights/tags/pulse", "pages/insights.yaml"),
		route("/insights/old-news", "articles/old-news.md"),
		{Path: "/insights/page/3", File: "pages/insights.yaml", Prev: "/insights/page/2"},
		{Path: "/old-insights", File: "pages/insights.yaml", Redirect: "/insights"},
	}
	routes := []content.Route{before[0]}
	unpublished := map[string]*content.LoadedArticle{
		"/insights/voice-follow-up": {File: "articles/voice-follow-up.md", Status: "scheduled", Front: content.ArticleFront{Date: "2027-01-05"}},
		"/insights/pricing":         {File: "articles/pricing.md", Status: "draft"},
	}
	// Each problem on the line its fix is written on: the date, the draft
	// line, the redirects.
	files := fstest.MapFS{
		"articles/voice-follow-up.md": {Data: []byte("---\ntitle: Voice follow-up\ndescription: Calls back.\ndate: 2027-01-05\n---\nText.\n")},
		"articles/pricing.md":         {Data: []byte("---\ntitle: Pricing\ndate: 2026-01-05\ndraft: true\n---\nText.\n")},
		"pages/insights.yaml":         {Data: []byte("title: Insights\n")},
		content.RoutingFile:           {Data: []byte("# The paths that are not pages.\n\nredirects:\n  - {from: /blog, to: /insights}\n")},
	}
	got := map[string]content.Error{}
	for _, e := range Gone(before, routes, "", files, unpublished) {
		got[strings.Fields(e.Message)[2]] = e
	}
	for _, tc := range []struct {
		path, file string
		line       int
		want       string
	}{
		{"/insights/voice-follow-up,", "articles/voice-follow-up.md", 4, "its date, 2027-01-05, is after today, which takes the article off the site until then"},
		{"/insights/pricing,", "articles/pricing.md", 4, "the article is a draft now (draft: true)"},
		{"/insights/tags/pulse,", content.RoutingFile, 3, "no longer answers it (no published article has that tag any more): add a redirect in routing.yaml: - {from: /insights/tags/pulse, to: /insights}"},
		{"/insights/page/3,", content.RoutingFile, 3, "no longer answers it (a page of its list beyond the last there is now): add a redirect in routing.yaml: - {from: /insights/page/3, to: /insights}"},
		// At the page that had the alias, where it goes back.
		{"/old-insights,", "pages/insights.yaml", 1, "no longer answers: it was an alias of pages/insights.yaml (/insights), which no longer lists it: put it back in that page's aliases: list, or add a redirect in routing.yaml: - {from: /old-insights, to: /insights}"},
		{"/insights/old-news,", content.RoutingFile, 3, "- {from: /insights/old-news, to: /insights}"},
	} {
		e, ok := got[tc.path]
		if !ok || e.File != tc.file || e.Line != tc.line || !strings.Contains(e.Message, tc.want) {
			t.Errorf("%s: %v, want at %s:%d: %s", tc.path, e, tc.file, tc.line, tc.want)
		}
	}
}

// lineOf is the line of file that starts with prefix.
func lineOf(t *testing.T, file, prefix string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line %s", file, prefix)
	return 0
}
