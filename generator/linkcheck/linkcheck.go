// Package linkcheck proves, after rendering, that no page ships a broken
// link: every internal href resolves to a route (or a file of the site),
// every #fragment to an id on the target page, and every link that opens a
// new tab carries rel="noopener noreferrer". Images and stylesheets must
// exist too. Each violation names the page and the link, with the closest
// route or id when there is one; the build then reports it where the link
// is written in content.
package linkcheck

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/vozia/site/generator/content"
)

// Site is what links are checked against.
type Site struct {
	// Pages maps each route path to its rendered HTML document.
	Pages map[string][]byte
	// Resolve maps a path to the route path that serves it ("/services/x"
	// → "/services", "/blog" → "/resources"), or false when none does.
	Resolve func(path string) (string, bool)
	// Files are the paths of the other files of the site ("/sitemap.xml").
	Files map[string]bool
	// Routes are the paths of the pages, to suggest the closest one for a
	// link to nowhere.
	Routes []string
}

// Problem is one broken link.
type Problem struct {
	Page, Link, Reason string
}

func (p Problem) String() string { return fmt.Sprintf("%s: link %q: %s", p.Page, p.Link, p.Reason) }

// Check returns every problem, ordered by page and position.
func Check(s Site) []Problem {
	ids := map[string]map[string]bool{}
	docs := map[string]*html.Node{}
	for p, data := range s.Pages {
		doc, err := html.Parse(bytes.NewReader(data))
		if err != nil {
			continue // html.Parse accepts any input
		}
		docs[p] = doc
		ids[p] = map[string]bool{}
		walk(doc, func(n *html.Node) {
			if id := attr(n, "id"); id != "" {
				ids[p][id] = true
			}
		})
	}
	var all []Problem
	pages := make([]string, 0, len(docs))
	for p := range docs {
		pages = append(pages, p)
	}
	slices.Sort(pages)
	for _, page := range pages {
		walk(docs[page], func(n *html.Node) {
			switch n.Data {
			case "a":
				all = append(all, s.checkAnchor(page, n, ids)...)
			case "img", "script", "link":
				ref := attr(n, "src")
				if n.Data == "link" {
					ref = attr(n, "href")
					if rel := attr(n, "rel"); rel == "canonical" || rel == "preconnect" || rel == "dns-prefetch" {
						return
					}
				}
				if ref != "" && isLocal(ref) && !s.Files[strings.SplitN(ref, "?", 2)[0]] {
					all = append(all, Problem{page, ref, "no such file in the site"})
				}
			}
		})
	}
	// A page repeats its navigation; one report per page and link is enough.
	var out []Problem
	seen := map[Problem]bool{}
	for _, p := range all {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func (s Site) checkAnchor(page string, n *html.Node, ids map[string]map[string]bool) []Problem {
	href, ok := attrOK(n, "href")
	if !ok {
		return nil
	}
	var out []Problem
	if attr(n, "target") == "_blank" {
		rel := strings.Fields(attr(n, "rel"))
		if !slices.Contains(rel, "noopener") || !slices.Contains(rel, "noreferrer") {
			out = append(out, Problem{page, href, `opens a new tab without rel="noopener noreferrer"`})
		}
	}
	u, err := url.Parse(href)
	switch {
	case err != nil:
		return append(out, Problem{page, href, "not a valid URL"})
	case href == "":
		return append(out, Problem{page, href, "empty href"})
	case u.Scheme == "mailto" || u.Scheme == "tel":
		return out
	case u.Scheme != "" || u.Host != "":
		if u.Scheme != "https" && u.Scheme != "http" {
			out = append(out, Problem{page, href, "unsupported scheme"})
		}
		return out
	}
	target := page
	if u.Path != "" {
		p := u.Path
		if !strings.HasPrefix(p, "/") {
			return append(out, Problem{page, href, "relative links are not allowed: use a site path"})
		}
		if p != "/" && strings.HasSuffix(p, "/") {
			return append(out, Problem{page, href, "trailing slash: the site's URLs have none"})
		}
		if s.Files[p] {
			return out
		}
		t, ok := s.Resolve(p)
		if !ok {
			return append(out, Problem{page, href, "no route for this path" + content.DidYouMean(p, s.Routes)})
		}
		target = t
	}
	if frag := u.Fragment; frag != "" && !ids[target][frag] {
		known := slices.Sorted(maps.Keys(ids[target]))
		out = append(out, Problem{page, href, fmt.Sprintf("no element with id %q on %s%s", frag, target, content.DidYouMean(frag, known))})
	}
	return out
}

func isLocal(ref string) bool {
	return strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}

func walk(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}
