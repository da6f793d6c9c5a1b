// Package guard refuses a build before anything is written: a section
// kind the app cannot render (Kinds, once the server bundle is made), and,
// once every page is rendered, a redirect over a published file, a broken
// link or template text on a page (Site). Each problem is reported where
// content writes it.
package guard

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/links"
	"github.com/vozia/site/generator/templatetext"
	"github.com/vozia/site/internal/problem"
)

// linkErrors reports each broken link where content writes it, once per
// place however many pages show it (the navigation is on every page);
// a link no content file writes is reported on the page that has it. A
// link to an address the site published (moved says what became of it)
// is most likely to a page renamed: the address's problem follows as a
// note, with the fix that keeps the old address working, and the link is
// to change to the page that replaced it (an editor's trial renamed a
// page the menu linked to, and read only "link to an existing page, or
// remove the link").
func linkErrors(site *content.Site, problems []links.Problem, moved func(path string) (Moved, bool)) problem.List {
	where := map[string][]field.Pos{}
	for _, l := range site.Links {
		where[l.Href] = append(where[l.Href], l.Pos)
	}
	var errs content.ErrorList
	for _, p := range problems {
		msg := fmt.Sprintf("link %q: %s", p.Link, p.Reason)
		var notes []string
		if strings.HasPrefix(p.Reason, "no route") {
			msg += ": link to an existing page, or remove the link"
			if lp, ok := content.LinkPath(p.Link); ok && moved != nil {
				if m, ok := moved(lp); ok {
					to := "the new address"
					if m.To != "" {
						to = m.To
					}
					msg = fmt.Sprintf("link %q: %s: it was published; if its page was renamed, link to %s", p.Link, p.Reason, to)
					notes = []string{m.Note}
				}
			}
		}
		if at := where[p.Link]; len(at) > 0 {
			for _, pos := range at {
				errs = append(errs, content.Error{File: pos.File, Line: pos.Line, Col: pos.Col, Message: msg, Notes: notes})
			}
			continue
		}
		errs = append(errs, content.Error{Message: "link check: " + p.String()})
	}
	return errs.Sorted()
}

