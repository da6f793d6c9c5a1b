package field

import (
	"errors"
	"fmt"
	"image/color"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vozia/site/generator/content/icons"
)

// AbsURL is an absolute http or https URL.
type AbsURL string

func (u *AbsURL) UnmarshalText(b []byte) error {
	s := string(b)
	p, err := url.Parse(s)
	if err != nil || (p.Scheme != "https" && p.Scheme != "http") || p.Host == "" {
		return fmt.Errorf("invalid URL %q: want an absolute http(s) URL", s)
	}
	*u = AbsURL(strings.TrimSuffix(s, "/"))
	if p.Path != "" && p.Path != "/" {
		*u = AbsURL(s)
	}
	return nil
}

// Endpoint is a path on the site itself. An absolute http(s) URL is
// taken only from the build's options (SetURL), never from the content: a
// content change could otherwise send every enquiry, and the visitor's
// address, to a server of its own.
type Endpoint string

func (e *Endpoint) UnmarshalText(b []byte) error {
	s := string(b)
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.Contains(s, "\\") {
		return fmt.Errorf("invalid endpoint %q: want a path on the site, like /api/contact (a deployment names another origin with the build's -contact-url)", s)
	}
	*e = Endpoint(s)
	return nil
}

// SetURL sets the endpoint from the build's options: a site path or an
// absolute http(s) URL.
func (e *Endpoint) SetURL(s string) error {
	if e.UnmarshalText([]byte(s)) == nil {
		return nil
	}
	var u AbsURL
	if err := u.UnmarshalText([]byte(s)); err != nil {
		return fmt.Errorf("invalid endpoint %q: want a site path or an absolute http(s) URL", s)
	}
	*e = Endpoint(s)
	return nil
}

// Email is a bare e-mail address.
type Email string

func (e *Email) UnmarshalText(b []byte) error {
	a, err := mail.ParseAddress(string(b))
	if err != nil || a.Address != string(b) {
		return fmt.Errorf("invalid e-mail address %q", string(b))
	}
	*e = Email(b)
	return nil
}

// Link is where a piece of copy points: a site path (with an optional
// #fragment, checked against the rendered pages by the link checker), an
// in-page #fragment, an absolute http(s) URL or a mailto: address.
type Link string

func (l *Link) UnmarshalText(b []byte) error {
	s := string(b)
	// Browsers read a backslash in a URL as a slash: "/\evil.example"
	// would leave the site, and the link checker would check another path
	// than the one a visitor follows.
	if strings.Contains(s, "\\") {
		return fmt.Errorf("link %q: a backslash (browsers read it as /, so the link would lead elsewhere); write / or %%5C", s)
	}
	switch {
	case strings.HasPrefix(s, "#") && len(s) > 1:
	case strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//"):
		path, _, _ := strings.Cut(s, "#")
		if path != "/" && strings.HasSuffix(path, "/") {
			return fmt.Errorf("link %q: no trailing slash (the site's one URL form is %q)", s, strings.TrimSuffix(path, "/"))
		}
	case strings.HasPrefix(s, "mailto:"):
		if _, err := mail.ParseAddress(strings.TrimPrefix(s, "mailto:")); err != nil {
			return fmt.Errorf("invalid mailto link %q", s)
		}
	default:
		var u AbsURL
		if err := u.UnmarshalText(b); err != nil {
			return errors.New(strings.Replace(err.Error(), "want an absolute http(s) URL", "want a /path, #fragment, http(s) URL or mailto:", 1))
		}
	}
	*l = Link(s)
	return nil
}

