package sitefiles

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"reflect"
	"testing"
)

func TestFiles(t *testing.T) {
	files := Files(Brand{Name: "Vozia", Description: "d", Accent: color.RGBA{0xFF, 0x6B, 0x35, 0xFF}, ShareImage: "/images/share.png", Logo: "/images/logo.png"})
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	share, err := png.Decode(bytes.NewReader(byPath["/images/share.png"]))
	if err != nil {
		t.Fatal(err)
	}
	if b := share.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Errorf("share image is %dx%d, want 1200x630", b.Dx(), b.Dy())
	}
	// A share card is shown on white and on dark feeds alike: every pixel
	// is opaque, and the background is the brand's ink.
	for y := range 630 {
		for x := range 1200 {
			if _, _, _, a := share.At(x, y).RGBA(); a != 0xFFFF {
				t.Fatalf("share image pixel (%d,%d) has alpha %d, want opaque", x, y, a>>8)
			}
		}
	}
	if c := color.RGBAModel.Convert(share.At(4, 4)); c != ink {
		t.Errorf("share image background is %v, want %v", c, ink)
	}
	ico := byPath["/favicon.ico"]
	if !bytes.HasPrefix(ico, []byte{0, 0, 1, 0, 1, 0, 32, 32}) || !bytes.Contains(ico, []byte("\x89PNG")) {
		t.Error("favicon.ico is not a 32x32 icon")
	}
	var manifest struct {
		Name       string `json:"name"`
		ThemeColor string `json:"theme_color"`
		Icons      []struct {
			Src string `json:"src"`
		} `json:"icons"`
	}
	if err := json.Unmarshal(byPath["/site.webmanifest"], &manifest); err != nil || manifest.ThemeColor != "#FF6B35" || manifest.Name != "Vozia" || len(manifest.Icons) != 2 {
		t.Errorf("manifest: %v %+v", err, manifest)
	}
	for _, i := range manifest.Icons {
		if byPath[i.Src] == nil {
			t.Errorf("manifest icon %s is not written", i.Src)
		}
	}
	again := Files(Brand{Name: "Vozia", Description: "d", Accent: color.RGBA{0xFF, 0x6B, 0x35, 0xFF}, ShareImage: "/images/share.png", Logo: "/images/logo.png"})
	for i := range files {
		if !bytes.Equal(files[i].Data, again[i].Data) {
			t.Errorf("%s differs between two builds", files[i].Path)
		}
	}
}

// The images are encoded losslessly, each with a palette (the drawings
// keep to 256 colours, whatever the accent: blend): decoded, each has the
// pixels that were drawn.
func TestImagesAreLossless(t *testing.T) {
	for _, accent := range []color.RGBA{{0xFF, 0x6B, 0x35, 0xFF}, {0x0E, 0xA5, 0xE9, 0xFF}, {0x7C, 0x3A, 0xED, 0xFF}} {
		t.Run(fmt.Sprintf("#%02X%02X%02X", accent.R, accent.G, accent.B), func(t *testing.T) { lossless(t, accent) })
	}
}

func lossless(t *testing.T, accent color.RGBA) {
	files := map[string][]byte{}
	for _, f := range Files(Brand{Name: "Vozia", Accent: accent, ShareImage: "/share.png", Logo: "/logo.png"}) {
		files[f.Path] = f.Data
	}
	tests := []struct {
		path string
		want *image.RGBA
	}{
		{"/apple-touch-icon.png", mark(180, accent)},
		{"/icon-192.png", mark(192, accent)},
		{"/icon-512.png", mark(512, accent)},
		{"/logo.png", mark(512, accent)},
		{"/share.png", share(accent)},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			got, err := png.Decode(bytes.NewReader(files[tc.path]))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := got.(*image.Paletted); !ok {
				t.Errorf("encoded as %T, without a palette: drawn with more than 256 colours", got)
			}
			if got.Bounds() != tc.want.Bounds() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), tc.want.Bounds())
			}
			r := got.Bounds()
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					g, w := color.NRGBAModel.Convert(got.At(x, y)), color.NRGBAModel.Convert(tc.want.At(x, y))
					if g != w {
						t.Fatalf("pixel (%d,%d) is %v, drawn %v", x, y, g, w)
					}
				}
			}
		})
	}
}

// TestCacheKeepsFilesBetweenBuilds: a build with a cache folder draws the
// brand's files once; the next build (a new process, a new Cache) takes
// them from the folder byte for byte, and a new accent colour draws them
// again.
func TestCacheKeepsFilesBetweenBuilds(t *testing.T) {
	root := t.TempDir()
	b := Brand{Name: "Vozia", Accent: color.RGBA{0xFF, 0x6B, 0x35, 0xFF}, ShareImage: "/images/share.png", Logo: "/images/logo.png"}
	first := NewCache(root)
	drawn := first.Files(b)
	if !reflect.DeepEqual(drawn, Files(b)) {
		t.Fatal("the cache's files are not the drawn ones")
	}
	// What the next build reads is what the folder holds: a planted entry
	// shows that it reads it rather than drawing.
	planted := []File{{Path: "/favicon.svg", Data: []byte("kept")}}
	first.Disk.KeepJSON(mustJSON(t, b), planted)
	next := NewCache(root)
	if got := next.Files(b); !reflect.DeepEqual(got, planted) {
		t.Errorf("the next build drew the files again: %d files", len(got))
	}
	b.Accent = color.RGBA{0x12, 0x34, 0x56, 0xFF}
	if got := next.Files(b); !reflect.DeepEqual(got, Files(b)) {
		t.Error("a new accent colour kept the old files")
	}
	none := NewCache("")
	if got := none.Files(b); !reflect.DeepEqual(got, Files(b)) {
		t.Error("without a cache folder, the files are not the drawn ones")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
