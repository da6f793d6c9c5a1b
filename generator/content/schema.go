package content

import (
	"reflect"
	"slices"
)

// What the code generators (generator/codegen) read of the schema: the
// kinds, the collections and the rules the decoders and Validate methods
// check, named here once so that the generated TypeScript, registry,
// editor configuration and guide tables follow the declarations.

// Kind declares one kind of section (see registerKind).
type Kind = sectionKind

// Kinds returns every kind of section, sorted by name.
func Kinds() []Kind { return slices.Clone(sectionKinds) }

// SectionType is the type of a page's section, the union of the kinds.
var SectionType = sectionType

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
// options; ok is false for a field that is not content.
func YAMLKey(f reflect.StructField) (name, opts string, ok bool) { return yamlKey(f) }

// The rules of single fields, as the decoders and Validate methods check
// them.

// CardCollections are the collections a collection section can show.
func CardCollections() []string { return slices.Clone(cardCollections) }

// CardVariants are the variants of a cards section other than the default.
func CardVariants() []string { return slices.Clone(cardVariants[1:]) }

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

// ChatSpeakers are the values of ChatMessage.From.
func ChatSpeakers() []string { return slices.Clone(chatSpeakers) }

// ShareSources are the values of ArticleFront.Share.
func ShareSources() []string { return slices.Clone(shareSources) }

// ReservedPaths are the paths no page, redirect or alias may claim.
func ReservedPaths() []string { return slices.Clone(reservedPaths) }

// MeasurementID is the form of an analytics measurement ID.
var MeasurementID = measurementID

// MaxTitle is the longest document title search engines show whole.
const MaxTitle = maxTitle

// TitleSuffix is what the build adds to a page's title.
func TitleSuffix(brand string) string { return titleSuffix(brand) }

// WordsPerMinute is a reader's pace, as the build counts reading time.
const WordsPerMinute = wordsPerMinute

// CheckAddress is nil if p may be an address a redirect or alias claims.
func CheckAddress(field, p string) error { return checkAddress(field, p) }

// CheckPath is nil if p is a site path in the one URL form.
func CheckPath(field, p string) error { return checkPath(field, p) }
