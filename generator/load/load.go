package load

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/decode"
	"github.com/vozia/site/generator/decode/yamlsyntax"
	"github.com/vozia/site/generator/frontmatter"
	"github.com/vozia/site/generator/markdown"
	"github.com/vozia/site/generator/resolve"
	"github.com/vozia/site/internal/contactform"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/problem"
)

// Site reads and validates a content tree as it is published today. On
// failure the error is a content.ErrorList of every problem, sorted by
// file and position, and the site holds the Routes its files gave.
func Site(fsys fs.FS) (*content.Site, error) { return SiteWith(fsys, Options{}) }

// SiteWith is Site at a given time, with or without drafts.
func SiteWith(fsys fs.FS, opt Options) (*content.Site, error) {
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	// No file is read through a link, nor any but a regular one, whoever
	// hands the tree over (internal/contentroot).
	fsys = contentroot.Strict(fsys)
	l := &loader{fsys: fsys, refs: map[string][]field.Pos{}, pixels: map[string]int{}, unpublished: map[string]*content.LoadedArticle{}, broken: map[string]string{}, now: opt.Now}
	s := &content.Site{Pages: map[string]*content.Page{}}
	l.loadClaims(s)
	l.loadSecurity(s)
	l.yaml("site.yaml", &s.Config)
	s.Config.ResolveDemo()
	l.yaml("layout.yaml", &s.Layout)
	l.codeLabel = s.Layout.UI.Code
	s.Layout.ContactForm.SizeOptions = slices.Clone(contactform.CompanySizes)
	s.Layout.ContactForm.Limits = contactform.FormLimits()
	var routing content.Routing
	if _, err := fs.Stat(fsys, content.RoutingFile); err == nil {
		l.yaml(content.RoutingFile, &routing)
	}
	for _, name := range content.CollectionNames() {
		if name == "claims" {
			continue // read first: the others cite it
		}
		l.yaml(content.CollectionFile(name), content.CollectionSlot(&s.Collections, name))
	}
	l.sizeImages(&s.Collections)
	l.pages(s)
	l.articles(s, opt)
	l.details(s)
	l.routes(s, routing)
	l.enquiryPages(s)
	l.trails(s)
	l.linksToUnpublished()
	l.reviewsShown(s)
	l.files(s)
	l.sampleCalls(s)
	l.securitySections(s)
	if len(l.errs) > 0 {
		l.linksWithoutRoute(s)
		return s, l.errs.Sorted()
	}
	resolve.Site(s)
	s.Held = l.holdScheduledLinks(s)
	s.Links = l.links
	s.Unpublished = l.unpublished
	s.Warnings = l.warnings.Sorted()
	return s, nil
}

type loader struct {
	fsys     fs.FS
	errs     content.ErrorList
	warnings content.ErrorList
	links    []content.LinkSource
	claims   *decode.Citations
	// securityFile says security.yaml exists, read or not.
	securityFile bool
	// refs are the places that name each image file; pixels the size of
	// each photo, and photos the photos in the order first named.
	refs   map[string][]field.Pos
	pixels map[string]int
	photos []string
	// unpublished are the draft and scheduled articles by the path they
	// will have, whether this build shows them (make dev) or not.
	unpublished map[string]*content.LoadedArticle
	// broken are the articles left out for their problems, by the path
	// they would have: a redirect to one is not a second mistake.
	broken map[string]string
	now    time.Time
	// codeLabel names a block of code of a Markdown text (layout's ui.code).
	codeLabel string
}

func (l *loader) yaml(file string, v any) bool {
	data, ok := l.read(file, decode.MaxYAMLBytes)
	if !ok {
		return false
	}
	errs, links := decode.YAML(file, data, v, l.claims)
	errs = l.decoded(errs)
	l.links = append(l.links, links...)
	return len(errs) == 0
}

// decoded keeps what the decoder found: its warnings (Kind warning) beside
// the build, its errors to refuse it. It returns the errors.
func (l *loader) decoded(found []content.Error) []content.Error {
	var errs []content.Error
	for _, e := range found {
		if e.Kind == problem.KindWarning {
			l.warnings = append(l.warnings, e)
		} else {
			errs = append(errs, e)
		}
	}
	l.errs = append(l.errs, errs...)
	return errs
}

