package content

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/textwidth"
	"github.com/vozia/site/internal/contactform"
)

// Layout is content/layout.yaml: the copy of the parts every page shares
// (navigation, footer, contact form, floating button, cookie consent).
type Layout struct {
	Nav             Nav             `json:"nav"`
	Footer          Footer          `json:"footer"`
	ContactForm     ContactForm     `json:"contactForm"`
	FloatingContact FloatingContact `json:"floatingContact"`
	Consent         Consent         `json:"consent"`
	UI              UI              `json:"ui"`
}

// Validate refuses a link label of the footer that leads elsewhere than
// the same label in the header (or earlier in the footer): a visitor who
// follows "AI Agent Consulting" expects one page, wherever the link is.
func (l Layout) Validate() error {
	// path is where the link is written, for the message (the decoder
	// places a field path through mappings and list items).
	type link struct{ label, href, where, path string }
	var links []link
	add := func(label string, href field.Link, where, path string) {
		if href != "" {
			links = append(links, link{label, string(href), where, path})
		}
	}
	add(l.Nav.Home.Label, l.Nav.Home.Href, "the header", "nav.home.href")
	for i, it := range l.Nav.Items {
		add(it.Label, it.Href, "the header", fmt.Sprintf("nav.items[%d].href", i))
		for j, c := range it.Items {
			add(c.Label, c.Href, "the header", fmt.Sprintf("nav.items[%d].items[%d].href", i, j))
		}
	}
	for i, col := range l.Footer.Columns {
		for j, a := range col.Links {
			if a.Site == "" {
				add(a.Label, a.Href, "the footer", fmt.Sprintf("footer.columns[%d].links[%d].href", i, j))
			}
		}
	}
	for i, a := range l.Footer.LegalLinks {
		add(a.Label, a.Href, "the footer", fmt.Sprintf("footer.legalLinks[%d].href", i))
	}
	first := map[string]link{}
	for _, k := range links {
		key := strings.ToLower(strings.TrimSpace(k.label))
		prev, seen := first[key]
		if !seen {
			first[key] = k
			continue
		}
		if prev.href != k.href {
			return field.AtField(k.path, "%q links to %s in %s and to %s in %s: a link to the same thing must lead to the same page", k.label, prev.href, prev.where, k.href, k.where)
		}
	}
	return nil
}

// UI is the copy of the shared primitives (dialogs, toasts).
type UI struct {
	// Close names the × button of dialogs.
	Close string `json:"close"`
	// Notifications names the region of the toasts while one shows.
	Notifications string `json:"notifications"`
	// Dismiss names the × button of a toast.
	Dismiss string `json:"dismiss"`
	// SkipToContent is the first link of every page, for the keyboard: it
	// skips the header and goes to the page's main content.
	SkipToContent string `json:"skipToContent"`
	// Breadcrumbs names the trail above a service's or a case study's
	// page (Home › Services › the service) for screen readers.
	Breadcrumbs string `json:"breadcrumbs"`
	// NewTab is what a screen reader says after a link that opens in a
	// new tab (the product sites, the demo form, an author's page): "opens
	// in a new tab". It is not shown.
	NewTab string `json:"newTab"`
	// Code names a block of code in a Markdown text for screen readers
	// ("Code"); the heading it stands under, if any, describes it.
	Code string `json:"code"`
}

// Action is a labelled link or call to action that points either at Href
// (a site path, #fragment, http(s) URL or mailto:) or at Site, one of the
// addresses of site.yaml by name, so that hosts and mailboxes are spelled
// only there:
//
//	pulse, health   productSites.pulse / productSites.health (new tab)
//	demo            demoFormURL, the hosted demo form (new tab)
//	careers         careersURL (new tab)
//	email           mailto: demoEmail
type Action struct {
	Label string `json:"label"`
	// Href is optional in the YAML (Site instead), always set for the app.
	Href field.Link `yaml:"href,omitempty" json:"href"`
	// Site names an address of site.yaml (pulse, health, demo, careers or
	// email) instead of an href.
	Site string `yaml:"site,omitempty" json:"-"`
}

// SiteAddresses are the names an Action's Site may take.
var SiteAddresses = []string{"pulse", "health", "demo", "careers", "email"}

func (a Action) Validate() error {
	var errs []error
	if (a.Href == "") == (a.Site == "") {
		errs = append(errs, fmt.Errorf("action %q needs exactly one of href and site", a.Label))
	}
	if a.Site != "" && !slices.Contains(SiteAddresses, a.Site) {
		errs = append(errs, field.AtField("site", "action %q: unknown site %q (known: %s)", a.Label, a.Site, strings.Join(SiteAddresses, ", ")))
	}
	return errors.Join(errs...)
}

