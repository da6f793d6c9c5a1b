// Package textwidth measures a label as the browser sets it in the site's
// widest face: DejaVu Sans, Book or Bold, the face the font stack
// (system-ui and its fallbacks) meets on Linux, wider than San Francisco,
// Segoe UI or Roboto. The build uses it where content must fit a box whose
// width the design fixes: the header's entries (generator/headerfit) and
// the cookie banner's buttons (content.Consent). Kerning is left out, which
// only widens the estimate. The widths are a table generated from the fonts
// (gen.go).
package textwidth

import "math"

// Text is the width of s set at size px, in DejaVu Sans Bold or Book,
// rounded up to the next pixel. A rune the table lacks counts as 1 em,
// as wide as any glyph of a sans face.
func Text(s string, size float64, bold bool) float64 {
	table := book[:]
	if bold {
		table = boldFace[:]
	}
	units := 0
	for _, r := range s {
		units += advance(table, r)
	}
	return math.Ceil(float64(units) * size / 2048)
}

// advance is r's width in 1/2048 em.
func advance(table []uint16, r rune) int {
	i := 0
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			if w := table[i+int(r-rg[0])]; w > 0 {
				return int(w)
			}
			break
		}
		i += int(rg[1]-rg[0]) + 1
	}
	return 2048
}
