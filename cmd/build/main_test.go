package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/internal/testkit/imagetest"
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
