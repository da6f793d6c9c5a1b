package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// lineCol is offset's place in src, 1-based.
func lineCol(src []byte, offset int) string {
	before := src[:offset]
	return fmt.Sprintf("%d:%d", bytes.Count(before, []byte("\n"))+1, len(before)-bytes.LastIndexByte(before, '\n'))
}

// render is what d writes for src, and its problems as "line:col: message".
func render(t *testing.T, d *Dialect, src string) (string, []string) {
	t.Helper()
	doc := d.Parse([]byte(src))
	var problems []string
	for _, p := range d.Check(doc, []byte(src)) {
		if p.Offset < 0 {
			t.Errorf("problem without a place: %s", p.Message)
			continue
		}
		problems = append(problems, lineCol([]byte(src), p.Offset)+": "+p.Message)
	}
	pieces, err := d.Render([]byte(src), doc)
	if err != nil {
		t.Fatal(err)
	}
	return joinPieces(pieces), problems
}

// joinPieces is a rendered text with [image N] where its images go and
// its site paths and fragments written as they are.
func joinPieces(pieces []Piece) string {
	var b strings.Builder
	images := 0
	for _, p := range pieces {
		if p.Kind == ImagePlace {
			fmt.Fprintf(&b, "[image %d]", images)
			images++
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// liveMarkup is what must never reach a page from a text: an element or
// attribute that runs script, navigates or posts, or a dangerous address.
var liveMarkup = []string{"<script", "<meta", "<form", "<img", "<svg", "<style", "<iframe", "<a href=\"javascript", "onerror", "onload", "onclick", "onmouseover", "=\"javascript:", "=\"vbscript:", "=\"data:", "<?", "<![CDATA", "<span", "<div"}

// TestHostileMarkdown: raw HTML outside the allow-list, comments that hide
// markup, and links to addresses no reader may follow are each a problem
// at their own line and column, and none reaches the HTML.
func TestHostileMarkdown(t *testing.T) {
	for _, tc := range []struct {
		name, src, at, want string
	}{
		{"comment then script", "Intro.\n\n<!-- note --><script src=\"/images/notes.js\"></script>\n", "3:1", `raw HTML "<!-- note --><script`},
		{"comment then meta refresh", "<!-- --><meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\">\n", "1:1", "not allowed in an article"},
		{"comment then form", "Text.\n\n<!-- --><form action=\"https://evil.example/\">\n<input name=x>\n</form>\n", "3:1", "not allowed in an article"},
		{"comment closed by --!>", "Text <!-- a --!><img src=x onerror=alert(1)> --> more.\n", "1:6", `raw HTML "<!-- a --!><img`},
		{"comment closed at once <!-->", "Text <!--><img src=x onerror=alert(1)>--> more.\n", "1:6", "not allowed"},
		{"comment closed at once <!--->", "Text <!---><img src=x onerror=alert(1)>--> more.\n", "1:6", "not allowed"},
		{"comment block with markup after", "<!--\nmulti-line\n--><img src=x onerror=alert(1)>\n", "1:1", "not allowed"},
		{"script block", "<script>alert(1)</script>\n", "1:1", "not allowed"},
		{"style block", "<style>body{background:url(https://evil.example/)}</style>\n", "1:1", "not allowed"},
		{"svg onload line", "<svg onload=alert(1)>\n", "1:1", "not allowed"},
		{"processing instruction", "<?xml-stylesheet href=\"https://evil.example/x.css\"?>\n", "1:1", "not allowed"},
		{"CDATA", "<![CDATA[<script>alert(1)</script>]]>\n", "1:1", "not allowed"},
		{"iframe inline", "See <iframe src=\"https://evil.example/\"></iframe>.\n", "1:5", `raw HTML "<iframe`},
		{"allowed tag with a handler", "Press <kbd onclick=\"alert(1)\">K</kbd>.\n", "1:7", `raw HTML "<kbd onclick`},
		{"abbr with a handler", "An <abbr title=\"x\" onmouseover=\"alert(1)\">AI</abbr>.\n", "1:4", `raw HTML "<abbr title`},
		{"span", "Some <span style=\"color:red\">red</span> text.\n", "1:6", `raw HTML "<span`},
		{"anchor with javascript", "A <a href=\"javascript:alert(1)\">link</a>.\n", "1:3", `raw HTML "<a href`},
		{"javascript: as a character reference", "Read [b](jav&#x61;script:alert(1)) now.\n", "1:6", `link "javascript:alert(1)": a javascript: address is not allowed`},
		{"javascript: upper case", "\n[b](JAVASCRIPT:alert(1))\n", "2:1", "address is not allowed"},
		{"javascript: as an autolink", "Go <javascript:alert(1)>.\n", "1:4", "a javascript: address is not allowed"},
		{"javascript: in a reference", "See [a][x].\n\n[x]: javascript:alert(1)\n", "1:5", "a javascript: address is not allowed"},
		{"vbscript:", "[b](vbscript:msgbox)\n", "1:1", "a vbscript: address is not allowed"},
		{"data: link", "[b](data:text/html;base64,PHNjcmlwdD4=)\n", "1:1", "a data: address is not allowed"},
		{"file: link", "[b](file:///etc/passwd)\n", "1:1", "a file: address is not allowed"},
		{"link in emphasis", "Some *[b](javascript:x)* text.\n", "1:7", "a javascript: address is not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html, problems := render(t, Article, tc.src)
			found := false
			for _, p := range problems {
				found = found || strings.HasPrefix(p, tc.at+": ") && strings.Contains(p, tc.want)
			}
			if !found {
				t.Errorf("want a problem at %s: %s; have %q", tc.at, tc.want, problems)
			}
			for _, bad := range liveMarkup {
				if strings.Contains(strings.ToLower(html), bad) {
					t.Errorf("the HTML has %q:\n%s", bad, html)
				}
			}
		})
	}
}

// TestAllowedMarkdown: what the guide allows renders, written anew, with
// no problem; comments are not published.
func TestAllowedMarkdown(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"Press <kbd>Ctrl</kbd>+<kbd >C</kbd >.", "<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>\n"},
		{"H<sub>2</sub>O and x<sup>2</sup>, <mark>this</mark>.", "<p>H<sub>2</sub>O and x<sup>2</sup>, <mark>this</mark>.</p>\n"},
		{"One<br>two<br/>three<br />.", "<p>One<br>two<br>three<br>.</p>\n"},
		{`An <abbr title="a &amp; b &quot;c&quot;">AI</abbr>.`, "<p>An <abbr title=\"a &amp; b &#34;c&#34;\">AI</abbr>.</p>\n"},
		{"Text <!-- a note --> more.", "<p>Text  more.</p>\n"},
		{"<!-- a note\nover lines -->\n\nText.", "<p>Text.</p>\n"},
		{"[a](https://example.com/x?y=1) [b](/contact#form) [c](#top) [d](mailto:a@b.c) [e](tel:+1) <https://example.com>", ""},
		{"![A chart](chart.png) and ![](/images/x.svg)", "<p>[image 0] and [image 1]</p>\n"},
	} {
		html, problems := render(t, Article, tc.src)
		if len(problems) > 0 {
			t.Errorf("%q: problems %q", tc.src, problems)
		}
		if tc.want != "" && html != tc.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tc.src, html, tc.want)
		}
	}
}

