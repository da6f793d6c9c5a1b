package content

import (
	"maps"
	"reflect"
	"slices"
	"strings"
)

// What the code generators (generator/codegen) read of the schema: the
// kinds, the collections and the rules the decoders and Validate methods
// check, named here once so that the generated TypeScript, registry,
// editor configuration and guide tables follow the declarations.

// Kinds returns every kind of section, sorted by name.
func Kinds() []Kind { return slices.Clone(registered()) }

// KindNamed is the kind of that name, false if none is registered.
func KindNamed(name string) (Kind, bool) {
	ks := registered()
	i, found := slices.BinarySearchFunc(ks, name, func(e Kind, name string) int { return strings.Compare(e.Name, name) })
	if !found {
		return Kind{}, false
	}
	return ks[i], true
}

// SectionType is the type of a page's section, the union of the kinds.
var SectionType = reflect.TypeOf(Section{})

// PageFile is the shape of a .yaml page; MarkdownFront the front matter of
// a .md page.
type (
	PageFile      = pageFile
	MarkdownFront = markdownFront
)

// CollectionNames are the names of the collections, sorted.
func CollectionNames() []string { return sortedKeys(collectionFiles) }

// CollectionRecord is the type of a record of the collection named name.
func CollectionRecord(name string) reflect.Type {
	return reflect.TypeOf(collectionFiles[name].ptr(&Collections{})).Elem().Elem()
}

// YAMLKey is the key a struct field is written under in content, and its
// options: its yaml tag when it has one (a field the editor writes but
// the app never reads is `yaml:"months" json:"-"`), else its json tag, as
// encoding/json names it; ok is false for a field that is not content
// (`yaml:"-"`, or json "-" without a yaml tag).
func YAMLKey(f reflect.StructField) (name, opts string, ok bool) {
	if !f.IsExported() {
		return "", "", false
	}
	tag, hasYAML := f.Tag.Lookup("yaml")
	if !hasYAML {
		tag = f.Tag.Get("json")
	}
	name, opts, _ = strings.Cut(tag, ",")
	if name == "-" {
		return "", "", false
	}
	return name, opts, true
}

// The rules of single fields, as the decoders and Validate methods check
// them.

// ClaimKinds are the kinds of a claim.
func ClaimKinds() []string { return slices.Clone(claimKinds) }

// ClaimKey is the form of a claim's key; TagPattern of an article's tag.
var (
	ClaimKey   = claimKey
	TagPattern = tagRE
)

// MaxDescription is the longest description, in characters, that search
// engines show whole.
const MaxDescription = maxDescription

// CoverPositions are the words of ArticleImage.Position.
func CoverPositions() []string { return slices.Clone(coverPositions) }

// ShareSources are the values of ArticleFront.Share.
func ShareSources() []string { return slices.Clone(shareSources) }

// New returns a pointer to a new value of the kind's struct.
func (k Kind) New() any { return k.new() }

// CollectionSlot is the field of cols that holds the collection named name,
// a pointer to its slice.
func CollectionSlot(cols *Collections, name string) any { return collectionFiles[name].ptr(cols) }

// MaxTitle is the longest document title search engines show whole.
const MaxTitle = maxTitle

// TitleSuffix is what the build adds to a page's title.
func TitleSuffix(brand string) string { return titleSuffix(brand) }

// WordsPerMinute is a reader's pace, as the build counts reading time.
const WordsPerMinute = wordsPerMinute

func sortedKeys[M ~map[string]V, V any](m M) []string { return slices.Sorted(maps.Keys(m)) }

// EachRead calls fn with the name of each collection sec reads.
func EachRead(sec *Section, fn func(name string)) {
	eachRead(sec, func(name string, _ collectionFile) { fn(name) })
}

// CopyCollection gives dst the collection named name of src.
func CopyCollection(dst, src *Collections, name string) {
	c := collectionFiles[name]
	c.slot(dst).Set(c.slot(src))
}
