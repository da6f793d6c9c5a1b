package content

// The wire types are the JSON the React app receives: SiteData embedded in
// every page, PageData embedded for the first page and fetched for later
// navigations, and the route table ([]ClientRoute), one file fetched once
// after the first page has loaded. frontend/src/lib/content-types.ts is
// generated from them.

// SiteData is what the app shell needs on every page.
type SiteData struct {
	Config SiteConfig `json:"config"`
	Layout Layout     `json:"layout"`
	// RoutesURL is the (content-hashed) JSON file of the route table,
	// []ClientRoute. It is not embedded: every page would then grow with
	// the number of pages of the site.
	RoutesURL string `json:"routesURL"`
	// Year is the year at render time, for the copyright line; the client
	// corrects it if the year has turned since.
	Year int `json:"year"`
}

// ClientRoute is a route as the client router sees it.
type ClientRoute struct {
	Path        string `json:"path"`
	Page        string `json:"page"`
	Prefix      bool   `json:"prefix,omitempty"`
	Redirect    string `json:"redirect,omitempty"`
	NotFound    bool   `json:"notFound,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	// Data is the URL of the page's PageData JSON (content-hashed).
	Data string `json:"data,omitempty"`
}

// PageData is one page's content.
type PageData struct {
	Path        string      `json:"path"`
	Page        string      `json:"page"`
	Copy        any         `json:"copy"`
	Collections Collections `json:"collections"`
	HTML        string      `json:"html,omitempty"`
}
