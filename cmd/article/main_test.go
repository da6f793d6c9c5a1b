package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestNewArticle: the file it writes is a draft that loads as it is, in
// make dev, at today's date, by the first author.
func TestNewArticle(t *testing.T) {
	dir := t.TempDir()
	src, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	for p, f := range src {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), f.Data, 0o644)
	}
	cover, _ := os.ReadFile("../../content/images/articles/default-cover.svg")
	os.WriteFile(filepath.Join(dir, "images/articles/default-cover.svg"), cover, 0o644)

	now := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
	var out bytes.Buffer
	if err := run([]string{"-title", "Why patients answer: a call", "-content", dir}, now, &out, &out); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "articles", "why-patients-answer-a-call.md")
	if strings.TrimSpace(out.String()) != want {
		t.Errorf("printed %q, want the path %q", out.String(), want)
	}
	site, err := content.LoadWith(os.DirFS(dir), content.LoadOptions{Now: now, Drafts: true})
	if err != nil {
		t.Fatalf("the new article does not load:\n%v", err)
	}
	i := len(site.Articles)
	for j, a := range site.Articles {
		if a.Slug == "why-patients-answer-a-call" {
			i = j
		}
	}
	if i == len(site.Articles) {
		t.Fatal("the new article is not in make dev's build")
	}
	a := site.Articles[i]
	if a.Status != "draft" || a.Front.Date != "2026-05-04" || a.Author.Key != "ana" || a.Front.Title != "Why patients answer: a call" {
		t.Errorf("new article %+v", a.Front)
	}
	// Not published until its editor says so; never overwritten.
	if pub, _ := content.LoadWith(os.DirFS(dir), content.LoadOptions{Now: now}); pub.Pages["/insights/why-patients-answer-a-call"] != nil {
		t.Error("the new draft is published")
	}
	if err := run([]string{"-title", "Why patients answer: a call", "-content", dir}, now, &out, &out); err == nil {
		t.Error("a second article with the same title overwrote the first")
	}
}
