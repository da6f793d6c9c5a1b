package content_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// The photo copy of the content (internal/testkit/sitefixture, which
// make bench and make lighthouse-photos build) loads as valid content, and every image
// AddPhotos promises is a photo: each article's cover, each case study's
// image, a portrait for each founder and author. Checked on the shipped
// content (make lighthouse-photos copies it, whatever an editor has put
// there) and on the fixture site, which always has all three.
func TestSiteFixturePhotos(t *testing.T) {
	for _, tc := range []struct {
		name, dir string
		// mustCheck: the content has articles, case studies or founders.
		mustCheck bool
	}{
		{"shipped", "../../content", false},
		{"fixture", "../../testdata/site", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if checked := checkPhotos(t, tc.dir); checked == 0 && tc.mustCheck {
				t.Fatal("the content has no article, case study or founder: nothing checked")
			}
		})
	}
}

// checkPhotos copies dir, adds the photos and checks each promised one; it
// returns how many it checked.
func checkPhotos(t *testing.T, dir string) int {
	t.Helper()
	fsys, err := sitefixture.Copy(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	sitefixture.AddPhotos(fsys)
	s, err := content.LoadWith(fsys, content.LoadOptions{Now: time.Now()})
	if err != nil {
		t.Fatalf("the photo copy of the content does not load:\n%v", err)
	}
	checked := 0
	photo := func(what, src string) {
		t.Helper()
		checked++
		if !strings.HasPrefix(src, "/images/photos/") || !strings.HasSuffix(src, ".jpg") {
			t.Errorf("%s is %q, not a photo", what, src)
		} else if f := fsys[strings.TrimPrefix(src, "/")]; f == nil || len(f.Data) < 10_000 {
			t.Errorf("%s: %s is missing or not a photo", what, src)
		}
	}
	for _, a := range s.Articles {
		photo("the cover of "+a.Slug, a.Front.Cover.Src)
		if a.Author.Photo == nil {
			t.Errorf("%s's author has no portrait", a.Slug)
		} else {
			photo("the portrait of "+a.Author.Name, a.Author.Photo.Src)
		}
	}
	for _, c := range s.Collections.CaseStudies {
		photo("a case study's image", c.Image.Src)
	}
	for _, f := range s.Collections.Founders {
		if f.Photo == nil {
			t.Errorf("%s has no portrait", f.Name)
			continue
		}
		photo("the portrait of "+f.Name, f.Photo.Src)
	}
	return checked
}
