package head

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func site() siteconfig.SiteConfig {
	return siteconfig.SiteConfig{
		Brand: "Vozia", BaseURL: "https://www.vozia.example", Language: "en-US", DemoEmail: "demo@vozia.example",
		SEO: siteconfig.SEO{
			Title: "Vozia | Default", Description: "Default description.",
			Keywords: []string{"voice AI agents", "text AI chatbots"}, Image: "/images/share.png",
			ImageAlt: "The mark on a sound wave", ThemeColor: "#FF6B35", Region: "US", Placename: "United States", Speakable: []string{"h1", ".hero-subtitle"},
		},
		Organization: siteconfig.Organization{
			Logo: "/images/logo.png", Description: "We build agents.", FounderName: "Vozia Founding Team",
			Country: "ES", ContactType: "customer service",
			Offer: siteconfig.Offer{Price: "0", Currency: "USD", Description: "Contact for custom pricing"},
		},
		Social: []siteconfig.SocialProfile{
			{Name: "linkedin", Label: "LinkedIn", URL: "https://www.linkedin.com/company/vozia-example"},
			{Name: "x", Label: "X", URL: "https://x.com/vozia_example"},
		},
	}
}

var reviews = []content.Review{
	{Company: "Acme Retail", ReviewBody: "Great <agents> & more.", RatingValue: 5, DatePublished: "2024-05-01"},
	{Company: "Bank Co", ReviewBody: "Reliable.", RatingValue: 5, DatePublished: "2024-06-01"},
	{Company: "Bio Co", ReviewBody: "Fast.", RatingValue: 5, DatePublished: "2024-07-01"},
	{Company: "Home Co", ReviewBody: "Helpful.", RatingValue: 5, DatePublished: "2024-08-01"},
}

func TestWriteGolden(t *testing.T) {
	tests := []struct {
		name string
		page Page
	}{
		{"home", Page{Site: site(), Reviews: reviews, Path: "/", Route: content.Route{Path: "/", PageMeta: content.PageMeta{
			Title: "Vozia | Voice & Text AI Agents", Description: `Agents that "talk" <back>.`, Keywords: []string{"AI consulting", "Voice AI agents"}}}}},
		{"breadcrumbs", Page{Site: site(), Reviews: reviews, Path: "/solutions/pulse", Route: content.Route{
			Path: "/solutions/pulse", PageMeta: content.PageMeta{Title: "Pulse", Description: "Interviews.", Image: "https://cdn.example/pulse.png",
				Breadcrumbs: []content.Breadcrumb{{Name: "Home", URL: "/"}, {Name: "Pulse", URL: "/solutions/pulse"}}}}}},
		{"blog-post", Page{Site: site(), Reviews: reviews, Path: "/blog/hello", Route: content.Route{Path: "/blog/hello", PageMeta: content.PageMeta{
			Title: "Hello", Description: "A post.",
			Article: &content.Article{Author: "Ana García", Publisher: "https://www.linkedin.com/company/vozia-example"}}}}},
		{"not-found", Page{Site: site(), Path: "/404", NoIndex: true, Route: content.Route{Path: "/404", PageMeta: content.PageMeta{
			Title: "Page not found", Description: "Nothing here."}, NotFound: true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Write(tc.page)
			golden := filepath.Join("testdata", tc.name+".golden.html")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./generator/head -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("head differs from %s (go test -update to accept):\n%s", golden, got)
			}
			for _, block := range jsonLDBlocks(t, got) {
				if block["@context"] != "https://schema.org" {
					t.Errorf("JSON-LD block without schema.org context: %v", block)
				}
			}
		})
	}
}

