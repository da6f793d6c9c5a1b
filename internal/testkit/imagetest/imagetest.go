// Package imagetest makes photo-like originals for tests and benchmarks:
// no stock photo ships with the repository, so they are drawn at test
// time, with the EXIF a phone writes (an orientation and a GPS position).
package imagetest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
)

// Photo draws a w×h image that compresses like a photo: a sky-to-ground
// gradient, soft blobs of colour, a few hard edges and fine grain. The
// same seed draws the same image.
func Photo(w, h int, seed uint64) *image.RGBA {
	rng := rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))
	type blob struct{ x, y, r, cr, cg, cb float64 }
	blobs := make([]blob, 12)
	for i := range blobs {
		blobs[i] = blob{rng.Float64() * float64(w), rng.Float64() * float64(h), (0.05 + rng.Float64()*0.25) * float64(w),
			rng.Float64()*200 - 100, rng.Float64()*200 - 100, rng.Float64()*200 - 100}
	}
	horizon := float64(h) * (0.4 + 0.2*rng.Float64())
	// The smooth light (sky, ground, blobs) is computed on a grid of
	// cells and interpolated: per pixel it took seconds at 12 MP.
	const cell = 8
	gw, gh := w/cell+2, h/cell+2
	field := make([][3]float64, gw*gh)
	for gy := 0; gy < gh; gy++ {
		for gx := 0; gx < gw; gx++ {
			x, y := float64(gx*cell), float64(gy*cell)
			var c [3]float64
			if y < horizon { // sky
				t := y / horizon
				c = [3]float64{90 + 80*t, 140 + 70*t, 220 - 20*t}
			} else { // ground
				t := (y - horizon) / (float64(h) - horizon)
				c = [3]float64{110 - 50*t, 120 - 40*t, 60 - 20*t}
			}
			for _, bl := range blobs {
				dx, dy := x-bl.x, y-bl.y
				k := math.Exp(-(dx*dx + dy*dy) / (2 * bl.r * bl.r))
				c[0], c[1], c[2] = c[0]+k*bl.cr, c[1]+k*bl.cg, c[2]+k*bl.cb
			}
			field[gy*gw+gx] = c
		}
	}
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		gy, fy := y/cell, float64(y%cell)/cell
		for x := 0; x < w; x++ {
			gx, fx := x/cell, float64(x%cell)/cell
			var c [3]float64
			for k := range c {
				a, b := field[gy*gw+gx][k], field[gy*gw+gx+1][k]
				d, e := field[(gy+1)*gw+gx][k], field[(gy+1)*gw+gx+1][k]
				c[k] = (a*(1-fx)+b*fx)*(1-fy) + (d*(1-fx)+e*fx)*fy
			}
			// A hard edge (the horizon), texture and grain.
			if math.Abs(float64(y)-horizon) < 2 {
				c = [3]float64{40, 40, 30}
			}
			tex := 12*math.Sin(float64(x)/7+float64(y)/11) + 6*math.Sin(float64((x*y)%977)/40)
			n := rng.NormFloat64() * 6
			i := y*m.Stride + 4*x
			m.Pix[i] = clamp(c[0] + tex + n)
			m.Pix[i+1] = clamp(c[1] + tex + n)
			m.Pix[i+2] = clamp(c[2] + tex/2 + n)
			m.Pix[i+3] = 255
		}
	}
	return m
}

func clamp(v float64) uint8 {
	return uint8(math.Max(0, math.Min(255, v)))
}

// Halves draws a w×h image whose left half is red and right half blue,
// with a green top-left quarter: an orientation that is applied wrongly
// moves the colours.
func Halves(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{0, 0, 255, 255}
			switch {
			case x < w/2 && y < h/2:
				c = color.RGBA{0, 255, 0, 255}
			case x < w/2:
				c = color.RGBA{255, 0, 0, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// JPEG encodes m with an EXIF block holding the orientation (1 to 8), a
// camera make and a GPS position, as a phone writes them.
func JPEG(m image.Image, quality, orientation int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: quality}); err != nil {
		panic(err)
	}
	exif := append([]byte("Exif\x00\x00"), TIFF(orientation)...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(exif)+2))
	b := buf.Bytes()
	return append(append(append([]byte{}, b[:2]...), append(seg, exif...)...), b[2:]...)
}

// PNG encodes m as a PNG (with alpha when m has any).
func PNG(m image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// GPSLatitude is the latitude the EXIF block of JPEG holds, as it reads
// in the bytes: a test finds it in a file that kept the metadata.
const GPSLatitude = "VOZIA-GPS-40.4168N"

// TIFF is an EXIF TIFF structure: IFD0 with the orientation, the make
// and a pointer to a GPS IFD holding a latitude.
func TIFF(orientation int) []byte {
	le := binary.LittleEndian
	var b []byte
	b = append(b, 'I', 'I', 42, 0, 8, 0, 0, 0)
	entry := func(tag, typ uint16, count, value uint32) {
		b = le.AppendUint16(b, tag)
		b = le.AppendUint16(b, typ)
		b = le.AppendUint32(b, count)
		b = le.AppendUint32(b, value)
	}
	const ifd0 = 8
	const ifd0Len = 2 + 3*12 + 4
	const makeAt = ifd0 + ifd0Len
	make := []byte("VoziaCam\x00\x00")
	gpsAt := uint32(makeAt + len(make))
	const gpsLen = 2 + 2*12 + 4
	latAt := gpsAt + gpsLen
	b = le.AppendUint16(b, 3)
	entry(0x010F, 2, uint32(len(make)-1), makeAt) // Make
	entry(0x0112, 3, 1, uint32(orientation))      // Orientation (SHORT, in the low bytes)
	entry(0x8825, 4, 1, gpsAt)                    // GPS IFD pointer
	b = le.AppendUint32(b, 0)
	b = append(b, make...)
	b = le.AppendUint16(b, 2)
	entry(0x0001, 2, 2, uint32('N'))                    // GPSLatitudeRef "N"
	entry(0x0002, 2, uint32(len(GPSLatitude)+1), latAt) // the latitude, as text a test can find
	b = le.AppendUint32(b, 0)
	b = append(b, GPSLatitude...)
	return append(b, 0)
}
