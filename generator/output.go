package generator

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/routing"
)

// WriteTo replaces siteDir and its routing.CDNDir with the build's files,
// each all at once (see atomicdir): a failure leaves the previous output
// whole. Build never writes; the commands and tests call WriteTo.
func (r *Result) WriteTo(siteDir string) error {
	if err := atomicdir.Write(siteDir, r.Site); err != nil {
		return err
	}
	return atomicdir.Write(routing.CDNDir(siteDir), r.CDN)
}

// output collects the files of the site root, each with the stage that
// made it.
type output struct {
	files  []File
	stages map[string]Stage
}

func (o *output) add(stage Stage, p string, data []byte) string {
	if o.stages == nil {
		o.stages = map[string]Stage{}
	}
	o.files = append(o.files, File{Path: p, Data: data})
	o.stages[p] = stage
	return p
}

func (o *output) merge(from *output) {
	for _, f := range from.files {
		o.add(from.stages[f.Path], f.Path, f.Data)
	}
}

func (o *output) sorted() []File {
	s := slices.Clone(o.files)
	slices.SortFunc(s, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return s
}

func parseHex(s string) color.RGBA {
	var c color.RGBA
	c.A = 255
	fmt.Sscanf(strings.TrimPrefix(s, "#"), "%02x%02x%02x", &c.R, &c.G, &c.B)
	return c
}
