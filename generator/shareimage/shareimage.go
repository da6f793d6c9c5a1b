// Package shareimage draws an article's share image (Open Graph, X card):
// 1200x630, the brand's mark and name, the title in up to three lines, the
// author and the date, on the site's dark background with the accent
// colour. The text is set in Inter (fonts/, SIL Open Font License 1.1,
// fonts/OFL.txt), embedded so the build needs no system font, and drawn
// with golang.org/x/image's OpenType rasteriser: the same card gives the
// same bytes on any machine. A title too long for three lines at the
// largest size is set smaller, and cut with an ellipsis only at the
// smallest.
//
// A build of a thousand articles draws a thousand of these, so the image
// is drawn straight onto a palette rather than in RGBA and reduced after:
// every colour it can hold is known before drawing (the background, the
// accent, the mark's edges, and sixteen levels of coverage of each text
// colour over the background), the part every card shares is drawn once
// per brand, and each glyph is rasterised once per size and position.
package shareimage

import (
	"bytes"
	_ "embed"
	"image"
	"image/color"
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
	ink   = color.RGBA{11, 11, 12, 255}
	white = color.RGBA{255, 255, 255, 255}
	muted = color.RGBA{161, 161, 170, 255}
)

const margin = 80

// PNG draws the card and encodes it (encode.go). Drawn text compresses
// well at the fastest level; a palette is a quarter of the RGBA pixel
// data.
//
// A build draws a thousand of these beside the page render, so the pixels
// and the encoder's buffers are reused: allocating them for each image
// made the garbage collector, and the render with it, pay for them.
func PNG(c Card) []byte {
	pix := pixels.Get().(*[]byte)
	defer pixels.Put(pix)
	img := drawOn(c, *pix)
	b := outputs.Get().(*bytes.Buffer)
	defer outputs.Put(b)
	b.Reset()
	encode(b, img, template(c.Brand, c.Accent))
	return bytes.Clone(b.Bytes())
}

