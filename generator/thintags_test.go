package generator

import (
	"context"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/load"
)

// TestThinTagPages: a tag page listing fewer than content.MinTagArticles
// articles is built but says noindex and is not in the sitemap; a tag
// page with more is indexed like any page.
func TestThinTagPages(t *testing.T) {
	res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow, BaseURL: "https://fixture.example"})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	sitemap := string(f["sitemap.xml"])
	site, err := load.SiteWith(fixture(t), load.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	thin, full := 0, 0
	for _, r := range site.Routes {
		if !strings.Contains(r.Path, "/tags/") {
			continue
		}
		var n int
		for _, sec := range site.Pages[r.Path].Sections {
			if ix, ok := sec.Value.(*sections.ArticleIndexSection); ok && ix.Page == 1 {
				n = len(ix.Articles)
			}
		}
		page := string(f[strings.TrimPrefix(r.Path, "/")+"/index.html"])
		noindex := strings.Contains(page, `<meta name="robots" content="noindex`)
		listed := strings.Contains(sitemap, "<loc>https://fixture.example"+r.Path+"</loc>")
		if page == "" {
			t.Errorf("%s is not built", r.Path)
		}
		if n < content.MinTagArticles {
			thin++
			if !noindex || listed {
				t.Errorf("%s lists %d article(s): noindex %v, in the sitemap %v; want noindex and left out", r.Path, n, noindex, listed)
			}
		} else {
			full++
			if noindex || !listed {
				t.Errorf("%s lists %d articles: noindex %v, in the sitemap %v; want it indexed", r.Path, n, noindex, listed)
			}
		}
	}
	if thin == 0 || full == 0 {
		t.Fatalf("the fixture has %d thin and %d full tag pages; it needs both", thin, full)
	}
}
