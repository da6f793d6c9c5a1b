package content

import (
	"net/url"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/security"
	"github.com/vozia/site/generator/content/siteconfig"
)

// Site is everything the build reads from content/, validated.
type Site struct {
	Config siteconfig.SiteConfig
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
	// Unpublished are the draft and scheduled articles by path, whether
	// or not this build shows them: a link to a draft is refused, which
	// the web editor checks before a save (admin/routes.json).
	Unpublished map[string]*LoadedArticle
	// Held are the links of Links to a scheduled article, which every
	// page shows as their words until the article's day
	// (generator/load/scheduled.go).
	Held []LinkSource
	// Downloads are the files of content/ that content links to and that
	// are published as committed (generator/load/files.go).
	Downloads []Download
	// Security is content/security.yaml (nil without one): the security
	// page and /.well-known/security.txt.
	Security *security.Security
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

// RoutingFile is where redirects and rewrites live, relative to content/.
const RoutingFile = "routing.yaml"

// LinkSource is a link written in content and where it is written.
type LinkSource struct {
	Href string
	Pos  field.Pos
}

// LinkPath is the path of a link to an address of the site (/pricing,
// /insights/launch#part), without its query or fragment; false for any
// other link (https:, mailto:, //host, #part) or one that does not parse.
func LinkPath(href string) (string, bool) {
	if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
		return "", false
	}
	u, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	return u.Path, true
}
