package contentroot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"testing/fstest"
)

// TestOpenRefuses: through Open, a link (to a file outside, to a
// directory, to a file inside), a name below a linked directory and a
// named pipe are refused, and a regular file is read.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "content")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{filepath.Join(tree, "images"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(tree, "images", "a.svg"), []byte("<svg/>"), 0o644)
	os.Symlink("/proc/self/environ", filepath.Join(tree, "images", "environ.txt"))
	os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(tree, "images", "secret.txt"))
	os.Symlink(outside, filepath.Join(tree, "images", "more"))
	os.Symlink("a.svg", filepath.Join(tree, "images", "alias.svg"))
	if err := syscall.Mkfifo(filepath.Join(tree, "images", "pipe.svg"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := Open(tree)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	if data, err := fs.ReadFile(fsys, "images/a.svg"); err != nil || string(data) != "<svg/>" {
		t.Errorf("a regular file: %q, %v", data, err)
	}
	for name, want := range map[string]error{
		"images/environ.txt":     ErrSymlink,
		"images/secret.txt":      ErrSymlink,
		"images/more":            ErrSymlink,
		"images/more/secret.txt": ErrSymlink,
		"images/alias.svg":       ErrSymlink,
		"images/pipe.svg":        ErrNotRegular,
		"../outside/secret.txt":  fs.ErrInvalid,
		"images/../../outside/x": fs.ErrInvalid,
	} {
		if data, err := fs.ReadFile(fsys, name); !errors.Is(err, want) {
			t.Errorf("%s: %q, %v; want %v", name, data, err, want)
		}
		if _, err := fs.Stat(fsys, name); !errors.Is(err, want) {
			t.Errorf("stat %s: %v; want %v", name, err, want)
		}
	}
	if _, err := fs.ReadDir(fsys, "images/more"); !errors.Is(err, ErrSymlink) {
		t.Errorf("a linked directory was listed: %v", err)
	}
}

// TestStrictMapFS: a tree in memory gets the same rules.
func TestStrictMapFS(t *testing.T) {
	fsys := Strict(fstest.MapFS{
		"images/a.svg":     {Data: []byte("<svg/>")},
		"images/alias.svg": {Data: []byte("a.svg"), Mode: fs.ModeSymlink},
		"images/big.png":   {Data: make([]byte, MaxFileSize+1)},
	})
	if _, err := fs.ReadFile(fsys, "images/a.svg"); err != nil {
		t.Error(err)
	}
	if _, err := fs.ReadFile(fsys, "images/alias.svg"); !errors.Is(err, ErrSymlink) {
		t.Errorf("a link was read: %v", err)
	}
	if _, err := fs.ReadFile(fsys, "images/big.png"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file over the limit was read: %v", err)
	}
}
