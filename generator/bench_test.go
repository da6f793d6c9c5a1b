package generator

import (
	"context"
	"fmt"
	"os"
	"strings"
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
	var routes strings.Builder
	routes.Write(fsys["routes.yaml"].Data)
	for i := range 1000 {
		md := fmt.Sprintf("legal/generated/page-%d.md", i)
		fsys[md] = &fstest.MapFile{Data: []byte(fmt.Sprintf("# Generated page %d\n\n## Details\n\nSome text about page %d, and a link [home](/).\n\n- one\n- two\n- three\n", i, i))}
		fmt.Fprintf(&routes, "\n- path: /generated/page-%d\n  page: legal\n  markdown: %s\n  title: Generated page %d\n  description: A generated page for the benchmark.\n", i, md, i)
	}
	fsys["routes.yaml"] = &fstest.MapFile{Data: []byte(routes.String())}
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
