package document

import (
	"bytes"
	"testing"
)

// A marked link is the page's own where its path, unescaped, is the
// page's: its aria-current is "page"; on a page under its path, "true"; on
// every other page it has none. A body without marks is written as it is.
func TestCurrentMarks(t *testing.T) {
	mark := func(path string) string { return ` aria-current="` + "\x00current:" + path + "\x00" + `"` }
	for _, c := range []struct{ name, body, path, want string }{
		{"the page's own link", `<a` + mark("/platform") + ` href="/platform">P</a>`, "/platform", `<a aria-current="page" href="/platform">P</a>`},
		{"another page's link", `<a` + mark("/platform") + ` href="/platform">P</a>`, "/security", `<a href="/platform">P</a>`},
		{"a path React escaped", `<a` + mark("/a&amp;b") + ` href="/a&amp;b">A</a>`, "/a&b", `<a aria-current="page" href="/a&amp;b">A</a>`},
		{"a section the page is in", `<a` + mark("/insights") + ` href="/insights">I</a>`, "/insights/a", `<a aria-current="true" href="/insights">I</a>`},
		{"the home page, above every page", `<a` + mark("/") + ` href="/">H</a>`, "/insights/a", `<a href="/">H</a>`},
		{"a prefix of a segment", `<a` + mark("/case") + ` href="/case">C</a>`, "/case-studies", `<a href="/case">C</a>`},
		{"several", `<a` + mark("/") + ` href="/">H</a><a` + mark("/x") + ` href="/x">X</a><a` + mark("/") + ` href="/">B</a>`, "/",
			`<a aria-current="page" href="/">H</a><a href="/x">X</a><a aria-current="page" href="/">B</a>`},
		{"no marks", `<a href="/x">X</a> aria-current="page"`, "/x", `<a href="/x">X</a> aria-current="page"`},
	} {
		var b bytes.Buffer
		writeCurrent(&b, c.body, c.path)
		if b.String() != c.want {
			t.Errorf("%s: on %s\n got %q\nwant %q", c.name, c.path, b.String(), c.want)
		}
	}
}
