package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// Aliases keep a renamed page's or article's address working: an
// aliases: list in a page's metadata or an article's front matter (Hugo's
// name) makes each old path a permanent redirect to it, a row of the same
// route table as the redirects of routing.yaml, so that the CDN, cmd/serve
// and make dev answer it alike. An alias may not be some page's path (the
// page would be unreachable), nor a path that a redirect or another alias
// already claims. An article's alias redirects its old share image
// (alias/share.png, alias/share.jpg) to its share image too: a link shared
// before the rename keeps its picture. A draft or scheduled article's
// aliases wait for it.

// aliases adds a route for each alias of the pages and published articles,
// or reports why it cannot be one.
func (l *loader) aliases(s *content.Site, redirects []content.RedirectRule) {
	type claim struct {
		pos  field.Pos
		what string
	}
	claimed := map[string]claim{}
	for _, r := range redirects {
		if _, dup := claimed[r.From]; !dup {
			claimed[r.From] = claim{r.Pos, fmt.Sprintf("the redirect of %s line %d", content.RoutingFile, r.Pos.Line)}
		}
	}
	type owner struct {
		file, path string
		aliases    []string
		// share is an article's share image: an old address's share
		// image, which links shared before the rename still show,
		// redirects to it.
		share string
	}
	var owners []owner
	for _, p := range s.Pages {
		if p.Route.Posting != nil || len(p.Route.Aliases) == 0 {
			continue // an article's aliases are in its front matter, below
		}
		owners = append(owners, owner{p.Route.File, p.Route.Path, p.Route.Aliases, ""})
	}
	for _, a := range s.Articles {
		if a.Status == "" && len(a.Front.Aliases) > 0 {
			owners = append(owners, owner{a.File, a.Path, a.Front.Aliases, a.ShareImage})
		}
	}
	slices.SortFunc(owners, func(a, b owner) int { return strings.Compare(a.file, b.file) })
	for _, o := range owners {
		at, line := l.keyLine(o.file, "aliases")
		for _, from := range o.aliases {
			pos := at
			if i := strings.Index(line, from); i >= 0 {
				pos.Col = i + 1
			}
			if err := field.CheckAddress("alias", from); err != nil {
				l.errs = append(l.errs, pos.Errorf("%v", err))
				continue
			}
			if p, ok := s.Pages[from]; ok {
				if p.Route.Path == o.path {
					l.errs = append(l.errs, pos.Errorf("alias %q is this page's own path: an alias is an address it had before", from))
				} else {
					l.errs = append(l.errs, pos.Errorf("alias %q: %s is the page at that path, and an alias is an address no page has any more: if that page is new, give it another address (links published to this one lead here); else remove the alias", from, p.Route.File))
				}
				continue
			}
			if c, dup := claimed[from]; dup {
				l.errs = append(l.errs, pos.Errorf("alias %q: %s already claims that path", from, c.what))
				continue
			}
			claimed[from] = claim{pos, fmt.Sprintf("the alias in %s", o.file)}
			s.Routes = append(s.Routes, content.Route{Pos: pos, Path: from, File: o.file, Redirect: o.path})
			if o.share == "" {
				continue
			}
			// The old address's share image, whichever it was (share.png,
			// or share.jpg for share: cover), unless a redirect of
			// routing.yaml or another alias says otherwise.
			for _, name := range []string{"share.png", "share.jpg"} {
				old := from + "/" + name
				if _, dup := claimed[old]; dup || old == o.share {
					continue
				}
				claimed[old] = claim{pos, fmt.Sprintf("the alias in %s (its share image)", o.file)}
				s.Routes = append(s.Routes, content.Route{Pos: pos, Path: old, File: o.file, Redirect: o.share})
			}
		}
	}
}
