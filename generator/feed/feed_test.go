package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"regexp"
	"strings"
	"testing"
	"time"
)

func fixture() Feed {
	return Feed{
		Title: "Insights & notes", Description: "What we learn <building> agents.", Publisher: "Vozia",
		SiteURL: "https://example.com/insights", BaseURL: "https://example.com/", Icon: "https://example.com/icon.png", Language: "en",
		Entries: []Entry{
			{
				URL: "https://example.com/insights/newer", Title: "Newer <one> & more", Summary: "The newer.",
				HTML: `<p>See <a href="/platform">the platform</a>, <a href="https://other.example/x">elsewhere</a>, <a href="//cdn.example/y">a CDN</a> and a note<a href="#fn-1">1</a>.</p>` +
					`<picture><source type="image/avif" srcset="/assets/img/a-480.avif 480w, /assets/img/a-768.avif 768w"><img src="/assets/img/a.jpg" alt="A" width="4" height="3"></picture>`,
				Published: "2026-03-01", Updated: "2026-03-05", Author: Author{Name: "Ana", URL: "https://example.com/company/about-us"},
				Tags: []string{"voice-ai", "healthcare"}, Image: "https://example.com/insights/newer/share.png",
			},
			{
				URL: "https://example.com/insights/older", Title: "Older", Summary: "The older.", HTML: `<p>Home is <a href="/">here</a>.</p>`,
				Published: "2026-01-10", Updated: "2026-04-02", Author: Author{Name: "Ben"},
			},
		},
	}
}

type atomDoc struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Title   string   `xml:"title"`
	ID      string   `xml:"id"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Rel  string `xml:"rel,attr"`
		Href string `xml:"href,attr"`
	} `xml:"link"`
	Entries []struct {
		ID        string `xml:"id"`
		Title     string `xml:"title"`
		Published string `xml:"published"`
		Updated   string `xml:"updated"`
		Author    struct {
			Name string `xml:"name"`
			URI  string `xml:"uri"`
		} `xml:"author"`
		Categories []struct {
			Term string `xml:"term,attr"`
		} `xml:"category"`
		Content struct {
			Type string `xml:"type,attr"`
			Body string `xml:",chardata"`
		} `xml:"content"`
	} `xml:"entry"`
}

func TestAtom(t *testing.T) {
	data := Atom(fixture(), "https://example.com/insights/feed.xml")
	var doc atomDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, data)
	}
	if doc.Title != "Insights & notes" || doc.ID != "https://example.com/insights" {
		t.Errorf("feed title %q id %q", doc.Title, doc.ID)
	}
	// The feed was last updated when its most recently updated entry was,
	// which need not be the newest.
	if doc.Updated != "2026-04-02T00:00:00Z" {
		t.Errorf("feed updated %q, want the older entry's update 2026-04-02T00:00:00Z", doc.Updated)
	}
	if len(doc.Links) != 2 || doc.Links[0].Rel != "self" || doc.Links[0].Href != "https://example.com/insights/feed.xml" {
		t.Errorf("feed links %+v, want self first", doc.Links)
	}
	if len(doc.Entries) != 2 || doc.Entries[0].ID != "https://example.com/insights/newer" || doc.Entries[1].ID != "https://example.com/insights/older" {
		t.Fatalf("entries %+v, want newer then older, as given", doc.Entries)
	}
	e := doc.Entries[0]
	if e.Title != "Newer <one> & more" || e.Published != "2026-03-01T00:00:00Z" || e.Updated != "2026-03-05T00:00:00Z" {
		t.Errorf("entry title %q published %q updated %q", e.Title, e.Published, e.Updated)
	}
	if e.Author.Name != "Ana" || e.Author.URI != "https://example.com/company/about-us" || len(e.Categories) != 2 || e.Categories[1].Term != "healthcare" {
		t.Errorf("entry author %+v categories %+v", e.Author, e.Categories)
	}
	if e.Content.Type != "html" {
		t.Errorf("content type %q, want html", e.Content.Type)
	}
	checkAbsolute(t, e.Content.Body)
	if b := doc.Entries[1].Content.Body; !strings.Contains(b, `href="https://example.com/"`) {
		t.Errorf("a link to the home page is not absolute: %s", b)
	}
	if !bytes.Equal(data, Atom(fixture(), "https://example.com/insights/feed.xml")) {
		t.Error("the same feed gives different bytes")
	}
}

func checkAbsolute(t *testing.T, body string) {
	t.Helper()
	for _, want := range []string{
		`href="https://example.com/platform"`,
		`href="https://other.example/x"`,
		`href="//cdn.example/y"`,
		`href="https://example.com/insights/newer#fn-1"`,
		`srcset="https://example.com/assets/img/a-480.avif 480w, https://example.com/assets/img/a-768.avif 768w"`,
		`src="https://example.com/assets/img/a.jpg"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("content lacks %s:\n%s", want, body)
		}
	}
}

