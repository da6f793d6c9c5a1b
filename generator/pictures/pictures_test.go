package pictures

import (
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
)

// TestLeadImage: the first image of the first section that shows one,
// if that is the first or second section, is the page's lead: eager, high
// priority and preloaded at the sizes the page renders it with; a Markdown
// text never leads, nor does an image further down.
func TestLeadImage(t *testing.T) {
	img := content.Image{Src: "/assets/img/a-480.jpg", Width: 480, Height: 320, Sources: []content.ImageSource{{Type: "image/avif", Srcset: "/assets/img/a-480.avif 480w"}}}
	hero := &struct{ Title string }{"No image"}
	cover := &struct{ Cover content.Image }{img}
	page := &content.Page{Sections: []content.Section{{Kind: "hero", Value: cover}, {Kind: "cards", Value: &struct{ Other content.Image }{img}}}}
	if lead := leadImage(page); lead != &cover.Cover {
		t.Fatalf("lead image = %v, want the first section's", lead)
	}
	// Under a heading without an image: the first card leads.
	grid := &struct{ Cards []content.Image }{[]content.Image{img, img}}
	below := &content.Page{Sections: []content.Section{{Kind: "hero", Value: hero}, {Kind: "cards", Value: grid}}}
	if lead := leadImage(below); lead != &grid.Cards[0] {
		t.Errorf("lead image under a heading = %v, want the grid's first", lead)
	}
	// Further down, nothing leads.
	third := &content.Page{Sections: []content.Section{{Kind: "hero", Value: hero}, {Kind: "hero", Value: hero}, {Kind: "cards", Value: grid}}}
	if lead := leadImage(third); lead != nil {
		t.Errorf("an image of the third section leads: %v", lead)
	}
	// A drawing above a photo: the drawing leads, preloaded as it is.
	svg := &struct{ Art content.Image }{content.Image{Src: "/images/a.svg"}}
	drawn := &content.Page{Sections: []content.Section{{Kind: "hero", Value: svg}, {Kind: "cards", Value: grid}}}
	if lead := leadImage(drawn); lead != &svg.Art {
		t.Errorf("lead image below a drawing = %v, want the drawing", lead)
	}
	if got, want := Preload(&svg.Art, `<img src="/images/a.svg" alt="">`), `<link rel="preload" as="image" href="/images/a.svg" fetchpriority="high">`; strings.TrimSpace(got) != want {
		t.Errorf("a drawing's preload = %s, want %s", got, want)
	}
	text := &content.Page{Sections: []content.Section{{Kind: "markdown", Value: &content.MarkdownSection{Images: []content.Image{img}}}}}
	if leadImage(text) != nil {
		t.Error("a Markdown text's image leads its page")
	}

	// The preload asks for what the page's <picture> will pick: its sizes.
	body := `<picture><source type="image/avif" srcSet="/assets/img/a-480.avif 480w" sizes="(min-width: 908px) 860px, calc(100vw - 48px)"/></picture>`
	want := `<link rel="preload" as="image" type="image/avif" imagesrcset="/assets/img/a-480.avif 480w" imagesizes="(min-width: 908px) 860px, calc(100vw - 48px)" fetchpriority="high">`
	if got := Preload(&img, body); strings.TrimSpace(got) != want {
		t.Errorf("preload = %s, want %s", got, want)
	}
	if got := Preload(&img, `<p>no picture</p>`); got != "" {
		t.Errorf("a lead the body does not show is preloaded: %s", got)
	}
}
