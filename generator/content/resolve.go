package content

import (
	"fmt"
	"strings"
	"time"

	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

// How one value resolves: generator/load resolves the site, calling these
// on every value and the hooks of each section's kind; the kinds word
// their records with the helpers below.

// Resolve gives the action the href of the site address it names, with
// its e-mail subject appended.
func (a *BlockAction) Resolve(cfg siteconfig.SiteConfig) {
	a.Action.Resolve(cfg)
	if a.Subject != "" {
		a.Href = field.Link(string(a.Href) + "?subject=" + encodeURIComponent(a.Subject))
	}
}

// Resolve gives the action the href of the site address it names.
func (a *Action) Resolve(cfg siteconfig.SiteConfig) {
	if a.Site != "" {
		a.Href = field.Link(siteAddress(cfg, a.Site))
	}
}

// Resolve gives the item the site address it names as its href and text.
func (i *InfoItem) Resolve(cfg siteconfig.SiteConfig) {
	if i.Site != "" {
		addr := siteAddress(cfg, i.Site)
		i.Href, i.Text = field.Link(addr), strings.TrimPrefix(addr, "mailto:")
	}
}

// siteAddress is the address of site.yaml that a site name stands for
// (SiteAddresses; validation refuses any other).
func siteAddress(cfg siteconfig.SiteConfig, name string) string {
	switch name {
	case "pulse":
		return string(cfg.ProductSites.Pulse)
	case "health":
		return string(cfg.ProductSites.Health)
	case "demo":
		return cfg.DemoHref
	case "careers":
		return string(cfg.CareersURL)
	case "email":
		return "mailto:" + string(cfg.DemoEmail)
	}
	panic(fmt.Sprintf("content: site address %q passed validation", name))
}

// FillEmail writes the demo mailbox where Markdown says {email} (goldmark
// escapes it to %7Bemail%7D inside a mailto: link).
func FillEmail(html string, email field.Email) string {
	return strings.NewReplacer("{email}", string(email), "%7Bemail%7D", string(email)).Replace(html)
}

// Fill replaces {key} placeholders.
func Fill(text string, kv ...string) string { return strings.NewReplacer(kv...).Replace(text) }

// What a kind may implement besides Validate, for the build to call.
type (
	// Resolver is implemented (on the pointer) by kinds whose own fields
	// need the site's configuration.
	Resolver interface {
		Resolve(cfg siteconfig.SiteConfig)
	}
	// RecordWorder is implemented by kinds that word the records they
	// show: the page's own copy of those records gets the strings the
	// section words for them (CloneEach), so that one page's wording never
	// reaches another's.
	RecordWorder interface {
		WordRecords(c *Collections, cfg siteconfig.SiteConfig)
	}
	// RecordFinisher is implemented by kinds whose records' wording
	// depends on the build's clock (generator/resolve.Finish).
	RecordFinisher interface {
		FinishRecords(c *Collections, cfg siteconfig.SiteConfig)
	}
	// ImageJoiner is implemented (on the pointer) by kinds that show a
	// Markdown text (a Text and its images): the image stage writes their
	// HTML once the images are processed, each image as picture writes it
	// at its place (generator/pictures).
	ImageJoiner interface {
		JoinImages(picture func(img Image, place string) string)
	}
)

// DateText writes an ISO date (2024-05-01) as "May 1, 2024": every date
// the site shows, an article's, a webinar's or a review's, so that a page
// never shows dates two ways (the legal pages' copy reads the same, and so
// does the editor's preview of an unsaved date, the browser's long
// English date).
func DateText(iso string, months []string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil || len(months) != 12 {
		return iso // refused by validation
	}
	return fmt.Sprintf("%s %d, %d", months[t.Month()-1], t.Day(), t.Year())
}

// CloneEach returns a copy of records with f applied to each, so that one
// page's wording never reaches another page's records.
func CloneEach[T any](records []T, f func(*T)) []T {
	if records == nil {
		return nil
	}
	out := make([]T, len(records))
	copy(out, records)
	for i := range out {
		f(&out[i])
	}
	return out
}

// encodeURIComponent escapes s as JavaScript's encodeURIComponent does
// (every byte but A-Z a-z 0-9 - _ . ! ~ * ' ( )), which is what a mailto:
// subject needs: spaces as %20, not "+".
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
