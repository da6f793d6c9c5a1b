package markdown

import (
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// Boxes that scroll. A table or a block of code wider than a phone's
// screen scrolls sideways in a box of its own, which the keyboard must
// reach to scroll: each is written as a Tab stop (tabindex="0"; the app
// takes one that fits its screen out of the Tab order,
// frontend/src/hooks/use-scroll-stops.ts) that says what it is to a
// screen reader:
//   - a table is named by the heading it stands under, where it has one
//     ("Essential, table", not "table": a legal page's tables look alike);
//   - a block of code is a group: a <pre> is a generic box, which a
//     screen reader names as nothing, and a region would add a landmark a
//     block. The caller names it in the site's language (the aria-label
//     it sets on the node: layout's ui.code, "Code"), and the heading it
//     stands under describes it ("Code, group, Install the CLI").
// The renderer writes them so, where the elements are made, rather than
// the build editing the HTML after.

// codeBox is the attributes of a block of code's <pre> for node n: a Tab
// stop, a group, the name the caller gave it and its heading.
func codeBox(n ast.Node) string {
	return ` tabindex="0" role="group"` + attribute(n, "aria-label") + attribute(n, "aria-describedby")
}

// tableAttributes are the attributes a table is written with: goldmark's,
// and its name.
var tableAttributes = extension.TableAttributeFilter.ExtendString("aria-labelledby")

// nameBoxes makes each table of doc a Tab stop, named by the heading
// before it that has an id (every heading has one: parser.WithAutoHeadingID),
// and gives each block of code that heading as its description.
func nameBoxes(doc ast.Node) {
	var heading []byte
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok {
				heading, _ = id.([]byte)
			}
			return ast.WalkSkipChildren, nil
		case *extast.Table:
			n.SetAttributeString("tabindex", []byte("0"))
			if heading != nil {
				n.SetAttributeString("aria-labelledby", heading)
			}
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			if heading != nil {
				n.SetAttributeString("aria-describedby", heading)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// NameCode names each block of code of doc label, in the site's language
// (layout's ui.code), and a fenced block in a language the highlighter
// knows by that language's name too ("Code, Python"): a screen reader
// says what the code is written in, as the colours show it to the eye.
// src is doc's source. Call it before Render.
func NameCode(doc ast.Node, src []byte, label string) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			if entering {
				n.SetAttributeString("aria-label", []byte(label+languageName(n, src)))
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// languageName is ", " and the name of a fenced block's language, or ""
// where it has none the highlighter knows, or none worth saying.
func languageName(n ast.Node, src []byte) string {
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Language(src) != nil {
		if lexer := lexers.Get(string(f.Language(src))); lexer != nil && lexer != lexers.Fallback && lexer.Config().Name != "plaintext" {
			return ", " + lexer.Config().Name
		}
	}
	return ""
}

// boxes renders tables with their attributes, and the blocks of code that
// codeBlocks does not highlight (all of a page's, an article's indented
// ones) as goldmark does, as a named Tab stop.
type boxes struct{}

func (boxes) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(extast.KindTable, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString("<table")
			gmhtml.RenderAttributes(w, n, tableAttributes)
			_, _ = w.WriteString(">\n")
		} else {
			_, _ = w.WriteString("</table>\n")
		}
		return ast.WalkContinue, nil
	})
	reg.Register(ast.KindCodeBlock, plainCode)
	reg.Register(ast.KindFencedCodeBlock, plainCode)
}

// plainCode writes a block of code unhighlighted, as goldmark's own
// renderer does, its <pre> a named Tab stop.
func plainCode(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<pre" + codeBox(n) + "><code")
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		if language := f.Language(source); language != nil {
			_, _ = w.WriteString(` class="language-`)
			gmhtml.DefaultWriter.Write(w, language)
			_ = w.WriteByte('"')
		}
	}
	_ = w.WriteByte('>')
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		gmhtml.DefaultWriter.RawWrite(w, line.Value(source))
	}
	_, _ = w.WriteString("</code></pre>\n")
	return ast.WalkContinue, nil
}

// codePre is chroma's <pre> of a highlighted block, a named Tab stop
// (box: codeBox's attributes); a table of line numbers' own <pre> beside
// it is not one (it scrolls with the code).
type codePre struct{ box string }

func (p codePre) Start(code bool, styleAttr string) string {
	if code {
		return "<pre" + styleAttr + p.box + "><code>"
	}
	return "<pre" + styleAttr + ">"
}

func (codePre) End(code bool) string {
	if code {
		return "</code></pre>"
	}
	return "</pre>"
}
