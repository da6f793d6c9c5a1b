package load

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/decode"
)

// problemsPlaced fails t unless every problem is in file, at a line and
// column of it (a line past the last is the end of the file).
func problemsPlaced(t *testing.T, file string, data []byte, errs []content.Error) {
	t.Helper()
	// A line ends at \n, \r\n or a lone \r, as YAML and editors read it.
	lines := bytes.Count(bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n")), []byte("\n")) + 2
	for _, e := range errs {
		if e.File != file || e.Line < 1 || e.Line > lines || e.Col < 1 {
			t.Fatalf("problem without a place in %s (%d lines): %s:%d:%d: %s", file, lines, e.File, e.Line, e.Col, e.Message)
		}
	}
}

// FuzzFrontMatter: whatever an article file holds, reading its front
// matter and rendering its text ends, each problem placed in the file,
// and no text with a character content may not hold gets through.
func FuzzFrontMatter(f *testing.F) {
	f.Add([]byte(hostileFront + "Body with a [link](/about).\n"))
	f.Add([]byte(strings.Replace(hostileFront, "title: T", `title: "a \x01 \x0b \e \x7f \uFFFE end"`, 1) + "Body.\n"))
	f.Add([]byte(strings.Replace(hostileFront, "tags: [voice-ai]", "tags: [voice-ai, Bad Tag]", 1) + "<!-- x --><script>alert(1)</script>\n"))
	f.Add([]byte("---\ntitle: &a [*a, *a]\n---\n"))
	f.Add([]byte("---\ntitle: " + strings.Repeat("[", 80) + "\n---\n"))
	f.Add([]byte("---\r\ntitle: x\r\n---\r\nText\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l := &loader{fsys: fstest.MapFS{"articles/x.md": {Data: data}}}
		var front content.ArticleFront
		body, line, ok := l.frontMatter("articles/x.md", "no front matter", &front)
		if ok {
			l.renderArticle(field.Pos{File: "articles/x.md", Line: line, Col: 1}, body, "", content.ArticleLabels{Backlink: `Back "<home>"`, Footnote: `Note "{n}" <`})
		}
		problemsPlaced(t, "articles/x.md", data, l.errs)
		if len(l.errs) == 0 {
			for _, s := range append([]string{front.Title, front.Description, front.Author, front.Cover.Src, front.Cover.Alt}, front.Tags...) {
				if i, msg := decode.BadText(s, true); i >= 0 {
					t.Fatalf("%q passed with %s", s, msg)
				}
			}
		}
	})
}

// FuzzPageYAML: whatever a page file holds, decoding it ends within its
// budgets, each problem placed in the file.
func FuzzPageYAML(f *testing.F) {
	f.Add([]byte("title: About\ndescription: Who we are.\nname: About\nsections:\n  - kind: text\n    heading: Our mission\n    paragraphs: [To test pages.]\n"))
	f.Add([]byte("title: \"\\0\"\ndescription: x\nname: y\nsections:\n  - kind: markdown\n    body: |\n      Hello <img src=x onerror=alert(1)>.\n"))
	f.Add([]byte("a: &a [1, 2]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n"))
	f.Add([]byte("title: " + strings.Repeat("{a: ", 70) + strings.Repeat("}", 70) + "\n"))
	f.Add([]byte("name: About\n   bad: [\n"))
	f.Add([]byte("heading: Our mission: to test\n\tkey: x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p content.PageFile
		errs, _ := decode.YAML("pages/x.yaml", data, &p, nil)
		problemsPlaced(t, "pages/x.yaml", data, errs)
		if len(errs) == 0 {
			for _, s := range []string{p.Title, p.Description, p.Name} {
				if i, msg := decode.BadText(s, true); i >= 0 {
					t.Fatalf("%q passed with %s", s, msg)
				}
			}
		}
	})
}
