package generator

import (
	"context"
	"encoding/json"
	stdhtml "html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/wire"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/load"
)

// TestDetailPages: each service and each case study of the fixture site
// has a prerendered page of its own below the page that lists it, with its
// own title, description and canonical URL, breadcrumbs back to the list
// (in the page and in its structured data), a JSON-LD block of the
// record's schema.org type, a place in the sitemap, and a card on the list
// that is a plain link to it. A slug that is no record's is not found.
// The expected values come from the records.
func TestDetailPages(t *testing.T) {
	fsys := fixture(t)
	const base = "https://fixture.example"
	res, site := buildAndLoad(t, fsys, base)
	f := files(res)
	sitemap := string(f["sitemap.xml"])

	type record struct {
		id, url, title, name, ldType string
		list                         string // the listing section's kind
	}
	var records []record
	for _, s := range site.Collections.Services {
		records = append(records, record{s.ID, s.URL, s.Title, s.Title, content.SubjectService, "services"})
	}
	for _, c := range site.Collections.CaseStudies {
		records = append(records, record{c.ID, c.URL, c.Title, c.Company, content.SubjectCaseStudy, "case-studies"})
	}
	if len(site.Collections.Services) == 0 || len(site.Collections.CaseStudies) == 0 {
		t.Fatal("the fixture site needs services and case studies")
	}
	lists := map[string]string{} // listing kind → the list page's path
	for p, page := range site.Pages {
		for _, sec := range page.Sections {
			if sec.Kind == "services" || sec.Kind == "case-studies" {
				lists[sec.Kind] = p
			}
		}
	}

	for _, rec := range records {
		t.Run(rec.id, func(t *testing.T) {
			list := lists[rec.list]
			if list == "" || rec.url != list+"/"+rec.id {
				t.Fatalf("page %q, want the list's path %q + /%s", rec.url, list, rec.id)
			}
			doc := string(f[strings.TrimPrefix(rec.url, "/")+"/index.html"])
			if doc == "" {
				t.Fatalf("%s is not built", rec.url)
			}
			var page struct{ Head wire.Head }
			if err := json.Unmarshal(embeddedJSON(t, doc, "page-data"), &page); err != nil {
				t.Fatal(err)
			}
			wantTitle := head.Title(site.Config, rec.title)
			for _, want := range []string{
				"<title>" + stdhtml.EscapeString(wantTitle) + "</title>",
				`<link rel="canonical" href="` + base + rec.url + `">`,
				`<meta name="description" content="` + stdhtml.EscapeString(page.Head.Description) + `">`,
				`aria-current="page">` + stdhtml.EscapeString(rec.name) + `</li>`,
				`<a href="` + list + `"`,
			} {
				if !strings.Contains(doc, want) {
					t.Errorf("%s lacks %s", rec.url, want)
				}
			}
			if page.Head.Description == "" || page.Head.Description == site.Config.SEO.Description {
				t.Errorf("description %q: want the record's own", page.Head.Description)
			}

			// The structured data: the record as its type, and the trail.
			var subject, crumbs map[string]any
			for _, block := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(doc, -1) {
				var ld map[string]any
				if err := json.Unmarshal([]byte(block[1]), &ld); err != nil {
					t.Fatalf("JSON-LD: %v", err)
				}
				switch ld["@type"] {
				case rec.ldType:
					subject = ld
				case "BreadcrumbList":
					crumbs = ld
				}
			}
			if subject == nil || subject["name"] != rec.title || subject["url"] != base+rec.url {
				t.Errorf("JSON-LD %s block %v, want name %q and url %q", rec.ldType, subject, rec.title, base+rec.url)
			}
			var trail []string
			if crumbs != nil {
				for _, it := range crumbs["itemListElement"].([]any) {
					item := it.(map[string]any)
					trail = append(trail, item["item"].(string)+" "+item["name"].(string))
				}
			}
			want := []string{base + "/ " + site.Pages["/"].Route.Name, base + list + " " + site.Pages[list].Route.Name, base + rec.url + " " + rec.name}
			if strings.Join(trail, "|") != strings.Join(want, "|") {
				t.Errorf("breadcrumbs %q, want %q", trail, want)
			}

			if !strings.Contains(sitemap, "<loc>"+base+rec.url+"</loc>") {
				t.Errorf("%s is not in the sitemap", rec.url)
			}
			// The card on the list is a plain link to the page.
			if listDoc := string(f[strings.TrimPrefix(list, "/")+"/index.html"]); !strings.Contains(listDoc, `href="`+rec.url+`"`) {
				t.Errorf("%s has no link to %s", list, rec.url)
			}
		})
	}

	// A slug that is no record's is not found, as the CDN and cmd/serve
	// answer it from the routing manifest and the files.
	isFile := func(name string) bool { _, ok := f[name]; return ok }
	for _, list := range lists {
		p := list + "/no-such-record"
		if a := res.Manifest.Resolve(&url.URL{Path: p}, isFile); a.Status != 404 {
			t.Errorf("GET %s: status %d (%s), want 404", p, a.Status, a.File)
		}
	}
}

