package content

import "strings"

// Text is a Markdown text as the build renders it (generator/markdown):
// its markup in segments, with each of its images apart, so that the
// image stage writes each image where the text has it once the image is
// processed (generator/pictures), without looking for it in the HTML.
type Text []Segment

// Segment is a piece of a Text: markup, or one of the text's images.
type Segment struct {
	// HTML is a piece of markup, written as it is; "" in an image's
	// segment.
	HTML string
	// Place, in an image's segment, is where the text shows its image (a
	// key of ImageSizes), and Image the image's index in the text's
	// images, in the order they are written. Place is "" in markup.
	Place string
	Image int
}

// NewText is a text rendered in pieces around its images, one more piece
// than images (markdown.Dialect.Render), each image shown at place.
func NewText(pieces []string, place string) Text {
	var t Text
	for i, p := range pieces {
		if i > 0 {
			t = append(t, Segment{Place: place, Image: i - 1})
		}
		if p != "" {
			t = append(t, Segment{HTML: p})
		}
	}
	return t
}

// Edit replaces the markup of each segment with edit's result.
func (t Text) Edit(edit func(html string) string) {
	for i := range t {
		if t[i].Place == "" {
			t[i].HTML = edit(t[i].HTML)
		}
	}
}

// Join writes the text as HTML, each image imgs[Image] as picture writes
// it at its place; an image imgs does not have is left out.
func (t Text) Join(imgs []Image, picture func(img Image, place string) string) string {
	var b strings.Builder
	for _, s := range t {
		switch {
		case s.Place == "":
			b.WriteString(s.HTML)
		case s.Image < len(imgs):
			b.WriteString(picture(imgs[s.Image], s.Place))
		}
	}
	return b.String()
}

// Markup is the text's HTML without its images.
func (t Text) Markup() string {
	return t.Join(nil, nil)
}

var _ ImageJoiner = (*ArticleSection)(nil)

// JoinImages writes the article's HTML from its Text, each image as
// picture writes it.
func (a *ArticleSection) JoinImages(picture func(img Image, place string) string) {
	a.HTML = a.Text.Join(a.Images, picture)
}
