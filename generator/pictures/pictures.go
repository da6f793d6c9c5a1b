// Package pictures turns the images that content names into what pages
// show: every JPEG, PNG and WebP original processed (generator/imagefiles)
// into its sizes and formats, each content.Image filled in with its files
// (srcset by width and format, placeholder colour), the Markdown texts
// written with their images (content.Text: a photo's <picture> or a
// drawing's <img>, where the text has it), and each page's lead image
// (eager, high priority, preloaded by the head: Preload) with the place
// its page shows it in, so that the preload asks for the file the page's
// <picture> picks.
package pictures

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/internal/atomicdir"
)

// Pictures processes the images of one site build after build, keeping
// the encoded files (in memory, and on disk under a cache directory).
type Pictures struct{ images *imagefiles.Processor }

// New returns Pictures that keep their encodings under cacheDir too (none
// when empty).
func New(cacheDir string) *Pictures {
	return &Pictures{images: imagefiles.NewProcessor(imagefiles.Default, cacheDir)}
}

// Encoded is the number of originals encoded since New (not found in the
// caches).
func (p *Pictures) Encoded() int { return p.images.Encoded() }

// Result is what a page build needs of its images.
type Result struct {
	// Files are the processed images, paths relative to the site root.
	Files []atomicdir.File
	// Pending are the site paths of the files still being encoded (make
	// dev): the link check takes them as there, since they will be.
	Pending []string
	// PendingFrom is the original of each of Pending, by its site path:
	// its file in the content tree, which make dev serves in its place
	// meanwhile (a page never shows a broken image).
	PendingFrom map[string]string
	// Leads are the lead image of each page that has one, by its path.
	Leads map[string]Lead
	// Shown are all the images the site shows, processed or not.
	Shown []*content.Image
	// Encoded are the originals processed, in content order, for the
	// build's summary.
	Encoded []Encoded
}

// Encoded is what one original became and what it cost.
type Encoded struct {
	// File is the original's path under content/.
	File string
	// Variants and Bytes are its encoded files and their total size.
	Variants, Bytes int
	// Took is its encoding time; Cached, that this build took the files
	// from the cache instead (Took is then what the cache saved).
	Took   time.Duration
	Cached bool
}

