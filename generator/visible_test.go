package generator

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// Tests that what the build writes for machines matches what it shows to
// people: the structured data's reviews are the reviews on the page, and a
// webinar reads as past or upcoming according to the build's clock.

// parseHTML parses a built page.
func parseHTML(t *testing.T, data []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// each calls f on every element of n's tree, in document order.
func each(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		each(c, f)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// text is the text content of n, spaces collapsed.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

type shownReview struct{ Company, Body, Date string }

// TestReviewsMarkupMatchesPage: the Organization's reviews in the home
// page's JSON-LD are exactly the reviews the page shows (quote, company,
// date), and the build refuses reviews that no page shows.
func TestReviewsMarkupMatchesPage(t *testing.T) {
	res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	doc := parseHTML(t, files(res)["index.html"])

	var marked []shownReview
	each(doc, func(n *html.Node) {
		if n.Data != "script" || attr(n, "type") != "application/ld+json" {
			return
		}
		var ld struct {
			Type   string `json:"@type"`
			Review []struct {
				Author struct {
					Name string `json:"name"`
				} `json:"author"`
				ReviewBody    string `json:"reviewBody"`
				DatePublished string `json:"datePublished"`
			} `json:"review"`
		}
		if json.Unmarshal([]byte(text(n)), &ld) != nil || ld.Type != "Organization" {
			return
		}
		for _, r := range ld.Review {
			marked = append(marked, shownReview{r.Author.Name, r.ReviewBody, r.DatePublished})
		}
	})
	if len(marked) == 0 {
		t.Fatal("the home page's Organization data has no reviews")
	}

	// On the page: each review is a <figure> with a <blockquote>, and a
	// <figcaption> naming the company and giving the date in <time>.
	var shown []shownReview
	each(doc, func(n *html.Node) {
		if n.Data != "figure" {
			return
		}
		var r shownReview
		each(n, func(c *html.Node) {
			switch c.Data {
			case "blockquote":
				r.Body = text(c)
			case "time":
				r.Date = attr(c, "datetime")
			case "figcaption":
				r.Company = text(c)
			}
		})
		if r.Body != "" {
			shown = append(shown, r)
		}
	})
	if len(shown) != len(marked) {
		t.Fatalf("the page shows %d reviews, the structured data has %d", len(shown), len(marked))
	}
	for i, m := range marked {
		s := shown[i]
		if s.Body != m.Body || s.Date != m.Date || !strings.HasPrefix(s.Company, m.Company) {
			t.Errorf("review %d: shown %+v, marked up %+v", i, s, m)
		}
	}

	// Without a section that shows them, the build stops.
	fsys := fixture(t)
	page := string(fsys["pages/index.yaml"].Data)
	i := strings.Index(page, "  - kind: reviews\n")
	if i < 0 {
		t.Fatal("the fixture home page has no reviews section")
	}
	j := strings.Index(page[i+1:], "\n  - kind:")
	fsys["pages/index.yaml"].Data = []byte(page[:i] + page[i+1+j+1:])
	_, err = Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err == nil || !strings.Contains(err.Error(), "no page shows these reviews") {
		t.Errorf("a build with reviews on no page: err = %v", err)
	}
}

// TestWebinarsPastOrUpcoming: a page built before a webinar invites
// visitors to register; built after it, the page lists it as a recording
// on request and no longer offers registration.
func TestWebinarsPastOrUpcoming(t *testing.T) {
	fsys := fixture(t)
	var webinars []struct {
		Title, Start string
	}
	for _, l := range strings.Split(string(fsys["collections/webinars.yaml"].Data), "\n") {
		if v, ok := strings.CutPrefix(l, "- title: "); ok {
			webinars = append(webinars, struct{ Title, Start string }{Title: strings.Trim(v, `"`)})
		}
	}
	if len(webinars) < 2 {
		t.Fatalf("the fixture needs two webinars, has %d", len(webinars))
	}
	first, second := webinars[0].Title, webinars[1].Title
	// Between the fixture's two webinars (15 and 22 February 2024, CET).
	between := time.Date(2024, 2, 18, 12, 0, 0, 0, time.UTC)

	// actions returns the mailto subject of each webinar card's button,
	// by whether it is in the past list (after the past heading).
	actions := func(now time.Time) map[string]string {
		t.Helper()
		res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: now})
		if err != nil {
			t.Fatal(err)
		}
		doc := parseHTML(t, files(res)["about/index.html"])
		out := map[string]string{}
		each(doc, func(n *html.Node) {
			if n.Data != "li" || !strings.Contains(attr(n, "class"), "card") {
				return
			}
			var title, href string
			each(n, func(c *html.Node) {
				if c.Data == "h3" {
					title = text(c)
				}
				if c.Data == "a" && strings.HasPrefix(attr(c, "href"), "mailto:") {
					href = attr(c, "href")
				}
			})
			if slices.Contains([]string{first, second}, title) {
				out[title] = href
			}
		})
		return out
	}
	register, recording := "Webinar%20registration", "Webinar%20recording"
	cases := []struct {
		name  string
		now   time.Time
		first string // the subject of the first webinar's button
		secnd string
	}{
		{"before both", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), register, register},
		{"between", between, recording, register},
		{"after both", fixedNow, recording, recording},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := actions(c.now)
			if !strings.Contains(got[first], c.first) || !strings.Contains(got[second], c.secnd) {
				t.Errorf("buttons %q, want %s for %q and %s for %q", got, c.first, first, c.secnd, second)
			}
		})
	}
}

