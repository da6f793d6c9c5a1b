// Package resolve is the stage after loading: it gives a loaded site
// (generator/load), once it has no problem, its final strings and hrefs,
// so that the app holds presentation only and no rule of the content
// lives twice:
//
//   - an Action (or InfoItem) that names a site address (site: pulse,
//     health, demo, careers, email) gets that address from site.yaml as
//     its href, and an e-mail subject is appended to it;
//   - placeholders are filled: {email} in Markdown (site.yaml's demo
//     mailbox), {name} in a founder's profile label, {rating} and {best}
//     in a review's rating label, {year} and {brand} in the copyright,
//     {cookieSettings} in the consent dialog's introduction and in what
//     is said once a choice is saved (the footer's button that reopens it);
//   - dates are written in words with the section's month names.
//
// How each value resolves is content's (Action.Resolve, the kinds'
// Resolve, WordRecords and FinishRecords); this walks the site. load
// calls Site on every site it loads without a problem; what depends on
// the build's clock is left to Finish, which the build calls with its
// time.
package resolve

import (
	"reflect"
	"strconv"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/siteconfig"
)

// Site resolves everything in s but what depends on the build's clock. It
// runs after validation, on a site without errors.
func Site(s *content.Site) {
	for i := range s.Config.Social {
		s.Config.Social[i].Icon = siteconfig.ProfileIcon(s.Config.Social[i].Name)
	}
	s.Layout.Consent.DialogIntro = content.Fill(s.Layout.Consent.DialogIntro, "{cookieSettings}", s.Layout.Footer.CookieSettingsLabel)
	s.Layout.Consent.Saved = content.Fill(s.Layout.Consent.Saved, "{cookieSettings}", s.Layout.Footer.CookieSettingsLabel)
	cfg := s.Config
	addresses := func(v reflect.Value) { resolveAddresses(v, cfg) }
	addresses(reflect.ValueOf(&s.Layout))
	addresses(reflect.ValueOf(&s.Collections))
	for _, p := range s.Pages {
		for i := range p.Sections {
			sec := &p.Sections[i]
			addresses(reflect.ValueOf(&sec.Value))
			if r, ok := sec.Value.(content.Resolver); ok {
				r.Resolve(cfg)
			}
		}
		// Each section words the records it shows.
		for _, sec := range p.Sections {
			if w, ok := deref(sec.Value).(content.RecordWorder); ok {
				w.WordRecords(&p.Collections, cfg)
			}
		}
	}
}

// Finish resolves what depends on the build's clock: which webinars are
// past (and so what they invite to), and the copyright's {year}. The
// build calls it on the loaded site with its time.
func Finish(s *content.Site, now time.Time) {
	s.Layout.Footer.Copyright = content.Fill(s.Layout.Footer.Copyright, "{year}", strconv.Itoa(now.Year()), "{brand}", s.Config.Brand)
	for _, p := range s.Pages {
		p.Collections.MarkPast(now)
		for _, sec := range p.Sections {
			if f, ok := deref(sec.Value).(content.RecordFinisher); ok {
				f.FinishRecords(&p.Collections, s.Config)
			}
		}
	}
}

// resolveAddresses gives every Action and InfoItem under v (a pointer)
// the href of the site address it names.
func resolveAddresses(v reflect.Value, cfg siteconfig.SiteConfig) {
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
		case *content.BlockAction:
			a.Resolve(cfg)
			return
		case *content.Action:
			a.Resolve(cfg)
			return
		case *content.InfoItem:
			a.Resolve(cfg)
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				resolveAddresses(v.Field(i), cfg)
			}
		}
	}
}

func deref(v any) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		return rv.Elem().Interface()
	}
	return v
}
