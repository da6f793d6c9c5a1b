package codegen

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/wire"
	"github.com/vozia/site/internal/tsgen"
)

// TypeScript returns frontend/src/lib/content-types.ts: TypeScript
// declarations of the wire types and of every section kind, with the
// union Section on kind, generated from the Go structs so that the app and
// the build cannot disagree about a field or a kind. A test fails when
// the committed file is stale; refresh it with make types (go generate
// ./...).
func TypeScript() []byte {
	g := tsgen.New(func(t reflect.Type) (string, bool) {
		switch t {
		case reflect.TypeOf(field.Icon("")):
			return "IconName", true
		case content.SectionType:
			return "Section", true
		}
		return "", false
	})
	roots := []reflect.Type{reflect.TypeOf(wire.SiteData{}), reflect.TypeOf(wire.PageData{}), reflect.TypeOf(wire.PageBody{}), reflect.TypeOf(wire.ClientRoute{})}
	for _, k := range content.Kinds() {
		roots = append(roots, k.Type())
	}
	for _, t := range roots {
		g.Ref(t)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated from generator/content by codegen.TypeScript(); DO NOT EDIT.\n")
	b.WriteString("// Refresh: make types (go generate ./...)\n\n")
	b.WriteString("import type { IconName } from \"../components/ui/icon\";\n\n")
	g.Interfaces(&b)
	b.WriteString("/** Section is one section of a page, selected by its kind. */\nexport type Section =\n")
	for _, k := range content.Kinds() {
		fmt.Fprintf(&b, "  | ({ kind: %q } & %s)\n", k.Name, k.Type().Name())
	}
	b.WriteString(";\n\nexport type SectionKind = Section[\"kind\"];\n\n")
	b.WriteString("/** SectionOf is the section of one kind. */\nexport type SectionOf<K extends SectionKind> = Extract<Section, { kind: K }>;\n\n")
	b.WriteString("/** The collections a collection section can show. */\nexport type CardCollection = ")
	for i, c := range sections.CardCollections() {
		if i > 0 {
			b.WriteString(" | ")
		}
		fmt.Fprintf(&b, "%q", c)
	}
	b.WriteString(";\n\n/** The sizes of each place an image can sit (ImageSizes). */\nexport const imageSizes = {\n")
	for _, k := range slices.Sorted(maps.Keys(content.ImageSizes)) {
		fmt.Fprintf(&b, "  %s: %q,\n", tsKey(k), content.ImageSizes[k])
	}
	b.WriteString("} as const;\n\nexport type ImagePlace = keyof typeof imageSizes;\n")
	return b.Bytes()
}
