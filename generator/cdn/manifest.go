// Package cdn is what the CDN is told about the site, beside its files:
// the routing manifest (dist/cdn/routes.json, see internal/routing), made
// from the route table, and the same rules as a CloudFront Function
// (dist/cdn/viewer-request.js), which deploy/ installs as the
// distribution's viewer-request handler. Both answer every case of the
// shared request table (testdata/routing) as cmd/serve does. The pull
// request previews' functions and each preview's routing table are in
// preview.go; they answer the table's cases with hosts.
package cdn

import (
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/internal/routing"
)

// Inline are the contents of the inline elements a site's pages carry,
// which its CSP allows by their hashes.
type Inline struct {
	// Styles are the <style> elements' (document.InlineStyles).
	Styles [][]byte
	// Scripts are the <script> elements' that run (document.Loader).
	Scripts [][]byte
}

// Manifest returns the routing manifest (dist/cdn/routes.json, see
// internal/routing) of a site whose pages carry the given inline
// elements.
func Manifest(site *content.Site, inline Inline) *routing.Manifest {
	m := &routing.Manifest{TrailingSlash: "remove", Redirects: []routing.Redirect{}, Rewrites: []routing.Rewrite{}}
	for _, r := range site.Routes {
		switch {
		case r.NotFound:
			m.NotFound = routing.NotFound{File: "/404.html", Status: 404}
		case r.Redirect != "":
			m.Redirects = append(m.Redirects, routing.Redirect{From: r.Path, To: r.Redirect, Status: 301})
		}
		if r.Prefix {
			m.Rewrites = append(m.Rewrites, routing.Rewrite{From: r.Path + "/*", To: "/" + DocumentFile(r)})
		}
	}
	immutable := map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}
	m.Headers = []routing.Headers{
		{For: "/*", Values: securityHeaders(site.Config, inline)},
		{For: "/assets/*", Values: immutable},
		{For: "/data/*", Values: immutable},
	}
	// The web editor's own policy (routing.AdminHeaders), last so that
	// it replaces the site's there.
	for _, p := range routing.AdminPaths {
		m.Headers = append(m.Headers, routing.Headers{For: p, Values: routing.AdminHeaders()})
	}
	return m
}

// securityHeaders are the headers of every response of a site with this
// configuration (routing.SecurityHeaders).
func securityHeaders(c siteconfig.SiteConfig, inline Inline) map[string]string {
	return routing.SecurityHeaders(routing.Policy{
		ContactEndpoint: string(c.ContactEndpoint),
		Analytics:       c.Analytics.MeasurementID != "",
		InlineStyles:    inline.Styles,
		InlineScripts:   inline.Scripts,
	})
}

// DocumentFile is where a route's document lives in the CDN root:
// <path>/index.html, "/" as index.html and the not-found page as 404.html.
func DocumentFile(r content.Route) string {
	switch {
	case r.NotFound:
		return "404.html"
	case r.Path == "/":
		return "index.html"
	}
	return strings.TrimPrefix(r.Path, "/") + "/index.html"
}
