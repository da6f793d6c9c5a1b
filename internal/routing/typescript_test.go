package routing_test

import (
	"bytes"
	"flag"
	"os"
	"reflect"
	"testing"

	"github.com/vozia/site/internal/routing"
	"github.com/vozia/site/internal/tsgen"
)

var update = flag.Bool("update", false, "rewrite the generated TypeScript")

const tsFile = "../../deploy/lib/routing-types.ts"

// TestTypeScript: the deployment reads routes.json through TypeScript
// types generated from Manifest, by the same generator as the app's
// content types; it fails while the committed file is stale.
func TestTypeScript(t *testing.T) {
	g := tsgen.New(nil)
	g.Ref(reflect.TypeOf(routing.Manifest{}))
	var b bytes.Buffer
	b.WriteString("// Code generated from internal/routing (Manifest); DO NOT EDIT.\n")
	b.WriteString("// Refresh: make types (go test ./internal/routing -run TestTypeScript -update)\n\n")
	g.Interfaces(&b)
	got := bytes.TrimRight(b.Bytes(), "\n")
	got = append(got, '\n')
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
		t.Errorf("%s is stale: run `make types`", tsFile)
	}
}
