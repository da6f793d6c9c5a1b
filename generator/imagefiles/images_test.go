package imagefiles

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"github.com/vozia/site/internal/testkit/imagetest"
)

// small keeps the tests quick: the ladder's logic does not depend on
// how wide its steps are.
var small = Settings{Widths: []int{48, 96, 160}, AVIFQuality: 50, AVIFSpeed: 10, WebPQuality: 75, WebPMethod: 0, JPEGQuality: 80}

func TestWidths(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    int
		want []int
	}{
		{"wider than the ladder", 4000, []int{160, 320, 480, 768, 1080, 1600, 2400}},
		{"exactly the top", 2400, []int{160, 320, 480, 768, 1080, 1600, 2400}},
		{"between steps", 1200, []int{160, 320, 480, 768, 1080, 1200}},
		{"between small steps", 300, []int{160, 300}},
		{"narrower than the first step", 100, []int{100}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Default.widthsFor(tc.w); !slices.Equal(got, tc.want) {
				t.Errorf("widthsFor(%d) = %v, want %v", tc.w, got, tc.want)
			}
		})
	}
}

func TestProcessWritesEveryWidthAndFormatWithoutMetadata(t *testing.T) {
	src := Source{Name: "images/team/photo.jpg", Data: imagetest.JPEG(imagetest.Photo(200, 150, 1), 90, 1)}
	if !bytes.Contains(src.Data, []byte(imagetest.GPSLatitude)) {
		t.Fatal("the fixture has no GPS position to remove")
	}
	p := NewProcessor(small, "")
	res, err := p.Process(context.Background(), []Source{src})
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Width != 200 || r.Height != 150 || r.Fallback != JPEG || !strings.HasPrefix(r.Color, "#") {
		t.Errorf("result = %dx%d fallback %s colour %q", r.Width, r.Height, r.Fallback, r.Color)
	}
	want := map[Format][]int{AVIF: {48, 96, 160}, WebP: {48, 96, 160}, JPEG: {48, 96, 160}}
	got := map[Format][]int{}
	for _, v := range r.Variants {
		got[v.Format] = append(got[v.Format], v.Width)
		data := r.Files[v.Path]
		if !strings.HasPrefix(v.Path, "/assets/img/photo-") || !strings.HasSuffix(v.Path, v.Format.Ext()) {
			t.Errorf("path %s", v.Path)
		}
		if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte(imagetest.GPSLatitude)) || bytes.Contains(data, []byte("VoziaCam")) {
			t.Errorf("%s keeps the original's EXIF", v.Path)
		}
		m, err := decode(v.Format, data)
		if err != nil {
			t.Fatalf("%s: %v", v.Path, err)
		}
		if b := m.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
			t.Errorf("%s is %dx%d, want %dx%d", v.Path, b.Dx(), b.Dy(), v.Width, v.Height)
		}
	}
	for f, ws := range want {
		if !slices.Equal(got[f], ws) {
			t.Errorf("%s widths = %v, want %v", f, got[f], ws)
		}
	}
}

func TestOrientation(t *testing.T) {
	// Halves stored as a camera held sideways would store it: the
	// upright image is the stored one turned by the orientation.
	upright := imagetest.Halves(160, 120) // green top-left, red bottom-left, blue right
	for o := 1; o <= 8; o++ {
		stored := unorient(upright, o)
		src := Source{Name: "images/a.jpg", Data: imagetest.JPEG(stored, 95, o)}
		p := NewProcessor(small, "")
		res, err := p.Process(context.Background(), []Source{src})
		if err != nil {
			t.Fatal(err)
		}
		r := res[0]
		if r.Width != 160 || r.Height != 120 {
			t.Errorf("orientation %d: %dx%d, want 160x120", o, r.Width, r.Height)
		}
		for _, v := range r.Variants {
			if v.Format != JPEG || v.Width != 160 {
				continue
			}
			m, _ := decode(JPEG, r.Files[v.Path])
			for _, c := range []struct {
				x, y int
				want string
			}{{20, 20, "green"}, {20, 100, "red"}, {140, 60, "blue"}} {
				if got := name(m.At(c.x, c.y)); got != c.want {
					t.Errorf("orientation %d: (%d,%d) is %s, want %s", o, c.x, c.y, got, c.want)
				}
			}
		}
	}
}

