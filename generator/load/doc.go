// Package load reads a content tree (content/) by the schema of
// generator/content into a content.Site, reporting every problem at once as
// file:line:col, and derives what the files imply:
//
//   - each YAML file decoded strictly by generator/decode, citations of
//     claims resolved as the text is read (claims.go reads the claims);
//   - pages from pages/, the route table (load.go), aliases (aliases.go);
//   - articles from articles/: their pages, the index's further pages, a
//     page per tag, related articles, drafts and scheduled ones left out
//     (articles.go), a link to a draft a problem (unpublished.go), one to
//     a scheduled article its words until the article's day
//     (scheduled.go), their Markdown rendered, a page's texts' too, as
//     markup around the images that the image stage writes in
//     (content.Text; articles_markdown.go, markdownimages.go);
//   - images sized and the files content links to checked (images.go,
//     files.go);
//   - the site resolved once it has no problem (generator/resolve):
//     site addresses as hrefs, placeholders filled, dates in words, each
//     section's records worded for its page; what depends on the build's
//     clock is left to resolve.Finish, which the build calls with its
//     time.
//
// The content package's doc is the spec of what a tree may hold.
package load
