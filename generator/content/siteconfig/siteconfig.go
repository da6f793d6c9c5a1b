// Package siteconfig is content/site.yaml: the brand, where the site
// lives, every address it names (nothing else in the project spells a
// host or a mailbox), the products an enquiry can be about and where
// their enquiries go, and the defaults of the document head and of the
// structured data. The build's options replace some of it (Override),
// and generator/load resolves the rest (ResolveDemo) before any page
// reads it.
package siteconfig

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/icons"
	"github.com/vozia/site/internal/contactform"
)

// SiteConfig is content/site.yaml: the brand, where the site lives and every
// address it names. Nothing else in the project spells a host or a mailbox.
type SiteConfig struct {
	Brand    string       `json:"brand"`
	BaseURL  field.AbsURL `json:"baseURL"`
	Language string       `json:"language"`
	// DemoEmail is the mailbox named in the failure toast and the FAQ.
	DemoEmail field.Email `json:"demoEmail"`
	// SecurityEmail is where vulnerabilities are reported: the security
	// page's contact and security.txt's Contact.
	SecurityEmail field.Email `json:"securityEmail,omitempty"`
	// DemoFormURL is the external hosted demo-request form (the shared
	// "Request a Demo" action opens it in a new tab, unless demo says the
	// site's own demo page).
	DemoFormURL field.AbsURL `json:"demoFormURL"`
	// Demo says where "Request a Demo" leads: the hosted form (without
	// it), or the site's own demo page.
	Demo Demo `json:"-" yaml:"demo,omitempty"`
	// DemoHref is where "Request a Demo" leads, as the build resolves
	// Demo: the demo page's path, or DemoFormURL.
	DemoHref string `json:"demoHref" yaml:"-"`
	// Products are what an enquiry can be about: the options of the
	// form's product select, in order, each preset on its own pages, and
	// routed to its own mailboxes if it has any.
	Products []EnquiryProduct `json:"products,omitempty"`
	// ContactEndpoint receives enquiries: a path on the site itself
	// (/api/contact), which every deployment serves. Another origin comes
	// only from the build's -contact-url, never from the content: the form
	// sends there what visitors write, and the site's policy allows it.
	ContactEndpoint field.Endpoint  `json:"contactEndpoint"`
	Analytics       Analytics       `json:"analytics"`
	SEO             SEO             `json:"seo"`
	Organization    Organization    `json:"organization"`
	Social          []SocialProfile `json:"social"`
	ProductSites    ProductSites    `json:"productSites"`
	OtherSites      []Profile       `json:"otherSites"`
	CareersURL      field.AbsURL    `json:"careersURL"`
}

// The places "Request a Demo" can lead (Demo.Opens).
const (
	DemoOpensHostedForm = "hostedForm"
	DemoOpensPage       = "page"
)

// Demo is where "Request a Demo" leads.
type Demo struct {
	// Opens is where it leads, written in these letters: hostedForm
	// (demoFormURL, in a new tab) or page (the site's own demo page, page).
	Opens string `json:"opens"`
	// Page is the demo page when opens is page: a page of the site with a
	// contact section, whose product select is preset from the page the
	// visitor opened it from.
	Page field.Link `json:"page,omitempty"`
}

// Implied is what a page implies: the demo opens a page ("demo: /demo"
// is told to write both).
func (Demo) Implied(field string) map[string]string {
	if field == "page" {
		return map[string]string{"opens": DemoOpensPage}
	}
	return nil
}

func (d Demo) Validate() error {
	switch d.Opens {
	case "", DemoOpensHostedForm: // "": no demo in site.yaml
		if d.Page != "" {
			return field.AtField("page", "demo page %q is not used when opens is %s: remove it, or open %s", d.Page, DemoOpensHostedForm, DemoOpensPage)
		}
	case DemoOpensPage:
		if !strings.HasPrefix(string(d.Page), "/") || strings.Contains(string(d.Page), "#") {
			return field.AtField("page", "demo page %q: want the path of a page of the site, such as /demo", d.Page)
		}
	default:
		return field.AtField("opens", "demo opens %q: want %s (the site's own demo page) or %s (demoFormURL, in a new tab)", d.Opens, DemoOpensPage, DemoOpensHostedForm)
	}
	return nil
}

