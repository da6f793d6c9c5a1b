package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// Listed is a ## heading that an article's contents list.
type Listed struct{ ID, Text string }

// AnchorHeadings links each ## and ### heading of headings (in the order
// of the text) to itself by HeadingAnchor, and returns the ## headings as
// the article's contents: none when they are fewer than min. A heading
// the contents list is a link to itself that the Tab key passes by: the
// contents, above the text, lead to the same place, and a keyboard's
// visitor met each twice (a trial). A heading the contents do not list
// stays a stop.
func AnchorHeadings(headings []*ast.Heading, src []byte, min int) []Listed {
	var listed []Listed
	for _, h := range headings {
		if id, ok := h.AttributeString("id"); ok && h.Level == 2 {
			listed = append(listed, Listed{ID: string(id.([]byte)), Text: PlainText(h, src)})
		}
	}
	if len(listed) < min {
		listed = nil
	}
	for _, h := range headings {
		if id, ok := h.AttributeString("id"); ok && h.Level >= 2 && h.Level <= 3 {
			HeadingAnchor(h, string(id.([]byte)), h.Level == 2 && listed != nil)
		}
	}
	return listed
}

// HeadingAnchor makes a heading's words a link to itself, so that a reader can
// copy its address. The words name the link: a link beside them, a "#",
// would be read out as "number sign" and put its own name into the
// heading's (docs/decisions.md). A heading that holds a link already (a
// bare address, a footnote's reference) keeps its words: links do not
// nest, and the contents lead to it. listed says that the page's
// contents link to the heading: its link is then out of the Tab order
// (tabindex="-1"), still a link to a pointer and to a screen reader's
// list of links.
func HeadingAnchor(h *ast.Heading, id string, listed bool) {
	linked := false
	ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *ast.Link, *ast.AutoLink, *extast.FootnoteLink:
			linked = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if linked || h.FirstChild() == nil {
		return
	}
	a := ast.NewLink()
	a.Destination = []byte("#" + id)
	a.SetAttributeString("class", "heading-anchor")
	if listed {
		a.SetAttributeString("tabindex", "-1")
	}
	for c := h.FirstChild(); c != nil; c = h.FirstChild() {
		h.RemoveChild(h, c)
		a.AppendChild(a, c)
	}
	h.AppendChild(h, a)
}

// PlainText is the text of a node without its markup.
func PlainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
