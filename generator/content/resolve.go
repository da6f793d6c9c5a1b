package content

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Resolution. The build hands the app final strings and hrefs, so that the
// app holds presentation only and no rule of the content lives twice:
//
//   - an Action (or InfoItem) that names a site address (site: pulse,
//     health, demo, careers, email) gets that address from site.yaml as
//     its href, and an e-mail subject is appended to it;
//   - placeholders are filled: {email} in Markdown (site.yaml's demo
//     mailbox), {name} in a founder's profile label, {rating} and {best}
//     in a review's rating label, {year} and {brand} in the copyright;
//   - dates are written in words with the section's month names.
//
// Load resolves everything but what depends on the build's clock
// (Site.Finish does that).

// resolveAddresses gives every Action and InfoItem under v (a pointer)
// the href of the site address it names.
func resolveAddresses(v reflect.Value, cfg SiteConfig) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			resolveAddresses(v.Elem(), cfg)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		// The value in an interface cannot be set in place: resolve a
		// copy and put it back.
		c := reflect.New(v.Elem().Type()).Elem()
		c.Set(v.Elem())
		resolveAddresses(c.Addr(), cfg)
		v.Set(c)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			resolveAddresses(v.Index(i), cfg)
		}
	case reflect.Struct:
		switch a := v.Addr().Interface().(type) {
		case *BlockAction:
			a.Resolve(cfg)
			return
		case *Action:
			a.resolve(cfg)
			return
		case *InfoItem:
			if a.Site != "" {
				addr := siteAddress(cfg, a.Site)
				a.Href, a.Text = Link(addr), strings.TrimPrefix(addr, "mailto:")
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				resolveAddresses(v.Field(i), cfg)
			}
		}
	}
}

// Resolve gives the action the href of the site address it names, with
// its e-mail subject appended.
func (a *BlockAction) Resolve(cfg SiteConfig) {
	a.Action.resolve(cfg)
	if a.Subject != "" {
		a.Href = Link(string(a.Href) + "?subject=" + encodeURIComponent(a.Subject))
	}
}

func (a *Action) resolve(cfg SiteConfig) {
	if a.Site != "" {
		a.Href = Link(siteAddress(cfg, a.Site))
	}
}

// siteAddress is the address of site.yaml that a site name stands for
// (SiteAddresses; validation refuses any other).
func siteAddress(cfg SiteConfig, name string) string {
	switch name {
	case "pulse":
		return string(cfg.ProductSites.Pulse)
	case "health":
		return string(cfg.ProductSites.Health)
	case "demo":
		return string(cfg.DemoFormURL)
	case "careers":
		return string(cfg.CareersURL)
	case "email":
		return "mailto:" + string(cfg.DemoEmail)
	}
	panic(fmt.Sprintf("content: site address %q passed validation", name))
}

// FillEmail writes the demo mailbox where Markdown says {email} (goldmark
// escapes it to %7Bemail%7D inside a mailto: link).
func FillEmail(html string, email Email) string {
	return strings.NewReplacer("{email}", string(email), "%7Bemail%7D", string(email)).Replace(html)
}

// Fill replaces {key} placeholders.
func Fill(text string, kv ...string) string { return strings.NewReplacer(kv...).Replace(text) }

// What a kind may implement besides Validate, for the build to call.
type (
	// Resolver is implemented (on the pointer) by kinds whose own fields
	// need the site's configuration.
	Resolver interface{ Resolve(cfg SiteConfig) }
	// RecordWorder is implemented by kinds that word the records they
	// show: the page's own copy of those records gets the strings the
	// section words for them (CloneEach), so that one page's wording never
	// reaches another's.
	RecordWorder interface {
		WordRecords(c *Collections, cfg SiteConfig)
	}
	// RecordFinisher is implemented by kinds whose records' wording
	// depends on the build's clock (Site.Finish).
	RecordFinisher interface {
		FinishRecords(c *Collections, cfg SiteConfig)
	}
)

// resolveRecords lets each section word the records it shows.
func (p *Page) resolveRecords(cfg SiteConfig) {
	for _, sec := range p.Sections {
		if w, ok := deref(sec.Value).(RecordWorder); ok {
			w.WordRecords(&p.Collections, cfg)
		}
	}
}

// Finish resolves what depends on the build's clock: which webinars are
// past (and so what they invite to), and the copyright's {year}.
func (s *Site) Finish(now time.Time) {
	s.Layout.Footer.Copyright = Fill(s.Layout.Footer.Copyright, "{year}", strconv.Itoa(now.Year()), "{brand}", s.Config.Brand)
	for _, p := range s.Pages {
		p.Collections.MarkPast(now)
		for _, sec := range p.Sections {
			if f, ok := deref(sec.Value).(RecordFinisher); ok {
				f.FinishRecords(&p.Collections, s.Config)
			}
		}
	}
}

// DateText writes an ISO date (2024-05-01) as "May 1, 2024".
func DateText(iso string, months []string) string {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil || len(months) != 12 {
		return iso // refused by validation
	}
	return fmt.Sprintf("%s %d, %d", months[t.Month()-1], t.Day(), t.Year())
}

func deref(v any) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem().Interface()
	}
	return v
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

// Resolve runs after validation, on a site without errors (Load calls it).
func (s *Site) Resolve() {
	for i := range s.Config.Social {
		s.Config.Social[i].Icon = profileIcon(s.Config.Social[i].Name)
	}
	cfg := s.Config
	addresses := func(v reflect.Value) { resolveAddresses(v, cfg) }
	addresses(reflect.ValueOf(&s.Layout))
	addresses(reflect.ValueOf(&s.Collections))
	for _, p := range s.Pages {
		for i := range p.Sections {
			sec := &p.Sections[i]
			addresses(reflect.ValueOf(&sec.Value))
			if r, ok := sec.Value.(Resolver); ok {
				r.Resolve(cfg)
			}
		}
		p.resolveRecords(cfg)
	}
}