// unorient stores an upright image as a camera with orientation o would.
func unorient(m *image.RGBA, o int) *image.RGBA {
	// The inverse of each orientation: 6 and 8 undo each other, the
	// others are their own inverse.
	inv := map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6}[o]
	return orient(m, inv)
}

func name(c interface{ RGBA() (r, g, b, a uint32) }) string {
	r, g, b, _ := c.RGBA()
	switch {
	case r > 0xA000 && g < 0x6000 && b < 0x6000:
		return "red"
	case g > 0xA000 && r < 0x6000 && b < 0x6000:
		return "green"
	case b > 0xA000 && r < 0x6000 && g < 0x6000:
		return "blue"
	}
	return "other"
}

func TestTransparencyKeepsAPNGFallback(t *testing.T) {
	m := imagetest.Halves(100, 50)
	for i := 3; i < len(m.Pix); i += 8 {
		m.Pix[i-3], m.Pix[i-2], m.Pix[i-1], m.Pix[i] = 0, 0, 0, 0
	}
	p := NewProcessor(small, "")
	res, err := p.Process(context.Background(), []Source{{Name: "images/logo.png", Data: imagetest.PNG(m)}})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Fallback != PNG {
		t.Errorf("fallback = %s, want png", res[0].Fallback)
	}
}

func TestCache(t *testing.T) {
	dir := t.TempDir()
	srcs := []Source{
		{Name: "images/a.jpg", Data: imagetest.JPEG(imagetest.Photo(120, 80, 1), 90, 1)},
		{Name: "images/b.jpg", Data: imagetest.JPEG(imagetest.Photo(120, 80, 2), 90, 6)},
	}
	p := NewProcessor(small, dir)
	first, err := p.Process(context.Background(), srcs)
	if err != nil || p.Encoded() != 2 {
		t.Fatalf("first: encoded %d, %v", p.Encoded(), err)
	}
	if _, err := p.Process(context.Background(), srcs); err != nil || p.Encoded() != 2 {
		t.Errorf("same process, again: encoded %d in all, want 2 (%v)", p.Encoded(), err)
	}
	// A new process (the next cmd/build) reads the disk.
	q := NewProcessor(small, dir)
	second, err := q.Process(context.Background(), srcs)
	if err != nil || q.Encoded() != 0 {
		t.Fatalf("from disk: encoded %d, %v", q.Encoded(), err)
	}
	for i := range srcs {
		for path, data := range first[i].Files {
			if !bytes.Equal(second[i].Files[path], data) {
				t.Errorf("%s differs from the cache", path)
			}
		}
		if first[i].Color != second[i].Color {
			t.Errorf("colour %s from the cache, %s encoded", second[i].Color, first[i].Color)
		}
	}
	// Other settings, other files.
	other := small
	other.JPEGQuality = 70
	r := NewProcessor(other, dir)
	if _, err := r.Process(context.Background(), srcs[:1]); err != nil || r.Encoded() != 1 {
		t.Errorf("other settings: encoded %d, want 1 (%v)", r.Encoded(), err)
	}
	r.Keep(srcs[:1])
	entries, _ := os.ReadDir(filepath.Join(dir, "img"))
	if len(entries) != 1 {
		t.Errorf("after Keep, %d entries in the cache, want 1", len(entries))
	}
}

