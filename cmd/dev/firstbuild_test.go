package main

import (
	"os"
	"path/filepath"
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
	d := copyDev(t, testSite, false)
	about := filepath.Join(d.Content, "pages", "about.yaml")
	good, err := os.ReadFile(about)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(about, append(good, "saved-by-mistake: 1\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	d.launch(t)
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
