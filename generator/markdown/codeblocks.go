package markdown

import (
	"bytes"
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// codeBlocks renders an article's fenced code blocks as goldmark's
// highlighting extension (goldmark-highlighting) does, byte for byte
// (TestCodeBlocksAsTheExtension), its <pre> a named Tab stop (boxes.go),
// and with two differences that the pages do not show:
//   - one chroma formatter serves every block without attributes: the
//     extension makes one per block, and a new formatter compiles the
//     whole style to CSS before its first token, which was a fifth of
//     loading a thousand articles;
//   - the style is ours (HighlightStyle, read from codestyle.xml when the
//     first block is highlighted), not looked up in chroma's styles. The
//     extension, and chroma's styles package with it, are not linked into
//     the build: that package parses its seventy styles when the program
//     starts, 10 to 14 ms before a build's first step. So a block's
//     hl_style attribute, which names another of chroma's styles, is not
//     read: the code blocks' stylesheet is HighlightStyle's in any case.
type codeBlocks struct{}

var (
	// codeStyle is HighlightStyle, parsed on first use, with the colours
	// of readableColours.
	codeStyle = sync.OnceValue(func() *chroma.Style {
		b := chroma.MustNewXMLStyle(bytes.NewReader(codeStyleXML)).Builder()
		for t, entry := range readableColours {
			b.Add(t, entry)
		}
		style, err := b.Build()
		if err != nil {
			panic(err) // our own entries, which parse
		}
		return style
	})
)

// readableColours replace the colours of HighlightStyle that a reader
// could not make out (WCAG's 4.5:1 for text, TestCodeContrast): its
// marked lines' grey (#dedede) left a keyword's red at 3.98:1, its line
// numbers' grey (#7f7f7f) was 3.74:1 on the block, a builtin's 4.49:1.
// GitHub's own marked-line yellow and a darker grey of its palette keep
// every colour of the style at 4.9:1 or more on both backgrounds. The
// classes a block is written with are the same: only the stylesheet
// changes.
var readableColours = map[chroma.TokenType]string{
	chroma.LineHighlight:     "bg:#fff8c5",
	chroma.LineNumbers:       "#636c76",
	chroma.LineNumbersTable:  "#636c76",
	chroma.NameBuiltinPseudo: "#636c76",
}

// codeStyleXML is chroma's HighlightStyle as XML, written by go generate
// (internal/genstyle) and kept current by TestCodeStyle.
//
//go:generate go run ./internal/genstyle
//go:embed codestyle.xml
var codeStyleXML []byte

// CodeStyleFile is codeStyleXML's file, from this package's folder.
const CodeStyleFile = "codestyle.xml"

func (c codeBlocks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, c.render)
}

// The attributes of a fenced block's info string (```go {hl_lines=[2]}),
// as the highlighting extension reads them.
var (
	highlightLinesAttr = []byte("hl_lines")
	nohlAttr           = []byte("nohl")
	linenosAttr        = []byte("linenos")
	linenostartAttr    = []byte("linenostart")
	linenosTable       = []byte("table")
	linenosInline      = []byte("inline")
)

func (c codeBlocks) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.FencedCodeBlock)
	if !entering {
		return ast.WalkContinue, nil
	}
	language := n.Language(source)
	options, nohl := blockOptions(n, source)
	var lexer chroma.Lexer
	if language != nil {
		lexer = lexers.Get(string(language))
	}
	if !nohl && lexer != nil {
		var code bytes.Buffer
		for i := 0; i < n.Lines().Len(); i++ {
			line := n.Lines().At(i)
			code.Write(line.Value(source))
		}
		tokens, err := chroma.Coalesce(lexer).Tokenise(nil, code.String())
		if err == nil {
			// A formatter of its own: its <pre> carries the block's name
			// and description (codePre).
			format := append(highlightFormat[:len(highlightFormat):len(highlightFormat)], chromahtml.WithPreWrapper(codePre{codeBox(n)}))
			_ = chromahtml.New(append(format, options...)...).Format(w, codeStyle(), tokens)
			return ast.WalkContinue, nil
		}
	}
	// Not highlighted: the block as goldmark's own renderer writes it.
	return plainCode(w, source, n, entering)
}

// blockOptions are the formatter's options that the block's attributes ask
// for (nil for none), and whether it asks not to be highlighted ({nohl}).
func blockOptions(n *ast.FencedCodeBlock, source []byte) (options []chromahtml.Option, nohl bool) {
	attrs := blockAttributes(n, source)
	if attrs == nil {
		return nil, false
	}
	options = []chromahtml.Option{}
	base := 1
	if v, ok := attrs.Attribute(linenostartAttr); ok {
		if start, ok := v.(float64); ok {
			base = int(start)
			options = append(options, chromahtml.BaseLineNumber(base))
		}
	}
	if v, ok := attrs.Attribute(highlightLinesAttr); ok {
		if lines, ok := v.([]any); ok {
			var ranges [][2]int
			for _, l := range lines {
				if ln, ok := l.(float64); ok {
					ranges = append(ranges, [2]int{int(ln) + base - 1, int(ln) + base - 1})
				}
				if rng, ok := l.([]byte); ok {
					ends := strings.Split(string(rng), "-")
					lhs, err := strconv.Atoi(ends[0])
					if err != nil {
						continue
					}
					rhs := lhs
					if len(ends) > 1 {
						if rhs, err = strconv.Atoi(ends[1]); err != nil {
							continue
						}
					}
					ranges = append(ranges, [2]int{lhs + base - 1, rhs + base - 1})
				}
			}
			options = append(options, chromahtml.HighlightLines(ranges))
		}
	}
	_, nohl = attrs.Attribute(nohlAttr)
	if v, ok := attrs.Attribute(linenosAttr); ok {
		switch v := v.(type) {
		case bool:
			options = append(options, chromahtml.WithLineNumbers(v))
		case []byte:
			if v != nil {
				options = append(options, chromahtml.WithLineNumbers(true))
			}
			if bytes.Equal(v, linenosTable) {
				options = append(options, chromahtml.LineNumbersInTable(true))
			} else if bytes.Equal(v, linenosInline) {
				options = append(options, chromahtml.LineNumbersInTable(false))
			}
		}
	}
	return options, nohl
}

// blockAttributes are the block's attributes, from the parser or from its
// info string after the language ({…}), or nil.
func blockAttributes(n *ast.FencedCodeBlock, source []byte) ast.Node {
	if n.Attributes() != nil {
		return n
	}
	if n.Info == nil {
		return nil
	}
	info := n.Info.Segment.Value(source)
	if i := bytes.IndexByte(info, '{'); i > 0 {
		if attrs, ok := parser.ParseAttributes(text.NewReader(info[i:])); ok {
			holder := ast.NewTextBlock()
			for _, a := range attrs {
				holder.SetAttribute(a.Name, a.Value)
			}
			return holder
		}
	}
	return nil
}
