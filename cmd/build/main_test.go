package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/internal/testkit/imagetest"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// fixture is the test site (not the live content, which editors change).
const fixture = "../../testdata/site"

// copyContent copies the test site so a test can break it.
func copyContent(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "content")
	err := filepath.WalkDir(fixture, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(fixture, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestBrokenBuildKeepsLastGoodOutput: a content typo fails the build with
// file:line:col, and the previous output stays exactly as it was.
func TestBrokenBuildKeepsLastGoodOutput(t *testing.T) {
	content := copyContent(t)
	out := filepath.Join(t.TempDir(), "dist", "site")
	args := []string{"-out", out, "-content", content, "-frontend", "../../frontend"}

	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("first build: %v", err)
	}
	for _, want := range []string{"route", "HTML gzip", "/about", "assets/app-", "total"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout.String())
		}
	}
	good, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "cdn", "routes.json")); err != nil {
		t.Errorf("routing manifest not written beside the site: %v", err)
	}

	site := filepath.Join(content, "site.yaml")
	data, _ := os.ReadFile(site)
	// A misspelt key added at the end of the file: a typo whatever the
	// editors' site.yaml holds.
	os.WriteFile(site, append(append(data, '\n'), "demoEmial: sales@example.com\n"...), 0o644)
	os.WriteFile(filepath.Join(out, "marker"), []byte("still here"), 0o644)

	stdout.Reset()
	err = run(context.Background(), args, &stdout, &stderr)
	if err == nil {
		t.Fatal("build with a typo succeeded")
	}
	if want := filepath.Join(content, "site.yaml") + ":"; !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `unknown field "demoEmial"`) {
		t.Errorf("error does not name the file, line and field:\n%v", err)
	}
	now, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !bytes.Equal(now, good) {
		t.Error("the failed build changed the previous output")
	}
	if m, _ := os.ReadFile(filepath.Join(out, "marker")); string(m) != "still here" {
		t.Error("the failed build replaced the output directory")
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".site.*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary directories left behind: %v", leftovers)
	}
}

func TestFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"-nope"}, &stdout, &stderr); err == nil {
		t.Error("an unknown flag was accepted")
	}
	if err := run(context.Background(), []string{"-frontend", t.TempDir()}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "node_modules is missing") {
		t.Errorf("missing node_modules: %v", err)
	}
	err := run(context.Background(), []string{"-out", filepath.Join(t.TempDir(), "site"), "-content", fixture, "-frontend", "../../frontend", "-cache", "none", "-base-url", "ftp://x"}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "-base-url") {
		t.Errorf("invalid -base-url: %v", err)
	}
}

// -cache keeps the renders for the next build: it renders nothing when
// nothing changed, and says so.
func TestCacheFlag(t *testing.T) {
	cache := t.TempDir()
	build := func() string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := []string{"-out", filepath.Join(t.TempDir(), "site"), "-content", fixture, "-frontend", "../../frontend", "-cache", cache}
		if err := run(context.Background(), args, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		return stdout.String()
	}
	if out := build(); strings.Contains(out, "reused") {
		t.Errorf("the first build reused renders:\n%s", out)
	}
	if out := build(); !regexp.MustCompile(`(\d+) pages, 0 rendered in .* and (\d+) reused`).MatchString(out) {
		t.Errorf("the second build did not reuse every render:\n%s", out)
	}
}

// A photo is encoded by the first build only: the cache is on by default,
// dist/cache beside the content folder, never in it; the summary lists
// the photo with its files, bytes and time, then as cached.
func TestPhotoEncodedOnce(t *testing.T) {
	content := copyContent(t)
	studies := filepath.Join(content, "collections", "case-studies.yaml")
	data, _ := os.ReadFile(studies)
	first := regexp.MustCompile(`src: "?(/images/[^,}\s"]+)`).FindSubmatchIndex(data)
	if first == nil {
		t.Fatal("the test site's case studies have no image")
	}
	os.WriteFile(studies, slices.Concat(data[:first[2]], []byte("/images/photos/site-visit.jpg"), data[first[3]:]), 0o644)
	os.MkdirAll(filepath.Join(content, "images", "photos"), 0o755)
	os.WriteFile(filepath.Join(content, "images", "photos", "site-visit.jpg"), imagetest.JPEG(imagetest.Photo(800, 600, 3), 85, 6), 0o644)

	out := filepath.Join(filepath.Dir(content), "dist", "site")
	args := []string{"-out", out, "-content", content, "-frontend", "../../frontend"}
	row := regexp.MustCompile(`(?m)^ *images/photos/site-visit\.jpg +(\d+) +[\d.]+ KB +(cached|[\d.]+ s) *$`)
	for i, want := range []string{"encoded", "cached"} {
		var stdout, stderr bytes.Buffer
		if err := run(context.Background(), args, &stdout, &stderr); err != nil {
			t.Fatalf("build %d: %v", i+1, err)
		}
		m := row.FindStringSubmatch(stdout.String())
		switch {
		case m == nil:
			t.Errorf("build %d: the summary does not list the photo:\n%s", i+1, stdout.String())
		case m[1] == "0":
			t.Errorf("build %d: the photo has no files: %q", i+1, m[0])
		case (m[2] == "cached") != (want == "cached"):
			t.Errorf("build %d: the photo is %q, want it %s", i+1, m[2], want)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "cache")); err != nil {
		t.Errorf("no cache in dist/ beside the content: %v", err)
	}
	filepath.WalkDir(content, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "cache" {
			t.Errorf("a cache inside the content: %s", p)
		}
		return nil
	})
}

