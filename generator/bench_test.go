package generator

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/vozia/site/internal/testkit/sitefixture"
)

// BenchmarkBuildShippedSite is a full build of the shipped site, from
// content and sources to every output file (make bench reports it, with the
// wall time of the prebuilt binary). Target on 2 cores: under 1.5 s.
func BenchmarkBuildShippedSite(b *testing.B) {
	for b.Loop() {
		if _, err := Build(context.Background(), Options{Content: os.DirFS("../content"), FrontendDir: "../frontend", Now: shippedNow}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild1000Routes builds the shipped site plus 1,000 generated
// articles (their pages, the index's 84 pages, the tag pages, the feeds and
// the share images) and reports whole-build throughput in pages per second.
// Target on 2 cores: at least 100 pages/s.
func BenchmarkBuild1000Routes(b *testing.B) {
	fsys := contentFS(b)
	sitefixture.AddArticles(fsys, 1000)
	for _, whole := range []bool{false, true} {
		b.Run(fmt.Sprintf("whole=%v", whole), func(b *testing.B) {
			pages := 0
			for b.Loop() {
				res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: shippedNow, Whole: whole})
				if err != nil {
					b.Fatal(err)
				}
				pages += len(res.Stats.Routes)
			}
			b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}
