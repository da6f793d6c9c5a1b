package load

import (
	"strings"
	"testing"
	"testing/fstest"
)

// hostileFront is the front matter of a good article, the body on line 9.
const hostileFront = "---\ntitle: T\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\n"

// billionLaughs is layout.yaml's footer holding n columns of a link,
// through aliases.
func billionLaughs(layout string, n int) string {
	var b strings.Builder
	// Each column lists a page once (content.FooterColumn.Validate): the
	// link is aliased across the columns, the column n times.
	b.WriteString("  columns:\n    - &g\n      title: G\n      links:\n        - &l {label: L, href: /about}\n    - title: H\n      links:\n        - *l\n")
	for range n - 2 {
		b.WriteString("    - *g\n")
	}
	start := strings.Index(layout, "  columns:\n")
	end := strings.Index(layout, "  otherSitesTitle:")
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
		// The table of generator/testdata/hostile holds the cases written
		// out; these are too big to write out, or hold raw control bytes.
		{"inline comment closed at once", article("Text <!--><img src=x onerror=alert(1)>--> more.\n"), `articles/x.md:9:6: raw HTML "<!-->"`},
		{"allowed element with a handler", article("Press <kbd onclick=\"alert(1)\">K</kbd>.\n"), `articles/x.md:9:7: raw HTML "<kbd onclick`},
		{"lists nested 100,000 deep", front("title: T", "title: "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)), `articles/x.md:2:1: the front matter passes 64 KB here`},
		{"lists nested 20,000 deep in a page", replace("pages/about.yaml", "name: About", "name: "+strings.Repeat("[", 20_000)+strings.Repeat("]", 20_000)), `pages/about.yaml:3:1: invalid YAML: exceeded max depth of 10000: flatten the data`},
		{"front matter too big", front("title: T\n", "title: T\n"+strings.Repeat("# padding the front matter with comments\n", 2000)), `articles/x.md:1601:1: the front matter passes 64 KB here`},
		{"article too big", article(strings.Repeat("A line of an article that goes on and on.\n", 13000)), `articles/x.md:12488:1: the file passes 512 KB here`},
		{"YAML file too big", edit("site.yaml", func(s string) string { return s + strings.Repeat("# a comment\n", 100000) }), `: the file passes 1024 KB here: split it`},
		{"control character in an article's text", article("Intro.\n\nSome \x1b[31mred\x1b[0m text.\n"), `articles/x.md:11:6: control character U+001B: remove it`},
		{"invalid UTF-8 in an article's text", article("Caf\xe9.\n"), `articles/x.md:9:4: invalid UTF-8`},
		{"raw control character in YAML", replace("site.yaml", "brand: Vozia", "brand: Vo\x07zia"), `site.yaml:2:10: invalid YAML: control character U+0007: remove it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			tc.edit(fsys)
			_, err := SiteWith(fsys, Options{Now: articlesNow})
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
	if _, err := SiteWith(fsys, Options{Now: articlesNow}); err != nil {
		t.Fatal(err)
	}
}