var (
	pixels  = sync.Pool{New: func() any { b := make([]byte, Width*Height); return &b }}
	outputs = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

// Draw draws the card.
func Draw(c Card) *image.Paletted { return drawOn(c, make([]byte, Width*Height)) }

// drawOn draws the card on pix, Width*Height bytes.
func drawOn(c Card, pix []byte) *image.Paletted {
	t := template(c.Brand, c.Accent)
	copy(pix, t.img.Pix)
	img := &image.Paletted{Pix: pix, Stride: t.img.Stride, Rect: t.img.Rect, Palette: t.img.Palette}
	cv := canvas{img: img, template: t}

	// The title: the largest size at which it fits three lines.
	maxW := Width - 2*margin
	var lines []string
	var title *face
	var lineH int
	for _, size := range []float64{68, 60, 52, 46} {
		title = faceOf(bold, size)
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
		cv.text(title, white, margin, y, l)
		y += lineH
	}

	// The byline.
	byline := c.Author
	if c.Date != "" {
		byline = strings.TrimPrefix(byline+"  ·  "+c.Date, "  ·  ")
	}
	cv.text(faceOf(regular, 30), muted, margin, Height-72, byline)
	return img
}

// A base is the part every card of one brand shares, drawn once, with the
// palette every card of the brand draws in.
type base struct {
	img *image.Paletted
	// level[c] is the palette index of colour c at coverage 1/15 over the
	// background; coverage k/15 is level[c]+k-1.
	level map[color.RGBA]uint8
	// pieces are runs of its rows, compressed (see encode).
	pieces sync.Map // [2]int{from, to} -> piece
}

var templates sync.Map // brand and accent -> *base

func template(brand string, accent color.RGBA) *base {
	type key struct {
		brand  string
		accent color.RGBA
	}
	k := key{brand, accent}
	if t, ok := templates.Load(k); ok {
		return t.(*base)
	}
	t := drawBase(brand, accent)
	templates.Store(k, t)
	return t
}

func drawBase(brand string, accent color.RGBA) *base {
	pal := color.Palette{ink, accent}
	b := &base{level: map[color.RGBA]uint8{}}
	for _, fg := range []color.RGBA{white, muted} {
		b.level[fg] = uint8(len(pal))
		for k := 1; k <= 15; k++ {
			pal = append(pal, blend(fg, ink, k))
		}
	}
	img := image.NewPaletted(image.Rect(0, 0, Width, Height), pal)
	// Index 0, the background, fills the image already.
	fill(img, image.Rect(0, 0, 16, Height), 1) // the accent bar down the left edge
	fill(img, image.Rect(margin, Height-118, margin+56, Height-114), 1)
	// The mark, composited over the background: its anti-aliased edges
	// become palette colours of their own.
	m := sitefiles.Mark(64, accent)
	for y := range 64 {
		for x := range 64 {
			c := m.RGBAAt(x, y)
			if c.A == 0 {
				continue
			}
			// The mark's pixels are premultiplied.
			a := 255 - uint16(c.A)
			over := func(s, t uint8) uint8 { return s + uint8((uint16(t)*a+127)/255) }
			c = color.RGBA{over(c.R, ink.R), over(c.G, ink.G), over(c.B, ink.B), 255}
			img.SetColorIndex(margin+x, 64+y, index(img, c))
		}
	}
	b.img = img
	cv := canvas{img: img, template: b}
	cv.text(faceOf(bold, 36), white, margin+88, 110, brand)
	return b
}

// index is c's place in the palette, added if there is room, else the
// nearest colour already in it.
func index(img *image.Paletted, c color.RGBA) uint8 {
	for i, p := range img.Palette {
		if p == c {
			return uint8(i)
		}
	}
	if len(img.Palette) < 256 {
		img.Palette = append(img.Palette, c)
		return uint8(len(img.Palette) - 1)
	}
	return uint8(img.Palette.Index(c))
}

func fill(img *image.Paletted, r image.Rectangle, i uint8) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for x := range row {
			row[x] = i
		}
	}
}

// blend is fg at coverage k/15 over bg.
func blend(fg, bg color.RGBA, k int) color.RGBA {
	mix := func(f, b uint8) uint8 { return uint8((int(f)*k + int(b)*(15-k) + 7) / 15) }
	return color.RGBA{mix(fg.R, bg.R), mix(fg.G, bg.G), mix(fg.B, bg.B), 255}
}

// A canvas draws text onto a card. Text only ever lies on the background,
// so a pixel's colour follows from its coverage alone.
type canvas struct {
	img      *image.Paletted
	template *base
}

var coverage = sync.Pool{New: func() any { return image.NewAlpha(image.Rect(0, 0, Width, Height)) }}

// text draws s with its baseline starting at (x, y): the glyphs' coverage
// is added up first (neighbouring glyphs can overlap), then each covered
// pixel takes the colour of its coverage, in sixteen levels.
func (cv canvas) text(f *face, c color.RGBA, x, y int, s string) {
	cov := coverage.Get().(*image.Alpha)
	defer coverage.Put(cov)
	var dirty image.Rectangle
	dot := fixed.P(x, y)
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		g := f.glyph(dot, r)
		dr := g.rect.Add(image.Pt(dot.X.Floor(), dot.Y.Floor())).Intersect(cov.Rect)
		for py := dr.Min.Y; py < dr.Max.Y; py++ {
			src := g.mask.Pix[g.mask.PixOffset(dr.Min.X-dot.X.Floor()-g.rect.Min.X, py-dot.Y.Floor()-g.rect.Min.Y):]
			dst := cov.Pix[cov.PixOffset(dr.Min.X, py):]
			for px := range dr.Dx() {
				// A glyph's mask is mostly empty or full, and glyphs
				// rarely overlap: only a partly covered pixel over
				// another is blended.
				switch m, d := uint32(src[px]), uint32(dst[px]); {
				case m == 0:
				case m == 255 || d == 0:
					dst[px] = uint8(m)
				default:
					dst[px] = uint8(m + d*(255-m)/255) // over
				}
			}
		}
		dirty = dirty.Union(dr)
		dot.X += g.advance
		prev = r
	}
	first := cv.template.level[c]
	for py := dirty.Min.Y; py < dirty.Max.Y; py++ {
		row := cov.Pix[cov.PixOffset(dirty.Min.X, py):cov.PixOffset(dirty.Max.X, py)]
		out := cv.img.Pix[cv.img.PixOffset(dirty.Min.X, py):]
		for px, a := range row {
			if a == 0 { // most of the text's box: nothing to map, nothing to clear
				continue
			}
			if k := (uint32(a)*15 + 127) / 255; k > 0 {
				out[px] = first + uint8(k) - 1
			}
			row[px] = 0 // the pool's buffer goes back clear
		}
	}
}

