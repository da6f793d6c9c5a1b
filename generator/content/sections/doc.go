// Package sections is the section kinds of a page, one file each,
// <kind>.go (the file of a kind written with a hyphen, case-study-grid,
// is case_study_grid.go). A kind's file holds everything about it on the
// Go side:
//
//   - the struct a section of the kind decodes into; its field doc
//     comments are the editor's reference (content/README.md) and its Go
//     name, <PascalKind>Section, is the name of its generated TypeScript
//     type, so it is kept when the file moves;
//   - its Validate, for the rules the decoder's tags cannot say;
//   - Reads, when it shows collection records (content.CollectionReader):
//     the page then receives those collections;
//   - WordRecords and FinishRecords, when it words those records for its
//     page (content.RecordWorder, content.RecordFinisher), and Resolve
//     when its own fields need the site's configuration
//     (content.Resolver);
//   - an init calling content.RegisterKind with the kind's name and a
//     one-line description for the editor.
//
// The kinds exist once this package is imported; generator/decode, which
// decodes sections into them, imports it, so any program that reads
// content has them, and content.Kinds panics without them. The types
// several kinds or other files share (BlockAction, BlockStat, Image,
// Action) are content's; the article kind's struct is too
// (content.ArticleSection), being the article as the build makes it.
package sections
