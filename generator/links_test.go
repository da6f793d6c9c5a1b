package generator

import (
	"bytes"
	"context"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/prerender"
)

// The prerender renders a link to a site path as the <a> react-router's
// <Link> renders, without running <Link> (the server bundle's "#link" alias, generator/bundle). On
// every route of the shipped site and of the test site, the pages are
// byte-identical to the pages rendered with <Link> itself.
func TestStaticLinksMatchRouterLinks(t *testing.T) {
	b, err := bundle.Build("../frontend")
	if err != nil {
		t.Fatal(err)
	}
	static, err := prerender.New(b.Server, 2)
	if err != nil {
		t.Fatal(err)
	}
	withLink, err := bundle.ServerWithRouterLinks("../frontend")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(withLink, b.Server) {
		t.Fatal(`the server bundle's "#link" alias changed nothing: the prerender runs <Link>`)
	}
	router, err := prerender.New(withLink, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		content fstest.MapFS
	}{
		{"shipped", contentFS(t)},
		{"test site", fixtureFS(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Build(context.Background(), Options{Content: tc.content, FrontendDir: "../frontend", Now: fixedNow})
			if err != nil {
				t.Fatal(err)
			}
			got, err := static.RenderAllGrouped(res.Jobs, 0)
			if err != nil {
				t.Fatal(err)
			}
			want, err := router.RenderAllGrouped(res.Jobs, 0)
			if err != nil {
				t.Fatal(err)
			}
			links := 0
			for i, j := range res.Jobs {
				if got[i].HTML != want[i].HTML {
					t.Errorf("%s: differs from the render with <Link>\nstatic %.400q\nLink   %.400q", j.URL, diffFrom(got[i].HTML, want[i].HTML), diffFrom(want[i].HTML, got[i].HTML))
				}
				links += len(siteLink.FindAllString(want[i].HTML, -1))
			}
			// The comparison is only worth something if <Link> is used.
			if links < len(res.Jobs) {
				t.Errorf("%d site links in %d pages: the pages hardly use <Link>", links, len(res.Jobs))
			}
		})
	}
}

var siteLink = regexp.MustCompile(`<a [^>]*href="/[^"]*" data-discover="true"`)

// diffFrom is a from its first difference with b, with some context.
func diffFrom(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(0, i-80):]
}