// EnquiryProduct is one product an enquiry can be about.
type EnquiryProduct struct {
	// ID names the product in enquiries, in the mail and in the routing
	// of the contact function: a lower-case slug, never changed once
	// enquiries name it.
	ID string `json:"id"`
	// Label is the product's option in the form's select.
	Label string `json:"label"`
	// Pages are the site paths about the product: a form on one of them
	// or on a page under one (/services/x under /services), or the demo
	// page opened from one, presets the product.
	Pages []field.Link `json:"pages,omitempty"`
	// Mailboxes receive the enquiries about this product instead of the
	// contact function's inbox (CONTACT_SES_TO). Not published on the
	// site: the contact functions alone receive them.
	Mailboxes []field.Email `json:"-" yaml:"mailboxes,omitempty"`
}

func (p EnquiryProduct) Validate() error {
	if !contactform.ValidProduct(p.ID) {
		return field.AtField("id", "product id %q: want a lower-case slug of at most %d characters, such as health-companion", p.ID, contactform.MaxProduct)
	}
	for _, pg := range p.Pages {
		if !strings.HasPrefix(string(pg), "/") || strings.Contains(string(pg), "#") {
			return field.AtField("pages", "product %q: page %q: want the path of a page of the site", p.ID, pg)
		}
	}
	for _, m := range p.Mailboxes {
		if !contactform.BareAddress(string(m)) {
			return field.AtField("mailboxes", "product %q: mailbox %q: want a bare e-mail address such as sales@vozia.example", p.ID, m)
		}
	}
	return nil
}

// Validate checks what the products say together: one id, and one
// product for a page.
func (c SiteConfig) Validate() error {
	ids, pages := map[string]bool{}, map[field.Link]string{}
	for _, p := range c.Products {
		if ids[p.ID] {
			return field.AtField("products", "product %q is listed twice", p.ID)
		}
		ids[p.ID] = true
		for _, pg := range p.Pages {
			if other, ok := pages[pg]; ok {
				return field.AtField("products", "page %q is a page of both %q and %q: a form can preset only one", pg, other, p.ID)
			}
			pages[pg] = p.ID
		}
	}
	return nil
}

// Enquiries are the products as the contact functions take them
// (dist/cdn/enquiries.json): their ids and mailboxes.
func (c SiteConfig) Enquiries() contactform.Enquiries {
	e := contactform.Enquiries{Products: []string{}}
	for _, p := range c.Products {
		e.Products = append(e.Products, p.ID)
		for _, m := range p.Mailboxes {
			if e.Mailboxes == nil {
				e.Mailboxes = map[string][]string{}
			}
			e.Mailboxes[p.ID] = append(e.Mailboxes[p.ID], string(m))
		}
	}
	return e
}

// ResolveDemo sets DemoHref from Demo.
func (c *SiteConfig) ResolveDemo() {
	c.DemoHref = string(c.DemoFormURL)
	if c.Demo.Opens == DemoOpensPage {
		c.DemoHref = string(c.Demo.Page)
	}
}

// Overrides are the build's options that replace site.yaml's values
// (cmd/build's -base-url, -contact-url and -analytics-id) when not empty.
// A preview's build sends no analytics, whatever names them.
type Overrides struct {
	BaseURL, ContactURL, AnalyticsID string
	Preview                          bool
}

