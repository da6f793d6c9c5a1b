package load

import (
	"strings"
	"testing"
)

// A page's file name is its address: a name that is not a slug (a space, a
// terminal escape, a workflow command, a right-to-left override, an
// encoded dot segment, capitals) is refused at the file with the slug to
// use, as an article's is, instead of being published at an address the
// sitemap cannot carry and a browser would not ask for as written.
func TestPageFileNames(t *testing.T) {
	tests := []struct {
		name string
		file string // a new page's name under pages/
		want string // the slug the problem suggests; "": it loads
	}{
		{"a slug", "about-us.md", ""},
		{"a slug in a folder", "company/about-us.md", ""},
		{"a folder's index", "company/index.md", ""},
		{"spaces", "About us.md", "about-us"},
		{"a terminal escape", "\x1b[31mabout\x1b[0m.md", "31mabout-0m"},
		{"a workflow command", "::error title=x::about.md", "error-title-x-about"},
		{"a right-to-left override", "about\u202egpj.exe.md", "about-gpj-exe"},
		{"an encoded dot segment", "%2e%2e.md", "2e-2e"},
		{"a folder that is not a slug", "Company Info/about.md", "company-info"},
		{"capitals", "About.md", "about"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			fsys["pages/"+tt.file] = fsys["pages/legal/privacy.md"]
			_, err := Site(fsys)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("does not load:\n%v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("loads; want a problem at the file")
			}
			// The problem names the file (escaped as the terminal shows
			// it) at 1:1, and the slug to use.
			var line string
			for _, l := range strings.Split(err.Error(), "\n") {
				if strings.HasPrefix(l, "pages/") && strings.Contains(l, ":1:1: ") && strings.Contains(l, "cannot be a page's address") {
					line = l
				}
			}
			if line == "" {
				t.Fatalf("no problem at the page's file:\n%v", err)
			}
			if !strings.Contains(line, `like "`+tt.want+`"`) {
				t.Errorf("problem %q: want it to suggest %q", line, tt.want)
			}
			if strings.ContainsAny(line, "\x1b\u202e") {
				t.Errorf("problem %q carries the name's escape or override raw", line)
			}
		})
	}
}
