// Package content is the schema of the site's content tree (content/):
// the Go types each file decodes into, with their Validate methods, the
// declaration of a section kind (Kind, RegisterKind) and the vocabulary
// the kinds share, and the typed Site that generator/load derives from a
// tree and the later stages read. Its parts stand in packages of their
// own, below it but for the kinds: the kinds themselves are package
// sections (generator/content/sections), the values a field holds and the
// problems a field has package field, site.yaml package siteconfig, and
// security.yaml package security. What the tree may hold:
//
//   - site.yaml (siteconfig) configures the site and layout.yaml holds
//     the copy every page shares; collections/*.yaml hold the records
//     several pages show, and security.yaml the security record.
//   - Each file under pages/ is one page, its path the page's URL
//     (pages/index.yaml is /, pages/solutions/pulse.yaml /solutions/pulse,
//     pages/404.yaml the page served for unknown paths). A .yaml page is
//     metadata and an ordered list of sections; a .md page is front matter
//     and a Markdown body. routing.yaml adds redirects and rewrites. The
//     route table is derived from these, sorted: "/" first, the not-found
//     page last.
//   - Each file under articles/ is an article (generator/load/articles.go): Markdown with
//     front matter naming an author of collections/authors.yaml. The page
//     with a section of kind article-index is their index and gives them
//     their paths; the loader adds each article's page, the index's further
//     pages and a page per tag to the pages before the route table is made.
//     Drafts and articles dated after the build's day are left out unless
//     load.Options.Drafts.
//   - A section is one kind of the union of registered kinds, each
//     declared by one file, sections/<kind>.go; its kind: key selects the
//     struct its other keys decode into. A section that shows a collection
//     says so (reads), and its page receives that collection, which must
//     have records.
//   - Decoding is strict (generator/decode): keys are the json tag names, a key is
//     required unless tagged omitempty, required text must not be blank and
//     required lists not empty, unknown keys and kinds get a "did you
//     mean", and each type's Validate runs. Icons must be names of the
//     app's icon set, colours #RRGGBB, image files must exist (their size
//     is read from them) and links must be well-formed; the links are kept
//     with their positions so that the link checker's findings, made after
//     rendering, are reported where they are written.
//
// The same Go types generate the app's TypeScript types, its renderer
// registry, the web editor's configuration and the tables of kinds and
// fields of content/README.md (generator/codegen; schema.go is what it
// reads of content, and the doc comments of content and of its packages
// are the descriptions).
package content
