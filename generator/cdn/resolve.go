package cdn

import (
	"strings"

	"github.com/vozia/site/generator/content"
)

// Resolver returns the answer to which route of the table serves a path,
// as the CDN does: a redirect gives its target, a page its own path, a
// path below a prefix page that page; false means the not-found page. The
// first route that matches wins. The table, which must no longer change, is indexed
// once: the link check asks of every link of every page, which a scan of
// the table made quadratic in the number of pages.
func Resolver(routes []content.Route) func(p string) (string, bool) {
	exact := make(map[string]int, len(routes))
	var prefixes []int
	for i, r := range routes {
		if r.NotFound {
			continue
		}
		if _, seen := exact[r.Path]; !seen {
			exact[r.Path] = i
		}
		if r.Prefix {
			prefixes = append(prefixes, i)
		}
	}
	return func(p string) (string, bool) {
		first, ok := exact[p]
		if !ok {
			first = len(routes)
		}
		for _, i := range prefixes {
			if i >= first {
				break
			}
			if strings.HasPrefix(p, routes[i].Path+"/") {
				first = i
				break
			}
		}
		if first == len(routes) {
			return "", false
		}
		if r := routes[first]; r.Path == p && r.Redirect != "" {
			return r.Redirect, true
		}
		return routes[first].Path, true
	}
}
