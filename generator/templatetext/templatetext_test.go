package templatetext

import (
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/generator/links"
)

// fixturePage holds each forbidden token once where a visitor meets it
// (text, an attribute, a brace written as a character reference), and
// each also where no visitor does (scripts and styles) or as part of a
// word.
const fixturePage = `<!doctype html><html><head><title>Plans {claim:price}</title>
<meta name="description" content="Cheaper by NaN">
<style>.x::after{content:"{{"}</style>
<script type="application/json">{"a":"undefined","b":"[object Object]","c":"}}"}</script>
</head><body><main>
<p>We answer &#123;&#123;name}} in seconds.</p>
<img src="/a.png" alt="[object Object]">
<a href="/x" aria-label="Read undefined">More</a>
<p>Nana and the undefinedness of NaNa are words.</p>
</main></body></html>`

func TestCheck(t *testing.T) {
	got := Check(map[string][]byte{"/plans": []byte(fixturePage), "/clean": []byte(`<p>Hello {world}.</p>`)}, nil)
	want := map[string]string{ // token: where
		"{claim:":         "text of <title>",
		"NaN":             "attribute content of <meta>",
		"{{":              "text of <p>",
		"}}":              "text of <p>",
		"[object Object]": "attribute alt of <img>",
		"undefined":       "attribute aria-label of <a>",
	}
	seen := map[string]bool{}
	for _, p := range got {
		if p.Page != "/plans" {
			t.Errorf("clean page reported: %v", p)
		}
		if want[p.Token] != p.Where || seen[p.Token] {
			t.Errorf("unexpected: %v", p)
		}
		seen[p.Token] = true
	}
	for _, tok := range Tokens {
		if !seen[tok] {
			t.Errorf("%q on the page was not reported (got %v)", tok, got)
		}
	}
	if s := got[0].String(); !strings.Contains(s, "/plans shows") {
		t.Errorf("problem reads %q", s)
	}
}

// A page that writes its braces only as character references, in any form
// the HTML parser decodes, is read as a visitor sees it: checkPage's first
// scan of the bytes must not wave it through.
func TestBracesAsReferences(t *testing.T) {
	for _, braces := range []string{
		"&#123;&#123;", "&#x7B;&#x7b;", "&#x007b;&#0123;", "&lbrace;&lcub;", "&#123&#123 ", "&#125;&#x7D;", "&rbrace;&rcub;",
	} {
		page := "<p>Dear " + braces + "name, welcome.</p>"
		if got := Check(map[string][]byte{"/p": []byte(page)}, nil); len(got) != 1 {
			t.Errorf("%s: %v; want one problem", page, got)
		}
	}
}

// TestUnshown: the ranges a page does not show (its stylesheet, its JSON
// data, as generator/document records them) are only read past; what the
// page shows around them is read as before, and ranges that do not fit
// the page leave the whole page read.
func TestUnshown(t *testing.T) {
	style, data := `.a{b:c}}@media{.d{e:f}}`, `{"a":{"b":"undefined"}}`
	page := "<html><head><style>" + style + "</style></head><body><p>Hi</p>" +
		`<script type="application/json">` + data + "</script>"
	spans := func(doc string) []links.Span {
		s := strings.Index(doc, style)
		d := strings.Index(doc, data)
		return []links.Span{{Start: s, End: s + len(style)}, {Start: d, End: d + len(data)}}
	}
	for _, tc := range []struct {
		name, doc string
		unshown   func(string) []links.Span
		want      []string
	}{
		{"clean", page + "</body></html>", spans, nil},
		{"clean, no ranges", page + "</body></html>", nil, nil},
		{"after the data", page + "<p>Total: NaN</p></body></html>", spans, []string{"NaN"}},
		{"before the style", "<p>{{name}}</p>" + page, spans, []string{"{{", "}}"}},
		{"ranges of another page", page + "<p>undefined</p>", func(string) []links.Span { return []links.Span{{Start: 5, End: 1 << 20}} }, []string{"undefined"}},
		{"code", page + "<pre><code><span>Hello {{ name }}</span>; x is undefined</code></pre><p>Use <code>NaN</code>.</p></body></html>", spans, nil},
		{"after code", page + "<pre><code>{{ a }}</code></pre><p>Total: NaN</p></body></html>", spans, []string{"NaN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			unshown := map[string][]links.Span{}
			if tc.unshown != nil {
				unshown["/p"] = tc.unshown(tc.doc)
			}
			var got []string
			for _, p := range Check(map[string][]byte{"/p": []byte(tc.doc)}, unshown) {
				got = append(got, p.Token)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("tokens = %q, want %q", got, tc.want)
			}
		})
	}
}

// A citation written in capitals is as plainly meant, and shows as
// written: the first scan must not wave it through.
func TestCitationInCapitals(t *testing.T) {
	for _, c := range []string{"{CLAIM:price}", "{Claim:price}"} {
		got := Check(map[string][]byte{"/p": []byte("<p>Plans from " + c + ".</p>")}, nil)
		if len(got) != 1 || got[0].Where != "text of <p>" {
			t.Errorf("%s: %v", c, got)
		}
	}
}
