package codegen

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReference fails while the kinds table or the field reference of
// content/README.md is stale.
func TestReference(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, ReadmeFile))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Readme(root, readme)
	if err != nil {
		t.Fatal(err)
	}
	current(t, filepath.Join(root, ReadmeFile), want)
}

// readDocs are the doc comments of the content packages.
func readDocs(t *testing.T) docs {
	t.Helper()
	d, err := contentDocs(root)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
