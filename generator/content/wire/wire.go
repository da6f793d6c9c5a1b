// Package wire is the JSON the React app receives: SiteData embedded in
// every page, PageData embedded for the first page and fetched for later
// navigations, and the route table ([]ClientRoute), one file fetched once
// after the first page has loaded. Its values are content's (the site's
// configuration and layout, a page's sections and collection records)
// and the build's (a page's head, the hashed URLs). The app's types,
// frontend/src/lib/content-types.ts, are generated from these and the
// section kinds (generator/codegen), under the same names.
package wire

import (
	"encoding/json"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
)

// SiteData is what the app shell needs on every page.
type SiteData struct {
	Config siteconfig.SiteConfig `json:"config"`
	Layout content.Layout        `json:"layout"`
	// RoutesURL is the (content-hashed) JSON file of the route table,
	// []ClientRoute. It is not embedded: every page would then grow with
	// the number of pages of the site.
	RoutesURL string `json:"routesURL"`
}

// ClientRoute is a route as the client router sees it.
type ClientRoute struct {
	Path     string `json:"path"`
	Prefix   bool   `json:"prefix,omitempty"`
	Redirect string `json:"redirect,omitempty"`
	NotFound bool   `json:"notFound,omitempty"`
	// Data is the URL of the page's PageData JSON (content-hashed).
	Data string `json:"data,omitempty"`
}

// PageData is one page: its head fields, its sections and the collection
// records they show.
type PageData struct {
	Path        string              `json:"path"`
	Head        Head                `json:"head"`
	Sections    []content.Section   `json:"sections"`
	Collections content.Collections `json:"collections"`
}

// PageBody is what the app renders of a page: PageData without the head,
// which the build writes into the document itself and the app applies
// only after a client-side navigation. The prerender is given a page's
// body alone.
type PageBody struct {
	Path        string              `json:"path"`
	Sections    []content.Section   `json:"sections"`
	Collections content.Collections `json:"collections"`
}

// Marshal returns the JSON of the body and of its page with head: the
// bytes json.Marshal gives for PageBody and for PageData, with the
// sections marshalled once (an article's are its whole HTML, escaped
// character by character).
func (b PageBody) Marshal(head Head) (body, page []byte, err error) {
	if body, err = json.Marshal(b); err != nil {
		return nil, nil, err
	}
	path, err := json.Marshal(b.Path)
	if err != nil {
		return nil, nil, err
	}
	h, err := json.Marshal(head)
	if err != nil {
		return nil, nil, err
	}
	// body is {"path":<path>,"sections":...}; the page puts "head" after
	// the path, as PageData orders its fields. The splice assumes both:
	// PageBody's first field is the path, and PageData is PageBody with
	// Head second. If either changes, the page's JSON is no longer what
	// json.Marshal would write: TestPageBodyMarshalSplice fails first.
	cut := len(`{"path":`) + len(path)
	page = make([]byte, 0, len(body)+len(`,"head":`)+len(h))
	page = append(append(append(append(page, body[:cut]...), `,"head":`...), h...), body[cut:]...)
	return body, page, nil
}

// Head is what the document head of a page says, computed once by the
// build (generator/head): the server writes it into the HTML and the app
// applies it after a client-side navigation.
type Head struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
	// URL is the page's absolute URL (og:url).
	URL string `json:"url"`
	// Canonical is the page's absolute URL; empty for pages outside the
	// index (the not-found page), which have no canonical link.
	Canonical string `json:"canonical,omitempty"`
	Robots    string `json:"robots"`
	// JSONLD are the page's structured-data blocks, each the exact text
	// of one <script type="application/ld+json"> in the server's HTML.
	JSONLD []string `json:"jsonLD"`
}
