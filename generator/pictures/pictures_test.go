package pictures

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/prerender"
)

// TestLeadImage: the first image of the first section that shows one,
// if that is the first or second section, is the page's lead: eager, high
// priority and preloaded at the sizes of the place its section shows it
// in; a Markdown text never leads, nor does an image further down.
func TestLeadImage(t *testing.T) {
	img := content.Image{Src: "/assets/img/a-480.jpg", Width: 480, Height: 320, Sources: []content.ImageSource{{Type: "image/avif", Srcset: "/assets/img/a-480.avif 480w"}}}
	hero := &struct{ Title string }{"No image"}
	cover := &struct{ Cover content.Image }{img}
	page := &content.Page{Sections: []content.Section{{Kind: "logos", Value: cover}, {Kind: "case-studies", Value: &struct{ Other content.Image }{img}}}}
	if lead, _ := leadImage(page); lead.Image != &cover.Cover || lead.Place != "logo" {
		t.Fatalf("lead image = %v in %q, want the first section's, as a logo", lead.Image, lead.Place)
	}
	// Under a heading without an image: the first card leads.
	grid := &struct{ Cards []content.Image }{[]content.Image{img, img}}
	below := &content.Page{Sections: []content.Section{{Kind: "hero", Value: hero}, {Kind: "case-study-grid", Value: grid}}}
	if lead, _ := leadImage(below); lead.Image != &grid.Cards[0] || lead.Place != "card" {
		t.Errorf("lead image under a heading = %v in %q, want the grid's first, as a card", lead.Image, lead.Place)
	}
	// Further down, nothing leads.
	third := &content.Page{Sections: []content.Section{{Kind: "hero", Value: hero}, {Kind: "hero", Value: hero}, {Kind: "case-study-grid", Value: grid}}}
	if lead, ok := leadImage(third); ok {
		t.Errorf("an image of the third section leads: %v", lead.Image)
	}
	// A kind that declares no place for its images leads nothing.
	unplaced := &content.Page{Sections: []content.Section{{Kind: "gallery", Value: grid}}}
	if lead, ok := leadImage(unplaced); ok {
		t.Errorf("an image of a kind without a place leads: %v", lead.Image)
	}
	// A drawing above a photo: the drawing leads, preloaded as it is.
	svg := &struct{ Art content.Image }{content.Image{Src: "/images/a.svg"}}
	drawn := &content.Page{Sections: []content.Section{{Kind: "logos", Value: svg}, {Kind: "case-study-grid", Value: grid}}}
	lead, _ := leadImage(drawn)
	if lead.Image != &svg.Art {
		t.Errorf("lead image below a drawing = %v, want the drawing", lead.Image)
	}
	if got, want := Preload(lead), `<link rel="preload" as="image" href="/images/a.svg" fetchpriority="high">`; strings.TrimSpace(got) != want {
		t.Errorf("a drawing's preload = %s, want %s", got, want)
	}
	text := &content.Page{Sections: []content.Section{{Kind: "markdown", Value: &sections.MarkdownSection{Images: []content.Image{img}}}}}
	if _, ok := leadImage(text); ok {
		t.Error("a Markdown text's image leads its page")
	}

	// The preload asks for what the page's <picture> will pick: its
	// first source at the sizes of its place.
	want := `<link rel="preload" as="image" type="image/avif" imagesrcset="/assets/img/a-480.avif 480w" imagesizes="(min-width: 908px) 860px, calc(100vw - 48px)" fetchpriority="high">`
	if got := Preload(Lead{&img, "article-cover"}); strings.TrimSpace(got) != want {
		t.Errorf("preload = %s, want %s", got, want)
	}
	if got := Preload(Lead{}); got != "" {
		t.Errorf("no lead is preloaded: %s", got)
	}
}

// TestLeadPlaces: every kind of section that can show an image (in its
// fields, or in the records of the collections it reads) says in which
// place it shows it, and each place has its sizes; else its images would
// lead no page. Markdown texts never lead.
func TestLeadPlaces(t *testing.T) {
	imageType := reflect.TypeFor[content.Image]()
	for _, k := range content.Kinds() {
		shows := holds(k.Type(), imageType, map[reflect.Type]bool{})
		content.EachRead(&content.Section{Kind: k.Name, Value: reflect.New(k.Type()).Interface()}, func(name string) {
			shows = shows || holds(content.CollectionRecord(name), imageType, map[reflect.Type]bool{})
		})
		place, ok := k.LeadPlace, k.LeadPlace != ""
		switch {
		case k.Name == "markdown":
			if ok {
				t.Errorf("markdown has a lead place %q: a text never leads", place)
			}
		case shows && !ok:
			t.Errorf("section kind %q shows images but declares no LeadPlace (the place its component gives <Picture>)", k.Name)
		case !shows && ok:
			t.Errorf("section kind %q declares a LeadPlace but shows no image", k.Name)
		}
		if _, known := content.ImageSizes[place]; ok && !known {
			t.Errorf("section kind %q declares LeadPlace %q, which content.ImageSizes does not have", k.Name, place)
		}
	}
}

// holds reports whether a value of type t can hold a want.
func holds(t, want reflect.Type, seen map[reflect.Type]bool) bool {
	if t == want {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return holds(t.Elem(), want, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && holds(f.Type, want, seen) {
				return true
			}
		}
	}
	return false
}

