package markdown

import (
	"bytes"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// codeBlocks renders an article's fenced code blocks as the highlighting
// extension does, but with one chroma formatter for every block of every
// article. The extension makes a formatter per block, and a new formatter
// compiles the whole style to CSS before its first token: that was a fifth
// of loading a thousand articles. A block whose info string carries
// attributes ({hl_lines=…}, {nohl}, …) or whose language chroma does not
// know goes to the extension itself, so the output is the extension's in
// every case.
type codeBlocks struct {
	extension renderer.NodeRendererFunc
}

var (
	codeFormatter = chromahtml.New(highlightFormat...) // safe for concurrent use: its style cache is locked
	codeStyle     = styles.Get(HighlightStyle)
)

func newCodeBlocks() *codeBlocks {
	c := &codeBlocks{}
	highlighting.NewHTMLRenderer(highlighting.WithStyle(HighlightStyle), highlighting.WithFormatOptions(highlightFormat...)).
		RegisterFuncs(registerer(func(k ast.NodeKind, f renderer.NodeRendererFunc) {
			if k == ast.KindFencedCodeBlock {
				c.extension = f
			}
		}))
	return c
}

// registerer is a renderer.NodeRendererFuncRegisterer from a function.
type registerer func(ast.NodeKind, renderer.NodeRendererFunc)

func (r registerer) Register(k ast.NodeKind, f renderer.NodeRendererFunc) { r(k, f) }

func (c *codeBlocks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, c.render)
}

func (c *codeBlocks) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.FencedCodeBlock)
	if !entering {
		return ast.WalkContinue, nil
	}
	language := n.Language(source)
	if language == nil || n.Attributes() != nil || n.Info != nil && bytes.IndexByte(n.Info.Segment.Value(source), '{') >= 0 {
		return c.extension(w, source, node, entering)
	}
	lexer := lexers.Get(string(language))
	if lexer == nil {
		return c.extension(w, source, node, entering)
	}
	var code bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		line := n.Lines().At(i)
		code.Write(line.Value(source))
	}
	tokens, err := chroma.Coalesce(lexer).Tokenise(nil, code.String())
	if err != nil {
		return c.extension(w, source, node, entering)
	}
	_ = codeFormatter.Format(w, codeStyle, tokens)
	return ast.WalkContinue, nil
}
