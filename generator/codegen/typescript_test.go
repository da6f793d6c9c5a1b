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
	got := TypeScript()
	if *update {
		if err := os.WriteFile(tsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(tsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run `make types` (go test ./generator/codegen -run TestTypeScript -update)", tsFile)
	}
}
