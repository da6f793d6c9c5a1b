package content

import "testing"

// TestText: a text rendered around its images keeps its markup as it is
// and writes each image where the text has it, at the text's place; an
// edit changes the markup, never an image.
func TestText(t *testing.T) {
	imgs := []Image{{Src: "/a.svg"}, {Src: "/b.svg"}}
	picture := func(img Image, place string) string { return "[" + img.Src + " " + place + "]" }
	for _, tc := range []struct {
		name   string
		pieces []string
		want   string
	}{
		{"no image", []string{"<p>Text.</p>\n"}, "<p>Text.</p>\n"},
		{"in a paragraph", []string{"<p>", " and ", "</p>\n"}, "<p>[/a.svg text] and [/b.svg text]</p>\n"},
		{"side by side", []string{"<p>", "", "</p>\n"}, "<p>[/a.svg text][/b.svg text]</p>\n"},
		{"first and last", []string{"", "{email}", ""}, "[/a.svg text]me@x.example[/b.svg text]"},
	} {
		text := NewText(tc.pieces, "text")
		text.Edit(func(html string) string { return FillEmail(html, "me@x.example") })
		if got := text.Join(imgs, picture); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// An image the text does not have (none processed) is left out.
	if got := NewText([]string{"<p>", "</p>"}, "text").Join(nil, picture); got != "<p></p>" {
		t.Errorf("without its images: %q", got)
	}
	if got := NewText([]string{"<p>A", "B</p>"}, "text").Markup(); got != "<p>AB</p>" {
		t.Errorf("markup: %q", got)
	}
}