// TestDetailPageFormPresetsItsProduct: the contact form on a service's own
// page (/services/<id>) has the product of the page that lists it chosen,
// as the form on that page has, in the HTML itself (before any script,
// and without one); a page under no product's page (the home page)
// chooses none. A prospect who pressed "Discuss this service" on a
// service's page found the product unchosen.
func TestDetailPageFormPresetsItsProduct(t *testing.T) {
	fsys := fixture(t)
	fsys["site.yaml"].Data = append(fsys["site.yaml"].Data, "products:\n  - id: consulting\n    label: AI agent consulting\n    pages: [/services]\n"...)
	fsys["pages/services.yaml"].Data = append(fsys["pages/services.yaml"].Data, "  - kind: contact\n"...)
	res, site := buildAndLoad(t, fsys, "https://fixture.example")
	chosen := regexp.MustCompile(`<select[^>]*id="cf-product"[^>]*>(?:<option[^>]*>[^<]*</option>)*?<option[^>]*value="([^"]*)"[^>]*selected`)
	product := func(path string) string {
		t.Helper()
		page := string(files(res)[strings.TrimPrefix(path+"/index.html", "/")])
		if !strings.Contains(page, `id="cf-product"`) {
			t.Fatalf("%s has no product select", path)
		}
		if m := chosen.FindStringSubmatch(page); m != nil {
			return m[1]
		}
		return ""
	}
	for _, s := range site.Collections.Services {
		if got := product(s.URL); got != "consulting" {
			t.Errorf("the form on %s chooses %q, want consulting (the product of /services, which lists it)", s.URL, got)
		}
	}
	if got := product("/services"); got != "consulting" {
		t.Errorf("the form on /services chooses %q, want consulting", got)
	}
	if got := product(""); got != "" {
		t.Errorf("the form on the home page chooses %q, want none", got)
	}
}

