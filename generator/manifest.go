package generator

import (
	"encoding/json"
	"net/url"
	"strings"

	"github.com/vozia/site/generator/content"
)

// RoutingManifest is dist/cdn/routes.json: how a CDN (and cmd/serve) must
// serve dist/site. Rules are tried in this order: headers always apply;
// then a path with a trailing slash (other than "/") answers 301 to the
// path without it; then redirects; then the file at the path, or
// <path>/index.html; then rewrites; then NotFound with its status.
// A path holding a control character, or whose trailing-slash target would
// not start with exactly one "/" followed by a character other than "/" or
// a backslash, answers NotFound: never a redirect a browser could take off-site.
// testdata/routing/cases.json is the table of cases every implementation
// must pass.
type RoutingManifest struct {
	TrailingSlash string     `json:"trailingSlash"`
	Redirects     []Redirect `json:"redirects"`
	Rewrites      []Rewrite  `json:"rewrites"`
	NotFound      NotFound   `json:"notFound"`
	Headers       []Headers  `json:"headers"`
}

// Redirect answers From with Status and a Location of To.
type Redirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"`
}

// Rewrite serves the file To for any path matching From; a From ending in
// "/*" matches every path below it.
type Rewrite struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type NotFound struct {
	File   string `json:"file"`
	Status int    `json:"status"`
}

// Headers apply to the paths matching For ("/*" is every path, "/assets/*"
// every path below /assets); later entries override earlier ones.
type Headers struct {
	For    string            `json:"for"`
	Values map[string]string `json:"values"`
}

// Manifest returns the routing manifest of a site whose pages inline the
// given <style> contents.
func Manifest(site *content.Site, inlineStyles ...[]byte) []byte {
	m := RoutingManifest{TrailingSlash: "remove", Redirects: []Redirect{}, Rewrites: []Rewrite{}}
	for _, r := range site.Routes {
		switch {
		case r.NotFound:
			m.NotFound = NotFound{File: "/404.html", Status: 404}
		case r.Redirect != "":
			m.Redirects = append(m.Redirects, Redirect{From: r.Path, To: r.Redirect, Status: 301})
		}
		if r.Prefix {
			m.Rewrites = append(m.Rewrites, Rewrite{From: r.Path + "/*", To: "/" + htmlFile(r)})
		}
	}
	immutable := map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}
	m.Headers = []Headers{
		{For: "/*", Values: SecurityHeaders(site.Config, inlineStyles...)},
		{For: "/assets/*", Values: immutable},
		{For: "/data/*", Values: immutable},
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(data, '\n')
}

// SecurityHeaders are sent with every response. The CSP allows scripts only
// from the site itself (the hashed bundle; no 'unsafe-inline'), plus Google
// Analytics when a measurement ID is configured, and lets the page post
// enquiries to the contact endpoint's origin. Styles come from the site
// and from the inline <style> elements whose exact contents are given,
// each allowed by its hash.
func SecurityHeaders(c content.SiteConfig, inlineStyles ...[]byte) map[string]string {
	script := []string{"'self'"}
	style := []string{"'self'"}
	for _, css := range inlineStyles {
		style = append(style, styleHash(css))
	}
	connect := []string{"'self'"}
	img := []string{"'self'", "data:"}
	if u, err := url.Parse(string(c.ContactEndpoint)); err == nil && u.Host != "" {
		connect = append(connect, u.Scheme+"://"+u.Host)
	}
	if c.Analytics.MeasurementID != "" {
		script = append(script, "https://www.googletagmanager.com")
		connect = append(connect, "https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com")
		img = append(img, "https://*.google-analytics.com", "https://www.googletagmanager.com")
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src " + strings.Join(style, " "),
		// React sets a few style attributes (never style elements).
		"style-src-attr 'unsafe-inline'",
		"img-src " + strings.Join(img, " "),
		"connect-src " + strings.Join(connect, " "),
		"font-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return map[string]string{
		"Content-Security-Policy":   csp,
		"X-Content-Type-Options":    "nosniff",
		"Referrer-Policy":           "strict-origin-when-cross-origin",
		"Permissions-Policy":        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
		"X-Frame-Options":           "DENY",
		"Strict-Transport-Security": "max-age=63072000; includeSubDomains",
		"Cache-Control":             "public, max-age=0, must-revalidate",
	}
}
