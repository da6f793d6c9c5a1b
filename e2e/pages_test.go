package e2e

// Tests of the inner pages (solutions, platform, resources, company,
// services, case studies, legal): that every piece of their copy and every
// record they use reaches the page, and that placeholders say so.

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// sweepSection returns the first section of type T on a page.
func sweepSection[T any](t *testing.T, p *content.Page) *T {
	t.Helper()
	for _, s := range p.Sections {
		if v, ok := s.Value.(*T); ok {
			return v
		}
	}
	var zero T
	t.Fatalf("page %s has no %T section", p.Route.Path, zero)
	return nil
}

// sweepHiddenFields are copy and record fields that are not page text:
// addresses, icon names, e-mail subjects, the month names (only the months
// of the webinars show), ISO dates (shown formatted), the detail text and
// action of a service (shown on its own page, whose copy this sweep checks
// too) and labels that only appear when a record needs them.
var sweepHiddenFields = []string{
	"ID", "Icon", "Href", "Site", "Subject", "RequestSubject", "RegisterSubject", "Months",
	"Date", "Details", "CloseLabel", "DownloadLabel", "Sector", "Image", "Color", "Action",
	"Sentiment", "DownloadURL", "Kind", "Pos", "Collection", "HTML",
	// A Markdown text's pieces (content.Text): its markup (HTML, above),
	// the place each image is shown at and its addresses, written in
	// attributes.
	"Place", "Address",
	// The webinars' labels depend on the build date: registration for
	// those to come, recordings for past ones (TestProspectWebinars); the
	// reviews' rating is said in an aria-label.
	"RegisterLabel", "RegisterNote", "NoUpcoming", "PastHeading", "RecordingLabel", "RecordingSubject", "RatingLabel",
	// A webinar's start is its time's datetime attribute (the words are
	// When; generator's TestWebinarTimeZones).
	"Starts",
	// The articles: addresses, the author's key, the cover, the ISO dates
	// (shown in words), the labels used only on some pages, as templates
	// or in an attribute (a footnote's links, to it and back), the related cards
	// (tested in e2e/articles_test.go) and make dev's banners.
	"URL", "IndexURL", "NewerURL", "OlderURL", "FeedURL", "Key", "Cover", "Photo", "Updated", "Status", "Banner",
	"Labels", "ReadingTime", "Contents", "Related", "TaggedHeading", "TagsLabel", "Newer", "Older", "PageLabel", "Draft", "Scheduled", "Backlink", "Footnote",
	// A sample call's files and their types are addresses and attributes
	// (e2e/sample_call_test.go); the security record's BAA is a key,
	// shown by its label (e2e/security_test.go).
	"Transcript", "Audio", "Fallback", "AudioType", "FallbackType", "BAA",
}

// sweepCopyStrings returns every string reachable from v except those of
// sweepHiddenFields, with the field path of each.
func sweepCopyStrings(v reflect.Value, path string, out map[string]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			sweepCopyStrings(v.Elem(), path, out)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() || !f.Anonymous && slices.Contains(sweepHiddenFields, f.Name) {
				continue
			}
			// A tag's key is shown by its name (collections/tags/<tag>.yaml),
			// which the same struct carries.
			if f.Name == "Tag" && slices.Contains([]string{"TagLink", "ArticleIndexSection"}, v.Type().Name()) {
				continue
			}
			sweepCopyStrings(v.Field(i), path+"."+f.Name, out)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			sweepCopyStrings(v.Index(i), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.String:
		if s := v.String(); s != "" {
			out[path] = s
		}
	}
}

var sweepSpaces = regexp.MustCompile(`\s+`)

// TestPagesShowAllCopy loads each page but the home page (it has its own
// tests) and checks that every string of its sections and of the
// collections they show is on the page.
func TestPagesShowAllCopy(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	tab := sweepNewTab(t, env, 1280, 900)
	for _, p := range sweepPages(t) {
		if p.Route.Path == "/" {
			continue
		}
		t.Run(sweepName(p.Path), func(t *testing.T) {
			page := site.Pages[p.Route.Path]
			want := map[string]string{}
			sweepCopyStrings(reflect.ValueOf(page.Sections), "sections", want)
			sweepCopyStrings(reflect.ValueOf(page.Collections), "collections", want)
			tab.Load(t, p.Path)
			text, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector("main").textContent`))
			if err != nil {
				t.Fatal(err)
			}
			text = sweepSpaces.ReplaceAllString(text, " ")
			// A short text page (Markdown with front matter) may hold no
			// section copy at all: it still shows words.
			if len(want) == 0 && strings.TrimSpace(text) == "" {
				t.Fatal("the page shows no text")
			}
			for _, field := range slices.Sorted(func(yield func(string) bool) {
				for k := range want {
					if !yield(k) {
						return
					}
				}
			}) {
				if s := sweepSpaces.ReplaceAllString(want[field], " "); !strings.Contains(text, s) {
					t.Errorf("%s %q is not on the page", field, s)
				}
			}
			for _, placeholder := range []string{"{email}", "%7Bemail%7D", "{brand}", "{year}", "undefined", "NaN"} {
				html, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector("main").innerHTML`))
				if strings.Contains(html, placeholder) {
					t.Errorf("the page shows %q", placeholder)
				}
			}
			imgs, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](`[...document.images].filter((i) => !i.getAttribute("width") || !i.getAttribute("height")).map((i) => i.src)`))
			if err != nil {
				t.Fatal(err)
			}
			if len(imgs) > 0 {
				t.Errorf("images without width and height: %q", imgs)
			}
		})
	}
}

