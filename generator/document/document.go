// Package document writes the HTML documents of the site around what
// React rendered: the head Go writes from content (generator/head), the
// stylesheet inlined in one <style> element (style.go), the JSON data the
// client hydrates from, and the loader that fetches the bundle once the
// page has painted (loader.go); and the small static page of a redirect
// route (pages.go makes them all for a build). Nothing else ships as
// HTML. In make dev each document also loads the live-reload script
// (LiveTag).
package document

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/links"
)

// Params are the parts of one page's document.
type Params struct {
	Site  *content.Site
	Route content.Route
	// Body is the page React rendered, the contents of <div id="root">.
	Body string
	// SiteJSON and PageJSON are the data the client hydrates from.
	SiteJSON, PageJSON []byte
	// Script is the URL of the bundle's entry.
	Script string
	// Style is the stylesheet, inlined (see style.go).
	Style []byte
	// Preload is the <link> of the page's lead image, if any.
	Preload string
	// Players are the URLs of the players the page's sections need
	// (bundle.Result.Players): a page without such a section loads none.
	Players []string
	// Kinds are the lazy section kinds the page shows (bundle.Result.Kinds):
	// the page inlines the CSS of each and preloads its module; a page
	// without one carries none of their bytes.
	Kinds []bundle.Kind
	// KindAssets is the JSON of where every lazy kind's files are, which
	// the app reads to load them before a client-side navigation shows a
	// page with such a kind (frontend/src/lib/lazy-kind.tsx).
	KindAssets []byte
	// Banner is the preview's note (package prpreview), before the app's
	// root, or empty.
	Banner string
	// NoIndex keeps every page out of search engines, whatever the page
	// (a preview's: its header and robots.txt say so too).
	NoIndex bool
	// LiveScript is the URL of make dev's live-reload script, which the
	// head then loads last (LiveTag); empty in a build for the CDN.
	LiveScript string
}

// LiveTag is the element that loads make dev's live-reload script from
// url at the end of a document's head, or nothing when url is empty. The
// script learns which document and build it is in from the dev server's
// response (internal/devserver), so the tag is the same in every one.
func LiveTag(url string) string {
	if url == "" {
		return ""
	}
	return "<script type=\"module\" src=\"" + html.EscapeString(url) + "\"></script>\n"
}

// Page assembles one page: the head Go writes from content, the body
// React rendered, and the data the client hydrates from. The only scripts
// are JSON data blocks, which browsers never execute, and the loader, the
// same text on every page, which the CSP allows by its hash (so it needs
// no 'unsafe-inline'), as it does the <style> element.
//
// It also returns the ranges of the document that are the contents of its
// style and script elements, and make dev's script element, which neither
// the link check nor the template text check need read. Code holds their
// tokens ("}}" ends the loader), and a page with one outside these ranges
// is read through the HTML tokenizer (generator/templatetext): a range
// left out sends every page there.
func Page(p Params) ([]byte, []links.Span) {
	doc, opaque, _ := page(p)
	return doc, opaque
}

