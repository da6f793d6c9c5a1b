package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestEditorOpensBeforeAGoodBuild: a mistake saved from the web editor
// stops the build, and make dev is started again before it is fixed.
// Nothing has been built, so the pages answer 503 with the problems; the
// editor at /admin/ still opens, with its own policy, so that the mistake
// can be fixed where it was made; and the fix builds the site.
func TestEditorOpensBeforeAGoodBuild(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	d := &devSite{Content: filepath.Join(tmp, "content"), Frontend: filepath.Join(repo, "frontend"), out: &syncBuffer{}}
	copyTree(t, filepath.Join(repo, testSite), d.Content)
	about := filepath.Join(d.Content, "pages", "about.yaml")
	good, err := os.ReadFile(about)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(about, append(good, "saved-by-mistake: 1\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-content", d.Content, "-frontend", d.Frontend,
			"-outbox", filepath.Join(tmp, "outbox.jsonl")}, d.out, d.out)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("cmd/dev did not stop")
		}
	})
	for deadline := time.Now().Add(30 * time.Second); d.URL == ""; time.Sleep(10 * time.Millisecond) {
		if m := regexp.MustCompile(`http://[0-9.:]+`).FindString(d.out.String()); m != "" {
			d.URL = m
		} else if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q", d.out.String())
		}
	}
	// The first build fails; then the editor's files are made.
	for deadline := time.Now().Add(3 * time.Minute); !strings.Contains(d.out.String(), "nothing built yet"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the first build did not fail as expected:\n%s", d.out.String())
		}
	}
	if !strings.Contains(d.out.String(), "saved-by-mistake") {
		t.Errorf("the terminal does not name the mistake:\n%s", d.out.String())
	}
	if status, _, _ := d.get(t, "/"); status != 503 {
		t.Errorf("GET / before any good build = %d, want 503", status)
	}
	status, h, body := d.get(t, "/admin/")
	if status != 200 || !strings.Contains(body, "/admin/sveltia/") {
		t.Fatalf("GET /admin/ before any good build = %d:\n%.300s", status, body)
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "https://api.github.com") {
		t.Errorf("the editor's page without its own policy: %q", csp)
	}
	if status, _, body := d.get(t, "/admin/config.yml"); status != 200 || !strings.Contains(body, "collections:") {
		t.Errorf("GET /admin/config.yml = %d %.100q", status, body)
	}
	// The fix builds the site.
	d.subscribe(t)
	d.write(t, filepath.Join("pages", "about.yaml"), good)
	d.until(t, "the fixed site is served", func() bool {
		status, _, _ := d.get(t, "/")
		return status == 200
	})
}
