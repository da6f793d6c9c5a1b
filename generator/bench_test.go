package generator

import (
	"context"
	"fmt"
	"os"
	"testing"
	"testing/fstest"
)

// BenchmarkBuildShippedSite is a full build of the shipped site, from
// content and sources to every output file (make bench reports it, with the
// wall time of the prebuilt binary). Target on 2 cores: under 1.5 s.
func BenchmarkBuildShippedSite(b *testing.B) {
	for b.Loop() {
		if _, err := Build(context.Background(), Options{Content: os.DirFS("../content"), FrontendDir: "../frontend", Now: fixedNow}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild1000Routes builds the shipped site plus 1,000 generated
// Markdown pages and reports whole-build throughput in pages per second.
// Target on 2 cores: at least 100 pages/s.
func BenchmarkBuild1000Routes(b *testing.B) {
	fsys := contentFS(b)
	for i := range 1000 {
		md := fmt.Sprintf("pages/generated/page-%d.md", i)
		fsys[md] = &fstest.MapFile{Data: []byte(fmt.Sprintf("---\ntitle: Generated page %d\ndescription: A generated page for the benchmark.\n---\n# Generated page %d\n\n## Details\n\nSome text about page %d, and a link [home](/).\n\n- one\n- two\n- three\n", i, i, i))}
	}
	pages := 0
	for b.Loop() {
		res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
		if err != nil {
			b.Fatal(err)
		}
		pages += len(res.Stats.Routes)
	}
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}
