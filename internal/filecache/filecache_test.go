package filecache

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestDir(t *testing.T) {
	root := t.TempDir()
	d := New(root, "render", ".html")
	if _, ok := d.Get("a"); ok || !d.Empty() {
		t.Fatal("an empty cache has an entry")
	}
	d.Put("a", []byte("A"))
	if d.Empty() {
		t.Error("a cache with an entry is empty")
	}
	d.Put("b", []byte("B"))
	if got, ok := d.Get("a"); !ok || string(got) != "A" {
		t.Fatalf("Get(a) = %q, %v", got, ok)
	}
	d.KeepOnly([]string{"b"})
	if _, ok := d.Get("a"); ok {
		t.Error("KeepOnly(b) kept a")
	}
	if got, _ := d.Get("b"); string(got) != "B" {
		t.Errorf("KeepOnly(b) lost b: %q", got)
	}
	// Entries are named by the key and the build's version, never by the
	// key alone: another build's code cannot take them.
	entries, _ := os.ReadDir(filepath.Join(root, "render"))
	if len(entries) != 1 || entries[0].Name() == "b.html" {
		t.Errorf("entries %v", entries)
	}
	if Version() == "" {
		t.Error("no version")
	}
	var zero Dir
	zero.Put("a", []byte("A"))
	if _, ok := zero.Get("a"); ok || !zero.Empty() {
		t.Error("the zero Dir keeps entries")
	}
}

// TestGoBuildID reads the build ID the Go toolchain reads: the test
// binary's, as `go tool buildid` prints it. Two builds of other code have
// other IDs (the toolchain's own promise), so the caches of one are never
// the other's.
func TestGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Fatalf("go tool buildid: %v", err)
	}
	if got, want := goBuildID(exe), "go-buildid "+strings.TrimSpace(string(out)); got != want {
		t.Errorf("goBuildID = %q, want %q", got, want)
	}
	if id := goBuildID(filepath.Join(t.TempDir(), "none")); id != "" {
		t.Errorf("a missing executable has the ID %q", id)
	}
}