var (
	//go:embed fonts/Inter-Bold.ttf
	boldTTF []byte
	//go:embed fonts/Inter-Regular.ttf
	regularTTF []byte
)

const (
	bold = iota
	regular
)

var fonts = sync.OnceValue(func() [2]*opentype.Font {
	var out [2]*opentype.Font
	for i, ttf := range [][]byte{boldTTF, regularTTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic(err) // the embedded font is part of the program
		}
		out[i] = f
	}
	return out
})

// A face is one font at one size, shared by every card: an opentype face
// keeps scratch buffers, so each use holds its lock, and each glyph is
// rasterised once per sub-pixel position and kept.
type face struct {
	mu     sync.Mutex
	f      font.Face
	glyphs map[glyphKey]glyph
}

type glyphKey struct {
	r    rune
	frac fixed.Point26_6 // the dot's position within its pixel
}

type glyph struct {
	rect    image.Rectangle // relative to the dot's pixel
	mask    *image.Alpha
	advance fixed.Int26_6
}

var faces sync.Map // [2]any{font, size} -> *face

func faceOf(which int, size float64) *face {
	k := [2]any{which, size}
	if f, ok := faces.Load(k); ok {
		return f.(*face)
	}
	fc, err := opentype.NewFace(fonts()[which], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	f, _ := faces.LoadOrStore(k, &face{f: fc, glyphs: map[glyphKey]glyph{}})
	return f.(*face)
}

func (f *face) Kern(a, b rune) fixed.Int26_6 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.f.Kern(a, b)
}

func (f *face) measure(s string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return font.MeasureString(f.f, s).Ceil()
}

func (f *face) glyph(dot fixed.Point26_6, r rune) glyph {
	k := glyphKey{r, fixed.Point26_6{X: dot.X & 63, Y: dot.Y & 63}}
	f.mu.Lock()
	defer f.mu.Unlock()
	if g, ok := f.glyphs[k]; ok {
		return g
	}
	var g glyph
	dr, mask, mp, adv, ok := f.f.Glyph(k.frac, r)
	g.advance = adv
	if ok {
		// The face's mask is its scratch buffer: copied.
		a := mask.(*image.Alpha)
		g.rect = dr
		g.mask = image.NewAlpha(image.Rectangle{Max: dr.Size()})
		for y := range dr.Dy() {
			copy(g.mask.Pix[y*g.mask.Stride:][:dr.Dx()], a.Pix[a.PixOffset(mp.X, mp.Y+y):])
		}
	} else {
		g.mask = image.NewAlpha(image.Rectangle{})
	}
	f.glyphs[k] = g
	return g
}

// wrap breaks s into lines no wider than maxW, at spaces.
func wrap(f *face, s string, maxW int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + w)
		if line != "" && f.measure(try) > maxW {
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
func ellipsis(f *face, line string, maxW int) string {
	words := strings.Fields(line)
	for len(words) > 1 && f.measure(strings.Join(words, " ")+"…") > maxW {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ") + "…"
}