// Budgets of a Markdown file (an article, a text page): its size, and
// its front matter's. The longest article of the site is a few KB.
const (
	MaxMarkdownBytes    = 512 << 10
	MaxFrontMatterBytes = 64 << 10
)

// read reads a content file of at most limit bytes. A longer one is a
// problem at the line where it passes the limit, and is not read past it.
func (l *loader) read(file string, limit int) ([]byte, bool) {
	f, err := l.fsys.Open(file)
	if err != nil {
		l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("cannot read: %v", unwrapPathError(err))})
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("cannot read: %v", unwrapPathError(err))})
		return nil, false
	}
	if len(data) > limit {
		l.errs = append(l.errs, content.Error{File: file, Line: 1 + bytes.Count(data[:limit], []byte("\n")), Col: 1,
			Message: fmt.Sprintf("the file passes %d KB here: split it (a YAML file may hold %d KB, an article or text page %d KB)", limit>>10, decode.MaxYAMLBytes>>10, MaxMarkdownBytes>>10)})
		return nil, false
	}
	return data, true
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// pages reads every file under pages/: its path is its URL.
func (l *loader) pages(s *content.Site) {
	err := fs.WalkDir(l.fsys, "pages", func(file string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		var p *content.Page
		switch path.Ext(file) {
		case ".yaml":
			p = l.yamlPage(file)
		case ".md":
			p = l.markdownPage(file)
		default:
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: "not a page: pages are .yaml or .md files"})
			return nil
		}
		if p == nil {
			return nil
		}
		p.Route.File = file
		p.Route.Path = pagePath(file)
		// The file's path is the page's address, published as it is (in
		// the sitemap, the routing table, the S3 key): only a slug, as an
		// article's, is one a link, a browser and the CDN all read alike.
		if seg := badPageSegment(p.Route.Path); seg != "" {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%q cannot be a page's address: name the page's file or folder with a slug (lower-case letters, digits, single hyphens), like %q", seg, field.Slugify(seg))})
			return nil
		}
		p.Route.NotFound = p.Route.Path == "/404"
		if prev, dup := s.Pages[p.Route.Path]; dup {
			l.errs = append(l.errs, content.Error{File: file, Line: 1, Col: 1, Message: fmt.Sprintf("%s is already the page at %s", prev.Route.File, p.Route.Path)})
			return nil
		}
		if brand := s.Config.Brand; brand != "" && strings.HasSuffix(strings.TrimSpace(p.Route.Title), "| "+brand) {
			l.errs = append(l.errs, l.keyPos(file, "title").Errorf("title %q: leave out \"| %s\", the build adds it", p.Route.Title, brand))
		}
		l.pickCollections(s, p)
		s.Pages[p.Route.Path] = p
		return nil
	})
	if err != nil {
		l.errs = append(l.errs, content.Error{File: "pages", Line: 1, Col: 1, Message: fmt.Sprintf("cannot read: %v", unwrapPathError(err))})
	}
}

// pickCollections gives the page the collections its sections read; a
// collection shown without records is a problem at its section, unless
// its file has problems of its own.
func (l *loader) pickCollections(s *content.Site, p *content.Page) {
	for i := range p.Sections {
		sec := &p.Sections[i]
		content.EachRead(sec, func(name string) {
			file := content.CollectionFile(name)
			if reflect.ValueOf(content.CollectionSlot(&s.Collections, name)).Elem().Len() == 0 && !l.failed(file) {
				l.errs = append(l.errs, sec.Pos.Errorf("this %s section shows the %s collection, but %s has no records", sec.Kind, name, file))
			}
			content.CopyCollection(&p.Collections, &s.Collections, name)
			if !slices.Contains(p.Reads, name) {
				p.Reads = append(p.Reads, name)
			}
		})
	}
}

func (l *loader) yamlPage(file string) *content.Page {
	var f content.PageFile
	data, ok := l.read(file, decode.MaxYAMLBytes)
	if !ok {
		return nil
	}
	pos := field.Pos{File: file, Line: 1, Col: 1}
	errs, links := decode.YAML(file, data, &f, l.claims)
	l.decoded(errs)
	l.links = append(l.links, links...)
	for _, sec := range f.Sections {
		if md, ok := sec.Value.(*sections.MarkdownSection); ok {
			l.renderMarkdown(md.BodyAt, md)
		}
	}
	l.sizeImages(f.Sections)
	return &content.Page{Route: content.Route{Pos: pos, PageMeta: f.PageMeta}, Sections: f.Sections}
}

