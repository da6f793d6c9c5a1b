// Package markdown renders the site's Markdown by an allow-list.
//
// Two dialects: an article's (Article: GitHub's tables, strikethrough, task
// lists and bare links, with footnotes, typographic quotes and dashes, an
// id on every heading, and code blocks highlighted by the build as CSS
// classes) and a page's (Text: tables and heading ids).
//
// Rendering is goldmark's safe renderer, which writes no raw HTML and no
// link to a javascript:, vbscript:, file: or data: address, plus the
// inline elements of AllowedHTML (Article only), each written anew from
// what it parses to, never copied from the source. Nothing is filtered out
// of what an unsafe renderer lets through. Whatever else an author writes
// as HTML, comments that would hide markup included, and any link to an
// address that is not http(s), mailto:, tel:, a site path or a fragment,
// is a Problem at its byte offset (Check), for the caller to report at
// file:line:col; the renderer leaves it out.
//
// Images are not written: Render returns the markup in pieces around
// them, an image's piece in its place, for the build to join with each
// image once it is processed (generator/pictures). No marker stands in the
// HTML for an image, so no text can forge one. The addresses that a page
// resolves against itself, a link's site path or fragment (a heading's
// anchor, a footnote's), are pieces of their own too, so that a text
// shown away from its page (a feed) writes them absolute without reading
// its HTML back. Footnotes are numbered fn-1 and their references fnref-1
// (goldmark's fn:1 is valid HTML, but selectors and validators dislike
// the colon).
package markdown

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// AllowedHTML are the elements an article may write as HTML: these inline
// elements, without attributes (abbr may have a title), and comments,
// which are not published.
var AllowedHTML = []string{"abbr", "br", "kbd", "mark", "sub", "sup"}

// Dialect is one of the site's Markdown dialects.
type Dialect struct {
	md goldmark.Markdown
	// inline is whether the elements of AllowedHTML are allowed.
	inline bool
	// in names the texts of the dialect in messages ("in an article").
	in string
}

// Article is the dialect of articles.
var Article = &Dialect{md: goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.Typographer),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(
		util.Prioritized(codeBlocks{}, 200), util.Prioritized(boxes{}, 300),
		util.Prioritized(allowList{inline: true}, 100), util.Prioritized(pieceRenderer{}, 100))),
), inline: true, in: "in an article"}

// Text is the dialect of pages' Markdown.
var Text = &Dialect{md: goldmark.New(
	goldmark.WithExtensions(extension.Table),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(boxes{}, 300),
		util.Prioritized(allowList{}, 100), util.Prioritized(pieceRenderer{}, 100))),
), in: "in a page's text"}

// Parse parses src.
func (d *Dialect) Parse(src []byte) ast.Node { return d.md.Parser().Parse(text.NewReader(src)) }

// Piece is a piece of a rendered text: markup, the place of an image, or
// an address that the page resolves against itself.
type Piece struct {
	Kind PieceKind
	// Text is the markup, or the address as its attribute holds it
	// (HTML-escaped); "" for an image.
	Text string
}

// PieceKind says what a Piece is.
type PieceKind uint8

const (
	// Markup is HTML, written as it is.
	Markup PieceKind = iota
	// ImagePlace is where an image of the text stands, in document order
	// (the order in which ast.Walk meets them, not looking inside an
	// image).
	ImagePlace
	// SitePath is a link's address on the site ("/contact", "/"), not a
	// protocol-relative "//host".
	SitePath
	// Fragment is a link's address in the page itself ("#fn-1").
	Fragment
)

// Render writes doc, parsed from src, as HTML in pieces: markup, the
// places of its images, and its links' site paths and fragments. It edits
// doc: read doc (Check, Links) before.
func (d *Dialect) Render(src []byte, doc ast.Node) ([]Piece, error) {
	w := &pieceWriter{}
	apart(doc)
	unlink(doc, src)
	nameBoxes(doc)
	if err := d.md.Renderer().Render(w, src, doc); err != nil {
		return nil, err
	}
	w.cut(Markup, "")
	return w.pieces, nil
}

