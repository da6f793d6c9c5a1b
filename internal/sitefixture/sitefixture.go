// Package sitefixture makes the large site of the build benchmarks: a
// content tree plus generated Markdown pages. BenchmarkBuild1000Routes and
// the Node comparison of make bench (bench/) build the same one.
package sitefixture

import (
	"fmt"
	"io/fs"
	"testing/fstest"
)

// Copy reads a content tree into a MapFS.
func Copy(src fs.FS) (fstest.MapFS, error) {
	out := fstest.MapFS{}
	err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(src, p)
		out[p] = &fstest.MapFile{Data: data}
		return err
	})
	return out, err
}

// AddPages adds n Markdown pages, /generated/page-0 to /generated/page-(n-1),
// each a heading, a subheading, a paragraph with a link and a list.
func AddPages(fsys fstest.MapFS, n int) {
	for i := range n {
		md := fmt.Sprintf("pages/generated/page-%d.md", i)
		fsys[md] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Generated page %d\ndescription: A generated page for the benchmark.\n---\n# Generated page %d\n\n## Details\n\nSome text about page %d, and a link [home](/).\n\n- one\n- two\n- three\n", i, i, i)}
	}
}
