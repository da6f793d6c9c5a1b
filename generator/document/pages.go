package document

import (
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/internal/parallel"
)

// Doc is one route's document, as Page or Redirect made it.
type Doc struct {
	Route content.Route
	// File is where it is published ("index.html", "404.html"), as the
	// routing manifest serves it (cdn.DocumentFile).
	File string
	HTML []byte
	// Opaque are the ranges of HTML the link check need not read (Page);
	// none for a redirect's page.
	Opaque []linkcheck.Span
}

// Pages assembles the documents of a build's pages, on every core: a
// thousand of them are 90 MB of fresh memory to fill. shared holds the
// parts every page has; own fills in page i's own: its Route, Body,
// PageJSON and Preload.
func Pages(shared Params, n int, own func(i int, p *Params)) []Doc {
	docs := make([]Doc, n)
	parallel.For(n, 0, func(i int) {
		p := shared
		own(i, &p)
		html, opaque := Page(p)
		docs[i] = Doc{Route: p.Route, File: cdn.DocumentFile(p.Route), HTML: html, Opaque: opaque}
	})
	return docs
}

// Redirects are the static pages of the site's redirect routes (Redirect).
func Redirects(site *content.Site, script string) []Doc {
	var docs []Doc
	for _, rt := range site.Routes {
		if rt.Redirect != "" {
			docs = append(docs, Doc{Route: rt, File: cdn.DocumentFile(rt), HTML: Redirect(site.Config, rt, script)})
		}
	}
	return docs
}