// page is Page, which also returns the range of the site data.
func page(p Params) ([]byte, []links.Span, links.Span) {
	cfg := p.Site.Config
	headData, blocks := head.WriteBlocks(head.Page{
		Site: cfg, Route: p.Route, Reviews: p.Site.Collections.Reviews,
		Path: p.Route.Path, NoIndex: p.NoIndex || !p.Route.Indexable(), Feeds: p.Site.Feeds,
	})
	// Room for the lot, the few hundred bytes of tags besides, so that the
	// page is made in one allocation: neither copied as it grows nor
	// copied again to shed spare room (a thousand pages are held until
	// written, and a large block of fresh memory costs its page faults).
	size := len(headData) + len(p.Style) + len(p.Body) + len(p.SiteJSON) + len(p.PageJSON) + len(p.KindAssets) +
		len(p.Preload) + len(p.Banner) + len(p.Script) + len(p.LiveScript) + 2<<10
	for _, k := range p.Kinds {
		size += len(k.StyleData) + len(k.Name) + len(k.Script) + 64
	}
	for _, src := range p.Players {
		size += len(src) + 1
	}
	size += len(Loader)
	// Not Buffer.Grow, which rounds the room up (to the next 8 KB for a
	// page), and the page is then copied to shed it.
	b := bytes.NewBuffer(make([]byte, 0, size))
	fmt.Fprintf(b, "<!doctype html>\n<html lang=\"%s\">\n<head>\n", html.EscapeString(cfg.Language))
	b.WriteString("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	var opaque []links.Span
	// The JSON-LD's contents are data, as the page's other JSON is.
	for _, r := range blocks {
		opaque = append(opaque, links.Span{Start: b.Len() + r[0], End: b.Len() + r[1]})
	}
	b.Write(headData)
	icons(b)
	b.WriteString(p.Preload)
	raw := func(data []byte) links.Span {
		opaque = append(opaque, links.Span{Start: b.Len(), End: b.Len() + len(data)})
		b.Write(data)
		return opaque[len(opaque)-1]
	}
	if len(p.Style) > 0 {
		b.WriteString("<style>")
		raw(p.Style)
		b.WriteString("</style>\n")
	}
	// After the app's stylesheet, as they came after it in the cascade.
	for _, k := range p.Kinds {
		if len(k.StyleData) > 0 {
			fmt.Fprintf(b, "<style data-kind=\"%s\">", html.EscapeString(k.Name))
			raw(k.StyleData)
			b.WriteString("</style>\n")
		}
	}
	if p.LiveScript != "" {
		raw([]byte(LiveTag(p.LiveScript))) // the dev server serves it beside the site
	}
	b.WriteString("</head>\n<body>\n")
	b.WriteString(p.Banner)
	b.WriteString("<div id=\"root\">")
	writeCurrent(b, p.Body, p.Route.Path)
	b.WriteString("</div>\n")
	var site links.Span
	for _, d := range []struct {
		id   string
		data []byte
	}{{"kind-assets", p.KindAssets}, {"site-data", p.SiteJSON}, {"page-data", p.PageJSON}} {
		if d.data == nil && d.id == "kind-assets" {
			continue
		}
		// encoding/json already escapes <, > and &, so the data cannot
		// close the script element.
		fmt.Fprintf(b, "<script type=\"application/json\" id=\"%s\">", d.id)
		if span := raw(d.data); d.id == "site-data" {
			site = span
		}
		b.WriteString("</script>\n")
	}
	// The app, its players and its lazy kinds' modules, once the page has
	// painted (loader.go).
	modules := make([]string, len(p.Kinds))
	for i, k := range p.Kinds {
		modules[i] = k.Script
	}
	b.WriteString(loaderOpen(p.Script, p.Players, modules))
	raw(loader)
	b.WriteString("</script>\n</body>\n</html>\n")
	if b.Cap()-b.Len() > 4<<10 {
		return bytes.Clone(b.Bytes()), opaque, site
	}
	return b.Bytes(), opaque, site
}

// Redirect is the static page of a redirect route (/blog): a meta
// refresh for every client, the canonical of the target for search
// engines, a plain link, and the bundle, whose entry reads the refresh
// target and replaces the location at once (a client-side replace that
// keeps the back button clean).
func Redirect(cfg siteconfig.SiteConfig, r content.Route, script, liveScript string) []byte {
	var b bytes.Buffer
	target := html.EscapeString(r.Redirect)
	// The app replaces the location with a target on this site, which it
	// reads from data-redirect rather than from the refresh's text.
	redirect := ""
	if strings.HasPrefix(r.Redirect, "/") {
		redirect = fmt.Sprintf(" data-redirect=\"%s\"", target)
	}
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"%s\"%s>\n<head>\n<meta charset=\"utf-8\">\n", html.EscapeString(cfg.Language), redirect)
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(cfg.Brand))
	fmt.Fprintf(&b, "<meta http-equiv=\"refresh\" content=\"0; url=%s\">\n", target)
	fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\">\n", html.EscapeString(head.URL(cfg, r.Redirect)))
	b.WriteString("<meta name=\"robots\" content=\"noindex, follow\">\n")
	fmt.Fprintf(&b, "<script type=\"module\" src=\"%s\"></script>\n", script)
	b.WriteString(LiveTag(liveScript))
	fmt.Fprintf(&b, "</head>\n<body>\n<p><a href=\"%s\">%s</a></p>\n", target, html.EscapeString(head.URL(cfg, r.Redirect)))
	b.WriteString("</body>\n</html>\n")
	return b.Bytes()
}

func icons(b *bytes.Buffer) {
	b.WriteString(`<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="manifest" href="/site.webmanifest">
`)
}