// noteOnce keeps a note at the first problem, in the order they are
// printed, that carries it; a later one names that place instead. Every
// link to a renamed page carries the same note of how to keep its old
// address, and an editor's trial read it once per link, word for word.
func noteOnce(errs problem.List) problem.List {
	first := map[string]string{}
	for i, e := range errs {
		if len(e.Notes) != 1 || e.File == "" {
			continue
		}
		if at, ok := first[e.Notes[0]]; ok {
			errs[i].Notes = []string{"how to keep the address working: the note under " + at}
			continue
		}
		first[e.Notes[0]] = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	return errs
}

// templateErrors reports template text on a page at the page's file.
func templateErrors(site *content.Site, shown []templatetext.Problem) problem.List {
	var errs content.ErrorList
	for _, p := range shown {
		e := content.Error{Message: "template text: " + p.String()}
		if pg := site.Pages[p.Page]; pg != nil && pg.Route.File != "" {
			e.File, e.Line, e.Col = pg.Route.File, 1, 1
		}
		errs = append(errs, e)
	}
	return errs.Sorted()
}

func pagePaths(site *content.Site) []string {
	var out []string
	for _, r := range site.Routes {
		if r.Redirect == "" && !r.NotFound {
			out = append(out, r.Path)
		}
	}
	return out
}

// check refuses the build if a link of a page lands nowhere (links)
// or a page shows template text (templatetext: placeholders are resolved
// when content is decoded; this catches what reaches a page another way).
// Pages is what the build is about to publish.
type Pages struct {
	// HTML is each page's document, by path; Opaque the spans of each
	// that are not links (scripts, JSON), for the link checker.
	HTML   map[string][]byte
	Opaque map[string][]links.Span
	// Files are the site paths of every other file the build writes, or
	// will write once an image is encoded.
	Files []string
}

// Moved is what the build knows of an address the site published and no
// longer answers: the problem that says how to keep it working, and the
// address of the page that most likely replaced it ("" if none is).
type Moved struct {
	Note, To string
}

// Site refuses a build whose pages would mislead a visitor: a redirect or
// alias from the address of a file the site publishes, a link to nowhere,
// template text left on a page. Each problem is reported where content
// writes it, under contentDir. moved, asked only of a link to nowhere,
// says what became of an address the site published (false for one it
// never did; moved nil: not known).
func Site(site *content.Site, p Pages, contentDir string, moved func(path string) (Moved, bool)) error {
	files := map[string]bool{}
	for _, f := range p.Files {
		files[f] = true
	}
	// A redirect (routing.yaml's, or an alias) from the address of a file
	// the build writes (/robots.txt, /sitemap.xml, a feed, a share image)
	// would put its page where the file is: refused where it is written.
	var taken content.ErrorList
	for _, rt := range site.Routes {
		if rt.Redirect != "" && files[rt.Path] {
			taken = append(taken, content.Error{File: rt.Pos.File, Line: rt.Pos.Line, Col: rt.Pos.Col,
				Message: fmt.Sprintf("%q is the address of a file the site publishes: a redirect or alias from it would take the file's place; remove it", rt.Path)})
		}
	}
	if len(taken) > 0 {
		return taken.Sorted().Prefix(contentDir)
	}
	problems := links.Check(links.Site{Pages: p.HTML, Opaque: p.Opaque, Files: files, Resolve: cdn.Resolver(site.Routes), Routes: pagePaths(site)})
	if len(problems) > 0 {
		return noteOnce(linkErrors(site, problems, moved).Prefix(contentDir))
	}
	if shown := templatetext.Check(p.HTML, p.Opaque); len(shown) > 0 {
		return templateErrors(site, shown).Prefix(contentDir)
	}
	return nil
}

// Links reports each link written in content to a path no route answers,
// from the route table alone, for a build that stops before its pages
// render (an image that cannot be encoded): the editor learns of a broken
// link in the same save as of the image, not after the next. The rendered
// pages' check (Site) says the rest (a missing #part, a link the layout
// makes).
func Links(site *content.Site) problem.List {
	known := map[string]bool{}
	var prefixes, paths []string
	for _, r := range site.Routes {
		known[r.Path] = true
		paths = append(paths, r.Path)
		if r.Prefix {
			prefixes = append(prefixes, strings.TrimSuffix(r.Path, "/")+"/")
		}
	}
	// A link to a scheduled article is shown as its words until the
	// article's day (generator/load/scheduled.go).
	for p, a := range site.Unpublished {
		if a.Status == "scheduled" {
			known[p] = true
		}
	}
	var errs content.ErrorList
	for _, l := range site.Links {
		p, ok := linkedPath(l.Href)
		if !ok || path.Ext(p) != "" || strings.HasPrefix(p, "/admin") {
			continue
		}
		if known[p] || slices.ContainsFunc(prefixes, func(pre string) bool { return strings.HasPrefix(p+"/", pre) }) {
			continue
		}
		errs = append(errs, l.Pos.Errorf("link %q: no route for this path%s: link to an existing page, or remove the link", l.Href, field.DidYouMean(p, paths)))
	}
	return errs.Sorted()
}

// LinksToRedirects warns of each link written in content to an address
// that is only a redirect (a page's alias, a redirect of routing.yaml):
// it works, but through a detour the visitor waits for, and the header
// marks the page it ends on as the current one only by its own address
// (an editor's trial renamed a page, added its alias, and the menu went
// on linking to the old address without a word).
func LinksToRedirects(site *content.Site) content.ErrorList {
	held := redirecting(site)
	var out content.ErrorList
	for _, l := range site.Links {
		p, ok := linkedPath(l.Href)
		if !ok {
			continue
		}
		if r, ok := held[p]; ok {
			// The part of the page it points at goes with it (a trial:
			// "/blog#webinars" was told to link to "/resources").
			link := r.Redirect
			if _, part, ok := strings.Cut(l.Href, "#"); ok {
				link += "#" + part
			}
			out = append(out, l.Pos.Errorf("link %q is an old address, which redirects to %s: link to %s", l.Href, r.Redirect, link))
		}
	}
	return out
}

// DraftsAtRedirects warns of each draft or scheduled article whose
// address an alias or a redirect already holds: once published, the
// build refuses it, at the alias (an editor's trial met it only then,
// with make check silent while the article was a draft).
func DraftsAtRedirects(site *content.Site) content.ErrorList {
	held := redirecting(site)
	var out content.ErrorList
	for path, a := range site.Unpublished {
		if r, ok := held[path]; ok {
			what := "an alias in " + r.File
			if r.File == content.RoutingFile {
				what = "a redirect of " + r.File
			}
			out = append(out, content.Error{File: a.File, Line: 1, Col: 1, Message: fmt.Sprintf("this %s article's address, %s, is already %s (line %d): published, the build refuses it; give the article another address (rename its file)", a.Status, path, what, r.Pos.Line)})
		}
	}
	return out
}

// redirecting is the routes that answer with a redirect (a redirect of
// routing.yaml or an alias), by the address they answer.
func redirecting(site *content.Site) map[string]content.Route {
	held := map[string]content.Route{}
	for _, r := range site.Routes {
		if r.Redirect != "" {
			held[r.Path] = r
		}
	}
	return held
}

// linkedPath is the site path a link written in content leads to, as the
// routes name it: without a trailing slash, but the root's.
func linkedPath(href string) (string, bool) {
	p, ok := content.LinkPath(href)
	if ok && len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p, ok
}
