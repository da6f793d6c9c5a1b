package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/internal/filecache"
)

// The summary lists every page of a small site, and of a large one the
// largest pages by HTML size, saying how many it left out.
func TestSummaryListsTheLargestPages(t *testing.T) {
	for _, n := range []int{summaryRoutes, 3 * summaryRoutes} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := &summary{}
			for i := range n {
				// Sizes that do not follow the order of the routes.
				size := 1000 + (i*7919)%n*10
				s.routes = append(s.routes, routeRow{path: fmt.Sprintf("/page-%d", i), html: bytes.Repeat([]byte("<p>text</p>"), size)})
			}
			var out strings.Builder
			s.measure(filecache.Dir{})
			s.print(&out)
			listed := 0
			for i, r := range s.routes {
				size := 1000 + (i*7919)%n*10
				largest := size >= 1000+(n-summaryRoutes)*10
				shown := strings.Contains(out.String(), r.path+" ")
				if shown {
					listed++
				}
				if shown != largest {
					t.Errorf("%s (%d bytes) listed: %v, want %v", r.path, len(r.html), shown, largest)
				}
				if shown && r.htmlGzip == 0 {
					t.Errorf("%s listed without its gzip size", r.path)
				}
			}
			if listed != min(n, summaryRoutes) {
				t.Errorf("%d pages listed of %d", listed, n)
			}
			note := fmt.Sprintf("(the %d largest pages of %d)", summaryRoutes, n)
			if got := strings.Contains(out.String(), note); got != (n > summaryRoutes) {
				t.Errorf("note %q shown: %v\n%s", note, got, out.String())
			}
		})
	}
}

// The assets' gzip sizes are kept between builds by their bytes: a build
// of the same app takes them from the cache, and an asset that changed is
// measured again, never shown with the size of the one before.
func TestSummaryKeepsTheAssetsSizesByTheirBytes(t *testing.T) {
	kept := filecache.New(t.TempDir(), "gzip-sizes", ".json")
	script := func(text string) *summary {
		s := &summary{assets: []assetRow{{path: "assets/app.js", data: bytes.Repeat([]byte(text), 2000)}}}
		s.stats.Bundle = &bundle.Result{Script: "/assets/app.js"}
		return s
	}
	first := script("console.log(1);")
	first.measure(kept)
	want := gzipSize(first.assets[0].data)
	if first.assets[0].gzip != want {
		t.Fatalf("first build: gzip %d, want %d", first.assets[0].gzip, want)
	}
	var entry map[string]int
	if !kept.GetJSON(gzipSizesKey, &entry) || len(entry) != 1 {
		t.Fatalf("the first build kept %v, want the script's size", entry)
	}
	again := script("console.log(1);")
	again.measure(kept)
	if again.assets[0].gzip != want {
		t.Errorf("same app: gzip %d, want %d", again.assets[0].gzip, want)
	}
	changed := script("console.log('a longer line of the app, changed');")
	changed.measure(kept)
	if got, want := changed.assets[0].gzip, gzipSize(changed.assets[0].data); got != want {
		t.Errorf("changed app: gzip %d, want %d (its own, not the last build's)", got, want)
	}
	entry = nil
	if !kept.GetJSON(gzipSizesKey, &entry) || len(entry) != 1 {
		t.Errorf("after a change the cache holds %d sizes, want the changed script's only", len(entry))
	}
}
