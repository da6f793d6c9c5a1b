package generator

import (
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/routing"
)

// manifest returns the routing manifest (dist/cdn/routes.json, see
// internal/routing) of a site whose pages inline the given <style>
// contents.
func manifest(site *content.Site, inlineStyles ...[]byte) *routing.Manifest {
	m := &routing.Manifest{TrailingSlash: "remove", Redirects: []routing.Redirect{}, Rewrites: []routing.Rewrite{}}
	for _, r := range site.Routes {
		switch {
		case r.NotFound:
			m.NotFound = routing.NotFound{File: "/404.html", Status: 404}
		case r.Redirect != "":
			m.Redirects = append(m.Redirects, routing.Redirect{From: r.Path, To: r.Redirect, Status: 301})
		}
		if r.Prefix {
			m.Rewrites = append(m.Rewrites, routing.Rewrite{From: r.Path + "/*", To: "/" + htmlFile(r)})
		}
	}
	immutable := map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}
	m.Headers = []routing.Headers{
		{For: "/*", Values: securityHeaders(site.Config, inlineStyles...)},
		{For: "/assets/*", Values: immutable},
		{For: "/data/*", Values: immutable},
	}
	return m
}

// securityHeaders are the headers of every response of a site with this
// configuration (routing.SecurityHeaders).
func securityHeaders(c content.SiteConfig, inlineStyles ...[]byte) map[string]string {
	return routing.SecurityHeaders(routing.Policy{
		ContactEndpoint: string(c.ContactEndpoint),
		Analytics:       c.Analytics.MeasurementID != "",
		InlineStyles:    inlineStyles,
	})
}