// CheckPath enforces the one URL form: a leading slash and no trailing
// slash except for the root.
func CheckPath(field, p string) error {
	switch {
	case !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//"):
		return fmt.Errorf("%s %q must be a site path starting with /", field, p)
	case p != "/" && strings.HasSuffix(p, "/"):
		return fmt.Errorf("%s %q must not end with a slash", field, p)
	case strings.ContainsAny(p, "?# "):
		return fmt.Errorf("%s %q must be a bare path", field, p)
	case strings.Contains(p, `\`):
		// Browsers read a backslash as a slash: a redirect to
		// "/\evil.example" would leave the site.
		return fmt.Errorf("%s %q: a backslash (browsers read it as /); write / or %%5C", field, p)
	}
	return nil
}

// reservedPaths are the addresses the build and the deployment answer
// themselves: the web editor, the contact function, the bundles and the
// page data. A redirect or an alias there would take them over (send the
// form's posts or the editor elsewhere, or ship a page under /assets/).
var reservedPaths = []string{"/admin", "/api", "/assets", "/data"}

// ReservedPaths are the paths no page, redirect or alias may claim.
func ReservedPaths() []string { return slices.Clone(reservedPaths) }

// CheckAddress is CheckPath for an address a redirect or an alias claims:
// none of the reserved paths, nor any below them.
func CheckAddress(field, p string) error {
	if err := CheckPath(field, p); err != nil {
		return err
	}
	for _, r := range reservedPaths {
		if p == r || strings.HasPrefix(p, r+"/") {
			return fmt.Errorf("%s %q: the site itself answers %s and every address below it", field, p, r)
		}
	}
	return nil
}

// Date is a calendar date written YYYY-MM-DD.
type Date string

func (d *Date) UnmarshalText(b []byte) error {
	if _, err := time.Parse(time.DateOnly, string(b)); err != nil {
		return fmt.Errorf("%q is not a date: %s", string(b), dateMistake(string(b)))
	}
	*d = Date(b)
	return nil
}

var (
	dateParts = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})$`)
	// Dates written another way: year first, or last.
	yearFirst = regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$`)
	yearLast  = regexp.MustCompile(`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$`)
)

// dateMeant is the date s most likely means, written YYYY-MM-DD ("like
// 2026-12-04" for 2026-12-4 or 4/12/2026); both readings where the day
// and the month could be either; else an example.
func dateMeant(s string) string {
	valid := func(y, m, d int) (string, bool) {
		t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
		return t.Format(time.DateOnly), m >= 1 && m <= 12 && t.Day() == d
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if m := yearFirst.FindStringSubmatch(s); m != nil {
		if d, ok := valid(num(m[1]), num(m[2]), num(m[3])); ok {
			return "here " + d
		}
	}
	if m := yearLast.FindStringSubmatch(s); m != nil {
		a, b, y := num(m[1]), num(m[2]), num(m[3])
		dayFirst, ok1 := valid(y, b, a)
		monthFirst, ok2 := valid(y, a, b)
		switch {
		case ok1 && ok2 && a != b:
			return fmt.Sprintf("here %s (day first) or %s (month first)", dayFirst, monthFirst)
		case ok1:
			return "here " + dayFirst
		case ok2:
			return "here " + monthFirst
		}
	}
	return "like 2026-03-14"
}

// dateMistake says which part of a date written YYYY-MM-DD does not
// exist, or how to write it.
func dateMistake(s string) string {
	m := dateParts.FindStringSubmatch(s)
	if m == nil {
		return "write it YYYY-MM-DD, " + dateMeant(s)
	}
	year, _ := strconv.Atoi(m[1])
	month, _ := strconv.Atoi(m[2])
	day, _ := strconv.Atoi(m[3])
	if month < 1 || month > 12 {
		return fmt.Sprintf("there is no month %s (the month comes second, 01 to 12: YYYY-MM-DD)", m[2])
	}
	days := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day < 1 || day > days {
		return fmt.Sprintf("there is no day %s in %s %d, which has %d days", m[3], time.Month(month), year, days)
	}
	return "write it YYYY-MM-DD, like 2026-03-14"
}

// Icon is the name of an icon of the site's icon set, the one of
// frontend/src/components/ui/icon.tsx (package icons lists it), so that a
// name the app cannot draw fails the build instead of drawing a
// placeholder. In TypeScript it is that file's IconName.
type Icon string

func (i *Icon) UnmarshalText(b []byte) error {
	s := string(b)
	if !icons.Has(s) {
		return fmt.Errorf("unknown icon %q%s (content/README.md lists the icons)", s, DidYouMean(s, icons.Names()))
	}
	*i = Icon(s)
	return nil
}

// HexColor is a colour written as #RRGGBB.
type HexColor string

func (c *HexColor) UnmarshalText(b []byte) error {
	s := string(b)
	if len(s) != 7 || s[0] != '#' || !isHex(s[1:]) {
		return fmt.Errorf("colour %q must be written #RRGGBB, like #FF6B35", s)
	}
	*c = HexColor(s)
	return nil
}

// RGBA is the colour, opaque; an empty one is black.
func (c HexColor) RGBA() color.RGBA {
	rgba := color.RGBA{A: 255}
	fmt.Sscanf(strings.TrimPrefix(string(c), "#"), "%02x%02x%02x", &rgba.R, &rgba.G, &rgba.B)
	return rgba
}

func isHex(s string) bool {
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}
