package icons

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

const (
	// SourceFile is the app's icon set, from the repository's root.
	SourceFile = "frontend/src/components/ui/icon.tsx"
	// GeneratedFile is the list of its names, generated from it.
	GeneratedFile = "generator/content/icons/icons_gen.go"
)

// iconKeyRE matches the keys of the icon set's paths object.
var iconKeyRE = regexp.MustCompile(`(?m)^  "?([a-z0-9-]+)"?: "`)

// Generate returns icons_gen.go for the icon set src (SourceFile).
func Generate(src []byte) ([]byte, error) {
	_, body, ok := strings.Cut(string(src), "const paths")
	body, _, ok2 := strings.Cut(body, "\n}")
	if !ok || !ok2 {
		return nil, fmt.Errorf("%s: no `const paths = {...}` object", SourceFile)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated from frontend/src/components/ui/icon.tsx by icons.Generate; DO NOT EDIT.\n")
	b.WriteString("// Refresh: make types (go generate ./...)\n\npackage icons\n\n")
	b.WriteString("// names are the icons the app can draw.\nvar names = []string{\n")
	n := 0
	for _, m := range iconKeyRE.FindAllStringSubmatch(body, -1) {
		fmt.Fprintf(&b, "\t%q,\n", m[1])
		n++
	}
	b.WriteString("}\n")
	if n < 10 {
		return nil, fmt.Errorf("found only %d icons in %s: has its format changed?", n, SourceFile)
	}
	return b.Bytes(), nil
}
