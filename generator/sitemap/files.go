package sitemap

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/prpreview"
)

// Files are sitemap.xml, every indexable page the site publishes with its
// last change (an article's date, or the newest of its files in dates,
// from git), and robots.txt; a preview's (pv not nil) says noindex.
func Files(site *content.Site, dates map[string]string, pv *prpreview.Preview) (xml, robots []byte) {
	var entries []Entry
	// make dev's drafts and scheduled articles are not there for search
	// engines to find: the sitemap is the one the site will have.
	unpublished := map[string]bool{}
	for _, a := range site.Articles {
		if a.Status != "" {
			unpublished[a.Path] = true
		}
	}
	for _, rt := range site.Routes {
		if rt.Indexable() && !unpublished[rt.Path] {
			mod := rt.LastMod // an article's updated or date, or its index's newest
			if mod == "" {
				mod = Latest(dates, sourceFiles(site.Pages[rt.Path])...)
			}
			entries = append(entries, Entry{Loc: head.URL(site.Config, rt.Path), LastMod: mod})
		}
	}
	if pv != nil {
		return XML(entries), prpreview.Robots(pv.PR)
	}
	return XML(entries), Robots(head.URL(site.Config, "/sitemap.xml"))
}

// sourceFiles are the content files a page is made from, for lastmod.
func sourceFiles(p *content.Page) []string {
	files := []string{"layout.yaml", "site.yaml", p.Route.File}
	for _, c := range p.Reads {
		files = append(files, content.CollectionFile(c))
	}
	return files
}
