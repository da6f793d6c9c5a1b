package content

import (
	"html"
	"net/url"
	"slices"
	"strings"
)

// Text is a Markdown text as the build renders it (generator/markdown):
// its markup in segments, with each of its images apart, so that the
// image stage writes each image where the text has it once the image is
// processed (generator/pictures), without looking for it in the HTML; and
// with each address its page resolves against itself apart, so that a
// feed writes the text with every address absolute (Absolute), without
// reading its HTML back either.
type Text []Segment

// Segment is a piece of a Text: markup, one of the text's images, or an
// address.
type Segment struct {
	// HTML is a piece of markup, written as it is; "" in an image's or an
	// address's segment.
	HTML string
	// Place, in an image's segment, is where the text shows its image (a
	// key of ImageSizes), and Image the image's index in the text's
	// images, in the order they are written. Place is "" in markup.
	Place string
	Image int
	// Address, in an address's segment, is a link's address, written in
	// the attribute the markup before it opens.
	Address Address
}

// Address is an address of a text that its page resolves against itself,
// as its attribute holds it (HTML-escaped).
type Address struct {
	Kind  AddressKind
	Value string
}

// AddressKind says what an Address is relative to.
type AddressKind uint8

const (
	// NoAddress is the kind of a segment that is not an address.
	NoAddress AddressKind = iota
	// SitePath is a path on the site ("/contact", "/"), resolved against
	// the site's origin.
	SitePath
	// Fragment is a place in the page ("#fn-1"), resolved against the
	// page's address.
	Fragment
)

// Edit replaces the markup of each segment with edit's result.
func (t Text) Edit(edit func(html string) string) {
	for i := range t {
		if t[i].Place == "" && t[i].Address.Kind == NoAddress {
			t[i].HTML = edit(t[i].HTML)
		}
	}
}

// Join writes the text as HTML for its page, each image imgs[Image] as
// picture writes it at its place, each address as it is; an image imgs
// does not have is left out.
func (t Text) Join(imgs []Image, picture func(img Image, place string) string) string {
	return t.join(imgs, picture, "", "")
}

// Absolute writes the text as HTML away from its page (a feed, which has
// no page to resolve an address against): as Join does, with each site
// path absolute against base, the site's origin, and each fragment
// against page, the page's own absolute address. picture must write its
// images' files absolute too.
func (t Text) Absolute(imgs []Image, picture func(img Image, place string) string, base, page string) string {
	return t.join(imgs, picture, html.EscapeString(strings.TrimSuffix(base, "/")), html.EscapeString(page))
}

// join writes the text with base before each site path and page before
// each fragment.
func (t Text) join(imgs []Image, picture func(img Image, place string) string, base, page string) string {
	var b strings.Builder
	for _, s := range t {
		switch {
		case s.Address.Kind == SitePath:
			b.WriteString(base)
			b.WriteString(s.Address.Value)
		case s.Address.Kind == Fragment:
			b.WriteString(page)
			b.WriteString(s.Address.Value)
		case s.Place == "":
			b.WriteString(s.HTML)
		case s.Image < len(imgs):
			b.WriteString(picture(imgs[s.Image], s.Place))
		}
	}
	return b.String()
}

// Markup is the text's HTML for its page, without its images.
func (t Text) Markup() string {
	return t.Join(nil, nil)
}

var _ ImageJoiner = (*ArticleSection)(nil)

// JoinImages writes the article's HTML from its Text, each image as
// picture writes it.
func (a *ArticleSection) JoinImages(picture func(img Image, place string) string) {
	a.HTML = a.Text.Join(a.Images, picture)
}

// Unlink returns the text with each link to a site path that hold holds
// written as its words alone: no <a>, no address. hold receives the
// link's path, unescaped ("/insights/launch" for
// "/insights/launch#part"). It is how a link to a scheduled article reads
// until the article's day (generator/load, scheduled.go). The text is
// not changed; held is how many links were left out.
//
// The markup is the renderer's own (generator/markdown): each link is
// `<a href="`, its address's segment, `"` and its attributes up to `>`,
// its words, and `</a>`; links do not nest, a footnote's reference inside
// one is an <a> of its own. A link that is not written so is left as it
// is, for the rendered pages' link check to refuse.
func (t Text) Unlink(hold func(path string) bool) (out Text, held int) {
	const open, end = `<a href="`, `</a>`
	out = slices.Clone(t)
	drop := map[int]bool{}
	for i, s := range out {
		if s.Address.Kind != SitePath || i == 0 || i+1 == len(out) {
			continue
		}
		u, err := url.Parse(html.UnescapeString(s.Address.Value))
		if err != nil || !hold(u.Path) {
			continue
		}
		before, after := &out[i-1], &out[i+1]
		gt := strings.IndexByte(after.HTML, '>')
		if !before.isMarkup() || !after.isMarkup() || !strings.HasSuffix(before.HTML, open) || !strings.HasPrefix(after.HTML, `"`) || gt < 0 {
			continue
		}
		// The </a> that ends this link: the first one past the <a>s
		// opened inside it.
		closeAt, from, depth := -1, gt+1, 0
	find:
		for j := i + 1; j < len(out); j++ {
			if !out[j].isMarkup() {
				continue
			}
			m := out[j].HTML
			for k := from; k < len(m); k++ {
				switch {
				case strings.HasPrefix(m[k:], open):
					depth++
				case strings.HasPrefix(m[k:], end) && depth > 0:
					depth--
				case strings.HasPrefix(m[k:], end):
					closeAt = j
					out[j].HTML = m[:k] + m[k+len(end):]
					break find
				}
			}
			from = 0
		}
		if closeAt < 0 {
			continue
		}
		// The </a> was cut past gt: the start tag's rest is where it was.
		before.HTML = strings.TrimSuffix(before.HTML, open)
		after.HTML = after.HTML[gt+1:]
		drop[i] = true
		held++
	}
	if held == 0 {
		return t, 0
	}
	kept := out[:0]
	for i, s := range out {
		if !drop[i] {
			kept = append(kept, s)
		}
	}
	return kept, held
}

func (s Segment) isMarkup() bool { return s.Place == "" && s.Address.Kind == NoAddress }
