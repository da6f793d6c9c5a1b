// Package sitefiles draws the files every site needs besides its pages: the
// favicon (SVG, and an ICO for clients that only ask /favicon.ico), the
// web app manifest, the logo of the structured data, the default share
// image (1200x630) and the plain cover of an article without one. They
// are drawn from the brand colours at build time, so a rebrand in
// content/site.yaml needs no design tool, and the PNG encoder makes them
// byte-identical from build to build.
package sitefiles

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"github.com/vozia/site/generator/content"
)

// File is one file of the site root.
type File struct {
	Path string
	Data []byte
}

// Brand is what the files are drawn from.
type Brand struct {
	Name, Description string
	Accent            color.RGBA // #FF6B35
	// ShareImage and Logo are the site paths the head and JSON-LD use.
	ShareImage, Logo string
}

var ink = color.RGBA{11, 11, 12, 255}

// Files returns favicon.svg, favicon.ico, apple-touch-icon.png,
// site.webmanifest, the logo, the share image and the plain cover of an
// article without one (content.DefaultCover).
func Files(b Brand) []File {
	hex := fmt.Sprintf("#%02X%02X%02X", b.Accent.R, b.Accent.G, b.Accent.B)
	// The images are drawn and encoded side by side; the 512 px mark is
	// both the large icon and the logo.
	var icon32, icon180, icon192, icon512, shareImage []byte
	var wg sync.WaitGroup
	for _, job := range []struct {
		out  *[]byte
		draw func() *image.RGBA
	}{
		{&icon32, func() *image.RGBA { return mark(32, b.Accent) }},
		{&icon180, func() *image.RGBA { return mark(180, b.Accent) }},
		{&icon192, func() *image.RGBA { return mark(192, b.Accent) }},
		{&icon512, func() *image.RGBA { return mark(512, b.Accent) }},
		{&shareImage, func() *image.RGBA { return share(b.Accent) }},
	} {
		wg.Go(func() { *job.out = encode(job.draw()) })
	}
	manifest, _ := json.MarshalIndent(map[string]any{
		"name":             b.Name,
		"short_name":       b.Name,
		"description":      b.Description,
		"start_url":        "/",
		"display":          "standalone",
		"background_color": "#0B0B0C",
		"theme_color":      hex,
		"icons": []map[string]string{
			{"src": "/icon-192.png", "sizes": "192x192", "type": "image/png"},
			{"src": "/icon-512.png", "sizes": "512x512", "type": "image/png"},
		},
	}, "", "  ")
	wg.Wait()
	return []File{
		{"/favicon.svg", faviconSVG(hex)},
		{"/favicon.ico", ico(icon32, 32)},
		{"/apple-touch-icon.png", icon180},
		{"/icon-192.png", icon192},
		{"/icon-512.png", icon512},
		{"/site.webmanifest", append(manifest, '\n')},
		{b.Logo, icon512},
		{b.ShareImage, shareImage},
		{content.DefaultCover, coverSVG(hex)},
	}
}

// coverSVG is the plain cover of an article without one, in the cover's
// shape: the mark on the dark background, an accent bar at its left.
func coverSVG(hex string) []byte {
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#0B0B0C"/><rect width="16" height="630" fill="%[1]s"/><rect x="520" y="235" width="160" height="160" rx="35" fill="%[1]s"/><g fill="#0B0B0C"><rect x="560" y="290" width="20" height="50" rx="10"/><rect x="590" y="260" width="20" height="110" rx="10"/><rect x="620" y="290" width="20" height="50" rx="10"/></g></svg>`+"\n", hex)
}