// The golden files pin the bytes; these pin the rules a reader of the
// brief checks, so that an -update cannot quietly accept a broken head.
func TestWriteRules(t *testing.T) {
	home := string(Write(Page{Site: site(), Reviews: reviews, Path: "/", Route: content.Route{Path: "/", PageMeta: content.PageMeta{Title: "T", Description: "D", Keywords: []string{"Voice AI agents", "pulse"}}}}))
	for _, want := range []string{
		`<link rel="canonical" href="https://www.vozia.example/">`,
		`<meta name="keywords" content="Voice AI agents, pulse, text AI chatbots, Vozia">`,
		`<meta property="og:image" content="https://www.vozia.example/images/share.png">`,
		`<meta property="og:image:width" content="1200">`,
		`<meta property="og:image:height" content="630">`,
		`<meta name="twitter:card" content="summary_large_image">`,
		`<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large">`,
		`<meta name="googlebot" content="index, follow, max-snippet:-1, max-image-preview:large">`,
		`<meta name="theme-color" content="#FF6B35">`,
		`<meta http-equiv="content-language" content="en-US">`,
		`<meta name="geo.region" content="US">`,
		`<meta name="geo.placename" content="United States">`,
		`<meta name="apple-mobile-web-app-capable" content="yes">`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("head lacks %s", want)
		}
	}
	if strings.Contains(home, "BreadcrumbList") {
		t.Error("a page without breadcrumbs has a BreadcrumbList")
	}
	if strings.Contains(home, "article:author") {
		t.Error("a page that is not a blog post has article tags")
	}

	blocks := jsonLDBlocks(t, []byte(home))
	org := blocks[0]
	rating := org["aggregateRating"].(map[string]any)
	if rating["ratingValue"] != "5.0" || rating["reviewCount"] != 4.0 || rating["bestRating"] != 5.0 || rating["worstRating"] != 1.0 {
		t.Errorf("aggregate rating = %v, want 5.0 from 4 reviews, best 5, worst 1", rating)
	}
	if org["address"].(map[string]any)["addressCountry"] != "ES" {
		t.Errorf("address = %v", org["address"])
	}
	if f := org["founder"].(map[string]any); f["@type"] != "Organization" || f["name"] != "Vozia Founding Team" {
		t.Errorf("founder = %v", f)
	}
	if o := org["offers"].(map[string]any); o["price"] != "0" || o["priceCurrency"] != "USD" || o["description"] != "Contact for custom pricing" {
		t.Errorf("offers = %v", o)
	}
	if cp := org["contactPoint"].(map[string]any); cp["contactType"] != "customer service" || cp["email"] != "demo@vozia.example" {
		t.Errorf("contactPoint = %v", cp)
	}
	if sp := blocks[1]["speakable"].(map[string]any); sp["@type"] != "SpeakableSpecification" {
		t.Errorf("speakable = %v", sp)
	}

	crumbs := jsonLDBlocks(t, Write(Page{Site: site(), Path: "/a/b", Route: content.Route{Path: "/a/b", PageMeta: content.PageMeta{Title: "T", Description: "D",
		Breadcrumbs: []content.Breadcrumb{{Name: "Home", URL: "/"}, {Name: "A", URL: "/a"}, {Name: "B", URL: "/a/b"}}}}}))[2]
	items := crumbs["itemListElement"].([]any)
	for i, it := range items {
		m := it.(map[string]any)
		if m["position"] != float64(i+1) || !strings.HasPrefix(m["item"].(string), "https://www.vozia.example/") {
			t.Errorf("breadcrumb %d = %v, want position %d and an absolute URL", i, m, i+1)
		}
	}

	if Rating(nil) != nil {
		t.Error("no reviews must give no aggregate rating")
	}
	mixed := Rating([]content.Review{{RatingValue: 5}, {RatingValue: 4}})
	if mixed.RatingValue != "4.5" || mixed.ReviewCount != 2 {
		t.Errorf("rating of 5 and 4 = %+v, want 4.5 of 2", mixed)
	}
}

// TestTitle pins the brand rule: the build adds " | <brand>" to a page's
// own title unless the title opens with the brand.
func TestTitle(t *testing.T) {
	for _, tc := range []struct{ title, want string }{
		{"Conversational AI Platform", "Conversational AI Platform | Vozia"},
		{"Pulse | AI Customer Interviews", "Pulse | AI Customer Interviews | Vozia"},
		{"Vozia | Voice & Text AI Agents", "Vozia | Voice & Text AI Agents"},
		{"About Vozia: AI from Madrid", "About Vozia: AI from Madrid | Vozia"},
		{"", "Vozia | Default"},
	} {
		if got := Title(site(), tc.title); got != tc.want {
			t.Errorf("Title(%q) = %q, want %q", tc.title, got, tc.want)
		}
	}
}

// TestFields checks the head fields the app applies after a client-side
// navigation: a page outside the index has robots noindex and no
// canonical, like its HTML.
func TestFields(t *testing.T) {
	meta := content.PageMeta{Title: "Gone", Description: "D", Keywords: []string{"k"}}
	nf := Fields(Page{Site: site(), Path: "/404", NoIndex: true, Route: content.Route{Path: "/404", PageMeta: meta, NotFound: true}})
	if nf.Canonical != "" || nf.Robots != "noindex, follow" || nf.Title != "Gone | Vozia" {
		t.Errorf("not-found fields = %+v, want no canonical, noindex and the branded title", nf)
	}
	html := string(Write(Page{Site: site(), Path: "/404", NoIndex: true, Route: content.Route{Path: "/404", PageMeta: meta, NotFound: true}}))
	if strings.Contains(html, `rel="canonical"`) || !strings.Contains(html, `<meta name="robots" content="noindex, follow">`) {
		t.Errorf("not-found head disagrees with its fields:\n%s", html)
	}
	p := Fields(Page{Site: site(), Path: "/a", Route: content.Route{Path: "/a", PageMeta: meta}})
	if p.Canonical != "https://www.vozia.example/a" || p.URL != p.Canonical || !strings.HasPrefix(p.Robots, "index, follow") || p.Keywords != "k, voice AI agents, text AI chatbots, Vozia" {
		t.Errorf("page fields = %+v", p)
	}
}

var ldRE = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

func jsonLDBlocks(t *testing.T, head []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range ldRE.FindAllSubmatch(head, -1) {
		var v map[string]any
		if err := json.Unmarshal(m[1], &v); err != nil {
			t.Fatalf("invalid JSON-LD %s: %v", m[1], err)
		}
		out = append(out, v)
	}
	return out
}