// Convert parses and renders src, its images left out.
func (d *Dialect) Convert(src []byte, w io.Writer) error {
	pieces, err := d.Render(src, d.Parse(src))
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(p.Text)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// Problem is something the renderer leaves out, at its byte offset in
// the source.
type Problem struct {
	Offset  int
	Message string
}

// Link is a link or image of the text, with its address as the page will
// have it, at the offset of its "[", "![" or "<".
type Link struct {
	Href   string
	Offset int
	Image  bool
}

// Check returns what the renderer would leave out of doc: raw HTML
// outside the allow-list, and links to addresses no reader may follow.
func (d *Dialect) Check(doc ast.Node, src []byte) []Problem {
	var out []Problem
	// hint says what is allowed instead: a comment that is not one is told
	// what makes one.
	hint := func(raw []byte) string {
		allowed := "no HTML but comments"
		if d.inline {
			allowed = "inline " + strings.Join(AllowedHTML, ", ") + " and comments"
		}
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("<!--")) {
			return "a comment must hold no markup and stand alone"
		}
		return "write it in Markdown (allowed: " + allowed + ")"
	}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			b := join(n.Lines(), src)
			if n.HasClosure() {
				b = append(b, n.ClosureLine.Value(src)...)
			}
			if t := bytes.TrimSpace(b); !safeComment(t) {
				out = append(out, Problem{Offset(n), fmt.Sprintf("raw HTML %s is not allowed %s: %s", quoteShort(t), d.in, hint(t))})
			}
		case *ast.RawHTML:
			b := join(n.Segments, src)
			if _, ok := allowedTag(b, d.inline); !ok {
				off := -1
				if n.Segments.Len() > 0 {
					off = n.Segments.At(0).Start
				}
				out = append(out, Problem{off, fmt.Sprintf("raw HTML %s is not allowed %s: %s", quoteShort(b), d.in, hint(b))})
			}
		case *ast.Link, *ast.AutoLink:
			if l, ok := linkOf(n, src); ok {
				if msg := checkHref(l.Href); msg != "" {
					out = append(out, Problem{l.Offset, fmt.Sprintf("link %q: %s", l.Href, msg)})
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// Links returns every link and image of doc, in document order.
func Links(doc ast.Node, src []byte) []Link {
	var out []Link
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			if l, ok := linkOf(n, src); ok {
				out = append(out, l)
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// linkOf is n as a Link when it is one: its address as the renderer
// writes it (character references resolved, unsafe bytes escaped), so that
// a problem found in the rendered page is traced back to where it is
// written.
func linkOf(n ast.Node, src []byte) (Link, bool) {
	switch n := n.(type) {
	case *ast.Link:
		return Link{Href: string(util.URLEscape(n.Destination, true)), Offset: Offset(n)}, true
	case *ast.Image:
		// Written by the build from its destination (generator/pictures).
		o := Offset(n)
		if o > 0 && src[o-1] == '!' { // goldmark places an image at its "["
			o--
		}
		return Link{Href: string(n.Destination), Offset: o, Image: true}, true
	case *ast.AutoLink:
		href := util.URLEscape(n.URL(src), false)
		if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(href), []byte("mailto:")) {
			href = append([]byte("mailto:"), href...)
		}
		return Link{Href: string(href), Offset: Offset(n)}, true
	}
	return Link{}, false
}

// checkHref says what is wrong with a link's address, or "".
func checkHref(href string) string {
	u, err := url.Parse(href)
	switch {
	case err != nil:
		return "not a valid address: write an https:// address, a site path (/contact) or a #fragment"
	case u.Scheme == "" || u.Scheme == "https" || u.Scheme == "http" || u.Scheme == "mailto" || u.Scheme == "tel":
		return ""
	}
	return fmt.Sprintf("a %s: address is not allowed: write an https:// address, a site path (/contact), a #fragment, mailto: or tel:", u.Scheme)
}

// Offset is where n starts in its source, or -1 when goldmark does not
// say: a node's own position, else its first line's, else its first
// descendant's.
func Offset(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	if t, ok := n.(*ast.Text); ok {
		return t.Segment.Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if o := Offset(c); o >= 0 {
			return o
		}
	}
	return -1
}

// join is the text of segs.
func join(segs *text.Segments, src []byte) []byte {
	var b []byte
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		b = append(b, seg.Value(src)...)
	}
	return b
}

func quoteShort(b []byte) string {
	s := string(b)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// safeComment reports whether s is one HTML comment that a browser also
// reads as one comment ending where s ends: "<!-->" and "<!--->" end a
// comment at once, and "--!>" ends one as "-->" does.
func safeComment(s []byte) bool {
	if !bytes.HasPrefix(s, []byte("<!--")) || !bytes.HasSuffix(s, []byte("-->")) || len(s) < len("<!---->") {
		return false
	}
	body := s[4 : len(s)-3]
	return !bytes.HasPrefix(body, []byte(">")) && !bytes.HasPrefix(body, []byte("->")) &&
		!bytes.Contains(body, []byte("-->")) && !bytes.Contains(body, []byte("--!>")) && !bytes.Contains(body, []byte("<!--")) &&
		!bytes.HasSuffix(body, []byte("-")) && !bytes.HasSuffix(body, []byte("<!"))
}

var (
	openTag  = regexp.MustCompile(`^<(` + strings.Join(AllowedHTML, "|") + `)\s*/?>$`)
	closeTag = regexp.MustCompile(`^</(` + strings.Join(AllowedHTML, "|") + `)\s*>$`)
	abbrTag  = regexp.MustCompile(`^<abbr\s+title="([^"<>]*)"\s*>$`)
)

// allowedTag is the HTML to write for an inline piece of raw HTML, and
// whether it is allowed: an element of AllowedHTML, written anew, or a
// comment, written as nothing.
func allowedTag(raw []byte, inline bool) (string, bool) {
	if safeComment(raw) {
		return "", true
	}
	if !inline {
		return "", false
	}
	if m := openTag.FindSubmatch(raw); m != nil {
		return "<" + string(m[1]) + ">", true
	}
	if m := closeTag.FindSubmatch(raw); m != nil {
		if string(m[1]) == "br" {
			return "", true
		}
		return "</" + string(m[1]) + ">", true
	}
	if m := abbrTag.FindSubmatch(raw); m != nil {
		return `<abbr title="` + html.EscapeString(html.UnescapeString(string(m[1]))) + `">`, true
	}
	return "", false
}

// allowList renders what goldmark's safe renderer would leave as "raw
// HTML omitted": the allowed inline elements, and nothing else.
type allowList struct{ inline bool }

func (a allowList) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			if s, ok := allowedTag(join(n.(*ast.RawHTML).Segments, src), a.inline); ok {
				_, _ = w.WriteString(s)
			}
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		return ast.WalkSkipChildren, nil
	})
}

// unlink empties the address of each link that Check refuses, whether
// goldmark would write it or not: the renderer writes only the addresses
// the allow-list names.
func unlink(doc ast.Node, src []byte) {
	var bare []*ast.AutoLink
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if l, _ := linkOf(n, src); checkHref(l.Href) != "" {
				n.Destination = nil
			}
		case *ast.AutoLink:
			if l, _ := linkOf(n, src); checkHref(l.Href) != "" {
				bare = append(bare, n)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, n := range bare {
		t := ast.NewString(n.Label(src))
		n.Parent().ReplaceChild(n.Parent(), n, t)
	}
}

// pieceWriter is what a text is rendered into: goldmark writes into it
// directly (it is a util.BufWriter, so goldmark adds no buffer of its
// own), and the renderers of images and addresses (pieceRenderer) cut it
// into pieces where they stand.
type pieceWriter struct {
	bytes.Buffer
	pieces []Piece
	from   int // Buffer's bytes from here on are in no piece yet
}

func (w *pieceWriter) Buffered() int { return 0 }
func (w *pieceWriter) Flush() error  { return nil }

// cut ends the markup written since the last cut and adds a piece of the
// kind (nothing for Markup).
func (w *pieceWriter) cut(kind PieceKind, text string) {
	if w.Len() > w.from {
		w.pieces = append(w.pieces, Piece{Kind: Markup, Text: string(w.Bytes()[w.from:])})
		w.from = w.Len()
	}
	if kind != Markup {
		w.pieces = append(w.pieces, Piece{Kind: kind, Text: text})
	}
}

// address writes an address (HTML-escaped) into a link's attribute: a
// piece of its own when it is a site path or a fragment.
func address(w util.BufWriter, escaped []byte) {
	pw, ok := w.(*pieceWriter)
	switch {
	case !ok:
	case len(escaped) == 1 && escaped[0] == '/' || len(escaped) > 1 && escaped[0] == '/' && escaped[1] != '/':
		pw.cut(SitePath, string(escaped))
		return
	case len(escaped) > 0 && escaped[0] == '#':
		pw.cut(Fragment, string(escaped))
		return
	}
	_, _ = w.Write(escaped)
}

// kindImageCut is the kind of the node that stands for an image while
// the renderer writes the text around it.
var kindImageCut = ast.NewNodeKind("ImageCut")

// imageCut stands for an image: rendering it cuts the text where the
// image goes.
type imageCut struct{ ast.BaseInline }

func (n *imageCut) Kind() ast.NodeKind         { return kindImageCut }
func (n *imageCut) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// pieceRenderer writes nothing for an image but cuts the text at its
// place, and writes the addresses of links, footnote references and
// footnotes' back links (address), as goldmark's renderers would,
// footnotes numbered fn-N and fnref-N.
type pieceRenderer struct{}

func (pieceRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindImageCut, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if pw, ok := w.(*pieceWriter); ok && entering {
			pw.cut(ImagePlace, "")
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindLink, func(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		n := node.(*ast.Link)
		if !entering {
			_, _ = w.WriteString("</a>")
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<a href="`)
		if dest := util.URLEscape(n.Destination, true); !gmhtml.IsDangerousURL(dest) {
			address(w, util.EscapeHTML(dest))
		}
		_ = w.WriteByte('"')
		if n.Title != nil {
			_, _ = w.WriteString(` title="`)
			gmhtml.DefaultWriter.Write(w, n.Title)
			_ = w.WriteByte('"')
		}
		if n.Attributes() != nil {
			gmhtml.RenderAttributes(w, n, gmhtml.LinkAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	})
	// The footnotes as goldmark's extension writes them with its default
	// classes, titles and back link.
	// A second reference to a footnote keeps goldmark's id (fnref1:1):
	// only the first's was renamed when footnotes were written this way.
	ref := func(index, refIndex int) string {
		if refIndex > 0 {
			return "fnref" + strconv.Itoa(refIndex) + ":" + strconv.Itoa(index)
		}
		return "fnref-" + strconv.Itoa(index)
	}
	reg.Register(extast.KindFootnoteLink, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n := node.(*extast.FootnoteLink)
			is := strconv.Itoa(n.Index)
			_, _ = w.WriteString(`<sup id="` + ref(n.Index, n.RefIndex) + `"><a href="`)
			address(w, []byte("#fn-"+is))
			_, _ = w.WriteString(`" class="footnote-ref" role="doc-noteref"`)
			// The number alone would be read out as "1", a link like any
			// other to most screen readers: the caller names the link
			// (generator/load), its number in the name.
			ariaLabel(w, n)
			_, _ = w.WriteString(`>` + is + `</a></sup>`)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(extast.KindFootnoteBacklink, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n := node.(*extast.FootnoteBacklink)
			_, _ = w.WriteString(`&#160;<a href="`)
			address(w, []byte("#"+ref(n.Index, n.RefIndex)))
			_, _ = w.WriteString(`" class="footnote-backref" role="doc-backlink"`)
			// The arrow alone would be read out as "leftwards arrow with
			// hook": the caller names the link (generator/load).
			ariaLabel(w, n)
			_, _ = w.WriteString(`>&#x21a9;&#xfe0e;</a>`)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(extast.KindFootnote, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			_, _ = w.WriteString("</li>\n")
			return ast.WalkContinue, nil
		}
		_, _ = w.WriteString(`<li id="fn-` + strconv.Itoa(node.(*extast.Footnote).Index) + `"`)
		if node.Attributes() != nil {
			gmhtml.RenderAttributes(w, node, gmhtml.ListItemAttributeFilter)
		}
		_, _ = w.WriteString(">\n")
		return ast.WalkContinue, nil
	})
}

// ariaLabel writes the aria-label attribute the caller set on n, escaped,
// if it set one.
func ariaLabel(w util.BufWriter, n ast.Node) {
	_, _ = w.WriteString(attribute(n, "aria-label"))
}

// attribute is n's attribute name as HTML (` name="value"`, escaped), or ""
// if n has none. Its value is text as this package and its callers set it,
// a string or []byte; any other value is written empty rather than trusted.
func attribute(n ast.Node, name string) string {
	v, ok := n.AttributeString(name)
	if !ok {
		return ""
	}
	var text string
	switch v := v.(type) {
	case string:
		text = v
	case []byte:
		text = string(v)
	}
	return " " + name + `="` + html.EscapeString(text) + `"`
}

// apart replaces each image of doc with a cut that marks its place.
func apart(doc ast.Node) {
	var found []*ast.Image
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if im, ok := n.(*ast.Image); ok && entering {
			found = append(found, im)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, im := range found {
		im.Parent().ReplaceChild(im.Parent(), im, &imageCut{})
	}
}