// A page's text allows no HTML but comments, and says so where it is
// written; what it says of comments is said of a comment.
func TestTextAllowsNoHTML(t *testing.T) {
	html, problems := render(t, Text, "Press <kbd>K</kbd>.\n\n<div>x</div>\n\n<!--> x -->\n")
	if len(problems) != 4 || problems[0] != "1:7: raw HTML \"<kbd>\" is not allowed in a page's text: write it in Markdown (allowed: no HTML but comments)" ||
		!strings.HasPrefix(problems[2], "3:1: ") || !strings.HasSuffix(problems[3], "is not allowed in a page's text: a comment must hold no markup and stand alone") {
		t.Errorf("problems %q", problems)
	}
	if strings.Contains(html, "<kbd") || strings.Contains(html, "<div") {
		t.Errorf("html %s", html)
	}
}

// Links are found where they are written, with the address the page has.
func TestLinks(t *testing.T) {
	src := []byte("Intro [a](/x) and\n*[b](/y#z)* <https://e.example/q> ![c](p.png)\n\n[r]: /ref\n\nSee [r].\n")
	var got []string
	for _, l := range Links(Article.Parse(src), src) {
		got = append(got, fmt.Sprintf("%s %s %v", lineCol(src, l.Offset), l.Href, l.Image))
	}
	want := []string{"1:7 /x false", "2:2 /y#z false", "2:13 https://e.example/q false", "2:35 p.png true", "6:5 /ref false"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("links\ngot  %q\nwant %q", got, want)
	}
}

