package content

import "testing"

// TestResolver: the indexed resolver answers as a scan of the route table
// does, first match winning, redirects and prefix pages included.
func TestResolver(t *testing.T) {
	s := &Site{Routes: []Route{
		{Path: "/"},
		{Path: "/blog", Redirect: "/resources"},
		{Path: "/docs", Prefix: true},
		{Path: "/docs/old", Redirect: "/docs/new"},
		{Path: "/insights"},
		{Path: "/insights/a"},
		{Path: "/x", Prefix: true},
		{Path: "/x/y"},
		{Path: "/404", NotFound: true},
	}}
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
	resolve := s.Resolver()
	for p, want := range cases {
		got, ok := resolve(p)
		if ok != (want != "") || got != want {
			t.Errorf("Resolver()(%q) = %q, %v; want %q", p, got, ok, want)
		}
		if g2, ok2 := s.Resolve(p); g2 != got || ok2 != ok {
			t.Errorf("Resolve(%q) = %q, %v; Resolver gave %q, %v", p, g2, ok2, got, ok)
		}
	}
}