// NavLink is a labelled link; External ones open in a new tab.
type NavLink struct {
	Label    string     `json:"label"`
	Href     field.Link `json:"href"`
	External bool       `json:"external,omitempty"`
}

// NavItem is an entry of the header: a link (href), or a menu of links
// (items), which opens below its label on wide screens and as a group in
// the phone menu.
type NavItem struct {
	Label    string     `json:"label"`
	Href     field.Link `json:"href,omitempty"`
	External bool       `json:"external,omitempty"`
	Items    []NavLink  `json:"items,omitempty"`
}

func (i NavItem) Validate() error {
	if (i.Href == "") == (len(i.Items) == 0) {
		return fmt.Errorf("%q needs exactly one of href (a link) and items (a menu)", i.Label)
	}
	return nil
}

// Nav is the header. The wide header and the phone menu show the same
// entries, in order, each page once.
type Nav struct {
	// Label names the navigation landmark.
	Label string  `json:"label"`
	Home  NavLink `json:"home"`
	// Items follow Home: links and menus.
	Items        []NavItem `json:"items"`
	DemoLabel    string    `json:"demoLabel"`
	ContactLabel string    `json:"contactLabel"`
	// MenuLabel names the phone menu's sheet.
	MenuLabel string `json:"menuLabel"`
	OpenMenu  string `json:"openMenu"`
	CloseMenu string `json:"closeMenu"`
}

// Validate refuses a page listed twice: the phone menu shows every entry,
// and a visitor scanning it should meet each page once. The problem is
// placed at the second of the two links (it was placed at "nav:").
func (n Nav) Validate() error {
	seen := map[field.Link]string{n.Home.Href: n.Home.Label}
	for i, it := range n.Items {
		links, list, first := it.Items, fmt.Sprintf("items[%d].items", i), 0
		if it.Href != "" {
			links, list, first = []NavLink{{Label: it.Label, Href: it.Href}}, "items", i
		}
		for j, l := range links {
			if prev, dup := seen[l.Href]; dup {
				return field.AtItem(list, first+j, "%q and %q both link to %s: list each page once", prev, l.Label, l.Href)
			}
			seen[l.Href] = l.Label
		}
	}
	return nil
}

type Footer struct {
	Tagline             string         `json:"tagline"`
	Columns             []FooterColumn `json:"columns"`
	OtherSitesTitle     string         `json:"otherSitesTitle"`
	SocialTitle         string         `json:"socialTitle"`
	LegalLinks          []NavLink      `json:"legalLinks"`
	CookieSettingsLabel string         `json:"cookieSettingsLabel"`
	// CookieSettingsQueued shows when "Cookie settings" is pressed before
	// the page's script has started (a slow connection): the preferences
	// open as soon as it has.
	CookieSettingsQueued string `json:"cookieSettingsQueued"`
	// CookieSettingsFailed shows instead when the page's script could not
	// be loaded (a blocker, a network error): the preferences cannot open,
	// and the note must not promise that they will.
	CookieSettingsFailed string `json:"cookieSettingsFailed"`
	// Copyright must contain {year}, replaced with the build's year (the
	// site is rebuilt daily), and may contain {brand}, replaced with
	// site.yaml's brand.
	Copyright string `json:"copyright" fill:"year,brand"`
}

// Validate refuses a copyright without {year}: a year written out goes
// stale on the first of January; and a page listed twice in the legal
// links, as the header lists each page once.
func (f Footer) Validate() error {
	var errs []error
	if !strings.Contains(f.Copyright, "{year}") {
		errs = append(errs, field.AtField("copyright", "copyright %q must contain {year}: the build writes the current year there, and a year written out goes stale", f.Copyright))
	}
	hrefs := make([]string, len(f.LegalLinks))
	for i, l := range f.LegalLinks {
		hrefs[i] = string(l.Href)
	}
	errs = append(errs, onceEach("legalLinks", f.LegalLinks, hrefs))
	return errors.Join(errs...)
}

// Validate refuses a page listed twice in a column.
func (c FooterColumn) Validate() error {
	to := make([]string, len(c.Links))
	for i, l := range c.Links {
		to[i] = cmp.Or(string(l.Href), "site: "+l.Site)
	}
	return onceEach("links", c.Links, to)
}

// onceEach refuses, at the item, a link of the list field name whose
// destination (to, by item) an earlier one has: a visitor scanning a list
// of links should meet each page once, and two labels for one page read as
// two pages.
func onceEach[L interface{ label() string }](name string, links []L, to []string) error {
	seen := map[string]int{}
	var errs []error
	for i, d := range to {
		if j, dup := seen[d]; dup {
			errs = append(errs, field.AtItem(name, i, "%q and %q both link to %s: list each page once", links[j].label(), links[i].label(), strings.TrimPrefix(d, "site: ")))
			continue
		}
		seen[d] = i
	}
	return errors.Join(errs...)
}

