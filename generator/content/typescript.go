package content

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
)

// TypeScript returns frontend/src/lib/content-types.ts: TypeScript
// declarations of the wire types and of every section kind, with the
// union Section on kind, generated from the Go structs so that the app and
// the build cannot disagree about a field or a kind. A test fails when the committed file is stale; refresh it with
// `go test ./generator/content -run TestTypeScript -update`.
func TypeScript() []byte {
	g := &tsGen{named: map[string]reflect.Type{}}
	roots := []reflect.Type{reflect.TypeOf(SiteData{}), reflect.TypeOf(PageData{}), reflect.TypeOf(ClientRoute{})}
	for _, k := range sectionKinds {
		roots = append(roots, k.Type())
	}
	for _, t := range roots {
		g.ref(t)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated from generator/content by TypeScript(); DO NOT EDIT.\n")
	b.WriteString("// Refresh: go test ./generator/content -run TestTypeScript -update\n\n")
	b.WriteString("import type { IconName } from \"../components/ui/icon\";\n\n")
	for _, name := range sortedKeys(g.named) {
		t := g.named[name]
		fmt.Fprintf(&b, "export interface %s {\n", name)
		g.fields(&b, t)
		b.WriteString("}\n\n")
	}
	b.WriteString("/** Section is one section of a page, selected by its kind. */\nexport type Section =\n")
	for _, k := range sectionKinds {
		fmt.Fprintf(&b, "  | ({ kind: %q } & %s)\n", k.Name, k.Type().Name())
	}
	b.WriteString(";\n\nexport type SectionKind = Section[\"kind\"];\n\n")
	b.WriteString("/** SectionOf is the section of one kind. */\nexport type SectionOf<K extends SectionKind> = Extract<Section, { kind: K }>;\n\n")
	b.WriteString("/** The collections a collection section can show. */\nexport type CardCollection = ")
	for i, c := range cardCollections {
		if i > 0 {
			b.WriteString(" | ")
		}
		fmt.Fprintf(&b, "%q", c)
	}
	b.WriteString(";\n\n/** The sizes of each place an image can sit (ImageSizes). */\nexport const imageSizes = {\n")
	for _, k := range sortedKeys(ImageSizes) {
		fmt.Fprintf(&b, "  %s: %q,\n", k, ImageSizes[k])
	}
	b.WriteString("} as const;\n\nexport type ImagePlace = keyof typeof imageSizes;\n")
	return b.Bytes()
}

type tsGen struct{ named map[string]reflect.Type }

func (g *tsGen) fields(b *bytes.Buffer, t reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			g.fields(b, f.Type)
			continue
		}
		if name == "" {
			name = f.Name
		}
		opt := ""
		if strings.Contains(opts, "omitempty") || f.Type.Kind() == reflect.Pointer {
			opt = "?"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", name, opt, g.ref(f.Type))
	}
}

// ref returns the TypeScript for t, registering named structs on the way.
func (g *tsGen) ref(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return g.ref(t.Elem())
	case reflect.String:
		if t == reflect.TypeOf(Icon("")) {
			return "IconName"
		}
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice:
		return g.ref(t.Elem()) + "[]"
	case reflect.Map:
		return "Record<string, " + g.ref(t.Elem()) + ">"
	case reflect.Interface:
		return "unknown"
	case reflect.Struct:
		if t == sectionType {
			return "Section"
		}
		if prev, ok := g.named[t.Name()]; ok && prev != t {
			panic(fmt.Sprintf("content: two types named %s", t.Name()))
		} else if !ok {
			g.named[t.Name()] = t
			for i := 0; i < t.NumField(); i++ {
				if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
					g.ref(f.Type)
				}
			}
		}
		return t.Name()
	}
	panic(fmt.Sprintf("content: no TypeScript for %s", t))
}
