package codegen

//go:generate go run ./generate -root ../..

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"

	"github.com/vozia/site/generator/content/icons"
	"github.com/vozia/site/generator/markdown"
	"github.com/vozia/site/internal/routing"
	"github.com/vozia/site/internal/tsgen"
)

// Every file generated from the Go code is written by one command,
// `go generate ./...` (make types: the directive above runs
// generator/codegen/generate), and a test fails, naming the file, while
// any of them differs from what Files makes now.

// File is a generated file: its path from the repository's root, and its
// contents.
type File struct {
	Path string
	Data []byte
}

// RoutingTypesFile is the TypeScript of the routing manifest that the
// deployment reads.
const RoutingTypesFile = "deploy/lib/routing-types.ts"

// EditorConfigFile is the web editor's configuration.
const EditorConfigFile = "frontend/admin/config.yml"

// TypeScriptFile is the TypeScript of the content types, which the app
// reads.
const TypeScriptFile = "frontend/src/lib/content-types.ts"

// HighlightCSSFile is the stylesheet of the highlighted code blocks.
const HighlightCSSFile = "frontend/src/components/article-code.css"

// Files are the generated files of the repository at root as the code
// makes them now: some read sources under root (the content packages' doc
// comments, the icon set, the section components present, the guide).
// The icon names come from icon.tsx as it is now, not as this program was
// built: Generate writes icons_gen.go first, and what else names the icons
// is made in a second run when it changed (cmd generate does).
func Files(root string) ([]File, error) {
	read := func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(root, p)) }
	tsx, err := read(icons.SourceFile)
	if err != nil {
		return nil, err
	}
	iconList, err := icons.Generate(tsx)
	if err != nil {
		return nil, err
	}
	d, err := contentDocs(root)
	if err != nil {
		return nil, err
	}
	readme, err := read(ReadmeFile)
	if err != nil {
		return nil, err
	}
	guide, err := Readme(root, readme)
	if err != nil {
		return nil, err
	}
	registry := Registry(func(kind string) bool {
		_, err := os.Stat(filepath.Join(root, ComponentFile(kind)))
		return err == nil
	})
	return []File{
		{icons.GeneratedFile, iconList},
		{TypeScriptFile, TypeScript()},
		{RegistryFile, registry},
		{EditorConfigFile, EditorConfig(d.doc)},
		{EditorPreviewsFile, EditorPreviews()},
		{ReadmeFile, guide},
		{HighlightCSSFile, markdown.HighlightCSS()},
		{RoutingTypesFile, RoutingTypes()},
		{FieldDocsFile, FieldDocs(d)},
	}, nil
}

// RoutingTypes is the TypeScript of routing.Manifest, by the same
// generator as the app's content types.
func RoutingTypes() []byte {
	g := tsgen.New(nil)
	g.Ref(reflect.TypeOf(routing.Manifest{}))
	var b bytes.Buffer
	b.WriteString("// Code generated from internal/routing (Manifest); DO NOT EDIT.\n")
	b.WriteString("// Refresh: make types (go generate ./...)\n\n")
	g.Interfaces(&b)
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// doc is the DocFunc of the doc comments d.
func (d docs) doc(typeName, field string) string {
	if field == "" {
		return d.types[typeName]
	}
	return d.fields[typeName][field]
}
