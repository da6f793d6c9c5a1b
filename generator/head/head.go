// Package head writes the <head> metadata of a page from content (after a
// client-side navigation the app applies the same Head, from the page's
// data: frontend/src/lib/head.ts):
//
//   - title, description, keywords (the page's, then the site defaults,
//     then the brand, without repeats) and canonical = base URL + path;
//   - Open Graph (type, url, title, description, absolute image URL,
//     1200x630, its alt text) and a Twitter summary_large_image card (the
//     same image and alt text; twitter:site and twitter:creator when the
//     site has an X profile);
//   - robots "index, follow, max-snippet:-1, max-image-preview:large" and
//     the same for googlebot and bingbot, or "noindex, follow" for pages
//     outside the index (404);
//   - theme-color, mobile web-app tags, content-language, geo.region and
//     geo.placename;
//   - for blog posts (Route.Article) article:publisher, article:author and
//     author; for the site's articles (Route.Posting) also
//     article:published_time, modified_time, section and a tag each, and a
//     BlogPosting block in the JSON-LD;
//   - for a service's or a case study's page (Route.Subject) a Service or
//     CreativeWork block, provided by the Organization, with the page as
//     its main entity;
//   - rel=prev/next between the pages of a paginated list, and a
//     rel=alternate link to each of the site's feeds on every page;
//   - JSON-LD: the Organization (its aggregate rating computed from the
//     review records), the WebPage with speakable selectors and, when the
//     route defines breadcrumbs, a BreadcrumbList with 1-based positions and
//     absolute URLs.
//
// Output is deterministic: the same input gives the same bytes.
package head

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/content/wire"
)

// ShareImageWidth and ShareImageHeight are the size of every share image.
const (
	ShareImageWidth  = 1200
	ShareImageHeight = 630
)

// Page is what one document's head is written from.
type Page struct {
	Site    siteconfig.SiteConfig
	Route   content.Route
	Reviews []content.Review
	// Path is the canonical path of the page (the route's path).
	Path string
	// NoIndex keeps the page out of search engines (the 404 page).
	NoIndex bool
	// Feeds are the site's feeds, linked from every page.
	Feeds []content.FeedLink
}

// Fields computes the head fields that the app also applies after a
// client-side navigation, so that the rule for each lives here only.
func Fields(p Page) wire.Head {
	s, r := p.Site, p.Route
	h := wire.Head{
		Title:       Title(s, r.Title),
		Description: cmp.Or(r.Description, s.SEO.Description),
		Keywords:    strings.Join(Keywords(s, r.PageMeta), ", "),
		URL:         URL(s, p.Path),
		Canonical:   URL(s, p.Path),
		Robots:      "index, follow, max-snippet:-1, max-image-preview:large",
	}
	if p.NoIndex {
		h.Canonical = ""
		h.Robots = "noindex, follow"
	}
	h.JSONLD = append(h.JSONLD, jsonLD(organization(s, p.Reviews)), jsonLD(webPage(s, h.Title, h.Description, h.URL)))
	if r.Posting != nil {
		h.JSONLD = append(h.JSONLD, jsonLD(blogPosting(s, r, h)))
	}
	if r.Subject != nil {
		h.JSONLD = append(h.JSONLD, jsonLD(subject(s, r.Subject, h)))
	}
	if len(r.Breadcrumbs) > 0 {
		h.JSONLD = append(h.JSONLD, jsonLD(breadcrumbs(s, r.Breadcrumbs)))
	}
	return h
}

// Title is a page's document title: the page's own title followed by
// " | <brand>", unless it already opens with the brand ("Vozia | ...");
// the site's default title when the page has none.
func Title(s siteconfig.SiteConfig, title string) string {
	switch {
	case title == "":
		return s.SEO.Title
	case s.Brand == "" || strings.HasPrefix(title, s.Brand+" |"):
		return title
	}
	return title + " | " + s.Brand
}

// Write returns the metadata tags and JSON-LD blocks of the page.
func Write(p Page) []byte {
	data, _ := WriteBlocks(p)
	return data
}