// markdownFills are the placeholders a Markdown text fills (the fill tag
// of sections.MarkdownSection's Body: {email}).
var markdownFills = func() []string {
	f, _ := reflect.TypeFor[sections.MarkdownSection]().FieldByName("Body")
	return strings.Split(f.Tag.Get("fill"), ",")
}()

// markdownPage reads a .md page: YAML front matter between "---" lines,
// then the Markdown body.
func (l *loader) markdownPage(file string) *content.Page {
	var f content.MarkdownFront
	body, bodyLine, ok := l.frontMatter(file, "a .md page starts with front matter: a line \"---\", the page's title and description in YAML, and another \"---\"", &f)
	if !ok {
		return nil
	}
	pos := field.Pos{File: file, Line: bodyLine, Col: 1}
	l.markdownText(pos, body, markdownFills)
	md := &sections.MarkdownSection{Body: string(l.citeMarkdown(pos, body, true)), Back: f.Back}
	l.renderMarkdown(pos, md)
	return &content.Page{
		Route:    content.Route{Pos: field.Pos{File: file, Line: 1, Col: 1}, PageMeta: f.PageMeta},
		Sections: []content.Section{{Kind: "markdown", Pos: pos, Value: md}},
	}
}

// frontMatter reads a Markdown file that starts with YAML front matter
// between "---" lines, decodes the front matter into front (its problems
// and links recorded at their lines in the file) and returns the body and
// the line it starts on. ok is false, the problem recorded, when the file
// cannot be read or has no front matter (missing says what it should have).
func (l *loader) frontMatter(file, missing string, front any) (body []byte, bodyLine int, ok bool) {
	src, ok := l.read(file, MaxMarkdownBytes)
	if !ok {
		return nil, 0, false
	}
	yaml, body, bodyLine, ok := frontmatter.Split(src)
	if !ok {
		e := content.Error{File: file, Line: 1, Col: 1, Message: missing}
		if line := frontmatter.Unclosed(src); line > 0 {
			e.Line, e.Message = line, fmt.Sprintf("the front matter opened by the \"---\" of line 1 is not closed: write a line \"---\" after its last field, before the text (line %d)", line)
		}
		l.errs = append(l.errs, e)
		return nil, 0, false
	}
	if len(yaml) > MaxFrontMatterBytes {
		l.errs = append(l.errs, content.Error{File: file, Line: 2 + bytes.Count(yaml[:MaxFrontMatterBytes], []byte("\n")), Col: 1,
			Message: fmt.Sprintf("the front matter passes %d KB here: it holds the title, dates and cover; the text goes below the closing \"---\"", MaxFrontMatterBytes>>10)})
		return nil, 0, false
	}
	if i := decode.BadByte(body); i >= 0 {
		line, col := yamlsyntax.OffsetLineCol(body, i)
		l.errs = append(l.errs, content.Error{File: file, Line: bodyLine + line - 1, Col: col, Message: decode.BadByteMessage(body, i)})
		return nil, 0, false
	}
	// The front matter starts on line 2; pad so that positions match.
	errs, links := decode.YAML(file, append([]byte("\n"), yaml...), front, l.claims)
	l.decoded(errs)
	l.links = append(l.links, links...)
	return body, bodyLine, true
}

// renderMarkdown renders a markdown section whose text starts at pos (the
// first line of a .md page's body, or of a YAML body: scalar, each of
// whose lines starts at pos.Col), and records its links where they are
// written (a folded or multi-line quoted scalar moves them: nearly).
func (l *loader) renderMarkdown(pos field.Pos, md *sections.MarkdownSection) {
	src := []byte(md.Body)
	at := offsetPos(pos, src)
	if p := markdown.Budget(src); p != nil {
		l.errs = append(l.errs, at(p.Offset).Errorf("%s", p.Message))
		return
	}
	doc := markdown.Text.Parse(src)
	for _, p := range markdown.Text.Check(doc, src) {
		l.errs = append(l.errs, at(p.Offset).Errorf("%s", p.Message))
	}
	l.codeInHeadings(at, doc, src, markdownFills)
	for _, link := range markdown.Links(doc, src) {
		if !link.Image {
			l.links = append(l.links, content.LinkSource{Href: link.Href, Pos: at(link.Offset)})
		}
	}
	md.Images = l.markdownImages(pos, src, doc, nil)
	markdown.NameCode(doc, src, l.codeLabel)
	pieces, err := markdown.Text.Render(src, doc)
	if err != nil {
		l.errs = append(l.errs, pos.Errorf("markdown: %v", err))
	}
	md.Text = textOf(pieces)
	md.Body = "" // the app receives the HTML only
}

