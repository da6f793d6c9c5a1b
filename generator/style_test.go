package generator

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/vozia/site/internal/routing"
)

// TestInlineStyle: every page carries the stylesheet in one <style>
// element, then one for each lazy section kind it shows (their CSS), and
// links none, so no request blocks the first paint; the CSP of the routing
// manifest (cmd/serve's and the CDN's headers) allows exactly those
// elements by their hashes, never by 'unsafe-inline'.
func TestInlineStyle(t *testing.T) {
	res := shippedSite(t)
	f := files(res)
	m := res.Manifest
	csp := ""
	for _, h := range m.Headers {
		if h.For == "/*" {
			csp = h.Values["Content-Security-Policy"]
		}
	}
	styleSrc := regexp.MustCompile(`(?:^|; )style-src ([^;]*)`).FindStringSubmatch(csp)
	if styleSrc == nil {
		t.Fatalf("CSP has no style-src: %q", csp)
	}
	if strings.Contains(styleSrc[1], "unsafe-inline") {
		t.Errorf("style-src allows 'unsafe-inline': %q", styleSrc[1])
	}
	for _, r := range res.Stats.Routes {
		t.Run(r.Path, func(t *testing.T) {
			root, err := html.Parse(bytes.NewReader(f[r.File]))
			if err != nil {
				t.Fatal(err)
			}
			var styles []string
			eachElement(root, func(n *html.Node) {
				a := attrs(n)
				switch {
				case n.Data == "link" && strings.Contains(a["rel"], "stylesheet"):
					t.Errorf("the page links a stylesheet (%s), which blocks its first paint", a["href"])
				case n.Data == "style" && n.Parent.Data == "head" && n.FirstChild != nil:
					styles = append(styles, n.FirstChild.Data)
				case n.Data == "style":
					t.Errorf("a <style> element outside the head or empty")
				}
			})
			if want := 1 + len(r.Styles); len(styles) != want {
				t.Fatalf("%d <style> elements in the head, want %d (the app's and one per lazy kind shown)", len(styles), want)
			}
			for i, css := range styles {
				if !strings.Contains(styleSrc[1], routing.Hash([]byte(css))) {
					t.Errorf("style-src %q lacks the hash of the page's <style> number %d", styleSrc[1], i+1)
				}
			}
		})
	}
}

// TestMediaQueriesFollowTextSize: every width in a page's media queries is
// in em, which a media query takes from the visitor's text size, not in
// px. A visitor who set a larger text size (200 % in the browser's
// settings, WCAG's resize text) then gets at a window of 1,280 px the
// layout of 640 px at the default size, which fits; with px the desktop's
// header ran its demo button past the window's edge, and the pages had
// the desktop's columns for text twice as wide. The app's stylesheets,
// the header's widths the build writes (generator/headerfit) and the lazy
// kinds' stylesheets, on every page; e2e/large_text_test.go checks the
// pages in Chromium with the larger text. A band ends with (width < Nem),
// not a max-width just short of the next band: 47.9375em is 767 px at 16
// px, but 958.75 px at 20 px, and a window of 959 px was then in neither
// band (a visitor's trial found three such widths).
func TestMediaQueriesFollowTextSize(t *testing.T) {
	res := shippedSite(t)
	f := files(res)
	media := regexp.MustCompile(`@media[^{]*`)
	pxWidth := regexp.MustCompile(`(?i)\b(?:(?:min|max)-)?(?:device-)?(?:width|height)\s*(?::|[<>]=?)\s*[0-9.]+px|[0-9.]+px\s*[<>]=?\s*(?:width|height)`)
	maxWidth := regexp.MustCompile(`(?i)\bmax-(?:device-)?width\s*:[^)]*`)
	seen := 0
	for _, r := range res.Stats.Routes {
		root, err := html.Parse(bytes.NewReader(f[r.File]))
		if err != nil {
			t.Fatal(err)
		}
		eachElement(root, func(n *html.Node) {
			if n.Data != "style" || n.FirstChild == nil {
				return
			}
			for _, q := range media.FindAllString(n.FirstChild.Data, -1) {
				if strings.Contains(q, "width") {
					seen++
				}
				if px := pxWidth.FindString(q); px != "" {
					t.Errorf("%s: %q measures the window in px (%s): write it in em, px/16", r.Path, strings.TrimSpace(q), px)
				}
				if maxW := maxWidth.FindString(q); maxW != "" {
					t.Errorf("%s: %q ends a band with %s: write (width < Nem), N the next band's start; a max-width a sixteenth of an em short of it leaves a window width in neither band at a text size other than 16 px", r.Path, strings.TrimSpace(q), maxW)
				}
			}
		})
	}
	if seen == 0 {
		t.Fatal("no page has a media query on the window's width: the test read no stylesheet")
	}
}