// faviconSVG is the mark: an orange rounded square with three voice bars.
func faviconSVG(hex string) []byte {
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="%s"/><g fill="#0B0B0C"><rect x="8" y="11" width="4" height="10" rx="2"/><rect x="14" y="6" width="4" height="20" rx="2"/><rect x="20" y="11" width="4" height="10" rx="2"/></g></svg>`+"\n", hex)
}

// mark draws the favicon's design at size x size.
func mark(size int, accent color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size) / 32
	fillRoundRect(img, 0, 0, 32*s, 32*s, 7*s, accent)
	for _, bar := range [][4]float64{{8, 11, 4, 10}, {14, 6, 4, 20}, {20, 11, 4, 10}} {
		fillRoundRect(img, bar[0]*s, bar[1]*s, bar[2]*s, bar[3]*s, 2*s, ink)
	}
	return img
}

// share draws the 1200x630 share image: the mark on the dark brand
// background with a sound wave in the accent colour.
func share(accent color.RGBA) *image.RGBA {
	const w, h = 1200, 630
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fillRoundRect(img, 0, 0, w, h, 0, ink)
	m := mark(160, accent)
	for y := range 160 {
		for x := range 160 {
			// The mark's anti-aliased corners are composited over the
			// background (its pixels are premultiplied).
			if c := m.RGBAAt(x, y); c.A == 255 {
				img.SetRGBA(96+x, 96+y, c)
			} else if c.A > 0 {
				d, a := img.RGBAAt(96+x, 96+y), 255-uint16(c.A)
				over := func(s, t uint8) uint8 { return s + uint8((uint16(t)*a+127)/255) }
				img.SetRGBA(96+x, 96+y, color.RGBA{over(c.R, d.R), over(c.G, d.G), over(c.B, d.B), over(c.A, d.A)})
			}
		}
	}
	// A wave of rounded bars across the lower half.
	for i := range 44 {
		x := 96 + float64(i)*23.5
		amp := 40 + 150*math.Abs(math.Sin(float64(i)*0.37))*math.Exp(-math.Pow(float64(i-22)/18, 2))
		c := accent
		if i%3 == 1 {
			c = color.RGBA{255, 255, 255, 255}
		}
		fillRoundRect(img, x, 430-amp/2, 12, amp, 6, c)
	}
	return img
}

// fillRoundRect paints a rounded rectangle, anti-aliased at its edges: a
// pixel's cover is 0.5 minus its centre's signed distance to the shape,
// clamped to [0, 1]. The distance is measured from the centre, with the
// corners' circles shrunk to points: hx, hy is the half-size of the
// straight part. Each row's fully covered span is filled directly (most of
// each shape: the share image's background alone is 756,000 pixels) and
// only the pixels outside it are measured.
func fillRoundRect(img *image.RGBA, x0, y0, w, h, r float64, c color.RGBA) {
	b := img.Bounds()
	mx, my := x0+w/2, y0+h/2
	hx, hy := w/2-r, h/2-r
	// Within this distance of the straight part, a pixel is covered.
	inner := math.Min(0, r-0.5)
	xmin, xmax := max(int(x0), b.Min.X), min(int(math.Ceil(x0+w)), b.Max.X)
	for y := max(int(y0), b.Min.Y); y < min(int(math.Ceil(y0+h)), b.Max.Y); y++ {
		qy := math.Abs(float64(y)+0.5-my) - hy
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		set := func(x int) {
			i := (x - b.Min.X) * 4
			row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, 255
		}
		solidFrom, solidTo := xmax, xmax // the span [from, to) of full cover
		if qy <= inner && c.A == 255 {
			solidFrom = max(xmin, int(math.Ceil(mx-hx-inner-0.5)))
			solidTo = min(xmax, int(math.Floor(mx+hx+inner-0.5))+1)
			for x := solidFrom; x < solidTo; x++ {
				set(x)
			}
		}
		for x := xmin; x < xmax; x++ {
			if x == solidFrom && solidTo > solidFrom {
				x = solidTo - 1
				continue
			}
			qx := math.Abs(float64(x)+0.5-mx) - hx
			d := math.Min(math.Max(qx, qy), 0) - r
			if qx > 0 || qy > 0 {
				d += math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
			}
			switch cover := 0.5 - d; {
			case cover >= 1 && c.A == 255:
				set(x)
			case cover > 0:
				blend(img, x, y, c, math.Min(1, cover))
			}
		}
	}
}

// blend covers the pixel at x, y with c to the fraction a, in steps of
// 1/32: no eye tells the 33 levels of an edge from 256, and the drawings
// keep to 256 colours, so that encode writes them with a palette. The
// share image's wave of bars at fractional places had 310, which image/png
// encoded as RGBA in 24 ms of every build's CPU.
func blend(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	a = math.Round(a*32) / 32
	d := img.RGBAAt(x, y)
	mix := func(s, t uint8) uint8 { return uint8(math.Round(float64(s)*a + float64(t)*(1-a))) }
	img.SetRGBA(x, y, color.RGBA{mix(c.R, d.R), mix(c.G, d.G), mix(c.B, d.B), mix(255, d.A)})
}

// encode writes img as a PNG, with a palette when it has at most 256
// colours (the icons: flat fills and their anti-aliased edges), which is
// lossless, a quarter of the pixel data to compress, and smaller than the
// RGBA image at the best compression. Drawn shapes compress well at the
// fastest level; the best level cost the build a fifth of its CPU for a
// few hundred bytes.
func encode(img *image.RGBA) []byte {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderBuffers{}}
	var err error
	if p := paletted(img); p != nil {
		err = enc.Encode(&b, p)
	} else {
		err = enc.Encode(&b, img)
	}
	if err != nil {
		panic(err) // encoding to memory cannot fail
	}
	return b.Bytes()
}

// paletted is img with a palette of its colours in order of first use,
// or nil if it has more than 256.
func paletted(img *image.RGBA) *image.Paletted {
	r := img.Bounds()
	out := image.NewPaletted(r, nil)
	index := map[color.RGBA]uint8{}
	// Drawn shapes are runs of one colour: the last one is remembered.
	var last color.RGBA
	var lastIndex uint8
	seen := false
	for y := r.Min.Y; y < r.Max.Y; y++ {
		src := img.Pix[img.PixOffset(r.Min.X, y):]
		dst := out.Pix[out.PixOffset(r.Min.X, y):]
		for x := range r.Dx() {
			c := color.RGBA{src[4*x], src[4*x+1], src[4*x+2], src[4*x+3]}
			if !seen || c != last {
				i, ok := index[c]
				if !ok {
					if len(out.Palette) == 256 {
						return nil
					}
					i = uint8(len(out.Palette))
					index[c] = i
					out.Palette = append(out.Palette, c)
				}
				last, lastIndex, seen = c, i, true
			}
			dst[x] = lastIndex
		}
	}
	return out
}

// ico wraps one PNG in the ICO container (PNG payloads are valid ICO
// entries since Windows Vista and in every browser).
func ico(pngData []byte, size int) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&b, le, [3]uint16{0, 1, 1})
	b.Write([]byte{byte(size), byte(size), 0, 0})
	binary.Write(&b, le, [2]uint16{1, 32})
	binary.Write(&b, le, [2]uint32{uint32(len(pngData)), 22})
	b.Write(pngData)
	return b.Bytes()
}

// Mark draws the brand's mark at size x size, for other drawn images.
func Mark(size int, accent color.RGBA) *image.RGBA { return mark(size, accent) }

// encoderBuffers keeps the PNG encoder's compressor between images: a new
// one is some 600 KB of memory, each page of it first touched at a cost.
type encoderBuffers struct{}

var encoderBufferPool sync.Pool

func (encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := encoderBufferPool.Get().(*png.EncoderBuffer)
	return b
}

func (encoderBuffers) Put(b *png.EncoderBuffer) { encoderBufferPool.Put(b) }
