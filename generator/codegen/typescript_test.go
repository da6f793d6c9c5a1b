package codegen

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// root is the repository's root, from this package.
const root = "../.."

// TestGenerated fails while any generated file differs from what the code
// makes now, naming it: `make types` (go generate ./...) writes them all.
func TestGenerated(t *testing.T) {
	files, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		current(t, filepath.Join(root, f.Path), f.Data)
	}
}

// current fails the test while the committed file no longer holds got,
// what is generated from the Go code now.
func current(t *testing.T, file string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run make types", file)
	}
}
