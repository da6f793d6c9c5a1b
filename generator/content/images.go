package content

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	_ "image/gif" // decoders of the formats an editor may use
	_ "image/jpeg"
	_ "image/png"
	"io/fs"
	"path"
	"reflect"
	"strconv"
	"strings"
)

// Image is a site image: a file under content/images/ named by its site
// path, and its text alternative. Its width and height, which the page
// reserves before the image loads, are read from the file, never typed.
type Image struct {
	Pos    Pos    `json:"-"`
	Src    string `json:"src"`
	Alt    string `json:"alt"`
	Width  int    `json:"width" yaml:"-"`
	Height int    `json:"height" yaml:"-"`
}

func (i Image) Validate() error { return checkPath("src", i.Src) }

// sizeImages fills in the size of every image of v (walked by reflection)
// from its file, and reports missing or unreadable files where the image
// is named.
func (l *loader) sizeImages(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			l.sizeImages(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			l.sizeImages(v.Index(i))
		}
	case reflect.Struct:
		if img, ok := v.Addr().Interface().(*Image); ok {
			l.sizeImage(img)
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				l.sizeImages(v.Field(i))
			}
		}
	}
}

func (l *loader) sizeImage(img *Image) {
	if img.Src == "" {
		return
	}
	file := strings.TrimPrefix(img.Src, "/")
	data, err := fs.ReadFile(l.fsys, file)
	if err != nil || !strings.HasPrefix(file, "images/") {
		var names []string
		fs.WalkDir(l.fsys, "images", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				names = append(names, "/"+p)
			}
			return nil
		})
		l.errs = append(l.errs, img.Pos.errorf("image %q: no such file under content/images/%s", img.Src, didYouMean(img.Src, names)))
		return
	}
	w, h, err := imageSize(path.Ext(file), data)
	if err != nil {
		l.errs = append(l.errs, img.Pos.errorf("image %q: %v", img.Src, err))
		return
	}
	img.Width, img.Height = w, h
}

// imageSize reads the intrinsic size of an image: an SVG's width and
// height attributes (or its viewBox), a raster image's header.
func imageSize(ext string, data []byte) (int, int, error) {
	if strings.EqualFold(ext, ".svg") {
		return svgSize(data)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("cannot read its size (use SVG, PNG, JPEG or GIF): %v", err)
	}
	return cfg.Width, cfg.Height, nil
}

func svgSize(data []byte) (int, int, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, fmt.Errorf("not an SVG file: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if el.Name.Local != "svg" {
			return 0, 0, fmt.Errorf("not an SVG file: starts with <%s>", el.Name.Local)
		}
		var w, h, box string
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "width":
				w = a.Value
			case "height":
				h = a.Value
			case "viewBox":
				box = a.Value
			}
		}
		wn, werr := strconv.Atoi(strings.TrimSuffix(w, "px"))
		hn, herr := strconv.Atoi(strings.TrimSuffix(h, "px"))
		if werr == nil && herr == nil && wn > 0 && hn > 0 {
			return wn, hn, nil
		}
		if f := strings.Fields(strings.ReplaceAll(box, ",", " ")); len(f) == 4 {
			bw, err1 := strconv.ParseFloat(f[2], 64)
			bh, err2 := strconv.ParseFloat(f[3], 64)
			if err1 == nil && err2 == nil && bw > 0 && bh > 0 {
				return int(bw + 0.5), int(bh + 0.5), nil
			}
		}
		return 0, 0, fmt.Errorf("the SVG has no width and height in pixels and no viewBox")
	}
}
