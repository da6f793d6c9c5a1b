// Package templatetext proves, after rendering, that no page shows a
// visitor template text: a citation the content stage did not replace
// ("{claim:"), template braces ("{{", "}}"), or what JavaScript writes for
// a value it did not have ("[object Object]", "undefined", "NaN"). It reads
// what a visitor can see or hear: the text of the body and head (the title)
// and every attribute value (alt, aria-label, content, href...), not the
// contents of scripts and styles, nor the text of code (pre, code): an
// article's code is its writer's, shown as written, and JavaScript's own
// undefined or a template's braces may be what it is about. The content
// stage resolves every placeholder where it decodes it and reports a
// mistake at its line; this is the last guard, for what reaches a page by
// another way (a component that joins strings, a field the app reads
// wrong).
package templatetext

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/vozia/site/generator/links"
	"github.com/vozia/site/internal/parallel"
)

// Tokens are what no page may show.
var Tokens = []string{"{claim:", "{{", "}}", "[object Object]", "undefined", "NaN"}

// forbidden finds a token; the two words only as words ("NaNa" and
// "undefinedness" are not a missing value). It reads the rendered pages as
// text on purpose: this check is the last guard of what a visitor sees,
// whichever stage wrote it, so it reads what they would read.
var forbidden = regexp.MustCompile(`(?i:\{claim:)|\{\{|\}\}|\[object Object\]|\bundefined\b|\bNaN\b`)

// Problem is template text on a page.
type Problem struct {
	Page  string // the route path
	Token string
	Where string // "text of <p>", "attribute alt of <img>"
	Text  string // the text around it
}

func (p Problem) String() string {
	return fmt.Sprintf("%s shows %q in the %s: %q", p.Page, p.Token, p.Where, p.Text)
}

// Check reads every page (route path to HTML document) and returns the
// template text it shows, by page then place. unshown optionally gives,
// for a page, the byte ranges of its document that are the whole contents
// of its style, JSON and loader script elements (links.Span, as
// generator/document records them), which no visitor sees and which the
// check would read past anyway: the first scan of a page skips them, since
// they hold "}}" on every page (minified CSS, nested JSON, code) and would
// send every page to the tokenizer.
func Check(pages map[string][]byte, unshown map[string][]links.Span) []Problem {
	paths := make([]string, 0, len(pages))
	for p := range pages {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	found := make([][]Problem, len(paths))
	parallel.For(len(paths), 0, func(i int) { found[i] = checkPage(paths[i], pages[paths[i]], unshown[paths[i]]) })
	return slices.Concat(found...)
}

// claimAnyCase is a citation's start in any case ({CLAIM:), which words,
// exact, does not find.
var claimAnyCase = regexp.MustCompile(`(?i)\{claim:`)

// words are the plain bytes of Tokens, for mayShow's scan.
var words = func() [][]byte {
	out := make([][]byte, len(Tokens))
	for i, t := range Tokens {
		out[i] = []byte(t)
	}
	return out
}()

// mayShow says whether doc, less its unshown ranges, holds a token or a
// brace written as a character reference: a page for which it says no
// shows no template text (what it finds is a superset of what the
// tokenizer reports). Each part is scanned with bytes.Index, not the
// expression, whose word boundaries cost a pass of the NFA over the page.
func mayShow(doc []byte, unshown []links.Span) bool {
	shown := func(part []byte) bool {
		for _, w := range words {
			if bytes.Contains(part, w) {
				return true
			}
		}
		return bytes.IndexByte(part, '&') >= 0 && braceRef.Match(part) ||
			bytes.IndexByte(part, '{') >= 0 && claimAnyCase.Match(part)
	}
	at := 0
	for _, sp := range unshown {
		if sp.Start < at || sp.End < sp.Start || sp.End > len(doc) {
			return shown(doc) // not ranges of this document, in order: all of it
		}
		if shown(doc[at:sp.Start]) {
			return true
		}
		at = sp.End
	}
	return shown(doc[at:])
}

func checkPage(page string, doc []byte, unshown []links.Span) []Problem {
	// Most pages are clean: one scan of the bytes they show decides.
	if !mayShow(doc, unshown) {
		return nil
	}
	var out []Problem
	// report finds the tokens in s; where names its place, made only for
	// a find. Most strings hold no brace and none of the words: a plain
	// scan for them comes before the expression.
	report := func(s []byte, where func() string) {
		if bytes.IndexAny(s, "{}") < 0 && !bytes.Contains(s, []byte("[object Object]")) &&
			!bytes.Contains(s, []byte("undefined")) && !bytes.Contains(s, []byte("NaN")) {
			return
		}
		for _, m := range forbidden.FindAllIndex(s, -1) {
			out = append(out, Problem{Page: page, Token: string(s[m[0]:m[1]]), Where: where(), Text: around(string(s), m[0], m[1])})
		}
	}
	z := html.NewTokenizer(bytes.NewReader(doc))
	var stack []string // open elements, for naming the place
	raw := ""          // inside script or style: not shown
	code := 0          // inside pre or code: the writer's code, shown as written
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return out
		case html.TextToken:
			if raw == "" && code == 0 {
				report(z.Text(), func() string {
					if len(stack) > 0 {
						return "text of <" + stack[len(stack)-1] + ">"
					}
					return "text of document"
				})
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			tag := string(name)
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				report(val, func() string { return fmt.Sprintf("attribute %s of <%s>", key, tag) })
			}
			if tt == html.StartTagToken && !voidElement[tag] {
				stack = append(stack, tag)
				if tag == "script" || tag == "style" {
					raw = tag
				}
			}
			code = codeDepth(stack)
		case html.EndTagToken:
			name, _ := z.TagName()
			if j := lastIndex(stack, string(name)); j >= 0 {
				stack = stack[:j] // closes the nearest open element of that name
			}
			code = codeDepth(stack)
			if string(name) == raw {
				raw = ""
			}
		}
	}
}

// codeDepth is how many of the open elements are pre or code.
func codeDepth(stack []string) int {
	n := 0
	for _, tag := range stack {
		if tag == "pre" || tag == "code" {
			n++
		}
	}
	return n
}

// braceRef is a brace written as a character reference, in any form the
// HTML parser decodes (leading zeros, a numeric one without its ";"): a
// page whose braces are all written so must not pass checkPage's first
// scan (TestBracesAsReferences).
var braceRef = regexp.MustCompile(`(?i)&#(x0*7[bd]|0*12[35])|&[lr](brace|cub);`)

func lastIndex(s []string, v string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == v {
			return i
		}
	}
	return -1
}

var voidElement = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// around is the text near [from, to), spaces collapsed.
func around(s string, from, to int) string {
	a, b := max(0, from-40), min(len(s), to+40)
	for a > 0 && !utf8Start(s[a]) {
		a--
	}
	for b < len(s) && !utf8Start(s[b]) {
		b++
	}
	return strings.Join(strings.Fields(s[a:b]), " ")
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }
