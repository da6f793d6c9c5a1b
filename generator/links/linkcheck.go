// Package links proves, after rendering, that no page ships a broken
// link: every internal href resolves to a route (or a file of the site),
// every #fragment to an id on the target page, and every link that opens a
// new tab carries rel="noopener noreferrer". Images and stylesheets must
// exist too. Each violation names the page and the link, with the closest
// route or id when there is one; the build then reports it where the link
// is written in content.
package links

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/internal/parallel"
)

// Site is what links are checked against.
type Site struct {
	// Pages maps each route path to its rendered HTML document.
	Pages map[string][]byte
	// Opaque optionally gives, for a page, the byte ranges of its document
	// that hold text and no markup: the contents of its style, JSON and
	// loader script elements, each range the whole content of one element. The
	// check reads past them: they were over half of what it tokenized.
	Opaque map[string][]Span
	// Resolve maps a path to the route path that serves it ("/services/x"
	// → "/services", "/blog" → "/resources"), or false when none does.
	Resolve func(path string) (string, bool)
	// Files are the paths of the other files of the site ("/sitemap.xml").
	Files map[string]bool
	// Routes are the paths of the pages, to suggest the closest one for a
	// link to nowhere.
	Routes []string
}

// Span is the byte range [Start, End) of a document.
type Span struct{ Start, End int }

// Problem is one broken link.
type Problem struct {
	Page, Link, Reason string
}

func (p Problem) String() string { return fmt.Sprintf("%s: link %q: %s", p.Page, p.Link, p.Reason) }

// Check returns every problem, ordered by page and position. Each page is
// read once, by the tokenizer rather than into a tree (a large site has
// a thousand pages of a few hundred elements: the trees were most of the
// time and memory of the check), and the pages are read and checked on
// every core.
func Check(s Site) []Problem {
	pages := slices.Sorted(maps.Keys(s.Pages))
	read := make([]page, len(pages))
	parallel.For(len(pages), 0, func(i int) { read[i] = readPage(s.Pages[pages[i]], s.Opaque[pages[i]]) })
	ids := make(map[string]map[string]bool, len(pages))
	for i, p := range pages {
		ids[p] = read[i].ids
	}
	found := make([][]Problem, len(pages))
	parallel.For(len(pages), 0, func(i int) {
		for _, e := range read[i].refs {
			found[i] = append(found[i], s.checkElement(pages[i], e, ids)...)
		}
	})
	// A page repeats its navigation; one report per page and link is enough.
	var out []Problem
	seen := map[Problem]bool{}
	for _, ps := range found {
		for _, p := range ps {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// page is what the check needs of a page: its ids, each saying whether it
// names a part of the page a link may go to (isPart), and the elements
// that refer to something, in document order.
type page struct {
	ids  map[string]bool
	refs []element
}

// isPart says whether an element of the tag is a part of the page an
// editor links to: a heading below the title, or a section.
func isPart(tag string) bool {
	switch tag {
	case "h2", "h3", "h4", "h5", "h6", "section":
		return true
	}
	return false
}

// element is a start tag of a, img, script or link, with the attributes
// the check reads (the first of each name, as a browser reads them). A
// struct rather than a map of every attribute: a thousand-page site holds
// a hundred thousand of them between the two passes.
type element struct {
	tag                    string
	href, rel, src, target string
	hasHref                bool
}

func readPage(doc []byte, opaque []Span) page {
	p := page{ids: map[string]bool{}}
	// The tokenizer reads the document without the opaque ranges: an
	// element's start tag, then at once its end tag.
	parts := make([]io.Reader, 0, 2*len(opaque)+1)
	at := 0
	for _, o := range opaque {
		parts = append(parts, bytes.NewReader(doc[at:o.Start]))
		at = o.End
	}
	parts = append(parts, bytes.NewReader(doc[at:]))
	z := html.NewTokenizer(io.MultiReader(parts...))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return p
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			tag := string(name)
			keep := tag == "a" || tag == "img" || tag == "script" || tag == "link"
			e := element{tag: tag}
			var seen struct{ id, href, rel, src, target bool }
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "id":
					if _, dup := p.ids[string(v)]; !seen.id && len(v) > 0 && !dup {
						p.ids[string(v)] = isPart(tag)
					}
					seen.id = true
				case "href":
					if keep && !seen.href {
						e.href, e.hasHref = string(v), true
					}
					seen.href = true
				case "rel":
					if keep && !seen.rel {
						e.rel = string(v)
					}
					seen.rel = true
				case "src":
					if keep && !seen.src {
						e.src = string(v)
					}
					seen.src = true
				case "target":
					if keep && !seen.target {
						e.target = string(v)
					}
					seen.target = true
				}
			}
			if keep {
				p.refs = append(p.refs, e)
			}
		}
	}
}

func (s Site) checkElement(page string, n element, ids map[string]map[string]bool) []Problem {
	switch n.tag {
	case "a":
		return s.checkAnchor(page, n, ids)
	case "link":
		if rel := n.rel; rel == "canonical" || rel == "preconnect" || rel == "dns-prefetch" {
			return nil
		}
		return s.checkFile(page, n.href)
	}
	return s.checkFile(page, n.src)
}

func (s Site) checkFile(page, ref string) []Problem {
	if ref != "" && isLocal(ref) && !s.Files[strings.SplitN(ref, "?", 2)[0]] {
		return []Problem{{page, ref, "no such file in the site"}}
	}
	return nil
}

func (s Site) checkAnchor(page string, n element, ids map[string]map[string]bool) []Problem {
	href := n.href
	if !n.hasHref {
		return nil
	}
	var out []Problem
	if n.target == "_blank" {
		rel := strings.Fields(n.rel)
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
			return append(out, Problem{page, href, "no route for this path" + field.DidYouMean(p, s.Routes)})
		}
		target = t
	}
	if frag := u.Fragment; frag != "" && !has(ids[target], frag) {
		known := slices.Sorted(maps.Keys(ids[target]))
		hint := fragmentHint(frag, known)
		if hint == "" {
			hint = partsHint(ids[target])
		}
		out = append(out, Problem{page, href, fmt.Sprintf("no element with id %q on %s%s", frag, target, hint)})
	}
	return out
}

// fragmentHint is the "did you mean" of a fragment that names no element:
// first an id that begins with it, as an editor cuts a heading's id short
// ("#cost" for the part "cost-at-volume"), and only then the nearest by
// spelling, which would offer the app's own "root" for "cost".
func fragmentHint(frag string, known []string) string {
	if len(frag) >= 3 {
		var longer []string
		for _, id := range known {
			if strings.HasPrefix(strings.ToLower(id), strings.ToLower(frag)) {
				longer = append(longer, id)
			}
		}
		if hint := field.DidYouMean(frag, longer); hint != "" {
			return hint
		}
	}
	return field.DidYouMean(frag, known)
}

// partsHint lists the parts a link may name on a page (isPart), when no
// id is near the fragment written: a part reworded since ("#where-data-goes"
// for "where-the-data-may-go") is found in the list.
func partsHint(ids map[string]bool) string {
	var parts []string
	for id, part := range ids {
		if part {
			parts = append(parts, strconv.Quote(id))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	slices.Sort(parts)
	const most = 12
	if len(parts) > most {
		parts = append(parts[:most], "…")
	}
	return " (its parts: " + strings.Join(parts, ", ") + ")"
}

func isLocal(ref string) bool {
	return strings.HasPrefix(ref, "/") && !strings.HasPrefix(ref, "//")
}

func has(ids map[string]bool, id string) bool { _, ok := ids[id]; return ok }
