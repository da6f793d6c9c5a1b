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
// phone's width; longer labels collapse it over the tablet's widths first,
// then into the desktop's (in one band where they meet); entries that
// cannot fit the page's column collapse it at every width.
func TestCrowded(t *testing.T) {
	for _, tc := range []struct {
		name string
		nav  content.Nav
		want func([][2]int) bool
	}{
		{"short", nav("Pricing", "About"), func(c [][2]int) bool { return len(c) == 0 }},
		{"tablet only", nav("Solutions for you", "Case Studies", "Resources", "About us"), func(c [][2]int) bool {
			return len(c) == 1 && c[0][0] == Phone && c[0][1] > Phone && c[0][1] <= Desktop
		}},
		{"tablet, then desktop", nav("Solutions for every team", "Case Studies and stories", "Resources", "About us"), func(c [][2]int) bool {
			// The tablet's tighter spacing fits again below 1024 px.
			return len(c) == 2 && c[0][0] == Phone && c[0][1] < Desktop && c[1][0] == Desktop && c[1][1] > Desktop
		}},
		{"one band across", nav("Solutions for every team", "Case Studies and stories", "Resources and guidance", "About us"), func(c [][2]int) bool {
			return len(c) == 1 && c[0][0] == Phone && c[0][1] > Desktop
		}},
		{"never fits", nav(strings.Fields(strings.Repeat("Entry ", 14))...), func(c [][2]int) bool {
			return len(c) == 1 && c[0] == [2]int{Phone, 0}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Crowded(tc.nav, "Vozia"); !tc.want(got) {
				t.Errorf("Crowded = %v", got)
			}
		})
	}
}

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

// TestCSS: the stylesheet collapses the header over the crowded widths,
// the band's last pixel included, and is empty when the entries always fit.
func TestCSS(t *testing.T) {
	if css := CSS(nav("Pricing"), "Vozia"); css != "" {
		t.Errorf("CSS for a header that fits = %q", css)
	}
	n := nav("Solutions for you", "Case Studies", "Resources", "About us")
	c := Crowded(n, "Vozia")
	want := fmt.Sprintf("@media (min-width: 768px) and (max-width: %d.98px) {", c[0][1]-1)
	if css := CSS(n, "Vozia"); !strings.HasPrefix(css, want) || !strings.Contains(css, ".site-header .nav__burger { display: grid; }") {
		t.Errorf("CSS = %q, want it to start %q and show the menu button", css, want)
	}
}