// TestPagesPlaceholdersAreHonest checks that what is not real yet says so:
// resource downloads and webinar registrations go to the demo mailbox with
// the item named in the subject and a visible note, and the Pulse dashboard
// is labelled as sample data.
func TestPagesPlaceholdersAreHonest(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	tab := sweepNewTab(t, env, 1280, 900)
	mailto := "mailto:" + string(site.Config.DemoEmail) + "?subject="

	t.Run("resources", func(t *testing.T) {
		page := site.Pages["/resources"]
		library := sweepSection[sections.ResourceLibrarySection](t, page)
		webinars := sweepSection[sections.WebinarsSection](t, page)
		tab.Load(t, "/resources")
		hrefs, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("main a")].map((a) => a.getAttribute("href"))`))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page.Collections.Resources {
			want := mailto + sweepURIComponent(library.RequestSubject+" "+r.Title)
			if r.DownloadURL != "" {
				want = r.DownloadURL
			}
			if !slices.Contains(hrefs, want) {
				t.Errorf("resource %q: no link %q among %q", r.Title, want, hrefs)
			}
		}
		// Registration for webinars to come, the recording for past ones
		// (past as the build's clock saw it; TestProspectWebinars).
		note := webinars.NoUpcoming
		for _, w := range page.Collections.Webinars {
			subject := webinars.RecordingSubject
			if w.Start().After(time.Now()) {
				subject, note = webinars.RegisterSubject, webinars.RegisterNote
			}
			want := mailto + sweepURIComponent(subject+" "+w.Title)
			if !slices.Contains(hrefs, want) {
				t.Errorf("webinar %q: no link %q", w.Title, want)
			}
			var y, m, d int
			fmt.Sscanf(string(w.Date), "%d-%d-%d", &y, &m, &d)
			// The zone as named on the day; the machine-readable start with
			// its offset from UTC.
			date := fmt.Sprintf("%s %d, %d · %s %s", webinars.Months[m-1], d, y, w.Time, w.Zone())
			starts := w.Start().Format("2006-01-02T15:04Z07:00")
			ok, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](fmt.Sprintf(`[...document.querySelectorAll("main time")].some((e) => e.textContent === %q && e.getAttribute("datetime") === %q)`, date, starts)))
			if !ok {
				t.Errorf("webinar %q: no <time> reading %q with the datetime %s", w.Title, date, starts)
			}
		}
		sweepWaitFor(t, tab, fmt.Sprintf(`document.querySelector("main").innerText.includes(%q) && document.querySelector("main").innerText.includes(%q)`, library.Pending, note))
	})

	t.Run("pulse", func(t *testing.T) {
		pulse := site.Pages["/solutions/pulse"]
		dashboard := sweepSection[sections.PulseDashboardSection](t, pulse)
		hero := sweepSection[sections.HeroSection](t, pulse)
		tab.Load(t, "/solutions/pulse")
		sweepWaitFor(t, tab, fmt.Sprintf(`document.querySelector("main figure").innerText.includes(%q)`, dashboard.Badge))
		sweepWaitFor(t, tab, fmt.Sprintf(`[...document.querySelectorAll("main a")].some((a) => a.href.startsWith(%q) && a.target === "_blank" && a.rel === "noopener noreferrer")`, string(site.Config.ProductSites.Pulse)))
		for _, a := range hero.Actions {
			if a.Site == "demo" {
				// The hosted form opens in a new tab; the site's own demo page in this one.
				target := "_blank"
				if strings.HasPrefix(site.Config.DemoHref, "/") {
					target = ""
				}
				sweepWaitFor(t, tab, fmt.Sprintf(`[...document.querySelectorAll("main a")].some((a) => a.textContent === %q && a.getAttribute("href") === %q && a.target === %q)`, a.Label, site.Config.DemoHref, target))
			}
		}
	})
}

// sweepURIComponent mirrors JavaScript's encodeURIComponent.
func sweepURIComponent(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
