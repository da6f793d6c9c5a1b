package generator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/editorplace"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestRenamedArticleIsReported: a build of content in git, with an
// article renamed since the last commit, succeeds and warns of the old
// address, which nothing answers any more, at the file that fixes it;
// with the alias added, the warning is gone. (The build reads the
// addresses at HEAD while the pages render: generator/published.)
func TestRenamedArticleIsReported(t *testing.T) {
	editorConfig, err := os.ReadFile("../frontend/admin/config.yml")
	if err != nil {
		t.Fatal(err)
	}
	dir := sitefixture.Committed(t, "../testdata/site")
	data, err := os.ReadFile(filepath.Join(dir, "articles", "on-premise.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "articles", "on-premise.md")); err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(dir, "articles", "on-premise-models.md")
	var placed []content.Error // the warnings, placed in the web editor
	warnings := func() []string {
		t.Helper()
		res, err := buildAt(t, dir)
		if err != nil {
			t.Fatalf("the build refused the rename: %v", err)
		}
		var out []string
		placed = nil
		for _, w := range editorplace.Describe(editorConfig, dir, os.ReadFile, res.Warnings) {
			if strings.Contains(w.Error(), "no longer answers") {
				out = append(out, w.Error())
				placed = append(placed, w)
			}
		}
		return out
	}

	if err := os.WriteFile(renamed, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got := warnings()
	if len(got) != 1 || !strings.Contains(got[0], "the address /insights/on-premise, ") || !strings.Contains(got[0], "aliases: [/insights/on-premise]") {
		t.Fatalf("after the rename, want one warning naming the old address and its alias, got %q", got)
	}
	// make dev says where the editor's field for the fix is: the renamed
	// article's aliases, not the field written on the line the alias goes
	// above (an editor's trial read "Cover › Text alternative").
	if p := placed[0]; p.Field != "Aliases" || p.Entry == "" {
		t.Errorf("in the web editor, the warning is placed at %q › %q, want the article's Aliases", p.Entry, p.Field)
	}

	fixed := strings.Replace(string(data), "tags:", "aliases: [/insights/on-premise]\ntags:", 1)
	if fixed == string(data) {
		t.Fatal("the fixture article has no tags: line to put the alias before")
	}
	if err := os.WriteFile(renamed, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := warnings(); len(got) > 0 {
		t.Errorf("with the alias, still warned: %q", got)
	}
}

// TestRenamedPageStillLinked: a page renamed since the last commit, which
// the menu and other pages still link to, is refused at each link, as any
// link to nowhere; and each says that the address was published, with
// the fix that keeps it working: an alias on the page that replaced it,
// at the line it goes on (an editor's trial read only "link to an
// existing page, or remove the link", and nothing of an alias; another
// trial, the first line of the page's file, a comment, as the alias's
// place).
func TestRenamedPageStillLinked(t *testing.T) {
	dir := sitefixture.Committed(t, "../testdata/site")
	if err := os.Rename(filepath.Join(dir, "pages", "about.yaml"), filepath.Join(dir, "pages", "about-us.yaml")); err != nil {
		t.Fatal(err)
	}
	// The redirect to it follows it; the links do not.
	routing := filepath.Join(dir, "routing.yaml")
	data, err := os.ReadFile(routing)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(routing, []byte(strings.Replace(string(data), "to: /about}", "to: /about-us}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = buildAt(t, dir)
	links, first := 0, ""
	for _, p := range problem.Of(err) {
		if !strings.Contains(p.Message, `link "/about": no route`) {
			continue
		}
		links++
		if !strings.Contains(p.Message, "it was published; if its page was renamed, link to /about-us") || len(p.Notes) != 1 {
			t.Errorf("the link to the renamed page says %q, notes %q: want that /about was published, and one note", p.Message, p.Notes)
			continue
		}
		// The note of how to keep the address, in full under the first
		// link printed; each later link names where it is (a trial read
		// it word for word under every link).
		if links > 1 {
			if want := "how to keep the address working: the note under " + first; p.Notes[0] != want {
				t.Errorf("link %d of /about printed has the note %q, want %q", links, p.Notes[0], want)
			}
			continue
		}
		first = fmt.Sprintf("%s:%d", p.File, p.Line)
		if !strings.Contains(p.Notes[0], filepath.Join(dir, "pages", "about-us.yaml")+":4:1: the address /about ") ||
			!strings.Contains(p.Notes[0], "add aliases: [/about] to it, on a line of its own above sections:") {
			t.Errorf("the first link to the renamed page has the note %q: want that /about was published, and its alias on the new page", p.Notes)
		}
	}
	if links < 2 {
		t.Fatalf("the build refused %d links to the renamed page, want the fixture's two or more: %v", links, err)
	}

	// The alias added, as the note says: the build goes on, and warns of
	// each link that still takes the detour, at its place, with the new
	// address (the trial's menu kept linking to the old one, unsaid).
	page := filepath.Join(dir, "pages", "about-us.yaml")
	data, err = os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append([]byte("aliases: [/about]\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := buildAt(t, dir)
	if err != nil {
		t.Fatalf("with the alias, the build refused: %v", err)
	}
	warned := 0
	for _, w := range res.Warnings {
		if strings.Contains(w.Message, `link "/about" is an old address, which redirects to /about-us: link to /about-us`) && w.Line > 0 {
			warned++
		}
	}
	if warned != links {
		t.Errorf("%d links to the old address warned of, want the %d refused before: %q", warned, links, res.Warnings)
	}
}

// TestDraftAtAnAlias: a draft article whose address an alias already
// holds builds, with a warning at the article naming the alias: published,
// the build refuses it (an editor's trial met it only then, at the other
// page's alias, make check silent while the article was a draft).
func TestDraftAtAnAlias(t *testing.T) {
	dir := sitefixture.Committed(t, "../testdata/site")
	about := filepath.Join(dir, "pages", "about.yaml")
	data, err := os.ReadFile(about)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(about, []byte(strings.Replace(string(data), "name: About\n", "name: About\naliases: [/insights/lessons]\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	draft := "---\ntitle: Lessons\ndescription: What a year taught us.\ndate: 2026-03-02\nauthor: ana\ntags: [infrastructure]\ndraft: true\n---\nIt taught us a lot.\n"
	if err := os.WriteFile(filepath.Join(dir, "articles", "lessons.md"), []byte(draft), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := buildAt(t, dir)
	if err != nil {
		t.Fatalf("the build refused a draft: %v", err)
	}
	var got []string
	for _, w := range res.Warnings {
		if strings.Contains(w.Error(), "/insights/lessons") {
			got = append(got, w.Error())
		}
	}
	want := filepath.Join(dir, "articles", "lessons.md") + ":1:1: warning: this draft article's address, /insights/lessons, is already an alias in pages/about.yaml (line 4)"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("warnings naming the draft's address: %q, want one starting %q", got, want)
	}
}

// buildAt builds the content folder dir as of fixedNow, as cmd/build
// reads one (through contentroot).
func buildAt(t *testing.T, dir string) (*Result, error) {
	t.Helper()
	tree, err := contentroot.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	return Build(context.Background(), Options{Content: tree, FrontendDir: "../frontend", Now: fixedNow})
}