// TestPictureParity: an image of a Markdown text (pictureHTML) is the
// markup the app's <Picture> writes for the same image at the same place,
// rendered by the server bundle as the pages are: the same elements with
// the same attributes and values, as a browser parses them. A photo with
// its sources, with and without its placeholder colour and focus, a
// drawing, each at every place, with an alt that needs escaping.
func TestPictureParity(t *testing.T) {
	b, err := bundle.Build("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	r, err := prerender.New(b.Server, 1)
	if err != nil {
		t.Fatal(err)
	}
	photo := content.Image{
		Src: "/assets/img/a-0123456789-768.jpg", Alt: `A "quoted" chart, Ana's & <b>`, Width: 1000, Height: 600,
		Srcset:  "/assets/img/a-0123456789-320.jpg 320w, /assets/img/a-0123456789-768.jpg 768w",
		Sources: []content.ImageSource{{Type: "image/avif", Srcset: "/assets/img/a-0123456789-320.avif 320w, /assets/img/a-0123456789-768.avif 768w"}, {Type: "image/webp", Srcset: "/assets/img/a-0123456789-320.webp 320w"}},
		Color:   "#3a5f7d",
	}
	pending := photo // make dev: named before it is encoded, no colour yet
	pending.Color = ""
	focused := photo
	focused.Focus = "50% 20%"
	bare := focused
	bare.Color = ""
	drawing := content.Image{Src: "/images/logos/a.svg", Alt: "A drawing", Width: 120, Height: 40}
	tinted := drawing
	tinted.Color, tinted.Focus = "#ffffff", "0% 100%"
	images := map[string]content.Image{"photo": photo, "pending photo": pending, "focused photo": focused, "focused photo without colour": bare, "drawing": drawing, "drawing with colour and focus": tinted}
	for name, img := range images {
		for place := range content.ImageSizes {
			data, err := json.Marshal(img)
			if err != nil {
				t.Fatal(err)
			}
			app, err := r.Call("renderPicture", string(data), place)
			if err != nil {
				t.Fatal(err)
			}
			md := pictureHTML(img, place, "")
			if got, want := parsed(t, md), parsed(t, app); got != want {
				t.Errorf("%s at %s: Markdown's picture\n\t%s\nis not the app's\n\t%s\nparsed:\n\t%s\n\t%s", name, place, md, app, got, want)
			}
		}
	}
}

// parsed is the tree a browser makes of an HTML fragment, written as its
// elements with their attributes sorted, and its text.
func parsed(t *testing.T, s string) string {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var write func(n *html.Node)
	write = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			fmt.Fprintf(&b, "%q", n.Data)
		case html.ElementNode:
			attrs := make([]string, len(n.Attr))
			for i, a := range n.Attr {
				attrs[i] = fmt.Sprintf("%s=%q", a.Key, a.Val)
			}
			slices.Sort(attrs)
			fmt.Fprintf(&b, "<%s %s>", n.Data, strings.Join(attrs, " "))
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				write(c)
			}
			fmt.Fprintf(&b, "</%s>", n.Data)
		default:
			fmt.Fprintf(&b, "[node %d]", n.Type)
		}
	}
	for _, n := range nodes {
		write(n)
	}
	return b.String()
}

// TestAbsolute: away from its page (a feed), a text's picture is the one
// its page shows with every file's site path absolute against the site's
// origin (with or without its slash): the fallback's src, each candidate
// of each srcset; a drawing's src too, and a file elsewhere as it is.
func TestAbsolute(t *testing.T) {
	photo := content.Image{
		Src: "/assets/img/a-768.jpg", Alt: "A chart", Width: 1000, Height: 600, Color: "#3a5f7d",
		Srcset:  "/assets/img/a-320.jpg 320w, /assets/img/a-768.jpg 768w",
		Sources: []content.ImageSource{{Type: "image/avif", Srcset: "/assets/img/a-320.avif 320w, /assets/img/a-768.avif 768w"}, {Type: "image/webp", Srcset: "/assets/img/a-320.webp 320w"}},
	}
	for _, tc := range []struct {
		name string
		img  content.Image
		want []string
	}{
		{"photo", photo, []string{
			`srcset="https://example.com/assets/img/a-320.avif 320w, https://example.com/assets/img/a-768.avif 768w"`,
			`srcset="https://example.com/assets/img/a-320.webp 320w"`,
			`src="https://example.com/assets/img/a-768.jpg" srcset="https://example.com/assets/img/a-320.jpg 320w, https://example.com/assets/img/a-768.jpg 768w"`,
		}},
		{"drawing", content.Image{Src: "/images/a.svg", Alt: "A drawing", Width: 120, Height: 40}, []string{`src="https://example.com/images/a.svg"`}},
		{"elsewhere", content.Image{Src: "https://cdn.example/a.svg", Alt: "B"}, []string{`src="https://cdn.example/a.svg"`}},
		{"protocol-relative", content.Image{Src: "//cdn.example/a.svg", Alt: "C"}, []string{`src="//cdn.example/a.svg"`}},
	} {
		page := pictureHTML(tc.img, "text", "")
		for _, base := range []string{"https://example.com", "https://example.com/"} {
			got := Absolute(base)(tc.img, "text")
			for _, want := range tc.want {
				if !strings.Contains(got, want) {
					t.Errorf("%s against %q lacks %s:\n%s", tc.name, base, want, got)
				}
			}
			if strings.ReplaceAll(got, "https://example.com/", "/") != page {
				t.Errorf("%s against %q is not its page's picture but for its files:\n%s\n%s", tc.name, base, got, page)
			}
		}
	}
	if photo.Src != "/assets/img/a-768.jpg" || photo.Sources[0].Srcset != "/assets/img/a-320.avif 320w, /assets/img/a-768.avif 768w" {
		t.Errorf("writing a picture absolute changed its image: %+v", photo)
	}
}
