// Package feed writes the articles' feeds: Atom 1.0 (RFC 4287) and JSON
// Feed 1.1 (jsonfeed.org/version/1.1), newest first, each entry with its
// full content. Every URL in a feed is absolute, the content's too: a feed
// reader has no page to resolve a site path against, so an entry's HTML
// comes with its addresses absolute (content.Text.Absolute). The same
// input gives the same bytes (the feed's updated time is its newest
// entry's).
package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
)

// Feed is one site's feed.
type Feed struct {
	Title, Description string
	// Publisher is who publishes the feed (the brand).
	Publisher string
	// SiteURL is the index page, BaseURL the site's origin (the feed's
	// author's address); both absolute.
	SiteURL, BaseURL string
	// Icon is the site's icon, absolute.
	Icon     string
	Language string
	Entries  []Entry
}

// Entry is one article.
type Entry struct {
	URL, Title, Summary string
	// HTML is the article's body as its page shows it, with every
	// address absolute.
	HTML string
	// Published and Updated are YYYY-MM-DD.
	Published, Updated string
	Author             Author
	Tags               []string
	// Image is the article's share image, absolute.
	Image string
}

type Author struct{ Name, URL string }

func day(d string) string { return d + "T00:00:00Z" }

// Atom returns the Atom 1.0 document of the feed, served at feedURL.
func Atom(f Feed, feedURL string) []byte {
	type link struct {
		Rel  string `xml:"rel,attr,omitempty"`
		Type string `xml:"type,attr,omitempty"`
		Href string `xml:"href,attr"`
	}
	type person struct {
		Name string `xml:"name"`
		URI  string `xml:"uri,omitempty"`
	}
	type text struct {
		Type string `xml:"type,attr,omitempty"`
		Body string `xml:",chardata"`
	}
	type category struct {
		Term string `xml:"term,attr"`
	}
	type entry struct {
		Title     text       `xml:"title"`
		Link      []link     `xml:"link"`
		ID        string     `xml:"id"`
		Published string     `xml:"published"`
		Updated   string     `xml:"updated"`
		Author    person     `xml:"author"`
		Category  []category `xml:"category"`
		Summary   text       `xml:"summary"`
		Content   text       `xml:"content"`
	}
	type feed struct {
		XMLName  xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
		Lang     string   `xml:"http://www.w3.org/XML/1998/namespace lang,attr,omitempty"`
		Title    text     `xml:"title"`
		Subtitle text     `xml:"subtitle"`
		Link     []link   `xml:"link"`
		ID       string   `xml:"id"`
		Updated  string   `xml:"updated"`
		Icon     string   `xml:"icon,omitempty"`
		Author   person   `xml:"author"`
		Entry    []entry  `xml:"entry"`
	}
	out := feed{
		Lang: f.Language, Title: text{Body: f.Title}, Subtitle: text{Body: f.Description},
		Link: []link{{Rel: "self", Type: "application/atom+xml", Href: feedURL}, {Rel: "alternate", Type: "text/html", Href: f.SiteURL}},
		ID:   f.SiteURL, Updated: day("1970-01-01"), Icon: f.Icon, Author: person{Name: f.Publisher, URI: f.BaseURL},
	}
	for _, e := range f.Entries {
		updated := day(e.Updated)
		if updated > out.Updated {
			out.Updated = updated
		}
		en := entry{
			Title: text{Type: "text", Body: e.Title}, Link: []link{{Rel: "alternate", Type: "text/html", Href: e.URL}},
			ID: e.URL, Published: day(e.Published), Updated: updated,
			Author:  person{Name: e.Author.Name, URI: e.Author.URL},
			Summary: text{Type: "text", Body: e.Summary}, Content: text{Type: "html", Body: e.HTML},
		}
		for _, t := range e.Tags {
			en.Category = append(en.Category, category{Term: t})
		}
		out.Entry = append(out.Entry, en)
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		panic(err) // only our own plain structs are encoded
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// JSON returns the JSON Feed 1.1 document of the feed, served at feedURL.
func JSON(f Feed, feedURL string) []byte {
	type author struct {
		Name string `json:"name"`
		URL  string `json:"url,omitempty"`
	}
	type item struct {
		ID            string   `json:"id"`
		URL           string   `json:"url"`
		Title         string   `json:"title"`
		Summary       string   `json:"summary"`
		ContentHTML   string   `json:"content_html"`
		Image         string   `json:"image,omitempty"`
		DatePublished string   `json:"date_published"`
		DateModified  string   `json:"date_modified"`
		Authors       []author `json:"authors"`
		Tags          []string `json:"tags,omitempty"`
	}
	type feed struct {
		Version     string `json:"version"`
		Title       string `json:"title"`
		HomePageURL string `json:"home_page_url"`
		FeedURL     string `json:"feed_url"`
		Description string `json:"description"`
		Icon        string `json:"icon,omitempty"`
		Language    string `json:"language,omitempty"`
		Items       []item `json:"items"`
	}
	out := feed{Version: "https://jsonfeed.org/version/1.1", Title: f.Title, HomePageURL: f.SiteURL, FeedURL: feedURL, Description: f.Description, Icon: f.Icon, Language: f.Language, Items: []item{}}
	for _, e := range f.Entries {
		out.Items = append(out.Items, item{
			ID: e.URL, URL: e.URL, Title: e.Title, Summary: e.Summary, ContentHTML: e.HTML, Image: e.Image,
			DatePublished: day(e.Published), DateModified: day(e.Updated), Authors: []author{{Name: e.Author.Name, URL: e.Author.URL}}, Tags: e.Tags,
		})
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(data, '\n')
}
