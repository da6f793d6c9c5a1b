package content

import (
	"errors"
	"path"
	"reflect"
	"strings"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/imagefiles"
)

// Image is a site image: a file under content/images/ named by its site
// path, and its text alternative. Its width and height, which the page
// reserves before the image loads, are read from the file, never typed.
//
// Commit a photo (JPEG, PNG or WebP) as it came from the camera, up to
// 40 MB, 16,000 pixels a side and 50 megapixels: the build turns it
// upright, removes its camera data (EXIF, GPS position) and makes the
// sizes and formats each screen needs. An SVG is published as
// imagefiles.CleanSVG re-writes it, and may hold no script, event handler or
// outside reference. alt must say what the image shows.
//
// For a photo the build replaces Src with the fallback file (JPEG, or
// PNG for transparency) at a middle width, and fills in Srcset, Sources
// (AVIF and WebP) and Color (generator/imagefiles).
type Image struct {
	Pos    field.Pos `json:"-"`
	Src    string    `json:"src"`
	Alt    string    `json:"alt"`
	Width  int       `json:"width" yaml:"-"`
	Height int       `json:"height" yaml:"-"`
	// Srcset lists the fallback's files by width ("/assets/img/a-480.jpg 480w, …").
	Srcset string `json:"srcset,omitempty" yaml:"-"`
	// Sources are the modern formats, best first (AVIF, then WebP).
	Sources []ImageSource `json:"sources,omitempty" yaml:"-"`
	// Color is the placeholder colour, #rrggbb.
	Color string `json:"color,omitempty" yaml:"-"`
	// Priority marks the page's lead image (generator/pictures' leadImage: the
	// first image under its heading): loaded at once, at high priority,
	// and preloaded by the head; every other image loads lazily.
	Priority bool `json:"priority,omitempty" yaml:"-"`
	// Original is the Src an editor wrote, once the build has replaced Src.
	Original string `json:"-" yaml:"-"`
	// Crop is the shape the build cuts the photo to (an article's cover);
	// Width and Height are the cropped size.
	Crop *imagefiles.Crop `json:"-" yaml:"-"`
	// Focus is where the frame an image is shown in keeps it (CSS
	// object-position, "50% 30%"): an article cover's focus.
	Focus string `json:"focus,omitempty" yaml:"-"`
}

// ImageSizes are the `sizes` of each place an image can sit, declared
// once: the app's <Picture place=…> (frontend/src/components/ui/picture.tsx,
// through the generated imageSizes), the Markdown texts' images and the
// head's preload of a lead image all read them here. Each is the width
// the image is shown at, from the layout's CSS.
var ImageSizes = map[string]string{
	// cover: a lead image across the page.
	"cover": "100vw",
	// card: a case-study card (home.css .studies: 1, 2 from 48em, then 4
	// columns from 68.75em, in 1200 px). The columns follow the text size
	// (media queries in em: 768 and 1,100 px at the default 16 px), the
	// column's 1200 px does not, so that 270 px needs both.
	"card": "(min-width: 68.75em) and (min-width: 1232px) 270px, (min-width: 68.75em) calc((100vw - 120px) / 4), (min-width: 48em) calc((100vw - 72px) / 2), calc(100vw - 48px)",
	// story: a case study told in full (block-sections.css .story, and its own page's
	// detail-page.css .detail-story: 2 of 5 columns from 56.25em, 900 px at 16 px).
	"story": "(min-width: 56.25em) and (min-width: 1232px) 429px, (min-width: 56.25em) calc((100vw - 128px) * 0.4), calc(100vw - 96px)",
	// avatar: a founder's photo (home.css .avatar: 56 px round).
	"avatar": "56px",
	// logo: a partner's logo (at most 160 px wide).
	"logo": "160px",
	// article-cover: an article's cover, across its column (articles.css
	// .article-layout: 860 px).
	"article-cover": "(min-width: 908px) 860px, calc(100vw - 48px)",
	// article-card: an article's card (articles.css .article-cards: columns
	// of at least 320 px in the 1200 px container).
	"article-card": "(min-width: 1248px) 384px, (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 48px)",
	// text: an image of a Markdown text (text-pages.css: 800 px less its padding).
	"text": "(min-width: 800px) 752px, calc(100vw - 48px)",
}

// ImageSource is one <source> of a <picture>: a media type and the
// files of that type by width.
type ImageSource struct {
	Type   string `json:"type"`
	Srcset string `json:"srcset"`
}

func (i Image) Validate() error {
	var errs []error
	if err := field.CheckPath("src", i.Src); err != nil {
		errs = append(errs, field.InField("src", err))
	}
	if strings.TrimSpace(i.Alt) == "" {
		errs = append(errs, field.AtField("alt", "alt is blank: describe what the image shows, for visitors who cannot see it"))
	}
	return errors.Join(errs...)
}

// Drawn reports whether the build draws this image (the plain cover,
// DefaultCover) instead of reading it from content/.
func (i Image) Drawn() bool { return i.Src == DefaultCover }

// Processed reports whether the build encodes this image (JPEG, PNG or
// WebP) rather than shipping it as it is.
func (i Image) Processed() bool {
	switch strings.ToLower(path.Ext(i.source())) {
	case ".jpg", ".jpeg", ".png", ".webp":
		return true
	}
	return false
}

// File is the image's original in the content tree ("images/a.jpg").
func (i Image) File() string { return strings.TrimPrefix(i.source(), "/") }

func (i Image) source() string {
	if i.Original != "" {
		return i.Original
	}
	return i.Src
}

// EachImage calls fn with every Image inside v (a pointer to content:
// a Site, a Page, sections, collections), including the images of
// Markdown text.
func EachImage(v any, fn func(*Image)) { eachImage(reflect.ValueOf(v), fn) }

func eachImage(v reflect.Value, fn func(*Image)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			eachImage(v.Elem(), fn)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			eachImage(v.Index(i), fn)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			eachImage(v.MapIndex(k), fn)
		}
	case reflect.Struct:
		if !v.CanAddr() {
			c := reflect.New(v.Type()).Elem()
			c.Set(v)
			v = c
		}
		if img, ok := v.Addr().Interface().(*Image); ok {
			fn(img)
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				eachImage(v.Field(i), fn)
			}
		}
	}
}

// EachSectionImage calls fn with each image that section i of the page
// shows: its own, then those of the collections it reads. The page first
// gets its own copy of those collections, so that fn may mark an image
// (Priority) for this page alone: every page that reads a collection
// shares it otherwise.
func (p *Page) EachSectionImage(i int, fn func(*Image)) {
	sec := &p.Sections[i]
	EachImage(sec, fn)
	eachRead(sec, func(_ string, c collectionFile) {
		slot := c.slot(&p.Collections)
		slot.Set(deepCopy(slot))
		EachImage(slot.Addr().Interface(), fn)
	})
}

// deepCopy copies v with its pointers, slices and structs, so that no
// image of the copy is shared with v. Maps and interfaces are shared: no
// collection keeps an image in one.
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(deepCopy(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	}
	return v
}
