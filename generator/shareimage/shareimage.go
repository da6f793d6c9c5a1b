// Package shareimage draws an article's share image (Open Graph, X card):
// 1200x630, the brand's mark and name, the title in up to three lines, the
// author and the date, on the site's dark background with the accent
// colour. The text is set in Inter (fonts/, SIL Open Font License 1.1,
// fonts/OFL.txt), embedded so the build needs no system font, and drawn
// with golang.org/x/image's OpenType rasteriser: the same card gives the
// same bytes on any machine. A title too long for three lines at the
// largest size is set smaller, and cut with an ellipsis only at the
// smallest.
package shareimage

import (
	_ "embed"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/vozia/site/generator/sitefiles"
)

// Width and Height are the size of a share image.
const (
	Width  = 1200
	Height = 630
)

// Card is what one image shows.
type Card struct {
	Title, Author, Date, Brand string
	Accent                     color.RGBA
}

var (
	//go:embed fonts/Inter-Bold.ttf
	boldTTF []byte
	//go:embed fonts/Inter-Regular.ttf
	regularTTF []byte
)

var fonts = sync.OnceValues(func() (*opentype.Font, *opentype.Font) {
	bold, err := opentype.Parse(boldTTF)
	if err != nil {
		panic(err) // the embedded font is part of the program
	}
	regular, err := opentype.Parse(regularTTF)
	if err != nil {
		panic(err)
	}
	return bold, regular
})

func face(f *opentype.Font, size float64) font.Face {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	return quantized{fc}
}

// quantized is a face whose glyphs have 16 levels of coverage instead of
// 256: the edges look the same at this size, and the image keeps under
// 256 colours, so it is encoded with a palette (sitefiles.Encode), a
// quarter of the pixel data: a build of a thousand articles spent most of
// its share-image time compressing RGBA.
type quantized struct{ font.Face }

func (q quantized) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	dr, mask, mp, adv, ok := q.Face.Glyph(dot, r)
	if !ok {
		return dr, mask, mp, adv, ok
	}
	out := image.NewAlpha(image.Rectangle{Max: dr.Size()})
	for y := range dr.Dy() {
		for x := range dr.Dx() {
			a := uint32(mask.(*image.Alpha).AlphaAt(mp.X+x, mp.Y+y).A)
			out.Pix[y*out.Stride+x] = uint8((a*15 + 127) / 255 * 17)
		}
	}
	return dr, out, image.Point{}, adv, true
}

var (
	ink   = color.RGBA{11, 11, 12, 255}
	white = color.RGBA{255, 255, 255, 255}
	muted = color.RGBA{161, 161, 170, 255}
)

const margin = 80

// PNG draws the card and encodes it.
func PNG(c Card) []byte { return sitefiles.Encode(Draw(c)) }

// Draw draws the card.
func Draw(c Card) *image.RGBA {
	bold, regular := fonts()
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), image.NewUniform(ink), image.Point{}, draw.Src)
	// The accent: a bar down the left edge and the mark with the brand.
	draw.Draw(img, image.Rect(0, 0, 16, Height), image.NewUniform(c.Accent), image.Point{}, draw.Src)
	mark := sitefiles.Mark(64, c.Accent)
	draw.Draw(img, image.Rect(margin, 64, margin+64, 128), mark, image.Point{}, draw.Over)
	brand := face(bold, 36)
	text(img, brand, white, margin+88, 110, c.Brand)

	// The title: the largest size at which it fits three lines.
	maxW := Width - 2*margin
	var lines []string
	var title font.Face
	var lineH int
	for _, size := range []float64{68, 60, 52, 46} {
		title = face(bold, size)
		lines = wrap(title, c.Title, maxW)
		lineH = int(size * 1.18)
		if len(lines) <= 3 {
			break
		}
	}
	if len(lines) > 3 {
		lines = lines[:3]
		lines[2] = ellipsis(title, lines[2], maxW)
	}
	y := 250 + (3-len(lines))*lineH/2
	for _, l := range lines {
		text(img, title, white, margin, y, l)
		y += lineH
	}

	// The byline.
	meta := face(regular, 30)
	byline := c.Author
	if c.Date != "" {
		byline = strings.TrimPrefix(byline+"  ·  "+c.Date, "  ·  ")
	}
	draw.Draw(img, image.Rect(margin, Height-118, margin+56, Height-114), image.NewUniform(c.Accent), image.Point{}, draw.Src)
	text(img, meta, muted, margin, Height-72, byline)
	return img
}

func text(img *image.RGBA, f font.Face, c color.Color, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// wrap breaks s into lines no wider than maxW, at spaces.
func wrap(f font.Face, s string, maxW int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + w)
		if line != "" && font.MeasureString(f, try).Ceil() > maxW {
			lines = append(lines, line)
			line = w
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// ellipsis shortens a line, word by word, until it fits with "…".
func ellipsis(f font.Face, line string, maxW int) string {
	words := strings.Fields(line)
	for len(words) > 1 && font.MeasureString(f, strings.Join(words, " ")+"…").Ceil() > maxW {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ") + "…"
}
