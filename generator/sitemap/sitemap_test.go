package sitemap

import (
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestXML(t *testing.T) {
	data := XML([]Entry{
		{Loc: "https://www.vozia.example/", LastMod: "2026-01-02"},
		{Loc: "https://www.vozia.example/a?b=1&c=2"},
	})
	var doc struct {
		XMLName xml.Name
		URLs    []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("sitemap is not XML: %v\n%s", err, data)
	}
	if doc.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || doc.XMLName.Local != "urlset" {
		t.Errorf("root = %v", doc.XMLName)
	}
	if len(doc.URLs) != 2 || doc.URLs[0].LastMod != "2026-01-02" || doc.URLs[1].Loc != "https://www.vozia.example/a?b=1&c=2" {
		t.Errorf("urls = %+v", doc.URLs)
	}
	if strings.Contains(string(data), "<lastmod></lastmod>") {
		t.Error("an unknown lastmod must be left out, not empty")
	}
}

func TestRobots(t *testing.T) {
	got := string(Robots("https://www.vozia.example/sitemap.xml"))
	want := "User-agent: *\nAllow: /\n\nSitemap: https://www.vozia.example/sitemap.xml\n"
	if got != want {
		t.Errorf("robots.txt = %q, want %q", got, want)
	}
}

func TestLastModified(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed for lastmod")
	}
	dir := t.TempDir()
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, s string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644)
	}
	git("2025-01-01T10:00:00Z", "init", "-q")
	write("content/a.yaml", "a")
	write("content/pages/b.yaml", "b")
	git("2025-01-01T10:00:00Z", "add", ".")
	git("2025-01-01T10:00:00Z", "commit", "-qm", "one")
	write("content/pages/b.yaml", "b2")
	git("2025-03-04T10:00:00Z", "commit", "-qam", "two")

	got := LastModified(context.Background(), filepath.Join(dir, "content"))
	if got["a.yaml"] != "2025-01-01" || got["pages/b.yaml"] != "2025-03-04" {
		t.Errorf("LastModified = %v", got)
	}
	// Kept on disk by HEAD's commit: a process that finds them takes
	// them, and a new commit is read afresh.
	cacheDir := t.TempDir()
	of := func() map[string]string {
		d := NewDates(cacheDir) // a new process's
		return d.Of(context.Background(), filepath.Join(dir, "content"))
	}
	if kept := of(); kept["a.yaml"] != "2025-01-01" || of()["pages/b.yaml"] != "2025-03-04" {
		t.Errorf("Dates.Of = %v", kept)
	}
	write("content/a.yaml", "a2")
	git("2025-05-06T10:00:00Z", "commit", "-qam", "three")
	if kept := of(); kept["a.yaml"] != "2025-05-06" {
		t.Errorf("after a new commit, Dates.Of = %v: the dates kept for the commit before were taken", kept)
	}
	if l := Latest(got, "a.yaml", "pages/b.yaml", "missing.yaml"); l != "2025-03-04" {
		t.Errorf("Latest = %q", l)
	}
	if l := Latest(got, "missing.yaml"); l != "" {
		t.Errorf("Latest of unknown files = %q, want empty", l)
	}
	if m := LastModified(context.Background(), t.TempDir()); len(m) != 0 {
		t.Errorf("outside git: %v, want empty", m)
	}
}
