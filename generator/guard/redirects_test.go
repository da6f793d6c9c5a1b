package guard

import (
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
)

// TestLinksToRedirects: a link written to an address that only redirects
// is warned of at its place, with the address to link to, the part of the
// page it points at kept; a link to a page, or to a part of one, is not.
func TestLinksToRedirects(t *testing.T) {
	at := field.Pos{File: "pages/a.md", Line: 3, Col: 7}
	site := &content.Site{
		Routes: []content.Route{{Path: "/resources"}, {Path: "/blog", Redirect: "/resources"}},
		Links:  []content.LinkSource{{Href: "/blog#webinars", Pos: at}, {Href: "/blog/", Pos: at}, {Href: "/resources#webinars", Pos: at}},
	}
	got := LinksToRedirects(site)
	want := []string{
		`pages/a.md:3:7: link "/blog#webinars" is an old address, which redirects to /resources: link to /resources#webinars`,
		`pages/a.md:3:7: link "/blog/" is an old address, which redirects to /resources: link to /resources`,
	}
	var msgs []string
	for _, e := range got {
		msgs = append(msgs, e.Error())
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}