// citeMarkdown returns a Markdown body, which starts at pos, with its
// citations replaced, each mistake reported at its line and column.
// Figures are not checked in sample text (illustrative: legal text).
func (l *loader) citeMarkdown(pos field.Pos, body []byte, illustrative bool) []byte {
	out, problems := l.claims.Cite(string(body), false, illustrative)
	for _, p := range problems {
		before := string(body[:p.Offset])
		at := pos
		at.Line += strings.Count(before, "\n")
		at.Col = len(before) - strings.LastIndexByte(before, '\n')
		l.errs = append(l.errs, at.Errorf("%s", p.Msg))
	}
	return []byte(out)
}

// reviewsShown refuses reviews that no page shows: they feed the
// structured data of every page, and search engines ask that such markup
// describe content visitors can see.
func (l *loader) reviewsShown(s *content.Site) {
	if len(s.Collections.Reviews) == 0 || l.failedUnder("pages") {
		return // a page that could not be read may be the one that shows them
	}
	for _, p := range s.Pages {
		if slices.Contains(p.Reads, "reviews") {
			return
		}
	}
	l.errs = append(l.errs, content.Error{File: content.CollectionFile("reviews"), Line: 1, Col: 1,
		Message: "no page shows these reviews, yet they feed every page's structured data: add a section of kind reviews (the home page has one)"})
}

// failed reports whether a file already has errors (its data is partial).
// A check of the whole site that the file could answer (a page that lists
// the articles, shows the reviews) says nothing while it could not be
// read: its own error says what to mend, and the check's would point at a
// file the editor did not touch.
func (l *loader) failed(file string) bool {
	return slices.ContainsFunc(l.errs, func(e content.Error) bool { return e.File == file })
}

// failedUnder reports whether a file in folder dir already has errors.
func (l *loader) failedUnder(dir string) bool {
	return slices.ContainsFunc(l.errs, func(e content.Error) bool { return strings.HasPrefix(e.File, dir+"/") })
}

// keyPos is where a top-level key of a page file (or its front matter)
// is written, for errors about a field that the decoder accepted: at its
// value when the key's line has one (the caret stood under the key).
func (l *loader) keyPos(file, key string) field.Pos { p, _ := l.keyLine(file, key); return p }

// keyLine is keyPos and the text of its line, where a value that the key
// lists on it is placed (an alias).
func (l *loader) keyLine(file, key string) (field.Pos, string) {
	data, _ := fs.ReadFile(l.fsys, file)
	for i, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			col := 1
			if v := strings.TrimLeft(rest, " "); v != "" && v[0] != '#' {
				col = len(line) - len(v) + 1
			}
			return field.Pos{File: file, Line: i + 1, Col: col}, line
		}
	}
	return field.Pos{File: file, Line: 1, Col: 1}, ""
}

