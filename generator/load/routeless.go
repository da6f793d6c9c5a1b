package load

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// One save, every problem: a build that stops at the content's problems
// (a blank alt) never renders, so the rendered pages' link check
// (generator/guard) would not say, until the next save, that a link in the
// same save leads nowhere. linksWithoutRoute says it now, from the routes
// the loader knows, for a build that is refused anyway.
//
// It reports only a link that no page could answer: not a file (it has an
// extension), not below a prefix route, not the address of any page or
// article file, loaded or not (a page whose own problems kept it out of the
// routes is not a broken link), and not a draft (linksToUnpublished says
// that) or a scheduled article (whose links wait for it: scheduled.go). A
// link the rendered check would refuse for another reason (a missing
// #part) waits for the build that renders.
func (l *loader) linksWithoutRoute(s *content.Site) {
	known := map[string]bool{}
	var prefixes []string
	for _, r := range s.Routes {
		known[r.Path] = true
		if r.Prefix {
			prefixes = append(prefixes, strings.TrimSuffix(r.Path, "/")+"/")
		}
	}
	for p := range s.Pages {
		known[p] = true
	}
	for p := range l.broken {
		known[p] = true
	}
	for p := range l.unpublished {
		known[p] = true
	}
	fs.WalkDir(l.fsys, "pages", func(file string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			known[pagePath(file)] = true
		}
		return nil
	})
	var paths []string
	for p := range s.Pages {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, link := range l.links {
		p, ok := content.LinkPath(link.Href)
		if !ok || path.Ext(p) != "" {
			continue
		}
		if len(p) > 1 {
			p = strings.TrimSuffix(p, "/")
		}
		if known[p] || hasPrefix(p, prefixes) || strings.HasPrefix(p, "/admin") {
			continue
		}
		if len(s.Articles) > 0 && s.ArticleIndex != "" && strings.HasPrefix(p, s.ArticleIndex+"/") {
			// An article's tags and pages of the index are made after the
			// load: only the rendered check knows them.
			if strings.Contains(strings.TrimPrefix(p, s.ArticleIndex+"/"), "/") {
				continue
			}
		}
		l.errs = append(l.errs, link.Pos.Errorf("link %q: no route for this path%s: link to an existing page, or remove the link (a page renamed answers its old address too once its file says aliases: [%s])", link.Href, field.DidYouMean(p, paths), p))
	}
}

func hasPrefix(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		if strings.HasPrefix(p+"/", pre) {
			return true
		}
	}
	return false
}
