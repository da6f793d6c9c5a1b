package load

import (
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/vozia/site/internal/contentroot"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/imagefiles"
)

// sizeImages fills in the size of every image of v (walked by reflection)
// from its file, and reports missing, unreadable and unsafe files where
// the image is named.
func (l *loader) sizeImages(v any) {
	content.EachImage(v, l.sizeImage)
}

func (l *loader) sizeImage(img *content.Image) {
	if img.Src == "" {
		return
	}
	file := img.File()
	l.refs[file] = append(l.refs[file], img.Pos)
	data, err := fs.ReadFile(l.fsys, file)
	if msg := contentroot.Refusal(err); msg != "" {
		l.errs = append(l.errs, img.Pos.Errorf("image %q: %s", img.Src, msg))
		return
	}
	// Images live under images/, or beside an article in its folder.
	if dir := path.Dir(file); err != nil && strings.HasPrefix(file, "articles/") && dir != "articles" {
		l.errs = append(l.errs, img.Pos.Errorf("image %q: no such file beside %s%s", img.Src, path.Join(dir, "index.md"), field.FileHint(l.fsys, dir, path.Base(file))))
		return
	}
	if err != nil || !publishable(file) {
		l.errs = append(l.errs, img.Pos.Errorf("image %q: no such file under content/images/%s", img.Src, field.ImageHint(l.fsys, img.Src, file)))
		return
	}
	info, err := imagefiles.Inspect(file, data)
	if err != nil {
		// An SVG's problem is at its own line.
		var se *imagefiles.SVGError
		if errors.As(err, &se) {
			l.errs = append(l.errs, content.Error{File: file, Line: se.Line, Col: se.Col, Message: se.Msg})
			return
		}
		l.errs = append(l.errs, img.Pos.Errorf("image %q: %v", img.Src, err))
		return
	}
	img.Width, img.Height = info.Width, info.Height
	if img.Crop != nil && info.Processed() {
		r := img.Crop.Rect(info.Width, info.Height)
		img.Width, img.Height = r.Dx(), r.Dy()
	}
	if _, seen := l.pixels[file]; !seen && info.Processed() {
		l.pixels[file] = info.Width * info.Height
		l.photos = append(l.photos, file)
	}
}