// Override applies the build's options to the configuration, and returns
// every option that is not valid, by its flag.
func (c *SiteConfig) Override(o Overrides) error {
	var errs []error
	if o.BaseURL != "" {
		if err := c.BaseURL.UnmarshalText([]byte(o.BaseURL)); err != nil {
			errs = append(errs, fmt.Errorf("-base-url: %w", err))
		}
	}
	if o.ContactURL != "" {
		if err := c.ContactEndpoint.SetURL(o.ContactURL); err != nil {
			errs = append(errs, fmt.Errorf("-contact-url: %w", err))
		}
	}
	if o.AnalyticsID != "" {
		a := Analytics{MeasurementID: o.AnalyticsID}
		if err := a.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("-analytics-id: %w", err))
		}
		c.Analytics = a
	}
	if o.Preview {
		if o.AnalyticsID != "" {
			errs = append(errs, errors.New("-analytics-id: a preview sends no analytics"))
		}
		c.Analytics = Analytics{}
	}
	return errors.Join(errs...)
}

// Analytics configures Google Analytics behind Consent Mode v2. An empty
// measurement ID means no analytics script is ever requested.
type Analytics struct {
	MeasurementID string `json:"measurementID,omitempty"`
}

// MeasurementID is Google's form of a measurement ID: "G-" and capital
// letters and digits. The ID goes into a script's URL and the tag's
// configuration call, so nothing else may pass, escaped or not.
var MeasurementID = regexp.MustCompile(`^G-[A-Z0-9]{4,20}$`)

func (a Analytics) Validate() error {
	if a.MeasurementID != "" && !MeasurementID.MatchString(a.MeasurementID) {
		return field.AtField("measurementID", "measurementID %q must look like G-XXXXXXX (capital letters and digits) or be empty", a.MeasurementID)
	}
	return nil
}

// SEO holds the defaults of the document head.
type SEO struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Keywords    []string `json:"keywords"`
	// Image is the default share image (1200x630), a site path or URL.
	Image string `json:"image"`
	// ImageAlt says what the default share image shows, for those who
	// cannot see it (og:image:alt, twitter:image:alt).
	ImageAlt   string         `json:"imageAlt"`
	ThemeColor field.HexColor `json:"themeColor"`
	Region     string         `json:"region"`
	Placename  string         `json:"placename"`
	// Speakable lists the CSS selectors of the WebPage block.
	Speakable []string `json:"speakable"`
}

// Organization is the schema.org Organization block. Its aggregate rating is
// not typed in: it is computed from collections/reviews.yaml.
type Organization struct {
	Logo        string `json:"logo"`
	Description string `json:"description"`
	FounderName string `json:"founderName"`
	Country     string `json:"country"`
	ContactType string `json:"contactType"`
	Offer       Offer  `json:"offer"`
}

type Offer struct {
	Price       string `json:"price"`
	Currency    string `json:"currency"`
	Description string `json:"description"`
}

// Profile is a named external link (social profile, other site).
type Profile struct {
	Name  string       `json:"name"`
	Label string       `json:"label"`
	URL   field.AbsURL `json:"url"`
}

// SocialProfile is a profile drawn by its icon.
type SocialProfile struct {
	Name  string       `json:"name"`
	Label string       `json:"label"`
	URL   field.AbsURL `json:"url"`
	// Icon is the icon of the name, but for x, whose letter icon is the
	// close button's; the build sets it.
	Icon field.Icon `json:"icon" yaml:"-"`
}

// ProfileIcon is the icon of a profile's name.
func ProfileIcon(name string) field.Icon {
	if name == "x" {
		return "x-social"
	}
	return field.Icon(name)
}

// ProfileNames are the names a social profile may have: those with an
// icon. The web editor offers them as the choices of a profile's name.
func ProfileNames() []string {
	var names []string
	for _, n := range append(icons.Names(), "x") {
		if icons.Has(string(ProfileIcon(n))) && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

func (p SocialProfile) Validate() error {
	if i := ProfileIcon(p.Name); !icons.Has(string(i)) {
		return fmt.Errorf("profile %q has no icon %q (content/README.md lists the icons)", p.Name, i)
	}
	return nil
}

type ProductSites struct {
	Pulse  field.AbsURL `json:"pulse"`
	Health field.AbsURL `json:"health"`
}
