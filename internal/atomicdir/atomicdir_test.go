package atomicdir

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out", "site")
	if err := Write(dir, []File{{Path: "a.txt", Data: []byte("1")}, {Path: "sub/b.txt", Data: []byte("2")}}); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, []File{{Path: "a.txt", Data: []byte("new")}}); err != nil {
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
	if err := Write(dir, []File{{Path: "a.txt", Data: []byte("old")}}); err != nil {
		t.Fatal(err)
	}
	// A file path that is also a directory cannot be written.
	err := Write(dir, []File{{Path: "x", Data: []byte("1")}, {Path: "x/y", Data: []byte("2")}})
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

// TestWriteKept: a file whose bytes the kept folder holds is taken from
// there (the same inode), into any output folder; a file with other bytes,
// or whose kept copy was changed in place since (through the output it is
// linked to), gets the bytes it is given; and the tree is exactly the
// files, as Write makes it.
func TestWriteKept(t *testing.T) {
	root := t.TempDir()
	kept := filepath.Join(root, "cache", "output")
	site := filepath.Join(root, "site")
	read := func(dir, name string) (string, uint64) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(filepath.Join(dir, name))
		st, _ := fi.Sys().(*syscall.Stat_t)
		if st == nil {
			t.Skip("no inodes here")
		}
		return string(b), st.Ino
	}
	files := []File{{Path: "index.html", Data: []byte("home")}, {Path: "a/index.html", Data: []byte("page a")}, {Path: "b/index.html", Data: []byte("page b")}}
	if err := WriteKept(site, files, kept); err != nil {
		t.Fatal(err)
	}
	_, homeIno := read(site, "index.html")
	_, aIno := read(site, "a/index.html")

	// Unchanged, into another folder: taken from the kept files.
	other := filepath.Join(root, "other", "site")
	if err := WriteKept(other, files, kept); err != nil {
		t.Fatal(err)
	}
	if got, ino := read(other, "index.html"); got != "home" || ino != homeIno {
		t.Errorf("unchanged file: %q, inode %d, want the kept one %d", got, ino, homeIno)
	}

	// Page a changed in place through the output (same size), page b's
	// bytes changed in the build: each gets the build's bytes.
	edited := filepath.Join(other, "a/index.html")
	if err := os.WriteFile(edited, []byte("PAGE A"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A person's edit comes after the build, not within the file system's
	// clock tick (a few ms) of its write, as it may here.
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(edited, later, later); err != nil {
		t.Fatal(err)
	}
	files[2].Data = []byte("page b, edited")
	if err := WriteKept(site, files, kept); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if got, _ := read(site, f.Path); got != string(f.Data) {
			t.Errorf("%s = %q, want %q", f.Path, got, f.Data)
		}
	}
	if _, ino := read(site, "a/index.html"); ino == aIno {
		t.Error("the page changed in place was taken from the kept files")
	}

	// The tree is exactly the files: one removed is gone.
	if err := WriteKept(site, files[:2], kept); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(site, "b/index.html")); !os.IsNotExist(err) {
		t.Error("a file of the previous tree survived")
	}
	if got, _ := read(site, "a/index.html"); got != "page a" {
		t.Errorf("a/index.html = %q", got)
	}
}

// TestWriteFrom: a file with From is that file, linked (the same inode),
// through Write and WriteKept alike, and not kept; a From that is gone,
// or that no longer has the size of the bytes read from it, gets the
// bytes instead.
func TestWriteFrom(t *testing.T) {
	root := t.TempDir()
	ino := func(p string) uint64 {
		t.Helper()
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := fi.Sys().(*syscall.Stat_t)
		if st == nil {
			t.Skip("no inodes here")
		}
		return st.Ino
	}
	pkg := filepath.Join(root, "node_modules", "editor.js")
	changed := filepath.Join(root, "node_modules", "changed.js")
	for _, p := range []string{pkg, changed} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("the editor"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := []File{
		{Path: "admin/editor.js", Data: []byte("the editor"), From: pkg},
		{Path: "admin/gone.js", Data: []byte("kept bytes"), From: filepath.Join(root, "node_modules", "gone.js")},
		{Path: "admin/changed.js", Data: []byte("the editor, as read"), From: changed},
		{Path: "index.html", Data: []byte("home")},
	}
	kept := filepath.Join(root, "cache", "output")
	for _, write := range []struct {
		name string
		fn   func(dir string) error
	}{
		{"Write", func(dir string) error { return Write(dir, files) }},
		{"WriteKept", func(dir string) error { return WriteKept(dir, files, kept) }},
	} {
		site := filepath.Join(root, write.name)
		if err := write.fn(site); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if b, err := os.ReadFile(filepath.Join(site, f.Path)); err != nil || string(b) != string(f.Data) {
				t.Errorf("%s: %s = %q, %v; want %q", write.name, f.Path, b, err, f.Data)
			}
		}
		if ino(filepath.Join(site, "admin/editor.js")) != ino(pkg) {
			t.Errorf("%s: the file with From was written, not linked to it", write.name)
		}
		if ino(filepath.Join(site, "admin/changed.js")) == ino(changed) {
			t.Errorf("%s: linked to a From of another size than its bytes", write.name)
		}
	}
	entries, _ := os.ReadDir(kept)
	if len(entries) != 2 { // index.html's bytes and the records
		t.Errorf("kept folder holds %d entries, want index.html's and the records: %v", len(entries), entries)
	}
}
