package markdown

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// The elements and attributes the renderers may write, whatever the text:
// goldmark's Markdown, the extensions', chroma's and the allow-list's.
var (
	safeElements = map[string]bool{
		"p": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "a": true,
		"em": true, "strong": true, "code": true, "pre": true, "span": true, "ul": true, "ol": true,
		"li": true, "blockquote": true, "hr": true, "br": true, "table": true, "thead": true,
		"tbody": true, "tr": true, "th": true, "td": true, "del": true, "input": true, "sup": true,
		"sub": true, "kbd": true, "mark": true, "abbr": true, "div": true,
	}
	safeAttributes = map[string]bool{
		"id": true, "href": true, "title": true, "class": true, "start": true, "type": true,
		"checked": true, "disabled": true, "role": true, "align": true, "style": true,
		// A box that scrolls, a Tab stop with a name (boxes.go).
		"tabindex": true, "aria-label": true, "aria-labelledby": true,
	}
	safeStyle = regexp.MustCompile(`^(text-align:(left|right|center);?|display:(block|grid|flex);?|[a-z-]+:[#0-9a-zA-Z ]+;?)*$`)
)

// unsafeHTML is what in out could run script, load or post elsewhere, or
// hide markup; "" when nothing.
func unsafeHTML(out []byte) string {
	z := html.NewTokenizer(bytes.NewReader(out))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.CommentToken:
			return "comment " + string(z.Raw())
		case html.DoctypeToken:
			return "doctype"
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			if !safeElements[string(name)] {
				return "element " + string(z.Raw())
			}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch {
				case !safeAttributes[string(k)]:
					return "attribute " + string(z.Raw())
				case string(k) == "style" && !safeStyle.Match(v):
					return "style " + string(v)
				case string(k) == "href" && checkHref(string(v)) != "":
					return "href " + string(v)
				case string(k) == "tabindex" && string(v) != "0" && string(v) != "-1":
					return "tabindex " + string(v)
				case string(k) == "type" && string(v) != "checkbox":
					return "input type " + string(v)
				}
			}
		}
	}
}

// FuzzMarkdown: whatever a text holds, both dialects parse, check and
// render it without failing, and write nothing but the allowed markup;
// every problem has a place.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{
		"# Title\n\nText with *emphasis*, `code`, [a link](/x) and ![an image](/images/x.svg).\n",
		"<!-- note --><script src=\"/images/notes.js\"></script>\n",
		"Text <!-- a --!><img src=x onerror=alert(1)> --> more.\n",
		"Text <!--><img src=x onerror=alert(1)>--> and <!---> too.\n",
		"[b](jav&#x61;script:alert(1)) <javascript:alert(1)> [c][x]\n\n[x]: vbscript:x\n",
		"| a | b |\n|:--|--:|\n| <kbd>x</kbd> | <abbr title=\"y\">z</abbr> |\n",
		"- [x] done\n- [ ] todo\n\nA[^1].\n\n[^1]: Note.\n",
		"```go {hl_lines=[1]}\nfunc main() { fmt.Println(\"<b>\") }\n```\n",
		"<svg onload=alert(1)>\n\n<?php x ?>\n\n<![CDATA[<script>]]>\n",
		"www.example.com and https://example.com/<script>\n",
		strings.Repeat("[", 200) + strings.Repeat("*a", 200) + strings.Repeat("<", 200),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, d := range []*Dialect{Article, Text} {
			doc := d.Parse(src)
			for _, p := range d.Check(doc, src) {
				if p.Offset < 0 || p.Offset > len(src) {
					t.Fatalf("problem at %d of %d bytes: %s", p.Offset, len(src), p.Message)
				}
			}
			for _, l := range Links(doc, src) {
				if l.Offset < 0 || l.Offset > len(src) {
					t.Fatalf("link %q at %d of %d bytes", l.Href, l.Offset, len(src))
				}
			}
			images := 0
			ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if _, ok := n.(*ast.Image); ok && entering {
					images++
					return ast.WalkSkipChildren, nil
				}
				return ast.WalkContinue, nil
			})
			pieces, err := d.Render(src, doc)
			if err != nil {
				t.Fatal(err)
			}
			places := 0
			var texts []string
			for _, p := range pieces {
				if p.Kind == ImagePlace {
					places++
					texts = append(texts, "<br>")
					continue
				}
				texts = append(texts, p.Text)
			}
			if places != images {
				t.Fatalf("%d images rendered in %d places", images, places)
			}
			// Each piece is safe, and so is the text with its images
			// joined in as the build joins them (an image's markup is
			// the build's, not the text's).
			out := []byte(strings.Join(texts, ""))
			if bad := unsafeHTML(out); bad != "" {
				t.Fatalf("%s renders %s:\n%s", d.in, bad, out)
			}
		}
	})
}
