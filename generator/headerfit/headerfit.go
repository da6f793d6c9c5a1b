// Package headerfit decides, when the site is built, at which window
// widths the header's entries do not fit on one line between the brand and
// the demo button, and writes the CSS that collapses the header into the
// menu button there, as on a phone.
//
// The decision used to be taken by the app, which measured the bar once it
// had started: a page was served with every entry shown, and a longer
// label then made the header jump at hydration, and stay crowded without
// JavaScript. Here it is a media query in the page's own stylesheet, right
// from the first paint, with or without the app.
//
// The labels are measured in DejaVu Sans (generator/content/textwidth),
// the widest of the faces that the site's font stack (system-ui, then
// Segoe UI, Roboto, Helvetica, Arial) meets on the common systems,
// without kerning, which only narrows a word: where the visitor's face
// is narrower, the header collapses a few pixels sooner than it must,
// never later. The geometry below mirrors
// frontend/src/components/site-header.css; e2e/header_test.go checks both
// against Chromium at every width around the edges.
package headerfit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/textwidth"
)

// The layout's bands (site-header.css): under Phone the header is always
// the menu button; from Phone the entries tighten; from Desktop they
// breathe, and Home is an entry of its own.
const (
	Phone   = 768
	Desktop = 1024
)

// The bar's geometry in CSS pixels, at the default font size (16 px).
const (
	column      = 1200 // .container's max-width (border-box)
	padding     = 2 * 24
	markWidth   = 28 // .brand__mark
	markGap     = 10
	brandSize   = 20 // .brand: 1.25rem, weight 800, letter-spacing -.02em
	linkSize    = 15.2
	chevron     = 4 + 16 // a menu's trigger: gap, then its icon
	demoSize    = 14     // .btn--sm: .875rem, weight 600
	demoPadding = 2*14 + 2*1
	// scrollbar is the room a classic scrollbar takes from the window
	// (Windows' is 17 px; phones and macOS overlay theirs).
	scrollbar = 17
)

// band is the bar's spacing in one band of widths.
type band struct {
	gap, listGap, linkPadding float64
	home                      bool
}

var (
	// In the tablet's spacing Home's entry (the list's first) is hidden:
	// the brand leads home.
	tablet  = band{gap: 12, listGap: 0, linkPadding: 2 * 8, home: false}
	desktop = band{gap: 24, listGap: 4, linkPadding: 2 * 12, home: true}
)

// need is the narrowest window, in CSS pixels, at which the header's
// entries fit on one line in a band's spacing.
func need(nav content.Nav, brand string, b band) float64 {
	w := float64(padding) + markWidth + markGap + textwidth.Text(brand, brandSize, true) - 0.02*brandSize*float64(len([]rune(brand)))
	w += 2*b.gap + demoPadding + textwidth.Text(nav.DemoLabel, demoSize, true)
	n := 0
	if b.home {
		w += b.linkPadding + textwidth.Text(nav.Home.Label, linkSize, false)
		n++
	}
	for _, it := range nav.Items {
		w += b.linkPadding + textwidth.Text(it.Label, linkSize, false)
		if len(it.Items) > 0 {
			w += chevron
		}
		n++
	}
	if n > 1 {
		w += float64(n-1) * b.listGap
	}
	return w + scrollbar
}

// Band is the window widths [From, To); To is 0 when it has no end. The
// zero Band is no widths at all.
type Band struct{ From, To int }

// Crowded is the band of widths at which the header's entries do not fit
// even in the tablet's tighter spacing, so that it shows the menu button.
// Past its end, the entries show for good: wider never collapses them
// again.
func Crowded(nav content.Nav, brand string) Band {
	return below(need(nav, brand, tablet), Phone)
}

// Tight is the band of widths past the tablet's at which the entries fit
// only in the tablet's spacing (and without Home, which the brand stands
// for), which the header then keeps. Without it, a header would show its
// entries just below 1024 px, collapse again at 1024 as they breathe, and
// show them again further on.
func Tight(nav content.Nav, brand string) Band {
	return below(need(nav, brand, desktop), Desktop)
}

// below is the band from from to the window width need, with no end when
// need is wider than the page's column can ever be; none when need is
// within from.
func below(need float64, from int) Band {
	switch n := int(math.Ceil(need)); {
	case n-scrollbar > column:
		return Band{from, 0}
	case n > from:
		return Band{from, n}
	}
	return Band{}
}

// CSS is the stylesheet that collapses the header at the widths where its
// entries do not fit (Crowded) and keeps the tablet's spacing where only
// that fits (Tight), or "" when neither applies. It comes after the app's
// stylesheet and wins over site-header.css's rules for the wide header.
func CSS(nav content.Nav, brand string) string {
	var b strings.Builder
	query := func(c Band) string {
		q := fmt.Sprintf("(min-width: %s)", em(c.From))
		if c.To != 0 {
			q += fmt.Sprintf(" and (width < %s)", em(c.To))
		}
		return q
	}
	if c := Tight(nav, brand); c != (Band{}) {
		fmt.Fprintf(&b, "@media %s {\n"+
			"  .site-header .nav { gap: %gpx; }\n"+
			"  .site-header .nav__desktop { gap: %gpx; }\n"+
			"  .site-header .nav__desktop > li:first-child { display: none; }\n"+
			"  .site-header .nav__link { padding: 8px %gpx; }\n"+
			"}\n", query(c), tablet.gap, tablet.listGap, tablet.linkPadding/2)
	}
	if c := Crowded(nav, brand); c != (Band{}) {
		fmt.Fprintf(&b, "@media %s {\n"+
			"  .site-header > .nav > .nav__desktop, .site-header > .nav > .nav__demo { display: none; }\n"+
			"  .site-header > .nav > .nav__burger { display: grid; }\n"+
			"}\n", query(c))
	}
	return b.String()
}

// em is a media query's width of px CSS pixels at the default text size,
// in em, exactly (px/16 ends within four decimals): a media query's em is
// the visitor's text size, so that with larger text the header collapses
// at a wider window, where its larger labels need the room (the site's
// stylesheets write their widths in em for the same reason). 768 px is
// 48em: 768 px at the default 16 px, 1,536 px at 32 px. The bar's padding
// and the brand's mark do not grow with the text, so at a larger size it
// collapses a little sooner than it must, never later. A band ends with
// "width <", not max-width: at a text size other than 16 px its edges
// fall between whole pixels, and a max-width a sixteenth of an em short
// of the next band's start left a window width in neither.
func em(px int) string {
	return strconv.FormatFloat(float64(px)/16, 'f', -1, 64) + "em"
}
