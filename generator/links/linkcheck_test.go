package links

import (
	"strings"
	"testing"
)

func site(pages map[string]string) Site {
	s := Site{Pages: map[string][]byte{}, Files: map[string]bool{"/sitemap.xml": true, "/images/a.png": true}}
	for p, body := range pages {
		s.Pages[p] = []byte("<!doctype html><html><body>" + body + "</body></html>")
	}
	s.Resolve = func(p string) (string, bool) {
		switch {
		case p == "/blog":
			return "/resources", true
		case strings.HasPrefix(p, "/services/"):
			return "/services", true
		}
		_, ok := s.Pages[p]
		return p, ok
	}
	return s
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string // substring of the one problem, or "" for none
	}{
		{"route", `<a href="/platform">x</a>`, ""},
		{"root", `<a href="/">x</a>`, ""},
		{"fragment on the same page", `<a href="#faq">x</a><div id="faq"></div>`, ""},
		{"fragment on another page", `<a href="/platform#top">x</a>`, ""},
		{"prefix route", `<a href="/services/data">x</a>`, ""},
		{"redirect", `<a href="/blog">x</a>`, ""},
		{"file", `<a href="/sitemap.xml">x</a><img src="/images/a.png" width="1" height="1" alt="">`, ""},
		{"mailto", `<a href="mailto:demo@vozia.example">x</a>`, ""},
		{"external new tab", `<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>`, ""},
		{"no route", `<a href="/projects/firecat">x</a>`, `"/projects/firecat": no route for this path`},
		{"missing fragment here", `<a href="#nope">x</a>`, `no element with id "nope" on /`},
		{"missing fragment there", `<a href="/platform#nope">x</a>`, `no element with id "nope" on /platform`},
		{"fragment cut short", `<a href="/platform#cost">x</a>`, `no element with id "cost" on /platform (did you mean "cost-at-volume"?)`},
		{"fragment misspelt", `<a href="/platform#cots-at-volume">x</a>`, `(did you mean "cost-at-volume"?)`},
		{"fragment reworded", `<a href="/platform#what-it-costs">x</a>`, `no element with id "what-it-costs" on /platform (its parts: "cost-at-volume", "pricing-faq")`},
		{"fragment through a redirect", `<a href="/blog#webinars">x</a>`, `no element with id "webinars" on /resources`},
		{"trailing slash", `<a href="/platform/">x</a>`, "trailing slash"},
		{"relative", `<a href="platform">x</a>`, "relative links are not allowed"},
		{"new tab without rel", `<a href="https://x.example" target="_blank">x</a>`, `rel="noopener noreferrer"`},
		{"new tab with half a rel", `<a href="https://x.example" target="_blank" rel="noopener">x</a>`, `rel="noopener noreferrer"`},
		{"empty href", `<a href="">x</a>`, "empty href"},
		{"javascript", `<a href="javascript:alert(1)">x</a>`, "unsupported scheme"},
		{"missing image", `<img src="/images/none.png" alt="">`, "no such file"},
		{"same dead link twice", `<a href="/nope">x</a><a href="/nope">y</a>`, "no route"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := site(map[string]string{"/": tc.body, "/platform": `<div id="root"><h1 id="top">P</h1><h2 id="cost-at-volume">Cost</h2><section id="pricing-faq"></section></div>`, "/resources": "", "/services": ""})
			got := Check(s)
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("unexpected problems: %v", got)
			case tc.want != "" && len(got) != 1:
				t.Errorf("want one problem with %q, got %v", tc.want, got)
			case tc.want != "" && !strings.Contains(got[0].String(), tc.want):
				t.Errorf("problem %q lacks %q", got[0], tc.want)
			case tc.want != "" && got[0].Page != "/":
				t.Errorf("problem names page %q, want /", got[0].Page)
			}
		})
	}
}

// TestSecondNavigationVariant proves that the brief's second navigation bar,
// which links to paths with no route, could never ship: each dead link is
// reported, naming the page and the link.
func TestSecondNavigationVariant(t *testing.T) {
	nav := `<nav>`
	for _, p := range []string{"/", "/about", "/projects/firecat", "/projects/sport-retail", "/projects/workwear",
		"/projects/hockey", "/projects/pet-tracker", "/tech-details", "/development-process", "/blog", "/careers"} {
		nav += `<a href="` + p + `">` + p + `</a>`
	}
	nav += `</nav>`
	got := Check(site(map[string]string{"/": nav, "/resources": "", "/services": ""}))
	dead := []string{"/about", "/projects/firecat", "/projects/sport-retail", "/projects/workwear",
		"/projects/hockey", "/projects/pet-tracker", "/tech-details", "/development-process", "/careers"}
	if len(got) != len(dead) {
		t.Fatalf("want %d dead links reported, got %d: %v", len(dead), len(got), got)
	}
	for i, p := range dead {
		if got[i].Page != "/" || got[i].Link != p || got[i].Reason != "no route for this path" {
			t.Errorf("problem %d = %v, want / → %s has no route", i, got[i], p)
		}
	}
}

// The check reads past a page's opaque ranges (here, to show it, one that
// holds markup), and reads everything else.
func TestOpaqueRangesAreSkipped(t *testing.T) {
	const opaque = `<a href="/nowhere">x</a><p id="hidden"></p>`
	s := site(map[string]string{"/": `<a href="/gone">x</a>` + opaque + `<a href="#hidden">x</a>`})
	if got := len(Check(s)); got != 2 {
		t.Fatalf("without the range, %d problems, want 2", got)
	}
	start := strings.Index(string(s.Pages["/"]), opaque)
	s.Opaque = map[string][]Span{"/": {{Start: start, End: start + len(opaque)}}}
	var links []string
	for _, p := range Check(s) {
		links = append(links, p.Link)
	}
	if strings.Join(links, " ") != "/gone #hidden" {
		t.Errorf("problems with links %v, want /gone and #hidden (its id is in the range)", links)
	}
}
