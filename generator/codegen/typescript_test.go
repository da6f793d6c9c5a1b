package codegen

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden and generated files")

const tsFile = "../../frontend/src/lib/content-types.ts"

// TestTypeScript fails when the committed TypeScript types no longer match
// the Go content types; -update regenerates them.
func TestTypeScript(t *testing.T) {
	current(t, tsFile, TypeScript())
}

// current fails the test while the committed file no longer holds got,
// what is generated from the Go types now; -update (make types) writes
// got to it.
func current(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run `make types`", file)
	}
}
