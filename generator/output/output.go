// Package output collects the files of the site root as the build's
// stages make them, each with the stage that made it: nothing is
// published that a stage did not make or check.
package output

import (
	"bytes"
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
	StageImage      Stage = "image"      // a photo's sizes and formats (generator/imagefiles)
	StageSVG        Stage = "svg"        // an SVG as imagefiles.CleanSVG re-wrote it
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
	// seen are the parts of a file a reader finds in it, where they are
	// not its bytes (Seen).
	seen map[string][][]byte
}

// Add adds a file, its path relative to the root ("index.html"), and
// returns the path.
func (o *Files) Add(stage Stage, p string, data []byte) string {
	return o.AddFile(stage, atomicdir.File{Path: p, Data: data})
}

// AddFile is Add, for a file that may name the file on disk that holds
// its bytes (atomicdir.File.From).
func (o *Files) AddFile(stage Stage, f atomicdir.File) string {
	if o.stages == nil {
		o.stages = map[string]Stage{}
	}
	o.files = append(o.files, f)
	o.stages[f.Path] = stage
	return f.Path
}

// Merge adds the files of another collector, with their stages.
func (o *Files) Merge(from *Files) {
	for _, f := range from.files {
		o.AddFile(from.stages[f.Path], f)
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

// Seen says what a reader finds in file p, when that is not all of its
// bytes: Changed compares these parts instead (a page's document, less the
// route table's hashed URL, document.Doc.WithSiteData).
func (o *Files) Seen(p string, parts ...[]byte) {
	if o.seen == nil {
		o.seen = map[string][][]byte{}
	}
	o.seen[p] = parts
}

// Changed are the files of cur that a reader finds different from those
// of prev, an earlier build of the same site: added, removed, or with
// other bytes (other parts, for a file with Seen), by path, sorted, and
// empty, not nil, when none is. The data files (StageData) are left out:
// a reader sees them through the pages that embed them. With no earlier
// build, it is nil.
func Changed(prev, cur *Files) []string {
	if prev == nil {
		return nil
	}
	parts := func(o *Files) map[string][][]byte {
		m := make(map[string][][]byte, len(o.files))
		for _, f := range o.files {
			if o.stages[f.Path] == StageData {
				continue
			}
			if s, ok := o.seen[f.Path]; ok {
				m[f.Path] = s
			} else {
				m[f.Path] = [][]byte{f.Data}
			}
		}
		return m
	}
	a, b := parts(prev), parts(cur)
	changed := []string{}
	for p, pa := range a {
		if pb, ok := b[p]; !ok || !slices.EqualFunc(pa, pb, bytes.Equal) {
			changed = append(changed, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	return changed
}
