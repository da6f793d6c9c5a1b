package atomicdir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out", "site")
	if err := Write(dir, []File{{"a.txt", []byte("1")}, {"sub/b.txt", []byte("2")}}); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, []File{{"a.txt", []byte("new")}}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "new" {
		t.Errorf("a.txt = %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "sub", "b.txt")); !os.IsNotExist(err) {
		t.Error("a file of the previous tree survived")
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("temporary directories left beside the output: %v", entries)
	}
}

func TestWriteFailureKeepsOld(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	if err := Write(dir, []File{{"a.txt", []byte("old")}}); err != nil {
		t.Fatal(err)
	}
	// A file path that is also a directory cannot be written.
	err := Write(dir, []File{{"x", []byte("1")}, {"x/y", []byte("2")}})
	if err == nil {
		t.Fatal("impossible tree written")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(b) != "old" {
		t.Errorf("old output damaged: %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("temporary directories left beside the output: %v", entries)
	}
}
