// Package contactform holds what the contact form and the contact function
// must agree on, written once: the build puts it in the site data the form
// is drawn from, and functions/contact validates enquiries against it.
package contactform

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/mail"
	"regexp"
	"slices"
	"strings"
)

// CompanySizes are the options of the form's company-size select, in
// order; an enquiry must name one of them.
var CompanySizes = []string{"1-50", "51-250", "251-500", ">500"}

// The form's lower bounds (the field table of functions/contact/README.md), in characters that show, and
// how long a person needs at least to fill the form in. The contact
// function enforces them, and the form checks them before sending.
const (
	MinName    = 2 // the first name and the last name, each
	MinPhone   = 10
	MinMessage = 10
	MinFillMs  = 3000
)

// What an enquiry says of where it came from, besides what the visitor
// typed: the product it is about (one of Enquiries.Products, or none), the
// site page it was sent from, and the campaign parameters of the address
// the visitor landed on. The form sends only values that pass these rules
// (a campaign value that does not is left out, since the visitor cannot
// correct it), and the function refuses any other.
const (
	// MaxProduct bounds a product's id (a slug).
	MaxProduct = 64
	// MaxPage bounds the page's path, in bytes.
	MaxPage = 300
	// MaxCampaign bounds each campaign value, in characters: what Google
	// Analytics keeps of one.
	MaxCampaign = 100
)

// CampaignKeys are the campaign parameters an enquiry carries, named as in
// the landing address and in the enquiry.
var CampaignKeys = []string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"}

// ProductPattern is a product's id: a lower-case slug.
const ProductPattern = `^[a-z0-9]+(-[a-z0-9]+)*$`

// PagePattern is a path on the site, as the browser's location.pathname
// writes it: a slash, then segments of letters, digits, the path
// characters of RFC 3986 and whole percent escapes, each segment holding
// something. No "//" anywhere: at the start it would name another host,
// and further on ("/https://evil.example/reset") it put a link the
// site never made in the mail's "Sent from". The form sends its address
// with one slash for many (a form on the page not found, at "/a//b").
const PagePattern = `^(/(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+)*/?$`

// CampaignPattern is a campaign value: letters, digits, spaces and a few
// separators, in any script; no control, formatting or bidirectional
// character, no markup and no quote, and none of the four letters that
// draw nothing (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0:
// "google" and sixty of them, then "hidden", read as "google"). Written
// for both Go's regexp and JavaScript's RegExp with the "u" flag: a
// letter is "not a non-letter nor a filler", the fillers written as
// themselves, since the two spell an escape of a code point apart.
const CampaignPattern = `^(?:[\p{N} ._~+:|/-]|[^\P{L}` + "\u115f\u1160\u3164\uffa0" + `])+$`

var (
	productRe  = regexp.MustCompile(ProductPattern)
	pageRe     = regexp.MustCompile(PagePattern)
	campaignRe = regexp.MustCompile(CampaignPattern)
)

// ValidProduct, ValidPage and ValidCampaign are the rules above.
func ValidProduct(s string) bool { return len(s) <= MaxProduct && productRe.MatchString(s) }

func ValidPage(s string) bool { return len(s) <= MaxPage && pageRe.MatchString(s) }

func ValidCampaign(s string) bool {
	return len([]rune(s)) <= MaxCampaign && campaignRe.MatchString(s)
}

// Limits are the same bounds as data, for the form (site data, layout.contactForm.limits).
type Limits struct {
	MinName    int `json:"minName"`
	MinPhone   int `json:"minPhone"`
	MinMessage int `json:"minMessage"`
	MinFillMs  int `json:"minFillMs"`
	// MaxCampaign and CampaignPattern decide which campaign values the
	// form keeps; CampaignKeys which parameters it reads.
	MaxCampaign     int      `json:"maxCampaign"`
	CampaignPattern string   `json:"campaignPattern"`
	CampaignKeys    []string `json:"campaignKeys"`
}

// FormLimits returns the bounds the form must check.
func FormLimits() Limits {
	return Limits{
		MinName: MinName, MinPhone: MinPhone, MinMessage: MinMessage, MinFillMs: MinFillMs,
		MaxCampaign: MaxCampaign, CampaignPattern: CampaignPattern, CampaignKeys: slices.Clone(CampaignKeys),
	}
}

// EnquiriesFile is where a build writes Enquiries, in dist/cdn beside the
// routing manifest.
const EnquiriesFile = "enquiries.json"

// Enquiries are what the contact functions learn from the build about the
// site's products (dist/cdn/enquiries.json; deployed, the CONTACT_ENQUIRIES
// variable holds the same JSON): the ids an enquiry may name, and the
// mailboxes that receive the enquiries about a product instead of the
// function's own (CONTACT_SES_TO). A product without mailboxes goes there.
//
//	{"products":["voice-ai","pulse"],"mailboxes":{"pulse":["pulse@vozia.example"]}}
type Enquiries struct {
	Products  []string            `json:"products"`
	Mailboxes map[string][]string `json:"mailboxes,omitempty"`
}

// ParseEnquiries reads the JSON above strictly and checks it: every id a
// slug, once; every mailbox a bare address, of a listed product.
func ParseEnquiries(data []byte) (Enquiries, error) {
	var e Enquiries
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return Enquiries{}, fmt.Errorf("enquiries: %w", err)
	}
	if dec.More() {
		return Enquiries{}, errors.New("enquiries: data after the JSON object")
	}
	return e, e.Validate()
}

// Validate reports every id and mailbox that breaks the rules.
func (e Enquiries) Validate() error {
	var errs []error
	seen := map[string]bool{}
	for _, p := range e.Products {
		if !ValidProduct(p) {
			errs = append(errs, fmt.Errorf("enquiries: product %q: want a lower-case slug of at most %d characters", p, MaxProduct))
		}
		if seen[p] {
			errs = append(errs, fmt.Errorf("enquiries: product %q listed twice", p))
		}
		seen[p] = true
	}
	for _, p := range slices.Sorted(maps.Keys(e.Mailboxes)) {
		if !seen[p] {
			errs = append(errs, fmt.Errorf("enquiries: mailboxes of %q, which is not a product", p))
		}
		for _, m := range e.Mailboxes[p] {
			if !BareAddress(m) {
				errs = append(errs, fmt.Errorf("enquiries: mailbox %q of %q: want a bare e-mail address such as sales@vozia.example", m, p))
			}
		}
	}
	return errors.Join(errs...)
}

// BareAddress accepts one e-mail address without a display name, as an
// SES destination takes it: net/mail parses it to exactly itself, its
// domain is dotted, and it is ASCII.
func BareAddress(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= 0x20 || s[i] > 0x7e {
			return false
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	return strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".")
}
