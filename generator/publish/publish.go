// Package publish picks the files of content/ that the site publishes
// besides the photos' sizes (generator/load/files.go checks them): each SVG
// that a page shows or that content links to, as imagefiles.CleanSVG re-writes
// it, and each download, as committed and checked. Nothing else under
// content/ reaches the output.
package publish

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/imagefiles"
)

// File is a file to publish: SVG says whether it is a re-written SVG
// (or a download, as committed); Path is relative to the site root.
type File struct {
	Path string
	Data []byte
	SVG  bool
}

// Files are the files of content/ to publish; shown are the images the
// pages show.
func Files(site *content.Site, fsys fs.FS, shown []*content.Image) ([]File, error) {
	var out []File
	done := map[string]bool{}
	var errs content.ErrorList
	svg := func(sitePath, file string, at field.Pos) {
		p := strings.TrimPrefix(sitePath, "/")
		if done[p] {
			return
		}
		done[p] = true
		data, err := fs.ReadFile(fsys, file)
		if err == nil {
			data, err = imagefiles.CleanSVG(data)
		}
		if err != nil { // load.Site read and cleaned it: the file changed since
			errs = append(errs, content.Error{File: at.File, Line: at.Line, Col: at.Col, Message: fmt.Sprintf("image %q: %v", sitePath, err)})
			return
		}
		out = append(out, File{Path: p, Data: data, SVG: true})
	}
	for _, img := range shown {
		if img.Src != "" && !img.Processed() && !img.Drawn() {
			svg(img.Src, img.File(), img.Pos)
		}
	}
	for _, d := range site.Downloads {
		switch d.Kind {
		case "svg":
			svg(d.Path, d.File, field.Pos{File: d.File, Line: 1, Col: 1})
		default:
			// The bytes load.Site checked, not the file as it is now.
			out = append(out, File{Path: strings.TrimPrefix(d.Path, "/"), Data: d.Data})
		}
	}
	if len(errs) > 0 {
		return nil, errs.Sorted()
	}
	return out, nil
}
