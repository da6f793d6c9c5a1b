// Package output collects the files of the site root as the build's
// stages make them, each with the stage that made it: nothing is
// published that a stage did not make or check.
package output

import (
	"slices"
	"strings"

	"github.com/vozia/site/internal/atomicdir"
)

// Stage names the stage that made an output file.
type Stage string

// The stages that write the site root.
const (
	StageData       Stage = "data"       // page data and the route table (JSON)
	StageBundle     Stage = "bundle"     // the browser bundle (esbuild)
	StageDocument   Stage = "document"   // a route's HTML: prerender and head
	StageRedirect   Stage = "redirect"   // a redirect's page
	StageSiteFiles  Stage = "sitefiles"  // icons, manifest, logo, share image
	StageImage      Stage = "image"      // a photo's sizes and formats (generator/images)
	StageSVG        Stage = "svg"        // an SVG as images.CleanSVG re-wrote it
	StageDownload   Stage = "download"   // a download, as committed, checked (content.Download)
	StageShareImage Stage = "shareimage" // an article's share image
	StageFeed       Stage = "feed"       // the articles' feeds
	StageSitemap    Stage = "sitemap"    // sitemap.xml and robots.txt
	StageAdmin      Stage = "admin"      // the web editor under admin/ (generator/admin)
)

// Files are the files of the site root, each with the stage that made it.
// The zero value is empty and ready to use.
type Files struct {
	files  []atomicdir.File
	stages map[string]Stage
}

// Add adds a file, its path relative to the root ("index.html"), and
// returns the path.
func (o *Files) Add(stage Stage, p string, data []byte) string {
	if o.stages == nil {
		o.stages = map[string]Stage{}
	}
	o.files = append(o.files, atomicdir.File{Path: p, Data: data})
	o.stages[p] = stage
	return p
}

// Merge adds the files of another collector, with their stages.
func (o *Files) Merge(from *Files) {
	for _, f := range from.files {
		o.Add(from.stages[f.Path], f.Path, f.Data)
	}
}

// Paths are the files' paths, in the order they were added.
func (o *Files) Paths() []string {
	paths := make([]string, len(o.files))
	for i, f := range o.files {
		paths[i] = f.Path
	}
	return paths
}

// Sorted are the files by path.
func (o *Files) Sorted() []atomicdir.File {
	s := slices.Clone(o.files)
	slices.SortFunc(s, func(a, b atomicdir.File) int { return strings.Compare(a.Path, b.Path) })
	return s
}

// Stages are the stage of each file, by its path.
func (o *Files) Stages() map[string]Stage { return o.stages }
