package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"
	"time"
)

// newerHTML is an entry's body, its addresses absolute as its article
// writes them for a feed (content.Text.Absolute).
const newerHTML = `<p>See <a href="https://example.com/platform">the platform</a>, <a href="https://other.example/x">elsewhere</a> and a note<a href="https://example.com/insights/newer#fn-1">1</a>.</p>` +
	`<picture><source type="image/avif" srcset="https://example.com/assets/img/a-480.avif 480w"><img src="https://example.com/assets/img/a.jpg" alt="A &amp; B" width="4" height="3"></picture>`

func fixture() Feed {
	return Feed{
		Title: "Insights & notes", Description: "What we learn <building> agents.", Publisher: "Vozia",
		SiteURL: "https://example.com/insights", BaseURL: "https://example.com/", Icon: "https://example.com/icon.png", Language: "en",
		Entries: []Entry{
			{
				URL: "https://example.com/insights/newer", Title: "Newer <one> & more", Summary: "The newer.",
				HTML:      newerHTML,
				Published: "2026-03-01", Updated: "2026-03-05", Author: Author{Name: "Ana", URL: "https://example.com/company/about-us"},
				Tags: []string{"voice-ai", "healthcare"}, Image: "https://example.com/insights/newer/share.png",
			},
			{
				URL: "https://example.com/insights/older", Title: "Older", Summary: "The older.", HTML: `<p>Home is <a href="https://example.com/">here</a> &amp; "there".</p>`,
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
	// An entry's content is its HTML, as it is: Atom's text is its markup.
	if e.Content.Body != newerHTML || doc.Entries[1].Content.Body != fixture().Entries[1].HTML {
		t.Errorf("content\n%s\nwant\n%s", e.Content.Body, newerHTML)
	}
	if !bytes.Equal(data, Atom(fixture(), "https://example.com/insights/feed.xml")) {
		t.Error("the same feed gives different bytes")
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
	if html, _ := first["content_html"].(string); html != newerHTML {
		t.Errorf("content_html\n%s\nwant\n%s", html, newerHTML)
	}
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
