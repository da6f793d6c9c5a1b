package content

import (
	"slices"
	"strings"
)

// Site is everything the build reads from content/, validated.
type Site struct {
	Config SiteConfig
	Layout Layout
	// Routes is the route table: every page ("/" first, the not-found
	// page last) and every redirect, in path order.
	Routes []Route
	// Collections holds every collection, whichever pages use them.
	Collections Collections
	// Pages holds the page of each route, by path; redirects have none.
	Pages map[string]*Page
	// Links are the links written in content (href fields and Markdown
	// links) with their positions, for reporting broken ones.
	Links []LinkSource
	// Authors are collections/authors.yaml; Articles the published
	// articles (and, with load.Options.Drafts, the others), newest first,
	// whose index is the page at ArticleIndex; Feeds their feeds.
	Authors      []Author
	Articles     []*LoadedArticle
	ArticleIndex string
	Feeds        []FeedLink
	// Downloads are the files of content/ that content links to and that
	// are published as committed (generator/load/files.go).
	Downloads []Download
	// Warnings are what the build reports without refusing: files that
	// nothing shows or links to, which are not published.
	Warnings ErrorList
}

// Page is what one route renders: its sections and the collections they
// read.
type Page struct {
	Route       Route
	Sections    []Section
	Collections Collections
	// Reads names the collections of Collections, for lastmod.
	Reads []string
}

// Route returns the route with the given path, or false.
func (s *Site) Route(p string) (Route, bool) {
	i := slices.IndexFunc(s.Routes, func(r Route) bool { return r.Path == p })
	if i < 0 {
		return Route{}, false
	}
	return s.Routes[i], true
}

// Resolver returns the answer to which route serves a path, as the CDN
// does: a redirect gives its target, a page its own path, a path below a
// prefix page that page; false means the not-found page. The first route
// that matches wins. The table, which must no longer change, is indexed
// once: the link check asks of every link of every page, which a scan of
// the table made quadratic in the number of pages.
func (s *Site) Resolver() func(p string) (string, bool) {
	exact := make(map[string]int, len(s.Routes))
	var prefixes []int
	for i, r := range s.Routes {
		if r.NotFound {
			continue
		}
		if _, seen := exact[r.Path]; !seen {
			exact[r.Path] = i
		}
		if r.Prefix {
			prefixes = append(prefixes, i)
		}
	}
	return func(p string) (string, bool) {
		first, ok := exact[p]
		if !ok {
			first = len(s.Routes)
		}
		for _, i := range prefixes {
			if i >= first {
				break
			}
			if strings.HasPrefix(p, s.Routes[i].Path+"/") {
				first = i
				break
			}
		}
		if first == len(s.Routes) {
			return "", false
		}
		if r := s.Routes[first]; r.Path == p && r.Redirect != "" {
			return r.Redirect, true
		}
		return s.Routes[first].Path, true
	}
}

// RoutingFile is where redirects and rewrites live, relative to content/.
const RoutingFile = "routing.yaml"

// LinkSource is a link written in content and where it is written.
type LinkSource struct {
	Href string
	Pos  Pos
}
