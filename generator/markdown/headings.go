package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
)

// HeadingAnchor makes a heading's words a link to itself, so that a reader can
// copy its address. The words name the link: a link beside them, a "#",
// would be read out as "number sign" and put its own name into the
// heading's (docs/decisions.md). A heading that holds a link already (a
// bare address, a footnote's reference) keeps its words: links do not
// nest, and the contents lead to it.
func HeadingAnchor(h *ast.Heading, id string) {
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