// TestConcurrentProcess: two builds asking for the same new original at
// once (make dev rebuilding while it encodes) encode it once.
func TestConcurrentProcess(t *testing.T) {
	src := []Source{{Name: "images/a.jpg", Data: imagetest.JPEG(imagetest.Photo(120, 80, 1), 90, 1)}}
	p := NewProcessor(small, "")
	done := make(chan error, 2)
	for range 2 {
		go func() { _, err := p.Process(context.Background(), src); done <- err }()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if p.Encoded() != 1 {
		t.Errorf("encoded %d times, want once", p.Encoded())
	}
}

func TestInspectRefuses(t *testing.T) {
	jpg := imagetest.JPEG(imagetest.Photo(40, 30, 1), 80, 1)
	huge := imagetest.PNG(image.NewGray(image.Rect(0, 0, MaxSide+1, 1)))
	for _, tc := range []struct {
		name, file string
		data       []byte
		want       string
	}{
		{"a PNG named .jpg", "a.jpg", imagetest.PNG(imagetest.Halves(4, 4)), "is a PNG file, not the JPEG"},
		{"text named .png", "a.png", []byte("hello"), "is not an image, not the PNG"},
		{"over 40 MB", "a.jpg", append(slices.Clone(jpg), make([]byte, MaxBytes)...), "over the limit of 40 MB"},
		{"over 16,000 px", "a.png", huge, "over the limit of 16000 on a side"},
		{"truncated", "a.jpg", jpg[:20], "cannot read the JPEG"},
		{"unknown extension", "a.bmp", jpg, "use a JPEG, PNG, WebP or SVG"},
		{"SVG script", "a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`), "holds a <script>"},
		{"SVG event handler", "a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>`), "event handler onload="},
		{"SVG external image", "a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://evil.example/x.png"/></svg>`), `refers to "https://evil.example/x.png"`},
		{"SVG style element", "a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>@import url(https://evil.example/a.css);</style></svg>`), `style sheet refers to @import`},
		{"SVG external style", "a.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect style="fill:url(https://evil.example/p#g)"/></svg>`), `refers to url("https://evil.example/p#g")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Inspect(tc.file, tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Inspect = %v, want %q", err, tc.want)
			}
		})
	}
	ok := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/></svg>`)
	if info, err := Inspect("a.svg", ok); err != nil || info.Width != 20 || info.Height != 10 {
		t.Errorf("a plain SVG: %+v, %v", info, err)
	}
}

func decode(f Format, data []byte) (image.Image, error) {
	switch f {
	case AVIF:
		return avif.Decode(bytes.NewReader(data))
	case WebP:
		return webp.Decode(bytes.NewReader(data))
	case PNG:
		return png.Decode(bytes.NewReader(data))
	}
	return jpeg.Decode(bytes.NewReader(data))
}

// TestCrop: a portrait phone photo (stored sideways, EXIF orientation 6)
// cut to a landscape shape comes out in that shape, every width of it,
// and the focal point says which part of the photo is kept.
func TestCrop(t *testing.T) {
	// Upright: red, green and blue bands from top to bottom.
	upright := image.NewRGBA(image.Rect(0, 0, 120, 240))
	for y := range 240 {
		c := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}}[y/80]
		for x := range 120 {
			upright.SetRGBA(x, y, c)
		}
	}
	data := imagetest.JPEG(unorient(upright, 6), 95, 6)
	for _, tc := range []struct {
		name string
		y    float64
		want string
	}{{"top", 0, "red"}, {"centre", 0.5, "green"}, {"bottom", 1, "blue"}} {
		t.Run(tc.name, func(t *testing.T) {
			src := Source{Name: "images/phone.jpg", Data: data, Crop: &Crop{W: 40, H: 21, X: 0.5, Y: tc.y}}
			p := NewProcessor(small, "")
			plan, err := p.Plan(src)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Process(context.Background(), []Source{src})
			if err != nil {
				t.Fatal(err)
			}
			r := res[0]
			if r.Width != 120 || r.Height != 63 || plan.Width != r.Width || plan.Height != r.Height {
				t.Errorf("cropped to %dx%d (planned %dx%d), want 120x63", r.Width, r.Height, plan.Width, plan.Height)
			}
			for _, v := range r.Variants {
				m, err := decode(v.Format, r.Files[v.Path])
				if err != nil {
					t.Fatalf("%s: %v", v.Path, err)
				}
				if b := m.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height || v.Width*21 > v.Height*40+40 || v.Width*21 < v.Height*40-40 {
					t.Errorf("%s is %dx%d (listed %dx%d), not 40:21", v.Path, b.Dx(), b.Dy(), v.Width, v.Height)
				}
				if v.Format != JPEG {
					continue
				}
				b := m.Bounds()
				for _, pt := range []image.Point{{b.Dx() / 2, 2}, {b.Dx() / 2, b.Dy() / 2}, {b.Dx() / 2, b.Dy() - 3}} {
					if got := name(m.At(pt.X, pt.Y)); got != tc.want {
						t.Errorf("%s at %v is %s, want %s", v.Path, pt, got, tc.want)
					}
				}
			}
			// The same photo whole is other files.
			whole, _ := p.Plan(Source{Name: src.Name, Data: data})
			if whole.Variants[0].Path == r.Variants[0].Path || whole.Height != 240 {
				t.Errorf("the whole photo is planned as %s (%dx%d), the crop as %s", whole.Variants[0].Path, whole.Width, whole.Height, r.Variants[0].Path)
			}
		})
	}
}