func TestJSON(t *testing.T) {
	data := JSON(fixture(), "https://example.com/insights/feed.json")
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	// JSON Feed 1.1's required fields, and the ones a reader needs to
	// link back.
	if doc["version"] != "https://jsonfeed.org/version/1.1" || doc["title"] != "Insights & notes" ||
		doc["home_page_url"] != "https://example.com/insights" || doc["feed_url"] != "https://example.com/insights/feed.json" {
		t.Errorf("feed fields %v", doc)
	}
	items, _ := doc["items"].([]any)
	if len(items) != 2 {
		t.Fatalf("items %v", doc["items"])
	}
	first := items[0].(map[string]any)
	if first["id"] != "https://example.com/insights/newer" || first["url"] != first["id"] || first["image"] != "https://example.com/insights/newer/share.png" {
		t.Errorf("first item %v", first)
	}
	for _, field := range []string{"date_published", "date_modified"} {
		if _, err := time.Parse(time.RFC3339, first[field].(string)); err != nil {
			t.Errorf("%s is not RFC 3339: %v", field, err)
		}
	}
	if authors, _ := first["authors"].([]any); len(authors) != 1 || authors[0].(map[string]any)["name"] != "Ana" {
		t.Errorf("authors %v", first["authors"])
	}
	html, _ := first["content_html"].(string)
	checkAbsolute(t, html)
	if second := items[1].(map[string]any); second["tags"] != nil || second["id"] != "https://example.com/insights/older" {
		t.Errorf("second item %v: newest first, no empty tags", second)
	}
}

// A feed with no entries is still a valid, empty feed.
func TestEmpty(t *testing.T) {
	f := fixture()
	f.Entries = nil
	var doc atomDoc
	if err := xml.Unmarshal(Atom(f, "https://example.com/insights/feed.xml"), &doc); err != nil || len(doc.Entries) != 0 || doc.Updated == "" {
		t.Errorf("empty Atom feed: %v %+v", err, doc)
	}
	var jf struct{ Items []any }
	if err := json.Unmarshal(JSON(f, "https://example.com/insights/feed.json"), &jf); err != nil || jf.Items == nil {
		t.Errorf("empty JSON feed: %v, items %v (want [])", err, jf.Items)
	}
}

// absoluteByRegexp is the plain statement of absolute, by regular
// expressions: the one-pass absolute must agree with it.
func absoluteByRegexp(html, base, entryURL string) string {
	sitePath := regexp.MustCompile(`(\s(?:href|src)=")(/[^/"][^"]*|/)"`)
	fragment := regexp.MustCompile(`(\s(?:href|src)=")(#[^"]*)"`)
	srcset := regexp.MustCompile(`(\ssrcset=")([^"]*)"`)
	base = strings.TrimSuffix(base, "/")
	literal := func(s string) string { return strings.ReplaceAll(s, "$", "$$") }
	html = sitePath.ReplaceAllString(html, "${1}"+literal(base)+`${2}"`)
	html = fragment.ReplaceAllString(html, "${1}"+literal(entryURL)+`${2}"`)
	return srcset.ReplaceAllStringFunc(html, func(m string) string {
		sub := srcset.FindStringSubmatch(m)
		candidates := strings.Split(sub[2], ",")
		for i, c := range candidates {
			c = strings.TrimSpace(c)
			if strings.HasPrefix(c, "/") && !strings.HasPrefix(c, "//") {
				c = base + c
			}
			candidates[i] = c
		}
		return sub[1] + strings.Join(candidates, ", ") + `"`
	})
}

func TestAbsoluteAsRegexps(t *testing.T) {
	for _, html := range []string{
		``,
		`<p>no links at all, a="b" in text</p>`,
		`<a href="/">home</a><a href="/platform">p</a><a href="//cdn.example/y">c</a><a href="https://x.example/">x</a>`,
		`<a href="#fn-1">1</a><a href="">empty</a><a href="mailto:a@b.example">m</a>`,
		`<img src="/assets/a.jpg" alt="a href=&quot;/x&quot;"><img data-src="/no" src="/yes">`,
		`<picture><source type="image/avif" srcset="/a-480.avif 480w,/a-768.avif 768w, //cdn/a.avif 1x"><img src="/a.jpg" srcset="/a.jpg"></picture>`,
		"<a\thref=\"/tab\">t</a><a\nhref=\"/nl\">n</a><a data-href=\"/data\">d</a><a xhref=\"/x\">x</a>",
		`<a href="/$1">dollar</a><a href="/unterminated`,
		`href="/at-start"><a  href="/two-spaces">`,
		`<a title="x" href="/after-title" rel="noopener">y</a><a href=/unquoted>z</a>`,
	} {
		for _, base := range []string{"https://example.com", "https://example.com/", "https://example.com/$x"} {
			got, want := absolute(html, base, "https://example.com/insights/a"), absoluteByRegexp(html, base, "https://example.com/insights/a")
			if got != want {
				t.Errorf("absolute(%q, %q)\n got %q\nwant %q", html, base, got, want)
			}
		}
	}
}
