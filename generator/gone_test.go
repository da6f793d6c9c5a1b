package generator

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestRenamedArticleIsReported: a build of content in git, with an
// article renamed since the last commit, succeeds and warns of the old
// address, which nothing answers any more, at the file that fixes it;
// with the alias added, the warning is gone. (The build reads the
// addresses at HEAD while the pages render: generator/published.)
func TestRenamedArticleIsReported(t *testing.T) {
	dir := sitefixture.Committed(t, "../testdata/site")
	data, err := os.ReadFile(filepath.Join(dir, "articles", "on-premise.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "articles", "on-premise.md")); err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(dir, "articles", "on-premise-models.md")
	warnings := func() []string {
		t.Helper()
		tree, err := contentroot.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer tree.Close()
		res, err := Build(context.Background(), Options{Content: tree, FrontendDir: "../frontend", Now: fixedNow})
		if err != nil {
			t.Fatalf("the build refused the rename: %v", err)
		}
		var out []string
		for _, w := range res.Warnings {
			if strings.Contains(w.Error(), "no longer answers") {
				out = append(out, w.Error())
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
