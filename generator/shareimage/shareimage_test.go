package shareimage

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/vozia/site/generator/sitefiles"
)

var card = Card{Title: "How Pulse turns a hundred customer interviews into five themes", Author: "Lucía Navarro", Date: "6 October 2026", Brand: "Vozia", Accent: color.RGBA{255, 107, 53, 255}}

func BenchmarkPNG(b *testing.B) {
	for b.Loop() {
		PNG(card)
	}
}

func BenchmarkDraw(b *testing.B) {
	for b.Loop() {
		Draw(card)
	}
}

func TestPNGSize(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(PNG(card)))
	if err != nil || img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
		t.Fatalf("%v %v", err, img)
	}
}

// reference draws the card the plain way, in RGBA with x/image's own
// drawer and full coverage: what the palette drawing must look like.
func reference(c Card, lines []string, size float64) *image.RGBA {
	fs := fonts()
	newFace := func(which int, size float64) font.Face {
		f, err := opentype.NewFace(fs[which], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err)
		}
		return f
	}
	text := func(img *image.RGBA, f font.Face, col color.Color, x, y int, s string) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: f, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), image.NewUniform(ink), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, 16, Height), image.NewUniform(c.Accent), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(margin, 64, margin+64, 128), sitefiles.Mark(64, c.Accent), image.Point{}, draw.Over)
	text(img, newFace(bold, 36), white, margin+88, 110, c.Brand)
	lineH := int(size * 1.18)
	y := 250 + (3-len(lines))*lineH/2
	for _, l := range lines {
		text(img, newFace(bold, size), white, margin, y, l)
		y += lineH
	}
	draw.Draw(img, image.Rect(margin, Height-118, margin+56, Height-114), image.NewUniform(c.Accent), image.Point{}, draw.Src)
	text(img, newFace(regular, 30), muted, margin, Height-72, c.Author+"  ·  "+c.Date)
	return img
}

// The card drawn on its palette is the card drawn in RGBA, but for the
// sixteen levels of coverage at the glyphs' edges.
func TestDrawMatchesRGBA(t *testing.T) {
	got := Draw(card)
	want := reference(card, []string{"How Pulse turns a hundred", "customer interviews into five", "themes"}, 68)
	var worst, sum, covered int
	for y := range Height {
		for x := range Width {
			g := color.RGBAModel.Convert(got.At(x, y)).(color.RGBA)
			w := want.RGBAAt(x, y)
			d := max(absDiff(g.R, w.R), absDiff(g.G, w.G), absDiff(g.B, w.B))
			worst = max(worst, d)
			sum += d
			if w != ink {
				covered++
			}
		}
	}
	// A coverage step of 1/15 between white and the background is 16
	// levels of a channel: no pixel may be further off than that.
	if worst > 17 {
		t.Errorf("a pixel is %d levels off the RGBA drawing (at most 17)", worst)
	}
	if covered < 20000 {
		t.Fatalf("the reference drew only %d pixels off the background", covered)
	}
	if mean := float64(sum) / float64(covered); mean > 2 {
		t.Errorf("mean difference %.2f levels per drawn pixel (at most 2)", mean)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// A title too long for three lines at the smallest size is cut with an
// ellipsis, and every line fits between the margins.
func TestLongTitleEllipsis(t *testing.T) {
	long := strings.Repeat("Voice agents that call every patient back after discharge ", 4)
	f := faceOf(bold, 46)
	lines := wrap(f, long, Width-2*margin)
	if len(lines) <= 3 {
		t.Fatalf("the title fits %d lines: not long enough for this test", len(lines))
	}
	last := ellipsis(f, lines[2], Width-2*margin)
	if !strings.HasSuffix(last, "…") || f.measure(last) > Width-2*margin {
		t.Errorf("last line %q (%d px) is not cut to fit with an ellipsis", last, f.measure(last))
	}
	c := card
	c.Title = long
	want := reference(c, []string{lines[0], lines[1], last}, 46)
	got := Draw(c)
	for y := range Height {
		for x := range Width {
			g := color.RGBAModel.Convert(got.At(x, y)).(color.RGBA)
			w := want.RGBAAt(x, y)
			if max(absDiff(g.R, w.R), absDiff(g.G, w.G), absDiff(g.B, w.B)) > 17 {
				t.Fatalf("pixel %d,%d is %v, the RGBA drawing has %v", x, y, g, w)
			}
		}
	}
}

// Cards drawn at once on every core share faces and glyphs, and give the
// bytes a card drawn alone gives.
func TestConcurrentDrawsAgree(t *testing.T) {
	want := PNG(card)
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for i := range got {
		wg.Go(func() { got[i] = PNG(card) })
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want) {
			t.Fatalf("draw %d differs from the card drawn alone", i)
		}
	}
}

// The pieced encoding decodes to the card's pixels and palette exactly,
// and is no larger than image/png's at the same level, give or take a
// percent.
func TestPNGIsTheCard(t *testing.T) {
	for _, c := range []Card{
		card,
		{Title: "Short", Author: "Ana", Date: "1 May 2026", Brand: "Vozia", Accent: card.Accent},
		{Title: strings.Repeat("A title far too long for three lines at any size ", 4), Brand: "Vozia", Accent: card.Accent},
		{Title: "Other brand, other accent", Author: "Marta", Brand: "Elsewhere", Accent: color.RGBA{30, 120, 200, 255}},
		{Brand: "Vozia", Accent: card.Accent}, // nothing but the template
	} {
		data := PNG(c)
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%q: %v", c.Title, err)
		}
		want := Draw(c)
		p, ok := got.(*image.Paletted)
		if !ok || !bytes.Equal(p.Pix, want.Pix) || len(p.Palette) != len(want.Palette) {
			t.Fatalf("%q: decodes to other pixels", c.Title)
		}
		for i := range p.Palette {
			if color.RGBAModel.Convert(p.Palette[i]) != color.RGBAModel.Convert(want.Palette[i]) {
				t.Fatalf("%q: palette entry %d is %v, want %v", c.Title, i, p.Palette[i], want.Palette[i])
			}
		}
		var plain bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&plain, want); err != nil {
			t.Fatal(err)
		}
		if len(data) > plain.Len()*101/100 {
			t.Errorf("%q: %d bytes, image/png gives %d", c.Title, len(data), plain.Len())
		}
	}
}

func TestAdler32Combine(t *testing.T) {
	data := []byte(strings.Repeat("The quick brown fox jumps over the lazy dog. ", 3000))
	for _, cut := range []int{0, 1, 100, 65520, 65521, 65522, len(data) - 1, len(data)} {
		a, b := data[:cut], data[cut:]
		if got, want := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b)), adler32.Checksum(data); got != want {
			t.Errorf("cut at %d: %08x, want %08x", cut, got, want)
		}
	}
}
