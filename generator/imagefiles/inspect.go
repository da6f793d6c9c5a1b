package imagefiles

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"path"
	"strconv"
	"strings"

	"golang.org/x/image/webp"
)

// Limits on an original, checked on its header before any pixel is
// decoded: a 16,000 px square decodes to 1 GB, and a PNG of zeros that
// size is 1 MB on disk. MaxPixels is a 50-megapixel camera's photo
// (8,660 x 5,773), 200 MB decoded; content.MaxTotalPixels bounds them all.
const (
	MaxBytes  = 40 << 20
	MaxSide   = 16000
	MaxPixels = 50_000_000
)

// Format is an image format.
type Format string

const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
	AVIF Format = "avif"
	SVG  Format = "svg"
	GIF  Format = "gif" // recognised, to be named in a message, never published
)

// Ext is the file extension of the format, with its dot.
func (f Format) Ext() string {
	if f == JPEG {
		return ".jpg"
	}
	return "." + string(f)
}

// MIME is the media type of the format.
func (f Format) MIME() string {
	if f == SVG {
		return "image/svg+xml"
	}
	return "image/" + string(f)
}

// Info is what an original's header says.
type Info struct {
	Format Format
	// Width and Height are the upright size: an orientation that turns
	// the image a quarter swaps them.
	Width, Height int
	// Orientation is the EXIF orientation, 1 (upright) to 8.
	Orientation int
	// Alpha is set when the format carries an alpha channel.
	Alpha bool
}

// Processed reports whether the build encodes images of this format
// (an SVG is re-written by CleanSVG instead).
func (i Info) Processed() bool { return i.Format == JPEG || i.Format == PNG || i.Format == WebP }

var extFormat = map[string]Format{".jpg": JPEG, ".jpeg": JPEG, ".png": PNG, ".webp": WebP, ".svg": SVG}

// Accept is what Inspect takes, as an HTML accept attribute lists it (the
// web editor's image fields offer these files alone).
const Accept = ".jpg,.jpeg,.png,.webp,.svg"

// Inspect checks an original named name (for its extension) and reads
// its header. Its errors are written for the editor.
func Inspect(name string, data []byte) (Info, error) {
	want, ok := extFormat[strings.ToLower(path.Ext(name))]
	if !ok {
		if strings.EqualFold(path.Ext(name), ".gif") {
			return Info{}, fmt.Errorf("a GIF is not published: use a PNG for a still image, a WebP for an animated one")
		}
		return Info{}, fmt.Errorf("use a JPEG, PNG, WebP or SVG file (.jpg, .png, .webp, .svg)")
	}
	if len(data) > MaxBytes {
		return Info{}, fmt.Errorf("the file is %.1f MB, over the limit of %d MB: export it smaller (2400 px wide is plenty)", float64(len(data))/(1<<20), MaxBytes>>20)
	}
	got := sniff(data)
	if got != want {
		what := "not an image"
		if got != "" {
			what = "a " + strings.ToUpper(string(got)) + " file"
		}
		return Info{}, fmt.Errorf("the file is %s, not the %s its extension says", what, strings.ToUpper(string(want)))
	}
	info := Info{Format: got, Orientation: 1}
	var err error
	switch got {
	case SVG:
		// Its size is read from what the site would publish.
		clean, err := CleanSVG(data)
		if err != nil {
			return Info{}, err
		}
		info.Width, info.Height, err = svgSize(clean)
		return info, err
	case JPEG:
		var cfg image.Config
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
		info.Width, info.Height = cfg.Width, cfg.Height
		info.Orientation = jpegOrientation(data)
	case PNG:
		var cfg image.Config
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
		info.Width, info.Height = cfg.Width, cfg.Height
		// Colour types 4 and 6 carry alpha; a tRNS chunk adds it to the others.
		info.Alpha = len(data) > 25 && (data[25] == 4 || data[25] == 6) || bytes.Contains(data[:min(len(data), 1<<16)], []byte("tRNS"))
	case WebP:
		var cfg image.Config
		cfg, err = webp.DecodeConfig(bytes.NewReader(data))
		info.Width, info.Height = cfg.Width, cfg.Height
		info.Orientation, info.Alpha = webpHeader(data)
	}
	if err != nil {
		return Info{}, fmt.Errorf("cannot read the %s: %v", strings.ToUpper(string(got)), err)
	}
	if info.Width > MaxSide || info.Height > MaxSide {
		return Info{}, fmt.Errorf("the image is %dx%d pixels, over the limit of %d on a side: export it smaller (2400 px wide is plenty)", info.Width, info.Height, MaxSide)
	}
	if info.Width <= 0 || info.Height <= 0 {
		return Info{}, errors.New("the image has no pixels")
	}
	if px := info.Width * info.Height; px > MaxPixels {
		return Info{}, fmt.Errorf("the image is %dx%d pixels, %d megapixels, over the limit of %d: export it smaller (2400 px wide is plenty)", info.Width, info.Height, (px+500_000)/1_000_000, MaxPixels/1_000_000)
	}
	if info.Orientation >= 5 {
		info.Width, info.Height = info.Height, info.Width
	}
	return info, nil
}