// Process processes every image that content names and fills in each
// content.Image.
//
// With ready set (make dev), images not in the caches do not hold the
// build: their pages get the planned files (names and sizes are known
// from the header), the encoding runs in the background, and ready is
// called when it is done, so that a rebuild swaps them in.
func (pics *Pictures) Process(ctx context.Context, site *content.Site, fsys fs.FS, ready func()) (*Result, error) {
	res := &Result{}
	var all []*content.Image
	collect := func(img *content.Image) { all = append(all, img) }
	content.EachImage(&site.Collections, collect)
	paths := make([]string, 0, len(site.Pages))
	for path := range site.Pages {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		p := site.Pages[path]
		content.EachImage(&p.Sections, collect)
		content.EachImage(&p.Collections, collect)
	}
	var srcs []imagefiles.Source
	index := map[string]int{}
	where := map[string]field.Pos{}
	var errs content.ErrorList
	for _, img := range all {
		if !img.Processed() {
			continue
		}
		file, id := img.File(), imageID(img)
		if _, ok := index[id]; ok {
			continue
		}
		data, err := fs.ReadFile(fsys, file)
		if err != nil { // reported by load.Site
			continue
		}
		index[id] = len(srcs)
		where[id] = img.Pos
		srcs = append(srcs, imagefiles.Source{Name: file, Data: data, Crop: img.Crop})
	}

	results := make([]*imagefiles.Result, len(srcs))
	pending := false
	if ready != nil {
		for i, src := range srcs {
			r, err := pics.images.Plan(src)
			if err != nil {
				errs = append(errs, posError(where[sourceID(src)], src.Name, err))
				continue
			}
			results[i] = r
			pending = pending || !r.Ready()
		}
	} else {
		var err error
		results, err = pics.images.Process(ctx, srcs)
		for i, r := range results {
			if r == nil {
				e := err
				if e == nil {
					e = errors.New("not processed")
				}
				errs = append(errs, posError(where[sourceID(srcs[i])], srcs[i].Name, sourceError(e, srcs[i].Name)))
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs.Sorted()
	}
	if pending {
		go func() {
			pics.images.Process(context.WithoutCancel(ctx), srcs)
			ready()
		}()
	} else {
		pics.images.Keep(srcs)
	}

	byFile := map[string]*imagefiles.Result{}
	for i, src := range srcs {
		byFile[sourceID(src)] = results[i]
		e := Encoded{File: src.Name, Variants: len(results[i].Variants), Took: results[i].Took, Cached: results[i].Cached}
		for _, data := range results[i].Files {
			e.Bytes += len(data)
		}
		res.Encoded = append(res.Encoded, e)
		for _, v := range results[i].Variants {
			if data, ok := results[i].Files[v.Path]; ok {
				res.Files = append(res.Files, atomicdir.File{Path: strings.TrimPrefix(v.Path, "/"), Data: data})
			} else {
				res.Pending = append(res.Pending, v.Path)
				if res.PendingFrom == nil {
					res.PendingFrom = map[string]string{}
				}
				res.PendingFrom[v.Path] = src.Name
			}
		}
	}
	fill := func(img *content.Image) {
		if r := byFile[imageID(img)]; r != nil && img.Processed() {
			setImage(img, r)
		}
	}
	for _, img := range all {
		fill(img)
	}
	// The images of Markdown texts (pages' and articles') were filled in
	// with the others; each is written into its text where the text has
	// it.
	for _, p := range site.Pages {
		for _, sec := range p.Sections {
			if t, ok := sec.Value.(content.ImageJoiner); ok {
				t.JoinImages(func(img content.Image, place string) string { return pictureHTML(img, place, "") })
			}
		}
	}
	res.Shown = all
	res.Leads = map[string]Lead{}
	for path, p := range site.Pages {
		if lead, ok := leadImage(p); ok {
			lead.Image.Priority = true
			res.Leads[path] = lead
		}
	}
	return res, nil
}

// Lead is a page's lead image and the place its page shows it in.
type Lead struct {
	Image *content.Image
	// Place is a key of content.ImageSizes: the place the component of
	// the image's section gives its <Picture> (content.Kind.LeadPlace).
	Place string
}

// LeadPlace is the place (a key of content.ImageSizes) in which a section
// of the kind shows its lead image, or false for a kind whose images never
// lead a page. Each kind declares it where it is registered
// (content.Kind.LeadPlace), as its component says in frontend/src
// (<Picture place=…>): the head's preload asks for the file the <picture>
// picks at those sizes. TestLeadPreloads in generator renders a page led
// by each such kind and fails when a preload's sizes are not its
// picture's; TestLeadPlaces fails for a kind that shows images and
// declares no place.
func LeadPlace(kind string) (string, bool) {
	k, ok := content.KindNamed(kind)
	return k.LeadPlace, ok && k.LeadPlace != ""
}

// leadImage is the page's likely largest image and its place: the first
// image (a photo or a drawing) of the first section that shows an image,
// if that is the first or second section (a hero's picture, an article's
// cover, the first card of a grid under the page's heading, a
// collection's record included). Text sections do not lead: their images
// are lazy, as is every image further down.
func leadImage(p *content.Page) (Lead, bool) {
	for i, sec := range p.Sections[:min(2, len(p.Sections))] {
		if _, ok := sec.Value.(*sections.MarkdownSection); ok {
			return Lead{}, false
		}
		// An article's lead image is its cover (its author's photo comes
		// first among its fields).
		if a, ok := sec.Value.(*content.ArticleSection); ok {
			if a.Cover.Src != "" {
				place, ok := LeadPlace(sec.Kind)
				return Lead{&a.Cover, place}, ok
			}
			return Lead{}, false
		}
		var first *content.Image
		p.EachSectionImage(i, func(img *content.Image) {
			if first == nil {
				first = img
			}
		})
		if first != nil {
			place, ok := LeadPlace(sec.Kind)
			return Lead{first, place}, ok // a photo, or a drawing (SVG)
		}
	}
	return Lead{}, false
}

// Preload is the head's <link> that starts the lead image's download
// before the body is parsed: a drawing's file, or for a photo the format
// and width the <picture> will pick, its first <source> (AVIF) at the
// sizes of its place, which are the sizes the page's <picture> gives it
// (a preload of another width is a second download). No lead has no
// preload.
func Preload(lead Lead) string {
	img := lead.Image
	if img == nil || img.Src == "" {
		return ""
	}
	if len(img.Sources) == 0 {
		// A drawing (SVG): one file, whatever the screen.
		return fmt.Sprintf(`<link rel="preload" as="image" href="%s" fetchpriority="high">`+"\n", html.EscapeString(img.Src))
	}
	s := img.Sources[0]
	return fmt.Sprintf(`<link rel="preload" as="image" type="%s" imagesrcset="%s" imagesizes="%s" fetchpriority="high">`+"\n",
		html.EscapeString(s.Type), html.EscapeString(s.Srcset), html.EscapeString(content.ImageSizes[lead.Place]))
}

// setImage points a content image at its processed files.
func setImage(img *content.Image, r *imagefiles.Result) {
	if img.Original == "" {
		img.Original = img.Src
	}
	img.Width, img.Height, img.Color = r.Width, r.Height, r.Color
	img.Sources = nil
	srcset := map[imagefiles.Format][]string{}
	var fallback []imagefiles.Variant
	for _, v := range r.Variants {
		srcset[v.Format] = append(srcset[v.Format], fmt.Sprintf("%s %dw", v.Path, v.Width))
		if v.Format == r.Fallback {
			fallback = append(fallback, v)
		}
	}
	for _, f := range []imagefiles.Format{imagefiles.AVIF, imagefiles.WebP} {
		img.Sources = append(img.Sources, content.ImageSource{Type: f.MIME(), Srcset: strings.Join(srcset[f], ", ")})
	}
	img.Srcset = strings.Join(srcset[r.Fallback], ", ")
	// The src of a browser that reads no srcset: the widest file up to
	// 1080 px, sharp on most screens.
	img.Src = fallback[0].Path
	for _, v := range fallback {
		if v.Width <= 1080 {
			img.Src = v.Path
		}
	}
}

// Absolute writes the images of a Markdown text as its page does, each
// file's site path absolute against base, the site's origin: a feed's
// (content.Text.Absolute), whose reader has no page to resolve a path
// against.
func Absolute(base string) func(img content.Image, place string) string {
	base = strings.TrimSuffix(base, "/")
	return func(img content.Image, place string) string { return pictureHTML(img, place, base) }
}

// atBase is img with the site paths of its files (Src, and each file of
// the srcsets setImage writes) prefixed with base.
func atBase(img content.Image, base string) content.Image {
	at := func(p string) string {
		if p == "/" || len(p) > 1 && p[0] == '/' && p[1] != '/' {
			return base + p
		}
		return p
	}
	srcset := func(s string) string {
		if s == "" {
			return s
		}
		files := strings.Split(s, ", ")
		for i, f := range files {
			files[i] = at(f)
		}
		return strings.Join(files, ", ")
	}
	img.Src, img.Srcset = at(img.Src), srcset(img.Srcset)
	img.Sources = slices.Clone(img.Sources)
	for i := range img.Sources {
		img.Sources[i].Srcset = srcset(img.Sources[i].Srcset)
	}
	return img
}

// pictureHTML is the markup of <Picture image={img} place={place}>
// (frontend/src/components/ui/picture.tsx) for an image of a Markdown
// text, lazy (a text is never the top of a page): a photo's <picture>
// with its sources, or a drawing's <img>. The app writes every other
// image. TestPictureParity renders the same images through both and fails
// on any difference a browser would see (elements, attributes, values);
// it allows the spellings that parse the same (srcset for React's srcSet,
// &#39; for &#x27;, the order of attributes), so that the pages did not
// change when the test came. Two renderers and their parity test rather
// than one: docs/decisions.md. With a base, its files' site paths are
// absolute (Absolute).
func pictureHTML(img content.Image, place, base string) string {
	if base != "" {
		img = atBase(img, base)
	}
	sizes := ""
	if img.Srcset != "" {
		sizes = content.ImageSizes[place]
	}
	var style []string
	if img.Color != "" {
		style = append(style, "background-color:"+img.Color)
	}
	if img.Focus != "" {
		style = append(style, "object-position:"+img.Focus)
	}
	if len(img.Sources) == 0 {
		// A drawing (SVG), or a file the build does not process.
		var b strings.Builder
		fmt.Fprintf(&b, `<img src="%s"`, html.EscapeString(img.Src))
		if img.Srcset != "" {
			fmt.Fprintf(&b, ` srcset="%s" sizes="%s"`, html.EscapeString(img.Srcset), html.EscapeString(sizes))
		}
		fmt.Fprintf(&b, ` alt="%s" width="%d" height="%d" loading="lazy" decoding="async"`, html.EscapeString(img.Alt), img.Width, img.Height)
		if len(style) > 0 {
			fmt.Fprintf(&b, ` style="%s"`, html.EscapeString(strings.Join(style, ";")))
		}
		b.WriteString(">")
		return b.String()
	}
	var b strings.Builder
	b.WriteString("<picture>")
	for _, s := range img.Sources {
		fmt.Fprintf(&b, `<source type="%s" srcset="%s" sizes="%s"/>`, html.EscapeString(s.Type), html.EscapeString(s.Srcset), html.EscapeString(sizes))
	}
	fmt.Fprintf(&b, `<img src="%s" srcset="%s" sizes="%s" width="%d" height="%d" alt="%s" loading="lazy" decoding="async"`,
		html.EscapeString(img.Src), html.EscapeString(img.Srcset), html.EscapeString(sizes), img.Width, img.Height, html.EscapeString(img.Alt))
	if len(style) > 0 {
		fmt.Fprintf(&b, ` style="%s"`, html.EscapeString(strings.Join(style, ";")))
	}
	b.WriteString("/></picture>")
	return b.String()
}

// imageID names what an image becomes: its original, and its crop (a
// photo shown as an article's cover and elsewhere whole is two sets of
// files).
func imageID(img *content.Image) string { return img.File() + "\x00" + img.Crop.String() }

func sourceID(src imagefiles.Source) string { return src.Name + "\x00" + src.Crop.String() }

func posError(p field.Pos, name string, err error) content.Error {
	return content.Error{File: p.File, Line: p.Line, Col: p.Col, Message: fmt.Sprintf("image %q: %v", "/"+name, err)}
}

// sourceError is the error of the source name in Process's joined error.
func sourceError(err error, name string) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			var se *imagefiles.SourceError
			if errors.As(e, &se) && se.Name == name {
				return se.Err
			}
		}
	}
	return err
}
