package content

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// Site is everything the build reads from content/, validated.
type Site struct {
	Config SiteConfig
	Layout Layout
	Routes []Route
	// Collections holds every collection, whichever pages use them.
	Collections Collections
	// Pages holds the page of each route, by path; redirects have none.
	Pages map[string]*Page
}

// Page is what one route renders: its copy, the collections it uses and,
// for Markdown pages, the body as HTML.
type Page struct {
	Route       Route
	Copy        any
	Collections Collections
	HTML        string
}

// Route returns the route with the given path, or false.
func (s *Site) Route(p string) (Route, bool) {
	i := slices.IndexFunc(s.Routes, func(r Route) bool { return r.Path == p })
	if i < 0 {
		return Route{}, false
	}
	return s.Routes[i], true
}

// Load reads and validates a content tree. On failure the error is an
// ErrorList holding every problem found, sorted by file and position.
func Load(fsys fs.FS) (*Site, error) {
	l := &loader{fsys: fsys}
	s := &Site{Pages: map[string]*Page{}}
	l.yaml("site.yaml", &s.Config)
	l.yaml("layout.yaml", &s.Layout)
	l.yaml("routes.yaml", &s.Routes)
	for _, name := range sortedKeys(collectionFiles) {
		c := collectionFiles[name]
		l.yaml(c.file, c.ptr(&s.Collections))
	}
	l.checkRoutes(s)
	if len(l.errs) == 0 {
		l.pages(s)
	}
	if len(l.errs) > 0 {
		return nil, l.errs.sorted()
	}
	return s, nil
}

type loader struct {
	fsys fs.FS
	errs ErrorList
	// copies caches decoded copy files: several routes may share one.
	copies map[string]any
}

func (l *loader) yaml(file string, v any) bool {
	data, err := fs.ReadFile(l.fsys, file)
	if err != nil {
		l.errs = append(l.errs, Error{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("cannot read: %v", unwrapPathError(err))})
		return false
	}
	errs := decodeYAML(file, data, v)
	l.errs = append(l.errs, errs...)
	return len(errs) == 0
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// checkRoutes validates the route table as a whole.
func (l *loader) checkRoutes(s *Site) {
	seen := map[string]Pos{}
	notFound := 0
	for _, r := range s.Routes {
		if first, dup := seen[r.Path]; dup {
			l.errs = append(l.errs, r.Pos.errorf("duplicate route path %q (first defined at line %d)", r.Path, first.Line))
			continue
		}
		seen[r.Path] = r.Pos
		if r.NotFound {
			notFound++
		}
		if _, ok := pageCopyTypes[r.Page]; !ok {
			l.errs = append(l.errs, r.Pos.errorf("unknown page %q (known: %s)", r.Page, strings.Join(sortedKeys(pageCopyTypes), ", ")))
		}
		for _, u := range r.Uses {
			if _, ok := collectionFiles[u]; !ok {
				l.errs = append(l.errs, r.Pos.errorf("route %q uses unknown collection %q (known: %s)", r.Path, u, strings.Join(sortedKeys(collectionFiles), ", ")))
			}
		}
	}
	for _, r := range s.Routes {
		if r.Redirect != "" {
			if t, ok := s.Route(r.Redirect); !ok || t.Redirect != "" {
				l.errs = append(l.errs, r.Pos.errorf("route %q redirects to %q, which is not a page route", r.Path, r.Redirect))
			}
		}
		for _, b := range r.Breadcrumbs {
			if _, ok := seen[b.URL]; !ok {
				l.errs = append(l.errs, r.Pos.errorf("breadcrumb %q of route %q points to %q, which has no route", b.Name, r.Path, b.URL))
			}
		}
	}
	if _, ok := seen["/"]; !ok && len(s.Routes) > 0 {
		l.errs = append(l.errs, Error{File: "routes.yaml", Line: 1, Col: 1, Msg: "the route table has no \"/\" route"})
	}
	if notFound != 1 {
		l.errs = append(l.errs, Error{File: "routes.yaml", Line: 1, Col: 1, Msg: fmt.Sprintf("the route table needs exactly one notFound route, has %d", notFound)})
	}
}

// pages decodes each route's copy and Markdown and picks its collections.
func (l *loader) pages(s *Site) {
	l.copies = map[string]any{}
	used := map[string]bool{}
	for _, r := range s.Routes {
		if r.Redirect != "" {
			continue
		}
		p := &Page{Route: r}
		if newCopy := pageCopyTypes[r.Page]; newCopy != nil {
			file := r.Copy
			if file == "" {
				file = "pages/" + r.Page + ".yaml"
			}
			used[file] = true
			if c, ok := l.copies[file]; ok {
				if reflect.TypeOf(c) != reflect.TypeOf(newCopy()) {
					l.errs = append(l.errs, r.Pos.errorf("copy file %q is shared by pages of different kinds", file))
				}
				p.Copy = c
			} else {
				c := newCopy()
				if l.yaml(file, c) {
					l.copies[file] = c
				}
				p.Copy = c
			}
		} else if r.Copy != "" {
			l.errs = append(l.errs, r.Pos.errorf("page %q takes no copy file", r.Page))
		}
		if r.Markdown != "" {
			html, err := l.markdown(r.Markdown)
			if err != nil {
				l.errs = append(l.errs, r.Pos.errorf("markdown: %v", err))
			}
			p.HTML = html
		}
		for _, u := range r.Uses {
			src := reflect.ValueOf(collectionFiles[u].ptr(&s.Collections)).Elem()
			reflect.ValueOf(collectionFiles[u].ptr(&p.Collections)).Elem().Set(src)
		}
		s.Pages[r.Path] = p
	}
	// A copy file no route reads is an editor's typo in its name.
	entries, _ := fs.ReadDir(l.fsys, "pages")
	for _, e := range entries {
		if f := "pages/" + e.Name(); !e.IsDir() && path.Ext(f) == ".yaml" && !used[f] {
			l.errs = append(l.errs, Error{File: f, Line: 1, Col: 1, Msg: "no route uses this copy file (check the route's page or copy field)"})
		}
	}
}

var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

func (l *loader) markdown(file string) (string, error) {
	src, err := fs.ReadFile(l.fsys, file)
	if err != nil {
		return "", unwrapPathError(err)
	}
	var buf bytes.Buffer
	if err := markdown.Convert(src, &buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
