package icons

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated files")

const iconFile = "../../../frontend/src/components/ui/icon.tsx"

// iconKeyRE matches the keys of the icon set's paths object.
var iconKeyRE = regexp.MustCompile(`(?m)^  "?([a-z0-9-]+)"?: "`)

// TestIcons fails when icons_gen.go no longer lists the icons of
// frontend/src/components/ui/icon.tsx; -update (make types) regenerates it.
func TestIcons(t *testing.T) {
	src, err := os.ReadFile(iconFile)
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(src), "const paths")
	body, _, ok2 := strings.Cut(body, "\n}")
	if !ok || !ok2 {
		t.Fatalf("%s: no `const paths = {...}` object", iconFile)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated from frontend/src/components/ui/icon.tsx by TestIcons; DO NOT EDIT.\n")
	b.WriteString("// Refresh: go test ./generator/content/icons -run TestIcons -update (make types)\n\npackage icons\n\n")
	b.WriteString("// names are the icons the app can draw.\nvar names = []string{\n")
	n := 0
	for _, m := range iconKeyRE.FindAllStringSubmatch(body, -1) {
		fmt.Fprintf(&b, "\t%q,\n", m[1])
		n++
	}
	b.WriteString("}\n")
	if n < 10 {
		t.Fatalf("found only %d icons in %s: has its format changed?", n, iconFile)
	}
	if *update {
		if err := os.WriteFile("icons_gen.go", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("icons_gen.go")
	if err != nil || !bytes.Equal(b.Bytes(), want) {
		t.Errorf("icons_gen.go is stale: run `make types`")
	}
}