// routes builds the route table from the pages and routing.yaml and checks
// it as a whole.
func (l *loader) routes(s *content.Site, routing content.Routing) {
	for _, p := range s.Pages {
		s.Routes = append(s.Routes, p.Route)
	}
	if _, ok := s.Pages["/"]; !ok {
		l.errs = append(l.errs, content.Error{File: "pages/index.yaml", Line: 1, Col: 1, Message: "the home page is missing: pages/index.yaml is the page at /"})
	}
	if _, ok := s.Pages["/404"]; !ok {
		l.errs = append(l.errs, content.Error{File: "pages/404.yaml", Line: 1, Col: 1, Message: "the not-found page is missing: pages/404.yaml is the page served for unknown paths"})
	}
	l.aliases(s, routing.Redirects)
	for _, r := range routing.Redirects {
		if p, ok := s.Pages[r.From]; ok {
			l.errs = append(l.errs, r.Pos.Errorf("redirect from %q: %s is the page at that path", r.From, p.Route.File))
			continue
		}
		if a := l.unpublished[r.To]; a != nil {
			l.errs = append(l.errs, r.Pos.Errorf("redirect to %q: %s", r.To, l.unpublishedReason(a, "redirects to", "redirect")))
			continue
		}
		if _, ok := l.broken[r.To]; ok {
			continue // the article's own problems say why it has no page yet
		}
		if t, ok := s.Pages[r.To]; !ok || t.Route.NotFound {
			why := "no page has that path" + field.DidYouMean(r.To, pagePaths(s))
			if end, via, ok := content.RedirectEnd(s.Routes, routing.Redirects, r.To); ok && s.Pages[end] != nil {
				why = fmt.Sprintf("that address is itself a redirect (%s), to %q: write to: %s, which a visitor reaches in one step", via, end, end)
			}
			l.errs = append(l.errs, r.Pos.Errorf("redirect to %q: %s", r.To, why))
			continue
		}
		s.Routes = append(s.Routes, content.Route{Pos: r.Pos, Path: r.From, File: content.RoutingFile, Redirect: r.To})
	}
	for _, r := range routing.Rewrites {
		p, ok := s.Pages[r.To]
		if !ok {
			l.errs = append(l.errs, r.Pos.Errorf("rewrite to %q: no page has that path%s", r.To, field.DidYouMean(r.To, pagePaths(s))))
			continue
		}
		p.Route.Prefix = true
		for i := range s.Routes {
			if s.Routes[i].Path == r.To {
				s.Routes[i].Prefix = true
			}
		}
	}
	slices.SortFunc(s.Routes, func(a, b content.Route) int {
		return cmp.Or(cmp.Compare(routeRank(a), routeRank(b)), strings.Compare(a.Path, b.Path))
	})
	seen := map[string]bool{}
	for _, r := range s.Routes {
		if seen[r.Path] {
			l.errs = append(l.errs, r.Pos.Errorf("%s is defined twice", r.Path))
		}
		seen[r.Path] = true
	}
	// Breadcrumbs: given, or derived from the folders.
	home := s.Pages["/"]
	for i := range s.Routes {
		r := &s.Routes[i]
		p := s.Pages[r.Path]
		if p == nil {
			continue
		}
		for _, b := range r.Breadcrumbs {
			if _, ok := seen[b.URL]; !ok {
				l.errs = append(l.errs, r.Pos.Errorf("breadcrumb %q points to %q, which has no page%s", b.Name, b.URL, field.DidYouMean(b.URL, pagePaths(s))))
			}
		}
		if len(r.Breadcrumbs) == 0 && r.Name != "" && r.Path != "/" && !r.NotFound && home != nil && home.Route.Name != "" {
			trail := []content.Breadcrumb{{Name: home.Route.Name, URL: "/"}}
			parts := strings.Split(strings.TrimPrefix(r.Path, "/"), "/")
			for j := 1; j < len(parts); j++ {
				anc := "/" + strings.Join(parts[:j], "/")
				if a := s.Pages[anc]; a != nil && a.Route.Name != "" {
					trail = append(trail, content.Breadcrumb{Name: a.Route.Name, URL: anc})
				}
			}
			r.Breadcrumbs = append(trail, content.Breadcrumb{Name: r.Name, URL: r.Path})
		}
		p.Route = *r
	}
}

// routeRank orders the route table: the home page, then the others, then
// the not-found page.
func routeRank(r content.Route) int {
	switch {
	case r.Path == "/":
		return 0
	case r.NotFound:
		return 2
	}
	return 1
}

func pagePaths(s *content.Site) []string {
	var out []string
	for p, pg := range s.Pages {
		if !pg.Route.NotFound {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// badPageSegment is the first segment of a page's path that is not a
// slug, or "".
func badPageSegment(p string) string {
	if p == "/" {
		return ""
	}
	for _, seg := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		if !content.TagPattern.MatchString(seg) {
			return seg
		}
	}
	return ""
}

// pagePath is the URL of a page file: pages/index.yaml is /,
// pages/solutions/pulse.yaml is /solutions/pulse, pages/404.yaml is the
// not-found page (/404).
func pagePath(file string) string {
	p := strings.TrimPrefix(file, "pages")
	p = strings.TrimSuffix(strings.TrimSuffix(p, ".yaml"), ".md")
	p = strings.TrimSuffix(p, "/index")
	if p == "" {
		return "/"
	}
	return p
}