func (l NavLink) label() string { return l.Label }
func (a Action) label() string  { return a.Label }

type FooterColumn struct {
	Title string   `json:"title"`
	Links []Action `json:"links"`
}

type ContactForm struct {
	Heading     string     `json:"heading"`
	Intro       string     `json:"intro"`
	InfoHeading string     `json:"infoHeading"`
	Info        []InfoItem `json:"info"`
	Fields      FormFields `json:"fields"`
	// SizeOptions are not content: the contact function accepts exactly
	// these (internal/contactform), so the build fills them in.
	SizeOptions []string `json:"sizeOptions" yaml:"-"`
	// Limits are not content either: the form checks the bounds the
	// contact function enforces (internal/contactform), filled in by the build.
	Limits  contactform.Limits `json:"limits" yaml:"-"`
	Submit  string             `json:"submit"`
	Sending string             `json:"sending"`
	Errors  FormMessages       `json:"errors"`
	// ErrorSummary is read out once when a send is refused: {fields} is
	// replaced with the labels of the fields to check.
	ErrorSummary string `json:"errorSummary" fill:"fields"`
	Success      Notice `json:"success"`
	Failure      Notice `json:"failure"`
	Suspicious   Notice `json:"suspicious"`
	// RequiredNote explains the "*" that marks every required field.
	RequiredNote string `json:"requiredNote"`
	// Privacy says, under the button, what becomes of the details sent,
	// and links to the privacy policy: where the details are asked for (a
	// buyer found nothing beside the form).
	Privacy *FormPrivacy `json:"privacy,omitempty"`
	// NoScript stands in place of the form where JavaScript is off,
	// followed by the site's address: the form cannot send without it
	// (the contact function takes only a signed JSON body).
	NoScript string `json:"noScript"`
	// Sent replaces the form once an enquiry is delivered, so that the
	// visitor keeps seeing that it went through and what happens next.
	Sent SentPanel `json:"sent"`
	// Queued shows when Send is pressed before the page's script has
	// started (a slow connection): the enquiry goes once it has.
	Queued string `json:"queued"`
	// Stalled follows Queued after a while, with the site's address, for
	// a script that never arrives.
	Stalled string `json:"stalled"`
	// Failed shows instead of Queued and Stalled, with the site's
	// address, when the page's script could not be loaded (a blocker, a
	// network error): the enquiry was not sent and will not be, so the
	// note says so rather than promise a send.
	Failed string `json:"failed"`
}

// FormPrivacy is a sentence and the link that ends it: "We use these
// details only to answer you. How we keep them: privacy policy".
type FormPrivacy struct {
	// Text is the sentence, ending where the link follows it.
	Text string `json:"text"`
	// Link is the privacy policy's page, as its label reads in the sentence.
	Link Action `json:"link"`
}

// SentPanel is what the contact form becomes after a successful send.
type SentPanel struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	// Steps say what happens next, in order.
	Steps []string `json:"steps"`
	// Again shows an empty form for another enquiry.
	Again string `json:"again"`
}

// InfoItem is a line of the contact information. With Site (see Action)
// the text is that address and links to it.
type InfoItem struct {
	Icon  field.Icon `json:"icon"`
	Label string     `json:"label"`
	Text  string     `json:"text,omitempty"`
	Href  field.Link `json:"href,omitempty"`
	// Site, like Action's, is resolved into Href by the build.
	Site string `yaml:"site,omitempty" json:"-"`
}

func (i InfoItem) Validate() error {
	if (i.Text == "") == (i.Site == "") {
		return fmt.Errorf("info item %q needs exactly one of text and site", i.Label)
	}
	if i.Site != "" {
		return Action{Label: i.Label, Site: i.Site}.Validate()
	}
	return nil
}

// FormFields are the labels (and placeholder hints) of the form's fields.
type FormFields struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	// PhoneHint, optional, shows under the phone field, tied to it for
	// screen readers: how to write a number that passes. The rule counts
	// characters (at least 10), so a 9-digit number passes with its
	// country code.
	PhoneHint   string `yaml:"phoneHint,omitempty" json:"phoneHint,omitempty"`
	CompanySize string `json:"companySize"`
	SizePrompt  string `json:"sizePrompt"`
	// Product labels the select of site.yaml's products, and
	// ProductPrompt its first option: no product in particular.
	Product       string `json:"product"`
	ProductPrompt string `json:"productPrompt"`
	Message       string `json:"message"`
	// Honeypot labels the hidden anti-bot field (read only by bots and
	// screen readers that ignore aria-hidden).
	Honeypot string `json:"honeypot"`
}

// FormMessages are the validation messages of the contact form (its rules: functions/contact/README.md), by field.
type FormMessages struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	CompanySize string `json:"companySize"`
	Message     string `json:"message"`
}

