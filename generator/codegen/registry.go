package codegen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/vozia/site/generator/content"
)

// The app draws each kind with the component of its own file,
// frontend/src/sections/<kind>.tsx, which exports <PascalKind>View. The
// registry that maps kinds to those components is generated from the
// registered kinds, so that adding a kind takes no edit of a shared file.

// RegistryFile is the generated registry, relative to the repository.
const RegistryFile = "frontend/src/sections/registry.gen.ts"

// ComponentFile is the app's file that renders kind, relative to the
// repository.
func ComponentFile(kind string) string { return "frontend/src/sections/" + kind + ".tsx" }

// componentName is the name a kind's file exports: "home-hero" → "HomeHeroView".
func componentName(kind string) string {
	var b strings.Builder
	for _, w := range strings.Split(kind, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String() + "View"
}

// Registry returns frontend/src/sections/registry.gen.ts: the renderer of
// every kind whose component file exists (hasComponent says which do),
// and the kinds that draw their own background. A kind left without a
// file is left out, and the build reports it (the server bundle names the
// kinds it renders); tsc refuses the registry too, as it must map every
// kind of the generated SectionKind.
func Registry(hasComponent func(kind string) bool) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated from generator/content by codegen.Registry(); DO NOT EDIT.\n")
	b.WriteString("// Refresh: make types (go generate ./...)\n\n")
	b.WriteString("import type { ComponentType } from \"react\";\n")
	b.WriteString("import type { SectionKind } from \"../lib/content-types\";\n")
	b.WriteString("import type { SectionProps } from \"./props\";\n")
	var have []content.Kind
	for _, k := range content.Kinds() {
		if hasComponent(k.Name) {
			have = append(have, k)
			fmt.Fprintf(&b, "import { %s } from \"./%s\";\n", componentName(k.Name), k.Name)
		}
	}
	b.WriteString("\n/** The renderer of each section kind. */\nexport const sectionRenderers = {\n")
	for _, k := range have {
		fmt.Fprintf(&b, "  %s: %s,\n", tsKey(k.Name), componentName(k.Name))
	}
	b.WriteString("} satisfies { [K in SectionKind]: ComponentType<SectionProps<K>> };\n\n")
	kindSet(&b, "ownBackground", "The kinds that draw their own background: they take no part in the alternation of the light sections.", func(k content.Kind) bool { return k.OwnBackground })
	b.WriteString("\n")
	kindSet(&b, "interactive", "The kinds whose components have state or handlers: they hydrate as pieces of their own; the others keep their server HTML.", func(k content.Kind) bool { return k.Interactive })
	return b.Bytes()
}

// kindSet writes a set of the kinds for which in is true.
func kindSet(b *bytes.Buffer, name, doc string, in func(content.Kind) bool) {
	fmt.Fprintf(b, "/** %s */\nexport const %s: ReadonlySet<SectionKind> = new Set([", doc, name)
	first := true
	for _, k := range content.Kinds() {
		if in(k) {
			if !first {
				b.WriteString(", ")
			}
			first = false
			fmt.Fprintf(b, "%q", k.Name)
		}
	}
	b.WriteString("]);\n")
}

// tsKey is name as an object key: quoted unless it is an identifier.
func tsKey(name string) string {
	if strings.Contains(name, "-") {
		return fmt.Sprintf("%q", name)
	}
	return name
}
