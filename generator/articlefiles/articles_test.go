package articlefiles

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/internal/testkit/imagetest"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// portraitPhone is a portrait photo as a phone stores it: sideways, with
// EXIF orientation 6. Upright it is red above and blue below.
func portraitPhone() []byte {
	stored := image.NewRGBA(image.Rect(0, 0, 600, 300)) // turned: the top is on the left
	for y := range 300 {
		for x := range 600 {
			c := color.RGBA{255, 0, 0, 255}
			if x >= 300 {
				c = color.RGBA{0, 0, 255, 255}
			}
			stored.SetRGBA(x, y, c)
		}
	}
	return imagetest.JPEG(stored, 90, 6)
}

// TestCoverFrameAndShare: a portrait phone photo as an article's cover,
// with no more than a position, comes out in the cover's landscape shape
// on the page, showing the part the position names; with share: cover
// the article's share image is that photo with the title, while an
// article without it keeps the title card.
func TestCoverFrameAndShare(t *testing.T) {
	fsys, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	fsys["articles/from-a-phone/cover.jpg"] = &fstest.MapFile{Data: portraitPhone()}
	fsys["articles/from-a-phone/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: From a phone\ndescription: A cover straight from a phone.\ndate: 2026-01-02\nauthor: ana\ncover: {src: cover.jpg, alt: A red wall above a blue floor, position: bottom}\nshare: cover\n---\nText.\n")}
	site, err := load.SiteWith(fsys, load.Options{Now: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := pictures.New("").Process(context.Background(), site, fsys, nil)
	if err != nil {
		t.Fatal(err)
	}
	var phone, other *content.LoadedArticle
	for _, a := range site.Articles {
		if a.Slug == "from-a-phone" {
			phone = a
		} else if other == nil {
			other = a
		}
	}
	if phone == nil || other == nil {
		t.Fatal("the site lacks its articles")
	}

	// The page's cover: landscape, the bottom of the photo.
	cover := site.Pages[phone.Path].Sections[0].Value.(*content.ArticleSection).Cover
	if cover.Width != 300 || cover.Height != 158 {
		t.Errorf("the cover is %dx%d, want 300x158 (the photo's width, in the cover's shape)", cover.Width, cover.Height)
	}
	var file []byte
	for _, f := range res.Files {
		if "/"+f.Path == cover.Src {
			file = f.Data
		}
	}
	m, err := jpeg.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("the cover's file %s: %v", cover.Src, err)
	}
	if b := m.Bounds(); abs(b.Dx()*content.CoverHeight-b.Dy()*content.CoverWidth) > content.CoverWidth/2 {
		t.Errorf("the cover's file is %dx%d, not in the cover's shape", b.Dx(), b.Dy())
	}
	if r, _, b := rgb(m.At(150, 10)); b < 200 || r > 60 {
		t.Errorf("the top of the cover is not the photo's blue bottom: %v", m.At(150, 10))
	}

	// The share images.
	files := map[string][]byte{}
	for _, f := range NewShares("").Draw(site, fsys, color.RGBA{255, 107, 53, 255}) {
		files["/"+f.Path] = f.Data
	}
	if !strings.HasSuffix(phone.ShareImage, ".jpg") {
		t.Fatalf("share: cover's image is %s, want a JPEG", phone.ShareImage)
	}
	shared, err := jpeg.Decode(bytes.NewReader(files[phone.ShareImage]))
	if err != nil {
		t.Fatalf("%s: %v", phone.ShareImage, err)
	}
	if b := shared.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Errorf("%s is %dx%d, want 1200x630", phone.ShareImage, b.Dx(), b.Dy())
	}
	// Top right, clear of the text: the photo's blue, darkened.
	if r, _, b := rgb(shared.At(1150, 30)); b < r+40 {
		t.Errorf("the share image of share: cover does not show the cover: %v", shared.At(1150, 30))
	}
	card, err := png.Decode(bytes.NewReader(files[other.ShareImage]))
	if err != nil {
		t.Fatalf("%s: %v", other.ShareImage, err)
	}
	if r, g, b := rgb(card.At(1150, 30)); r > 30 || g > 30 || b > 30 {
		t.Errorf("an article without share: cover has %v behind its title, not the card's ink", card.At(1150, 30))
	}
}

func rgb(c color.Color) (r, g, b uint32) {
	r, g, b, _ = c.RGBA()
	return r >> 8, g >> 8, b >> 8
}

func abs(n int) int { return max(n, -n) }
