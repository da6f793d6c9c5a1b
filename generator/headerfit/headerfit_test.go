package headerfit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
)

func nav(labels ...string) content.Nav {
	n := content.Nav{Home: content.NavLink{Label: "Home"}, DemoLabel: "Request a Demo"}
	for _, l := range labels {
		n.Items = append(n.Items, content.NavItem{Label: l, Href: "/x"})
	}
	return n
}

// TestCrowded: a header with a few short entries never collapses above a
// phone's width and keeps the desktop's spacing from 1024 px; longer labels
// collapse it up to a width, past which it shows them for good, in the
// tablet's spacing until the desktop's fits; entries that cannot fit the
// page's column collapse it at every width.
func TestCrowded(t *testing.T) {
	for _, tc := range []struct {
		name           string
		nav            content.Nav
		crowded, tight func(Band) bool
	}{
		{"short", nav("Pricing", "About"), none, none},
		{"tablet only", nav("Solutions for you", "Case Studies", "Resources", "About us"),
			func(c Band) bool { return c.From == Phone && c.To > Phone && c.To <= Desktop }, none},
		{"tablet, then tight", nav("Solutions for every team", "Case Studies and stories", "Resources", "About us"),
			func(c Band) bool { return c.From == Phone && c.To < Desktop },
			func(c Band) bool { return c.From == Desktop && c.To > Desktop }},
		{"into the desktop", nav("Solutions for every team", "Case Studies and stories", "Resources and guidance", "About us"),
			func(c Band) bool { return c.From == Phone && c.To > Desktop },
			func(c Band) bool { return c.From == Desktop && c.To > Desktop }},
		{"never fits", nav(strings.Fields(strings.Repeat("Entry ", 20))...),
			func(c Band) bool { return c == Band{Phone, 0} },
			func(c Band) bool { return c == Band{Desktop, 0} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Crowded(tc.nav, "Vozia"); !tc.crowded(got) {
				t.Errorf("Crowded = %v", got)
			}
			if got := Tight(tc.nav, "Vozia"); !tc.tight(got) {
				t.Errorf("Tight = %v", got)
			}
		})
	}
}

func none(c Band) bool { return c == Band{} }

// TestLongerLabelNeedsMore: lengthening any label, or the brand, never
// lets the entries fit at a narrower window, whatever the script.
func TestLongerLabelNeedsMore(t *testing.T) {
	base := nav("Solutions", "Resources")
	for _, extra := range []string{"s", " and more", "é", "ñandú", "—", "日本", "🙂"} {
		n := nav("Solutions"+extra, "Resources")
		for _, b := range []band{tablet, desktop} {
			if need(n, "Vozia", b) <= need(base, "Vozia", b) {
				t.Errorf("%q: need %v, no more than %v", "Solutions"+extra, need(n, "Vozia", b), need(base, "Vozia", b))
			}
			if need(base, "Vozia"+extra, b) <= need(base, "Vozia", b) {
				t.Errorf("brand %q needs no more room", "Vozia"+extra)
			}
		}
	}
}

// TestCSS: the stylesheet collapses the header over the crowded widths
// and tightens it over the tight ones, each band's last pixel included, and
// is empty when the entries always fit in the desktop's spacing.
func TestCSS(t *testing.T) {
	if css := CSS(nav("Pricing"), "Vozia"); css != "" {
		t.Errorf("CSS for a header that fits = %q", css)
	}
	n := nav("Solutions for every team", "Case Studies and stories", "Resources", "About us")
	c, tight := Crowded(n, "Vozia"), Tight(n, "Vozia")
	css := CSS(n, "Vozia")
	for _, want := range []string{
		fmt.Sprintf("@media (min-width: 48em) and (width < %s) {\n  .site-header > .nav > .nav__desktop, .site-header > .nav > .nav__demo { display: none; }\n  .site-header > .nav > .nav__burger { display: grid; }", emWidth(c.To)),
		fmt.Sprintf("@media (min-width: 64em) and (width < %s) {\n  .site-header .nav { gap: 12px; }", emWidth(tight.To)),
		".site-header .nav__desktop > li:first-child { display: none; }",
	} {
		if !strings.Contains(css, want) {
			t.Errorf("CSS = %q\nlacks %q", css, want)
		}
	}
}

// emWidth is px in em at the default 16 px: 1000 is 62.5em.
func emWidth(px int) string {
	return fmt.Sprintf("%gem", float64(px)/16)
}
