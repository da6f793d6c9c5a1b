package generator

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// Splicing pages into a shared layout (generator/prerender) gives, on
// every route, the same HTML as rendering the page whole: the shipped site
// and the fixture site with every page spliced, even alone in its group
// (on the fixture every page must splice: the app's layout reads nothing
// of the page it is rendered for), and a site with a group of generated
// pages as the build splices it.
func TestSplicedPagesMatchWholeRenders(t *testing.T) {
	b, err := bundle.Build("../frontend")
	if err != nil {
		t.Fatal(err)
	}
	r, err := prerender.New(b.Server, 2)
	if err != nil {
		t.Fatal(err)
	}
	generated := contentFS(t)
	sitefixture.AddPages(generated, 20)
	tests := []struct {
		name string
		// content is nil for the shipped site, built once for the
		// package's tests (builtOrShipped).
		content  fstest.MapFS
		now      time.Time
		minGroup int
		// spliced must be true for these routes, or for all of them.
		spliced []string
		all     bool
	}{
		{"shipped", nil, shippedNow, 1, nil, false},
		// The fixture (articles whose covers lead their pages, a grid
		// of photos): every page splices.
		{"fixture", fixture(t), fixedNow, 1, nil, true},
		{"generated", generated, shippedNow, 8, []string{"/generated/page-0", "/generated/page-7", "/generated/page-19"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := builtOrShipped(t, tc.content, tc.now)
			spliced, err := r.RenderAllGrouped(res.Jobs, tc.minGroup)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := r.RenderAllGrouped(res.Jobs, 0)
			if err != nil {
				t.Fatal(err)
			}
			byURL := map[string]prerender.Result{}
			for i, j := range res.Jobs {
				byURL[j.URL] = spliced[i]
				if whole[i].Spliced {
					t.Errorf("%s: spliced with splicing off", j.URL)
				}
				if spliced[i].HTML != whole[i].HTML {
					t.Errorf("%s: the spliced page differs from the whole render\nspliced %.300q\nwhole   %.300q", j.URL, spliced[i].HTML, whole[i].HTML)
				}
			}
			n := 0
			for _, s := range spliced {
				if s.Spliced {
					n++
				}
			}
			t.Logf("%d of %d pages spliced", n, len(spliced))
			if tc.all {
				for i, j := range res.Jobs {
					if !spliced[i].Spliced {
						t.Errorf("%s was rendered whole, not spliced", j.URL)
					}
				}
			}
			for _, u := range tc.spliced {
				if !byURL[u].Spliced {
					t.Errorf("%s was rendered whole, not spliced", u)
				}
			}
		})
	}
}
