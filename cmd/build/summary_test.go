package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
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
			s.measure()
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
