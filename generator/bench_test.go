package generator

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/imagetest"
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

// BenchmarkPhotoSecondBuild is the build an editor waits for after adding
// one 12-megapixel photo (4000x3000, from a phone: sideways) as an
// article's cover, side by side with the build of the same site without
// it: each iteration is a new Builder (a new process, as make build is)
// with the image cache on, as make build, make serve and make dev have it,
// and the photo's first encode happens before the timing. Target: the
// photo's build at most 1.5x the other.
func BenchmarkPhotoSecondBuild(b *testing.B) {
	without := fixtureFS(b)
	with := fixtureFS(b)
	// The newest published article's cover becomes the photo.
	site, err := load.SiteWith(with, load.Options{Now: fixedNow})
	if err != nil || len(site.Articles) == 0 {
		b.Fatalf("the test site has no published article: %v", err)
	}
	p := site.Articles[0].File
	data := string(with[p].Data)
	m := regexp.MustCompile(`cover: \{src: ([^,}]+)`).FindStringSubmatchIndex(data)
	if m == nil {
		b.Fatalf("%s has no cover in flow form", p)
	}
	with[p] = &fstest.MapFile{Data: []byte(data[:m[2]] + "/images/photos/phone.jpg" + data[m[3]:])}
	with["images/photos/phone.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(4000, 3000, 12), 90, 6)}
	for _, tc := range []struct {
		name string
		fsys fstest.MapFS
	}{{"without the photo", without}, {"with the photo", with}} {
		b.Run(tc.name, func(b *testing.B) {
			opt := Options{Content: tc.fsys, FrontendDir: "../frontend", Now: fixedNow, CacheDir: b.TempDir()}
			if _, err := Build(context.Background(), opt); err != nil { // the first build fills the cache
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Build(context.Background(), opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
