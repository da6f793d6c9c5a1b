// Package fielddoc says what each content field is for, in the words of
// its doc comment, for the build's messages: a missing field is named
// with it, as the guide (content/README.md) and the web editor do. The
// table is generated from the content packages' sources (go generate
// ./..., generator/codegen).
package fielddoc

// Of is what a content field is for, one sentence ("Heads the table of
// contents of a long article."), or "" for a field without a doc
// comment: typeName is its Go type's name (unique among the content
// packages), field its Go field's.
func Of(typeName, field string) string { return docs[typeName+"."+field] }
