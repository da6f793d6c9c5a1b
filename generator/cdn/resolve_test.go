package cdn

import (
	"testing"

	"github.com/vozia/site/generator/content"
)

// TestResolver: the first route that matches a path serves it, redirects
// and prefix pages included.
func TestResolver(t *testing.T) {
	routes := []content.Route{
		{Path: "/"},
		{Path: "/blog", Redirect: "/resources"},
		{Path: "/docs", Prefix: true},
		{Path: "/docs/old", Redirect: "/docs/new"},
		{Path: "/insights"},
		{Path: "/insights/a"},
		{Path: "/x", Prefix: true},
		{Path: "/x/y"},
		{Path: "/404", NotFound: true},
	}
	cases := map[string]string{
		"/":           "/",
		"/blog":       "/resources",
		"/docs":       "/docs",
		"/docs/a/b":   "/docs",
		"/docs/old":   "/docs", // the prefix page comes first
		"/insights":   "/insights",
		"/insights/a": "/insights/a",
		"/x/y":        "/x", // likewise
		"/insights/b": "",
		"/404":        "",
		"/docsx":      "",
	}
	resolve := Resolver(routes)
	for p, want := range cases {
		got, ok := resolve(p)
		if ok != (want != "") || got != want {
			t.Errorf("Resolver(routes)(%q) = %q, %v; want %q", p, got, ok, want)
		}
	}
}
