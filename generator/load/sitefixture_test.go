package load_test

import (
	"bytes"
	"os"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// The photo copy of the content (internal/testkit/sitefixture, which
// make bench and make lighthouse-photos build) loads as valid content, and every image
// AddPhotos promises is a photo: each article's cover, each case study's
// image, a portrait for each founder and author. Checked on the shipped
// content (make lighthouse-photos copies it, whatever an editor has put
// there, drawings or photos, flat articles or folders) and on the fixture
// site, which always has all three, taken twice: the second time, the
// content already has photos (JPEG covers and case studies, portraits),
// as an editor's content may.
func TestSiteFixturePhotos(t *testing.T) {
	for _, tc := range []struct {
		name, dir string
		// times AddPhotos is applied.
		times int
		// mustCheck: the content has articles, case studies or founders.
		mustCheck bool
	}{
		{"shipped", "../../content", 1, false},
		{"fixture, twice", "../../testdata/site", 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if checked := checkPhotos(t, tc.dir, tc.times); checked == 0 && tc.mustCheck {
				t.Fatal("the content has no article, case study or founder: nothing checked")
			}
		})
	}
}

// checkPhotos copies dir, adds the photos (times times) and checks each
// promised one; it returns how many it checked.
func checkPhotos(t *testing.T, dir string, times int) int {
	t.Helper()
	fsys, err := sitefixture.Copy(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	for range times {
		sitefixture.AddPhotos(fsys)
	}
	s, err := load.SiteWith(fsys, load.Options{Now: time.Now()})
	if err != nil {
		t.Fatalf("the photo copy of the content does not load:\n%v", err)
	}
	checked := 0
	// photo checks that src (relative to dir when not a site path) is a
	// JPEG of a photo's size.
	photo := func(what, dir, src string) {
		t.Helper()
		checked++
		file := strings.TrimPrefix(src, "/")
		if !strings.HasPrefix(src, "/") {
			file = path.Join(dir, src)
		}
		if f := fsys[file]; f == nil || !bytes.HasPrefix(f.Data, []byte{0xff, 0xd8}) || len(f.Data) < 10_000 {
			t.Errorf("%s: %s is missing or not a photo", what, src)
		}
	}
	for _, a := range s.Articles {
		photo("the cover of "+a.Slug, path.Dir(a.File), a.Front.Cover.Src)
		if a.Author.Photo == nil {
			t.Errorf("%s's author has no portrait", a.Slug)
		} else {
			photo("the portrait of "+a.Author.Name, "", a.Author.Photo.Src)
		}
	}
	for _, c := range s.Collections.CaseStudies {
		photo("a case study's image", "", c.Image.Src)
	}
	for _, f := range s.Collections.Founders {
		if f.Photo == nil {
			t.Errorf("%s has no portrait", f.Name)
			continue
		}
		photo("the portrait of "+f.Name, "", f.Photo.Src)
	}
	return checked
}