// TestAddresses: a link's site path and fragment, and a footnote's
// references both ways, are pieces of their own, in document order; no
// other address is (another site's, a protocol-relative one, mailto:, an
// empty one, a bare link). Joined as they are, the pieces are what
// goldmark writes, with the footnotes' ids fn-N and fnref-N.
func TestAddresses(t *testing.T) {
	src := "# Title\n\nSee [home](/), [the platform](/platform?a=1&b=2 \"The <platform>\"), [a CDN](//cdn.example/y), " +
		"[elsewhere](https://other.example/x), [mail](mailto:a@b.example), [nothing](), <https://bare.example>, www.example.com " +
		"and [below](#more).[^1] Again.[^1]\n\n## More\n\nText.[^note]\n\n[^1]: A note with [a link](/notes).\n[^note]: Another.\n"
	pieces, err := Article.Render([]byte(src), Article.Parse([]byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range pieces {
		switch p.Kind {
		case SitePath:
			got = append(got, "path "+p.Text)
		case Fragment:
			got = append(got, "fragment "+p.Text)
		}
	}
	want := []string{"path /", "path /platform?a=1&amp;b=2", "fragment #more", "fragment #fn-1", "fragment #fn-1", "fragment #fn-2",
		"path /notes", "fragment #fnref-1", "fragment #fnref1:1", "fragment #fnref-2"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("addresses:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var b bytes.Buffer
	plain := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.Typographer), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	if err := plain.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	ids := strings.NewReplacer(`id="fn:`, `id="fn-`, `href="#fn:`, `href="#fn-`, `id="fnref:`, `id="fnref-`, `href="#fnref:`, `href="#fnref-`)
	if got, want := joinPieces(pieces), ids.Replace(b.String()); got != want {
		t.Errorf("joined:\n%s\ngoldmark writes:\n%s", got, want)
	}
}

// TestBoxesThatScroll: each table and block of code, in both dialects, is
// a Tab stop that says what it is (boxes.go): a table named by the
// heading above it, none before the first heading; a block of code a
// group with the name its caller gives (NameCode), described by the
// heading above it, highlighted or not.
func TestBoxesThatScroll(t *testing.T) {
	src := "```\nfirst\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Essential cookies\n\nText.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n" +
		"```\nplain\n```\n\n    indented\n\n### Later & <more>\n\n| c |\n|---|\n| 3 |\n\n```go\nx := 1\n```\n"
	for _, d := range []*Dialect{Article, Text} {
		doc := d.Parse([]byte(src))
		NameCode(doc, []byte(src), `Código "<x>"`)
		pieces, err := d.Render([]byte(src), doc)
		if err != nil {
			t.Fatal(err)
		}
		html := joinPieces(pieces)
		name := `role="group" aria-label="Código &#34;&lt;x&gt;&#34;"`
		for _, want := range []string{
			"<table tabindex=\"0\">\n<thead>",
			`<table tabindex="0" aria-labelledby="essential-cookies">`,
			`<table tabindex="0" aria-labelledby="later--more">`,
			`<pre tabindex="0" ` + name + `><code>first`,
			`<pre tabindex="0" ` + name + ` aria-describedby="essential-cookies"><code>plain`,
			`<pre tabindex="0" ` + name + ` aria-describedby="essential-cookies"><code>indented`,
			// A block of code in a language says which (a trial).
			`tabindex="0" role="group" aria-label="Código &#34;&lt;x&gt;&#34;, Go" aria-describedby="later--more"><code`,
		} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: no %s in\n%s", d.in, want, html)
			}
		}
	}
	var out bytes.Buffer
	_ = Article.Convert([]byte("```go {linenos=table}\nx := 1\n```\n"), &out)
	if n := strings.Count(out.String(), "tabindex"); n != 1 {
		t.Errorf("a highlighted block with a table of line numbers has %d Tab stops, want 1 (the code's):\n%s", n, out.String())
	}
}
