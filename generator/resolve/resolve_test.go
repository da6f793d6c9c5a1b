package resolve_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/generator/content/wire"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/resolve"
)

// TestResolved: the app receives final strings and hrefs. No site address
// name, e-mail subject, month list or placeholder reaches the page data,
// and each resolved value is the one site.yaml and the copy give.
func TestResolved(t *testing.T) {
	s, err := load.Site(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	resolve.Finish(s, time.Date(2031, 5, 1, 0, 0, 0, 0, time.UTC))
	mailto := "mailto:" + string(s.Config.DemoEmail)
	data, _ := json.Marshal(wire.SiteData{Config: s.Config, Layout: s.Layout})
	for path, p := range s.Pages {
		page, _ := json.Marshal(wire.PageData{Path: path, Sections: p.Sections, Collections: p.Collections})
		data = append(data, page...)
	}
	text := string(data)
	for _, leftover := range []string{`"site":`, `"subject":`, `"months":`, "{email}", "%7Bemail%7D", "{name}", "{rating}", "{best}", "{year}", "{brand}", "{cookieSettings}"} {
		if strings.Contains(text, leftover) {
			t.Errorf("the app's data still holds %s", leftover)
		}
	}
	if !strings.Contains(text, `"href":"`+mailto+`"`) {
		t.Errorf("no action resolved to %s", mailto)
	}
	if !strings.Contains(text, `"href":"`+string(s.Config.DemoFormURL)+`"`) {
		t.Errorf("no action resolved to the demo form %s", s.Config.DemoFormURL)
	}
	if !strings.Contains(s.Layout.Footer.Copyright, "2031") {
		t.Errorf("copyright %q lacks the build's year", s.Layout.Footer.Copyright)
	}
	// The dialog's introduction names the footer's button by its label:
	// renamed there, renamed here.
	if label := s.Layout.Footer.CookieSettingsLabel; !strings.Contains(s.Layout.Consent.DialogIntro, `"`+label+`"`) {
		t.Errorf("the consent dialog's introduction %q does not name the footer's %q", s.Layout.Consent.DialogIntro, label)
	}
	home := s.Pages["/"]
	for _, r := range home.Collections.Reviews {
		if !strings.Contains(r.RatingLabel, "out of 5") || r.DateText == "" || strings.Contains(r.DateText, "-") {
			t.Errorf("review %q: rating label %q, date %q", r.Company, r.RatingLabel, r.DateText)
		}
	}
	// The records worded for one page are the page's own copies.
	if len(s.Collections.Reviews) > 0 && s.Collections.Reviews[0].RatingLabel != "" {
		t.Error("wording a page's reviews changed the site's collection")
	}
}
