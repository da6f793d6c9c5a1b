package shareimage

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"

	"golang.org/x/image/draw"
)

// OnPhoto draws the card over a photo (an article's share: cover) and
// encodes it as a JPEG, a tenth of a photo's PNG. The photo, already
// framed to the card's shape, is scaled to fill it and darkened towards
// the card's ink, more towards the byline, so that the white title reads
// over any photo; the card's bar, mark, title and byline go on top, each
// text pixel blended over the photo by its coverage.
func OnPhoto(c Card, photo image.Image) []byte {
	card := Draw(c)
	t := template(c.Brand, c.Accent)
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.CatmullRom.Scale(img, img.Bounds(), photo, photo.Bounds(), draw.Src, nil)
	type level struct {
		first uint8
		fg    color.RGBA
	}
	var levels []level
	for fg, first := range t.level {
		levels = append(levels, level{first, fg})
	}
	mix := func(fg, bg color.RGBA, a int) color.RGBA { // a of 255
		m := func(f, b uint8) uint8 { return uint8((int(f)*a + int(b)*(255-a) + 127) / 255) }
		return color.RGBA{m(fg.R, bg.R), m(fg.G, bg.G), m(fg.B, bg.B), 255}
	}
	for y := range Height {
		shade := 150 + 80*y/Height // of 255: 59% at the top, 90% at the bottom
		for x := range Width {
			bg := mix(ink, img.RGBAAt(x, y), shade)
			p := bg
			i := card.Pix[card.PixOffset(x, y)]
			switch {
			case i == 0: // the background: the photo shows
			case i == 1: // the accent
				p = c.Accent
			default:
				p = card.Palette[i].(color.RGBA)
				for _, l := range levels {
					if i >= l.first && i < l.first+15 {
						p = mix(l.fg, bg, (int(i-l.first)+1)*255/15)
					}
				}
			}
			img.SetRGBA(x, y, p)
		}
	}
	var b bytes.Buffer
	jpeg.Encode(&b, img, &jpeg.Options{Quality: 82})
	return b.Bytes()
}