// sniff names the format the bytes are, whatever the file is called.
func sniff(b []byte) Format {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return WebP
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return GIF
	case len(b) >= 12 && string(b[4:8]) == "ftyp" && (string(b[8:12]) == "avif" || string(b[8:12]) == "avis"):
		return AVIF
	}
	head := bytes.TrimLeft(b[:min(len(b), 4096)], "\xEF\xBB\xBF \t\r\n")
	if bytes.HasPrefix(head, []byte("<")) && bytes.Contains(b[:min(len(b), 64<<10)], []byte("<svg")) {
		return SVG
	}
	return ""
}

// jpegOrientation reads the orientation from a JPEG's EXIF segment (APP1),
// 1 when it has none.
func jpegOrientation(b []byte) int {
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return 1
		}
		marker := b[i+1]
		if marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01 || marker == 0xFF {
			i += 2
			if marker == 0xFF {
				i--
			}
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data: no more metadata
			return 1
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		end := i + 2 + n
		if n < 2 || end > len(b) {
			return 1
		}
		if seg := b[i+4 : end]; marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return exifOrientation(seg[6:])
		}
		i = end
	}
	return 1
}

// webpHeader reads a WebP's EXIF orientation (its EXIF chunk) and whether
// it has alpha (the VP8X flag, or the VP8L header's hint).
func webpHeader(b []byte) (orientation int, alpha bool) {
	orientation = 1
	for i := 12; i+8 <= len(b); {
		id := string(b[i : i+4])
		n := int(binary.LittleEndian.Uint32(b[i+4:]))
		start := i + 8
		end := start + n
		if n < 0 || end > len(b) {
			break
		}
		chunk := b[start:end]
		switch id {
		case "VP8X":
			alpha = alpha || len(chunk) > 0 && chunk[0]&0x10 != 0
		case "VP8L":
			alpha = alpha || len(chunk) >= 5 && chunk[4]&0x10 != 0
		case "ALPH":
			alpha = true
		case "EXIF":
			orientation = exifOrientation(bytes.TrimPrefix(chunk, []byte("Exif\x00\x00")))
		}
		i = end + n%2
	}
	return orientation, alpha
}

// exifOrientation reads tag 0x0112 of IFD0 of a TIFF structure.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[ifd:]))
	for k := 0; k < count; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			if o := int(bo.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

func svgSize(data []byte) (int, int, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, fmt.Errorf("not an SVG file: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if el.Name.Local != "svg" {
			return 0, 0, fmt.Errorf("not an SVG file: starts with <%s>", el.Name.Local)
		}
		var w, h, box string
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "width":
				w = a.Value
			case "height":
				h = a.Value
			case "viewBox":
				box = a.Value
			}
		}
		wn, werr := strconv.Atoi(strings.TrimSuffix(w, "px"))
		hn, herr := strconv.Atoi(strings.TrimSuffix(h, "px"))
		if werr == nil && herr == nil && wn > 0 && hn > 0 {
			return wn, hn, nil
		}
		if f := strings.Fields(strings.ReplaceAll(box, ",", " ")); len(f) == 4 {
			bw, err1 := strconv.ParseFloat(f[2], 64)
			bh, err2 := strconv.ParseFloat(f[3], 64)
			if err1 == nil && err2 == nil && bw > 0 && bh > 0 {
				return int(bw + 0.5), int(bh + 0.5), nil
			}
		}
		return 0, 0, fmt.Errorf("the SVG has no width and height in pixels and no viewBox")
	}
}
