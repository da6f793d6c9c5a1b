package generator

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares data with the file, or rewrites the file under -update.
func golden(t *testing.T, file string, data []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Errorf("%s: %v (go test ./generator -run TestBuildFixture -update writes it)", file, err)
		return
	}
	if !bytes.Equal(want, data) {
		t.Errorf("%s is not current (go test ./generator -run TestBuildFixture -update): %s", file, firstDifference(want, data))
	}
}

// firstDifference names the first line where got differs from want, with
// both versions of it.
func firstDifference(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d is\n\t%q\nwant\n\t%q", i+1, gl, wl)
		}
	}
	return "same lines, different bytes"
}
