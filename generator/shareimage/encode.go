package shareimage

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"sync"
)

// encode writes img, drawn on template t, as an 8-bit paletted PNG.
//
// Most rows of a card are the template's (the brand, the margins, the
// space between the title and the byline), and compressing them again
// for each of a thousand cards was half of drawing one. So the image
// data is compressed in pieces: each run of rows the card shares with
// the template is compressed once per template and kept, and only the
// runs the card changed are compressed for it. A deflate stream may be
// cut into pieces that each end on a sync flush (byte-aligned, not
// final), and zlib's checksum of the whole is combined from the pieces'
// checksums; the stream ends with an empty final block. The pieces cost
// a few bytes each: the image is within a percent of image/png's at the
// same level, and decodes to the same pixels.
func encode(dst *bytes.Buffer, img *image.Paletted, t *base) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	dst.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per pixel, paletted
	chunk(dst, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA() // every colour is opaque (drawBase): no tRNS
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	chunk(dst, "PLTE", plte)

	z := zlibBuffers.Get().(*zlibBuffer)
	defer zlibBuffers.Put(z)
	z.data.Reset()
	z.data.Write([]byte{0x78, 0x01}) // zlib, deflate with a 32 KB window, fastest level
	sum := uint32(1)                 // adler-32 of nothing
	// run[y] is how many rows from y on are the template's.
	run := make([]int, h+1)
	for y := h - 1; y >= 0; y-- {
		if t.sameRow(img, y) {
			run[y] = run[y+1] + 1
		}
	}
	shared := func(y int) bool { return run[y] >= minSharedRun }
	for y := 0; y < h; {
		var p piece
		if shared(y) {
			end := y + run[y]
			p = t.piece(y, end)
			y = end
		} else {
			// The card's own rows, and any shared run too short to cut out.
			end := y + 1
			for end < h && !shared(end) {
				end++
			}
			p = compressRows(z, img, y, end)
			y = end
		}
		z.data.Write(p.data)
		sum = adler32Combine(sum, p.adler, p.n)
	}
	z.data.Write(finalBlock)
	z.data.Write(binary.BigEndian.AppendUint32(nil, sum))
	chunk(dst, "IDAT", z.data.Bytes())
	chunk(dst, "IEND", nil)
}

// minSharedRun is the fewest rows shared with the template that are cut
// out of the card's own compression (a cut costs a sync flush and the
// matches across it).
const minSharedRun = 8

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// finalBlock is an empty final deflate block: what a compressor writes
// when closed with nothing left.
var finalBlock = func() []byte {
	var b bytes.Buffer
	fw, _ := flate.NewWriter(&b, flate.BestSpeed)
	fw.Close()
	return b.Bytes()
}()

func chunk(dst *bytes.Buffer, kind string, data []byte) {
	dst.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	dst.WriteString(kind)
	dst.Write(data)
	dst.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}

// A piece is the compressed rows [from, to) of an image, each row led by
// its filter byte (0: none, as image/png writes paletted images), ending
// on a sync flush, with the adler-32 and length of its raw bytes.
type piece struct {
	data  []byte
	adler uint32
	n     int
}

type zlibBuffer struct {
	data, piece, raw bytes.Buffer
	fw               *flate.Writer
}

var zlibBuffers = sync.Pool{New: func() any { return newZlibBuffer() }}

func newZlibBuffer() *zlibBuffer {
	z := &zlibBuffer{}
	z.fw, _ = flate.NewWriter(&z.piece, flate.BestSpeed)
	return z
}

// compressRows compresses rows [from, to) of img with z's compressor; the
// piece's data is z's until the next call.
func compressRows(z *zlibBuffer, img *image.Paletted, from, to int) piece {
	z.raw.Reset()
	for y := from; y < to; y++ {
		z.raw.WriteByte(0)
		z.raw.Write(img.Pix[y*img.Stride : y*img.Stride+img.Rect.Dx()])
	}
	z.piece.Reset()
	z.fw.Reset(&z.piece)
	z.fw.Write(z.raw.Bytes())
	z.fw.Flush()
	return piece{data: z.piece.Bytes(), adler: adler32.Checksum(z.raw.Bytes()), n: z.raw.Len()}
}

// sameRow reports whether row y of img is the template's.
func (t *base) sameRow(img *image.Paletted, y int) bool {
	row := func(p []byte) []byte { return p[y*img.Stride : y*img.Stride+img.Rect.Dx()] }
	return bytes.Equal(row(img.Pix), row(t.img.Pix))
}

// piece is the template's rows [from, to), compressed once, with a pooled
// compressor: a new one is a megabyte of fresh memory, a fifth of all a
// build allocated when each piece took one.
func (t *base) piece(from, to int) piece {
	k := [2]int{from, to}
	if p, ok := t.pieces.Load(k); ok {
		return p.(piece)
	}
	z := zlibBuffers.Get().(*zlibBuffer)
	defer zlibBuffers.Put(z)
	p := compressRows(z, t.img, from, to)
	p.data = bytes.Clone(p.data)
	t.pieces.Store(k, p)
	return p
}

// adler32Combine is the adler-32 of a+b from those of a and of b, and b's
// length (zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const mod = 65521
	rem := uint32(lenB % mod)
	sum1 := a & 0xffff
	sum2 := rem * sum1 % mod
	sum1 += b&0xffff + mod - 1
	sum2 += a>>16 + b>>16 + mod - rem
	if sum1 >= mod {
		sum1 -= mod
	}
	if sum1 >= mod {
		sum1 -= mod
	}
	if sum2 >= mod<<1 {
		sum2 -= mod << 1
	}
	if sum2 >= mod {
		sum2 -= mod
	}
	return sum1 | sum2<<16
}