// Notice is a toast: a title and a text.
type Notice struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

type FloatingContact struct {
	Label string `json:"label"`
}

type Consent struct {
	// BannerLabel names the banner's landmark.
	BannerLabel string `json:"bannerLabel"`
	Text        string `json:"text"`
	PolicyLabel string `json:"policyLabel"`
	Preferences string `json:"preferences"`
	// RejectAll shares one row of a phone's banner with AcceptAll, both
	// the same size: together at most 243 px of text at 13 px in the
	// widest face (about 30 characters).
	RejectAll string `json:"rejectAll"`
	// AcceptAll is no longer than RejectAll, unless it fits half of their
	// row (about 15 characters): rejecting is as easy as accepting.
	AcceptAll   string `json:"acceptAll"`
	DialogTitle string `json:"dialogTitle"`
	// DialogIntro may name the footer's button that reopens the dialog
	// as {cookieSettings}: its label (footer.cookieSettingsLabel), so
	// that renaming the button renames it here too.
	DialogIntro   string          `json:"dialogIntro" fill:"cookieSettings"`
	Save          string          `json:"save"`
	Close         string          `json:"close"`
	Essential     ConsentCategory `json:"essential"`
	AnalyticsCat  ConsentCategory `json:"analytics"`
	MarketingCat  ConsentCategory `json:"marketing"`
	AlwaysOnLabel string          `json:"alwaysOnLabel"`
	// Saved is said to a screen reader once a choice is made: the banner
	// or the dialog goes, and nothing on screen says the choice was kept.
	// {choice} is the titles of the categories allowed ("Essential,
	// Analytics"); it may name the footer's button as {cookieSettings}, as
	// dialogIntro does.
	Saved string `json:"saved" fill:"cookieSettings,choice"`
}

// consentLineMax bounds the banner's text and policy link together, in
// characters: on a 375 px phone they must fit on one line, so that the
// banner stays under 120 px and the page's first call to action visible.
const consentLineMax = 52

// The cookie banner's row of buttons on a 375 px phone
// (frontend/src/components/cookie-consent.css): 343 px inside the banner's
// padding, less the preferences button (an icon, 40 px) and two gaps of
// 8 px, leave 287 px to the two decisions, each 22 px of padding and
// border around its label, set at 13 px, semibold.
const (
	consentDecideText = 287 - 2*22
	consentButtonFont = 13
	// consentCharWidth turns pixels into characters for the messages: a
	// letter's average width there (7.5 px measured over English and
	// Spanish labels), rounded up so the count is not too few.
	consentCharWidth = 8.0
)

func (c Consent) Validate() error {
	// The line of text and the buttons' row are each said.
	var line error
	if n := utf8.RuneCountInString(c.Text) + 1 + utf8.RuneCountInString(c.PolicyLabel); n > consentLineMax {
		line = fmt.Errorf("text and policyLabel are %d characters, at most %d fit on one line of a phone's banner (put the details in dialogIntro)", n, consentLineMax)
	}
	return errors.Join(line, c.buttons())
}

// buttons says whether the two decisions share one row, the same size.
func (c Consent) buttons() error {
	// Both decisions in one row, the same size: the banner stays under
	// its 120 px, the page's first action in view above it, and rejecting
	// is no harder than accepting. Measured in the widest face the font
	// stack meets (textwidth), so a label that passes fits everywhere.
	reject, accept := textwidth.Text(c.RejectAll, consentButtonFont, true), textwidth.Text(c.AcceptAll, consentButtonFont, true)
	if over := reject + accept - consentDecideText; over > 0 {
		// At the longer label, which is the one to shorten first.
		at, rule := "rejectAll", ""
		if accept > reject {
			at, rule = "acceptAll", ", and keep acceptAll no longer than rejectAll"
		}
		chars := "about 1 character"
		if n := int(math.Ceil(over / consentCharWidth)); n > 1 {
			chars = fmt.Sprintf("about %d characters", n)
		}
		return field.AtField(at, "rejectAll %q and acceptAll %q are too long to share one row of a phone's cookie banner (%.0f px of text where %d px fit): shorten one or both by %s in all%s", c.RejectAll, c.AcceptAll, reject+accept, consentDecideText, chars, rule)
	}
	// The two share the row equally until one outgrows its half; an
	// acceptAll that does, and is longer than rejectAll, makes accepting
	// the bigger button.
	const half = consentDecideText / 2
	if accept > half && accept > reject {
		return field.AtField("acceptAll", "acceptAll %q is longer than rejectAll %q, which would make accepting the bigger button on a phone: rejecting must be as easy as accepting (make it no longer than rejectAll, or under %d px, about %.0f characters)", c.AcceptAll, c.RejectAll, half, math.Floor(half/consentCharWidth))
	}
	return nil
}

type ConsentCategory struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}
