package document

import (
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/links"
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
	Opaque []links.Span
	// SiteData is the range of the site data (Params.SiteJSON) in HTML.
	SiteData links.Span
}

// WithSiteData is the document in three parts, with site in place of its
// site data. A Builder compares its pages so (output.Files.Seen): every
// page embeds the route table's hashed URL, which changes with any page's
// data, and a page that differs only there has not changed for a reader.
func (d Doc) WithSiteData(site []byte) [][]byte {
	if d.SiteData.End == 0 {
		return [][]byte{d.HTML}
	}
	return [][]byte{d.HTML[:d.SiteData.Start], site, d.HTML[d.SiteData.End:]}
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
		html, opaque, site := page(p)
		docs[i] = Doc{Route: p.Route, File: cdn.DocumentFile(p.Route), HTML: html, Opaque: opaque, SiteData: site}
	})
	return docs
}

// Redirects are the static pages of the site's redirect routes
// (Redirect), of the parts every page has.
func Redirects(shared Params) []Doc {
	var docs []Doc
	for _, rt := range shared.Site.Routes {
		if rt.Redirect != "" {
			docs = append(docs, Doc{Route: rt, File: cdn.DocumentFile(rt), HTML: Redirect(shared.Site.Config, rt, shared.Script, shared.LiveScript)})
		}
	}
	return docs
}
