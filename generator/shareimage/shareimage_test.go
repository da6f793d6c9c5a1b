package shareimage

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"
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
