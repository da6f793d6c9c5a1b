package markdown

import (
	"bytes"
	"strings"
	"testing"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// Every kind of block is written exactly as the highlighting extension,
// with a formatter of its own per block, writes it; its <pre> a Tab stop
// (boxes.go; with no name, which the caller gives).
func TestCodeBlocksAsTheExtension(t *testing.T) {
	const box = ` tabindex="0" role="group"`
	format := append(highlightFormat[:len(highlightFormat):len(highlightFormat)], chromahtml.WithPreWrapper(codePre{box}))
	extension := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.Typographer,
			highlighting.NewHighlighting(highlighting.WithStyle(HighlightStyle), highlighting.WithFormatOptions(format...))),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	blocks := []string{
		"```go\nfunc main() {\n\tfmt.Println(\"<b>\" + `x`)\n}\n```",
		"```yaml\nkey: value # comment\nlist: [1, 2]\n```",
		"```bash\necho \"$HOME\" && ls -la | grep '.go'\n```",
		"```\nno language & <escaped>\n```",
		"```no-such-language\nplain <text>\n```",
		"```go {hl_lines=[2]}\na := 1\nb := 2\n```",
		"```go {linenos=true}\na := 1\n```",
		"```go {nohl}\na := 1\n```",
		"~~~json\n{\"a\": [true, null]}\n~~~",
		"    indented code <b>\n",
	}
	for _, b := range blocks {
		src := []byte("Before.\n\n" + b + "\n\nAfter.\n")
		var want, got bytes.Buffer
		if err := extension.Convert(src, &want); err != nil {
			t.Fatal(err)
		}
		if err := Article.Convert(src, &got); err != nil {
			t.Fatal(err)
		}
		// Every <pre> of a block a named Tab stop (boxes.go), which the
		// extension's unhighlighted blocks are not.
		if w := strings.Replace(want.String(), "<pre><code", "<pre"+box+"><code", 1); got.String() != w {
			t.Errorf("%s\ngot  %s\nwant %s", b, got.String(), w)
		}
	}
	// And the blocks are highlighted, not left as text.
	var out bytes.Buffer
	_ = Article.Convert([]byte("```go\nfunc main() {}\n```\n"), &out)
	if !strings.Contains(out.String(), `<pre class="chroma"`+box+`>`) || !strings.Contains(out.String(), `<span class="kd">func</span>`) {
		t.Errorf("not highlighted: %s", out.String())
	}
}