// TestContactSectionOwnCopy: a contact section's heading, intro and button
// label replace the layout's on its page only, in the HTML itself (the
// button before the app starts, and the hidden submit that Enter presses
// then). A prospect on the demo page pressed "Send message" to ask for a
// demo. Every form says, under its button, what becomes of the details,
// with a link to the privacy notice: a buyer found nothing beside it.
func TestContactSectionOwnCopy(t *testing.T) {
	fsys := fixture(t)
	fsys["pages/services.yaml"].Data = append(fsys["pages/services.yaml"].Data,
		"  - kind: contact\n    heading: Book a walkthrough\n    intro: Tell us about your calls.\n    submit: Book my walkthrough\n"...)
	fsys["layout.yaml"].Data = []byte(strings.Replace(string(fsys["layout.yaml"].Data), "  requiredNote: Fields marked * are required.\n",
		"  requiredNote: Fields marked * are required.\n  privacy:\n    text: \"We answer with these details only. How we keep them:\"\n    link: {label: our privacy notice, href: /legal/privacy}\n", 1))
	res, site := buildAndLoad(t, fsys, "https://fixture.example")
	copy := site.Layout.ContactForm
	shown := regexp.MustCompile(`<button[^>]*class="[^"]*contact__submit[^"]*"[^>]*>([^<]*)</button>`)
	hidden := regexp.MustCompile(`<button type="submit" hidden="">([^<]*)</button>`)
	privacy := regexp.MustCompile(`<p class="contact__privacy">([^<]*)(?:<!-- -->)? <a href="/legal/privacy"[^>]*>our privacy notice</a></p>`)
	heading := regexp.MustCompile(`<h2 id="contact-heading">([^<]*)</h2>`)
	intro := regexp.MustCompile(`<p class="contact__intro">([^<]*)</p>`)
	for _, c := range []struct{ path, heading, intro, submit string }{
		{"/services", "Book a walkthrough", "Tell us about your calls.", "Book my walkthrough"},
		{"", copy.Heading, copy.Intro, copy.Submit},
	} {
		page := string(files(res)[strings.TrimPrefix(c.path+"/index.html", "/")])
		for _, w := range []struct {
			what string
			re   *regexp.Regexp
			want string
		}{{"button", shown, c.submit}, {"hidden submit", hidden, c.submit}, {"heading", heading, c.heading}, {"intro", intro, c.intro},
			{"privacy note, linking to the notice,", privacy, "We answer with these details only. How we keep them:"}} {
			m := w.re.FindStringSubmatch(page)
			if m == nil {
				t.Errorf("%s/: no contact form %s", c.path, w.what)
			} else if got := stdhtml.UnescapeString(m[1]); got != w.want {
				t.Errorf("%s/: the contact form's %s reads %q, want %q", c.path, w.what, got, w.want)
			}
		}
	}
}

// buildAndLoad builds fsys for baseURL as of fixedNow, and loads it as the
// build did: the pages it wrote, and the site they were made from.
func buildAndLoad(t *testing.T, fsys fstest.MapFS, baseURL string) (*Result, *content.Site) {
	t.Helper()
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, BaseURL: baseURL})
	if err != nil {
		t.Fatal(err)
	}
	site, err := load.SiteWith(fsys, load.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	return res, site
}

// A case study's card on the home page shows its challenge's first
// sentence, clamped to three lines: an ellipsis the clamp draws then falls
// inside that sentence. With the whole challenge clamped, a prospect read
// "visits.…", the ellipsis after a full stop, where the clamp's third line
// ended a sentence.
func TestCaseStudyCardShowsOneSentence(t *testing.T) {
	fsys := fixture(t)
	fsys["pages/index.yaml"].Data = append(fsys["pages/index.yaml"].Data,
		"  - kind: case-study-grid\n    heading: Stories\n    intro: What our customers did.\n    readMore: Read the story\n    allLink: {label: All stories, href: /about}\n"...)
	res, site := buildAndLoad(t, fsys, "https://fixture.example")
	home := string(files(res)["index.html"])
	cards := regexp.MustCompile(`<p class="clamp-3">([^<]*)</p>`).FindAllStringSubmatch(home, -1)
	studies := site.Collections.CaseStudies
	if len(cards) != len(studies) {
		t.Fatalf("%d case-study cards on the home page, want one per study (%d)", len(cards), len(studies))
	}
	longer := 0
	for i, c := range studies {
		challenge := c.Challenge
		if strings.Contains(strings.TrimSpace(challenge), ". ") {
			longer++
		}
		text := stdhtml.UnescapeString(cards[i][1])
		if strings.Contains(text, ". ") || !strings.HasPrefix(challenge, strings.TrimSuffix(text, "…")) || len(text) < 20 {
			t.Errorf("%s's card reads %q: want the first sentence of its challenge %q", c.ID, text, challenge)
		}
	}
	if longer == 0 {
		t.Fatal("no challenge of the fixture has a second sentence: the test would show nothing")
	}
}