// WriteBlocks is Write, which also returns the byte ranges of its output
// that are the contents of its JSON-LD script elements ([start, end)):
// data that no visitor sees, which the checks of the rendered page read
// past (generator/document, links.Span).
func WriteBlocks(p Page) ([]byte, [][2]int) {
	var b bytes.Buffer
	s, r := p.Site, p.Route
	f := Fields(p)
	title, desc, robots := f.Title, f.Description, f.Robots
	canonical := f.URL
	image := URL(s, cmp.Or(r.Image, s.SEO.Image))
	// The default image says what it shows; a page's own share image is
	// described by the page's title.
	imageAlt := s.SEO.ImageAlt
	if r.Image != "" {
		imageAlt = title
	}
	ogType := cmp.Or(r.Type, "website")
	if r.Article != nil {
		ogType = "article"
	}

	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(title))
	meta(&b, "name", "description", desc)
	meta(&b, "name", "keywords", f.Keywords)
	if f.Canonical != "" {
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\">\n", html.EscapeString(f.Canonical))
	}
	for _, l := range []struct{ rel, path string }{{"prev", r.Prev}, {"next", r.Next}} {
		if l.path != "" {
			fmt.Fprintf(&b, "<link rel=\"%s\" href=\"%s\">\n", l.rel, html.EscapeString(URL(s, l.path)))
		}
	}
	for _, fd := range p.Feeds {
		fmt.Fprintf(&b, "<link rel=\"alternate\" type=\"%s\" title=\"%s\" href=\"%s\">\n", fd.Type, html.EscapeString(fd.Title), html.EscapeString(URL(s, fd.Path)))
	}
	meta(&b, "name", "robots", robots)
	meta(&b, "name", "googlebot", robots)
	meta(&b, "name", "bingbot", robots)

	meta(&b, "property", "og:type", ogType)
	meta(&b, "property", "og:url", canonical)
	meta(&b, "property", "og:title", title)
	meta(&b, "property", "og:description", desc)
	meta(&b, "property", "og:image", image)
	meta(&b, "property", "og:image:width", fmt.Sprint(ShareImageWidth))
	meta(&b, "property", "og:image:height", fmt.Sprint(ShareImageHeight))
	meta(&b, "property", "og:image:alt", imageAlt)
	meta(&b, "property", "og:site_name", s.Brand)
	meta(&b, "property", "og:locale", strings.ReplaceAll(s.Language, "-", "_"))
	if a := r.Article; a != nil {
		meta(&b, "property", "article:publisher", string(a.Publisher))
		meta(&b, "property", "article:author", cmp.Or(authorURL(r), a.Author))
		meta(&b, "name", "author", a.Author)
	}
	if ps := r.Posting; ps != nil {
		meta(&b, "property", "article:published_time", ps.Published)
		meta(&b, "property", "article:modified_time", ps.Modified)
		meta(&b, "property", "article:section", ps.Section)
		for _, t := range ps.Tags {
			meta(&b, "property", "article:tag", t)
		}
	}
	meta(&b, "name", "twitter:card", "summary_large_image")
	meta(&b, "name", "twitter:title", title)
	meta(&b, "name", "twitter:description", desc)
	meta(&b, "name", "twitter:image", image)
	meta(&b, "name", "twitter:image:alt", imageAlt)
	if handle := xHandle(s.Social); handle != "" {
		// The site's own account publishes every page.
		meta(&b, "name", "twitter:site", handle)
		meta(&b, "name", "twitter:creator", handle)
	}

	meta(&b, "name", "theme-color", string(s.SEO.ThemeColor))
	meta(&b, "name", "mobile-web-app-capable", "yes")
	meta(&b, "name", "apple-mobile-web-app-capable", "yes")
	meta(&b, "name", "apple-mobile-web-app-status-bar-style", "black-translucent")
	meta(&b, "name", "apple-mobile-web-app-title", s.Brand)
	meta(&b, "name", "application-name", s.Brand)
	meta(&b, "http-equiv", "content-language", s.Language)
	meta(&b, "name", "geo.region", s.SEO.Region)
	meta(&b, "name", "geo.placename", s.SEO.Placename)

	blocks := make([][2]int, 0, len(f.JSONLD))
	for _, block := range f.JSONLD {
		b.WriteString("<script type=\"application/ld+json\">")
		blocks = append(blocks, [2]int{b.Len(), b.Len() + len(block)})
		b.WriteString(block)
		b.WriteString("</script>\n")
	}
	return b.Bytes(), blocks
}

// URL makes a site path absolute; absolute URLs are returned unchanged.
func URL(s siteconfig.SiteConfig, p string) string {
	if strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
		return p
	}
	return strings.TrimSuffix(string(s.BaseURL), "/") + p
}

// Keywords are the page's keywords, then the site defaults, then the
// brand, each once.
func Keywords(s siteconfig.SiteConfig, r content.PageMeta) []string {
	var out []string
	for _, k := range slices.Concat(r.Keywords, s.SEO.Keywords, []string{s.Brand}) {
		if !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, k) }) {
			out = append(out, k)
		}
	}
	return out
}

// xHandle is the @handle of the site's X (Twitter) profile, if it has one.
func xHandle(social []siteconfig.SocialProfile) string {
	for _, p := range social {
		u, err := url.Parse(string(p.URL))
		if err != nil {
			continue
		}
		host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
		name := strings.Trim(u.Path, "/")
		if (host == "x.com" || host == "twitter.com") && name != "" && !strings.Contains(name, "/") {
			return "@" + name
		}
	}
	return ""
}

func meta(b *bytes.Buffer, attr, name, value string) {
	fmt.Fprintf(b, "<meta %s=\"%s\" content=\"%s\">\n", attr, name, html.EscapeString(value))
}

// jsonLD is the text of one structured-data block.
func jsonLD(v any) string {
	data, err := json.Marshal(v) // escapes <, > and &: safe inside <script>
	if err != nil {
		panic(err) // only our own plain structs are marshalled
	}
	return string(data)
}

// authorURL is the profile of an article's author, which article:author
// prefers to a name.
func authorURL(r content.Route) string {
	if r.Posting == nil {
		return ""
	}
	return string(r.Posting.Author.URL)
}