// A renamed article, committed (by hand, or by the web editor's pull
// request), builds without a word against git's HEAD, which has the
// rename. Built with -published naming what is live (CI: the pull
// request's base, the commit before a push), the build is refused, naming
// the old address and its fix, and the last good output stays; with the
// alias committed, it builds. A revision the clone does not have refuses
// the build too: what is live would go unchecked; one whose content this
// build cannot read is a warning.
func TestPublishedAddressesKept(t *testing.T) {
	content := sitefixture.Committed(t, fixture)
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", content, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	live := strings.TrimSpace(string(must(exec.Command("git", "-C", content, "rev-parse", "HEAD").Output())))
	out := filepath.Join(t.TempDir(), "dist", "site")
	build := func(extra ...string) error {
		t.Helper()
		var stdout, stderr bytes.Buffer
		return run(context.Background(), append([]string{"-out", out, "-content", content, "-frontend", "../../frontend"}, extra...), &stdout, &stderr)
	}
	if err := build("-published", live); err != nil {
		t.Fatalf("the live content, built against itself: %v", err)
	}

	git("mv", "articles/on-premise.md", "articles/on-premise-models.md")
	git("commit", "-q", "-m", "rename")
	if err := build(); err != nil {
		t.Fatalf("against HEAD, which has the rename: %v", err)
	}
	good := must(os.ReadFile(filepath.Join(out, "index.html")))
	err := build("-published", live)
	if err == nil || !strings.Contains(err.Error(), "the address /insights/on-premise, ") || !strings.Contains(err.Error(), "aliases: [/insights/on-premise]") || !strings.Contains(err.Error(), live) {
		t.Fatalf("against what is live, want a refusal naming /insights/on-premise, its alias and the revision; got %v", err)
	}
	// At the renamed file, by its path from here, on the line that closes
	// its front matter (where the alias goes), quoted.
	renamed := filepath.Join(content, "articles", "on-premise-models.md")
	data := string(must(os.ReadFile(renamed)))
	closing := slices.Index(strings.Split(data, "\n")[1:], "---") + 2
	if at := fmt.Sprintf("%s:%d:1: ", renamed, closing); !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), fmt.Sprintf("%d | ---", closing)) {
		t.Errorf("the refusal is not placed at %s with its line: %v", at, err)
	}
	if now := must(os.ReadFile(filepath.Join(out, "index.html"))); !bytes.Equal(now, good) {
		t.Error("the refused build changed the last good output")
	}

	fixed := strings.Replace(data, "tags:", "aliases: [/insights/on-premise]\ntags:", 1)
	if fixed == data {
		t.Fatal("the fixture article has no tags: line to put the alias before")
	}
	os.WriteFile(renamed, []byte(fixed), 0o644)
	git("commit", "-q", "-am", "alias")
	if err := build("-published", live); err != nil {
		t.Errorf("with the alias: %v", err)
	}
	if err := build("-published", "origin/main"); err == nil || !strings.Contains(err.Error(), `"origin/main" is not in this clone`) {
		t.Errorf("a revision the clone lacks: want a refusal saying so, got %v", err)
	}

	// What is live does not load as this build reads content (the change
	// made a field required, and filled it in): a warning, not a refusal,
	// or such a change could never pass, and its addresses compared as far
	// as its files give them (generator/published).
	site := filepath.Join(content, "site.yaml")
	data = string(must(os.ReadFile(site)))
	os.WriteFile(site, []byte(data+"\nnewField: x\n"), 0o644)
	git("commit", "-q", "-am", "a field this build does not know, as if made required since")
	old := strings.TrimSpace(string(must(exec.Command("git", "-C", content, "rev-parse", "HEAD").Output())))
	os.WriteFile(site, []byte(data), 0o644)
	git("commit", "-q", "-am", "back")
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"-out", out, "-content", content, "-frontend", "../../frontend", "-published", old}, &stdout, &stderr); err != nil {
		t.Errorf("what is live not loading refused the build: %v", err)
	} else if !strings.Contains(stderr.String(), "are checked as far as they can be read") {
		t.Errorf("what is live not loading went unsaid:\n%s", stderr.String())
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
