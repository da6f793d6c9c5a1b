package content

import (
	"errors"
	"fmt"
	"strings"

	"github.com/vozia/site/generator/content/field"
)

// PageMeta is the metadata at the top of a page file (the front matter of
// a .md page): what the document head and the breadcrumbs are made of.
type PageMeta struct {
	// Title is the page's title without the brand: the build adds
	// " | <brand>" unless the title starts with "<brand> |".
	Title string `json:"title"`
	// Description is the page's meta description, shown by search engines.
	Description string `json:"description"`
	// Name is the page's short name in breadcrumbs ("Voice AI"). A page
	// with a name gets the trail Home › ancestors with a page › itself.
	Name string `json:"name,omitempty"`
	// Keywords come first in the page's keywords, then the site's.
	Keywords []string `json:"keywords,omitempty"`
	// Breadcrumbs replace the trail made from the folders.
	Breadcrumbs []Breadcrumb `json:"breadcrumbs,omitempty"`
	// Type is the Open Graph type; "website" when empty.
	Type string `json:"type,omitempty"`
	// Image is the page's share image; the site default when empty.
	Image string `json:"image,omitempty"`
	// Article turns on the blog-post variant of the head.
	Article *Article `json:"article,omitempty"`
	// Aliases are the page's earlier addresses (/old-name): each answers
	// with a permanent redirect to the page, as a redirect of routing.yaml.
	Aliases []string `yaml:"aliases,omitempty" json:"-"`
}

// pageFile is one file under content/pages/: metadata and sections.
type pageFile struct {
	PageMeta
	// Sections are the page's sections, in order; each starts with kind:.
	Sections []Section `json:"sections"`
}

// markdownFront is the front matter of a .md page; the body becomes its
// one markdown section.
type markdownFront struct {
	PageMeta
	// Back is a link under the text ({label: Back to Home, href: /}).
	Back *Action `json:"back,omitempty"`
}

// Routing is content/routing.yaml: the paths that are not pages.
type Routing struct {
	// Redirects answer a path with a permanent redirect to a page.
	Redirects []RedirectRule `json:"redirects,omitempty"`
	// Rewrites serve a page for every path below it.
	Rewrites []RewriteRule `json:"rewrites,omitempty"`
}

// RedirectRule answers From with a permanent redirect to the page To.
type RedirectRule struct {
	Pos  field.Pos `json:"-"`
	From string    `json:"from"`
	To   string    `json:"to"`
}

func (r RedirectRule) Validate() error {
	return errors.Join(field.InField("from", field.CheckAddress("from", r.From)), field.InField("to", field.CheckPath("to", r.To)))
}

// RedirectEnd is where path leads through the redirects of routing.yaml
// and the aliases among routes, followed to the end, and what makes path
// a redirect, where an editor finds it; ok is false where none does. A
// redirect to such an address is told the page's.
func RedirectEnd(routes []Route, redirects []RedirectRule, path string) (end, via string, ok bool) {
	to, at := map[string]string{}, map[string]string{}
	for _, r := range redirects {
		to[r.From], at[r.From] = r.To, fmt.Sprintf("a redirect of %s, line %d", RoutingFile, r.Pos.Line)
	}
	for _, r := range routes {
		if r.Redirect != "" && r.File != RoutingFile {
			to[r.Path], at[r.Path] = r.Redirect, fmt.Sprintf("an alias in %s, line %d", r.File, r.Pos.Line)
		}
	}
	end = path
	for i := 0; i < len(to) && to[end] != ""; i++ { // a loop of redirects ends too
		end = to[end]
	}
	return end, at[path], end != path
}

// RewriteRule serves the page To for every path below it: From is To
// followed by "/*".
type RewriteRule struct {
	Pos  field.Pos `json:"-"`
	From string    `json:"from"`
	To   string    `json:"to"`
}

func (r RewriteRule) Validate() error {
	if err := field.CheckPath("to", r.To); err != nil {
		return field.InField("to", err)
	}
	if r.From != strings.TrimSuffix(r.To, "/")+"/*" {
		return field.AtField("from", "from %q: a rewrite serves a page for the paths below it, so from must be %q", r.From, strings.TrimSuffix(r.To, "/")+"/*")
	}
	return nil
}

// Route is one row of the route table, derived from the page files and
// routing.yaml: the single source of truth for routing, the sitemap and
// the link checker.
type Route struct {
	Pos  field.Pos
	Path string
	// File is the page's file under content/ ("pages/platform.yaml").
	File string
	PageMeta
	// Prefix makes the page answer for every path below Path as well
	// (/services/*), through a rewrite.
	Prefix bool
	// Redirect makes the route a permanent redirect to another route.
	Redirect string
	// NotFound marks the page served, with status 404, for any other path.
	NotFound bool
	// Posting describes an article's page for its head (articles.go).
	Posting *Posting
	// Subject describes a service's or a case study's page for its
	// structured data (details.go).
	Subject *Subject
	// Prev and Next are the neighbouring pages of a paginated list.
	Prev, Next string
	// LastMod is the page's last change (YYYY-MM-DD) when its content says
	// it (an article's updated or date); otherwise the sitemap asks git.
	LastMod string
	// Thin marks a page with too little of its own to offer a search
	// engine (a tag with fewer than MinTagArticles articles): it is built,
	// for the visitors who follow the tag, but says noindex and is left
	// out of the sitemap.
	Thin bool
}

// Article is the blog-post variant of the page metadata.
type Article struct {
	Author    string       `json:"author"`
	Publisher field.AbsURL `json:"publisher"`
}

// Breadcrumb is one item of a page's breadcrumb trail.
type Breadcrumb struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

func (b Breadcrumb) Validate() error { return field.InField("url", field.CheckPath("url", b.URL)) }

// Indexable reports whether the route belongs in the sitemap and in
// search engines (a page that is not says noindex).
func (r Route) Indexable() bool { return r.Redirect == "" && !r.NotFound && !r.Thin }
