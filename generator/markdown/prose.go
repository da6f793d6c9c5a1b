package markdown

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Prose is the text of src that its page shows as prose, for the checks
// of what a page would show as written ("{{", "undefined"): src with its
// code blanked, fenced and indented blocks and spans as goldmark reads
// them, and its unpublished comments, and with its character references
// and backslash escapes read (&#123; and \{ are the "{" a visitor sees).
// at maps a byte offset of the prose to where it is written in src, so
// that a mistake is reported at its line and column. Blanking keeps every
// line break, so a check by line reads src's lines.
func (d *Dialect) Prose(src []byte) (prose string, at func(int) int) {
	plain := []byte(string(src))
	blank := func(s text.Segment) {
		for i := max(0, s.Start); i < min(s.Stop, len(plain)); i++ {
			if plain[i] != '\n' {
				plain[i] = ' '
			}
		}
	}
	blankLines := func(n ast.Node) {
		for i := 0; i < n.Lines().Len(); i++ {
			blank(n.Lines().At(i))
		}
	}
	_ = ast.Walk(d.Parse(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			if n.Info != nil {
				blank(n.Info.Segment)
			}
			blankLines(n)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock:
			blankLines(n)
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					blank(t.Segment)
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			b := join(n.Lines(), src)
			if n.HasClosure() {
				b = append(b, n.ClosureLine.Value(src)...)
			}
			if safeComment(bytes.TrimSpace(b)) {
				blankLines(n)
				if n.HasClosure() {
					blank(n.ClosureLine)
				}
			}
		case *ast.RawHTML:
			if safeComment(join(n.Segments, src)) {
				for i := 0; i < n.Segments.Len(); i++ {
					blank(n.Segments.At(i))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return readEscapes(string(plain))
}

// CodeHint ends a message about prose that would show as written: what
// to do where it is meant as code.
const CodeHint = "; to show it as code, put it in `backticks`"

// readEscapes is s with its character references and backslash escapes
// read, and a map of each byte offset of the result to the offset in s
// where it is written.
func readEscapes(s string) (string, func(int) int) {
	if !strings.ContainsAny(s, "&\\") {
		return s, func(i int) int { return i }
	}
	var b strings.Builder
	from := make([]int, 0, len(s))
	for i := 0; i < len(s); {
		// A backslash before ASCII punctuation shows the punctuation
		// (CommonMark's backslash escapes).
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(asciiPunctuation, s[i+1]) >= 0 {
			b.WriteByte(s[i+1])
			from = append(from, i)
			i += 2
			continue
		}
		if s[i] == '&' {
			// The longest named reference is 33 bytes (&CounterClockwiseContourIntegral;).
			if j := strings.IndexByte(s[i:min(len(s), i+40)], ';'); j > 1 {
				ref := s[i : i+j+1]
				if r := html.UnescapeString(ref); r != ref {
					for range len(r) {
						from = append(from, i)
					}
					b.WriteString(r)
					i += len(ref)
					continue
				}
			}
		}
		b.WriteByte(s[i])
		from = append(from, i)
		i++
	}
	return b.String(), func(i int) int {
		if i >= len(from) {
			return len(s)
		}
		return from[max(0, i)]
	}
}

const asciiPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
