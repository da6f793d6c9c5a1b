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
