package generator

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/images"
)

// publishFiles adds the files of content/ that the site publishes besides
// the photos' sizes (content/files.go): each SVG that a page shows or that
// content links to, as images.CleanSVG re-writes it, and each download,
// as committed and checked by load.Site. shown are the images the pages
// show. Nothing else under content/ reaches the output.
func publishFiles(out *output, site *content.Site, fsys fs.FS, shown []*content.Image) error {
	done := map[string]bool{}
	var errs content.ErrorList
	svg := func(sitePath, file string, at content.Pos) {
		p := strings.TrimPrefix(sitePath, "/")
		if done[p] {
			return
		}
		done[p] = true
		data, err := fs.ReadFile(fsys, file)
		if err == nil {
			data, err = images.CleanSVG(data)
		}
		if err != nil { // load.Site read and cleaned it: the file changed since
			errs = append(errs, content.Error{File: at.File, Line: at.Line, Col: at.Col, Message: fmt.Sprintf("image %q: %v", sitePath, err)})
			return
		}
		out.add(StageSVG, p, data)
	}
	for _, img := range shown {
		if img.Src != "" && !img.Processed() {
			svg(img.Src, img.File(), img.Pos)
		}
	}
	for _, d := range site.Downloads {
		switch d.Kind {
		case "svg":
			svg(d.Path, d.File, content.Pos{File: d.File, Line: 1, Col: 1})
		default:
			// The bytes load.Site checked, not the file as it is now.
			out.add(StageDownload, strings.TrimPrefix(d.Path, "/"), d.Data)
		}
	}
	if len(errs) > 0 {
		return errs.Sorted()
	}
	return nil
}