// TestWebinarTimeZones: a webinar's time reads as the site writes times
// (14:00 CET), whatever name of the time zone database its file gives:
// the zone's abbreviation on that day, or its offset from UTC, never the
// database name (which the card's capitals would show as EUROPE/MADRID).
func TestWebinarTimeZones(t *testing.T) {
	fsys := fixture(t)
	cases := []struct {
		zone, date, want, starts string
	}{
		{"Europe/Madrid", "2024-02-15", "14:00 CET", "2024-02-15T14:00+01:00"},        // winter
		{"America/New_York", "2024-07-15", "14:00 EDT", "2024-07-15T14:00-04:00"},     // summer
		{"Asia/Kolkata", "2024-02-15", "14:00 IST", "2024-02-15T14:00+05:30"},         // an abbreviation the database has
		{"America/Sao_Paulo", "2024-02-15", "14:00 UTC-03", "2024-02-15T14:00-03:00"}, // none: the offset
	}
	var b strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&b, "- title: Zone %d\n  date: %q\n  time: \"14:00\"\n  timeZone: %s\n  speaker: Ana Test\n", i, c.date, c.zone)
	}
	fsys["collections/webinars.yaml"].Data = []byte(b.String())
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	shown, machine := map[string]string{}, map[string]string{}
	each(parseHTML(t, files(res)["about/index.html"]), func(n *html.Node) {
		if n.Data != "li" || !strings.Contains(attr(n, "class"), "card") {
			return
		}
		var title, when, datetime string
		each(n, func(c *html.Node) {
			switch c.Data {
			case "h3":
				title = text(c)
			case "time":
				when, datetime = text(c), attr(c, "datetime")
			}
		})
		shown[title], machine[title] = when, datetime
	})
	for i, c := range cases {
		got := shown[fmt.Sprintf("Zone %d", i)]
		if !strings.HasSuffix(got, c.want) || strings.Contains(strings.ToLower(got), strings.ToLower(c.zone)) {
			t.Errorf("a webinar on %s at 14:00 %s reads %q, want it to end %q", c.date, c.zone, got, c.want)
		}
		// What a calendar or a search engine reads: the instant, with its
		// offset, not a time in no zone.
		if got := machine[fmt.Sprintf("Zone %d", i)]; got != c.starts {
			t.Errorf("a webinar on %s at 14:00 %s has the datetime %q, want %q", c.date, c.zone, got, c.starts)
		}
	}
}
