package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/imagetest"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// newContent copies the test site to a directory.
func newContent(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	for p, f := range src {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), f.Data, 0o644)
	}
	return dir
}

// loadNew loads the content as make dev does and returns the article.
func loadNew(t *testing.T, dir, slug string, now time.Time) *content.LoadedArticle {
	t.Helper()
	site, err := load.SiteWith(os.DirFS(dir), load.Options{Now: now, Drafts: true})
	if err != nil {
		t.Fatalf("the new article does not load:\n%v", err)
	}
	for _, a := range site.Articles {
		if a.Slug == slug {
			return a
		}
	}
	t.Fatal("the new article is not in make dev's build")
	return nil
}

// TestNewArticle: the folder it writes holds a draft that loads as it is,
// in make dev, at today's date, by the first author; it prints the file
// and the address to open.
func TestNewArticle(t *testing.T) {
	dir := newContent(t)
	now := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
	var out, errs bytes.Buffer
	if err := run([]string{"-title", "Why patients answer: a call", "-content", dir}, now, &out, &errs); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "articles", "why-patients-answer-a-call", "index.md")
	if got := out.String(); got != want+"\nopen http://127.0.0.1:8080/insights/why-patients-answer-a-call in make dev\n" {
		t.Errorf("printed %q, want the path %q and the address", got, want)
	}
	if errs.Len() > 0 {
		t.Errorf("warnings: %s", errs.String())
	}
	// With make dev elsewhere (ADDR), the address is there.
	out.Reset()
	if err := run([]string{"-title", "Why patients call back", "-content", dir, "-addr", "127.0.0.1:8092"}, now, &out, &errs); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasSuffix(got, "\nopen http://127.0.0.1:8092/insights/why-patients-call-back in make dev\n") {
		t.Errorf("printed %q, want the address at make dev's ADDR", got)
	}
	a := loadNew(t, dir, "why-patients-answer-a-call", now)
	if a.Status != "draft" || a.Front.Date != "2026-05-04" || a.Author.Key != "ana" || a.Front.Title != "Why patients answer: a call" {
		t.Errorf("new article %+v", a.Front)
	}
	// Without a photo, the site's plain cover, and no file beside it.
	if entries, _ := os.ReadDir(filepath.Dir(want)); a.Front.Cover.Src != "" || a.Cover.Src != content.DefaultCover || len(entries) != 1 {
		t.Errorf("the cover without a photo: %q shown as %q, %d files in the article's folder", a.Front.Cover.Src, a.Cover.Src, len(entries))
	}
	text, _ := os.ReadFile(want)
	if !regexp.MustCompile(`tags: \[\] # tags in use: .*\bhealthcare\b`).Match(text) {
		t.Errorf("the front matter does not list the tags in use:\n%s", text)
	}
	// Not published until its editor says so; never overwritten.
	if pub, _ := load.SiteWith(os.DirFS(dir), load.Options{Now: now}); pub.Pages["/insights/why-patients-answer-a-call"] != nil {
		t.Error("the new draft is published")
	}
	if err := run([]string{"-title", "Why patients answer: a call", "-content", dir}, now, &out, &out); err == nil {
		t.Error("a second article with the same title overwrote the first")
	}
}

// A phone's photo as the cover (sideways, as phones write them), tags and
// an author: the photo is copied beside the article, which loads.
func TestNewArticleWithCover(t *testing.T) {
	dir := newContent(t)
	now := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
	photo := filepath.Join(t.TempDir(), "IMG_0042.JPEG")
	os.WriteFile(photo, imagetest.JPEG(imagetest.Photo(400, 300, 1), 85, 6), 0o644)
	var out bytes.Buffer
	args := []string{"-title", "From the ward", "-cover", photo, "-tags", "Healthcare, night shifts", "-author", "ana", "-content", dir}
	if err := run(args, now, &out, &out); err != nil {
		t.Fatal(err)
	}
	// The tag no file names yet is said to be new, with the file that
	// names it; the one named already is not.
	if want := `tag "night-shifts" is new: pages show it as "night shifts" until ` + filepath.Join(dir, "collections/tags/night-shifts.yaml") + " names it (name: Night shifts)"; !strings.Contains(out.String(), want) || strings.Contains(out.String(), `tag "healthcare"`) {
		t.Errorf("make article says:\n%s\nwant %q, and nothing of healthcare", out.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "articles", "from-the-ward", "cover.jpg")); err != nil {
		t.Errorf("the cover is not beside the article: %v", err)
	}
	a := loadNew(t, dir, "from-the-ward", now)
	if a.Front.Cover.Src != "cover.jpg" || strings.Join(a.Front.Tags, ",") != "healthcare,night-shifts" || a.Author.Key != "ana" {
		t.Errorf("new article %+v", a.Front)
	}
	// Upright (300 wide), cropped to the cover's shape.
	if a.Cover.Width != 300 || a.Cover.Height != 158 {
		t.Errorf("the sideways photo's cover is %dx%d, want it upright and in the cover's shape, 300x158", a.Cover.Width, a.Cover.Height)
	}

	err := run([]string{"-title", "Another", "-author", "anna", "-content", dir}, now, &out, &out)
	if err == nil || !strings.Contains(err.Error(), `author "anna" is not in`) || !strings.Contains(err.Error(), `did you mean "ana"?`) || !strings.Contains(err.Error(), "the authors are ana") || !strings.Contains(err.Error(), "add them to "+filepath.Join(dir, "collections/authors.yaml")+" first") {
		t.Errorf("an unknown author: %v", err)
	}
}

// A title whose address a redirect already answers is written, with a
// warning naming the redirect.
func TestNewArticleAtARedirect(t *testing.T) {
	dir := newContent(t)
	routing := filepath.Join(dir, "routing.yaml")
	data, _ := os.ReadFile(routing)
	os.WriteFile(routing, bytes.Replace(data, []byte("redirects:\n"), []byte("redirects:\n  - {from: /insights/the-plan, to: /about}\n"), 1), 0o644)
	var out, errs bytes.Buffer
	if err := run([]string{"-title", "The plan", "-content", dir}, time.Now(), &out, &errs); err != nil {
		t.Fatal(err)
	}
	if want := "warning: /insights/the-plan is already a redirect of routing.yaml (to /about)"; !strings.Contains(errs.String(), want) {
		t.Errorf("warning %q, want %q", errs.String(), want)
	}
}
