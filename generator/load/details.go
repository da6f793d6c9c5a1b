package load

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/sections"
)

// Detail pages: each service and each case study has a page of its own,
// so that a prospect can link to it, share it or bookmark it, and search
// engines see it.
//
//   - The page holding the services section lists the services and gives
//     them their paths: /services lists them, /services/<id> is each one's
//     page. Likewise the page holding the case-studies section (the whole
//     stories) for the case studies: /case-studies/<id>. When several pages
//     hold one, the first in path order lists them (/about before
//     /stories); the others link to the same pages. A collection that some
//     section shows but no page lists is a problem, since its cards would
//     have nowhere to lead.
//   - A record's id is its slug: lowercase letters and digits joined by
//     hyphens (as articles, tags and authors), unique in its file.
//   - A detail page is its record's section (kinds service and
//     case-study, made by the build, never written) followed by the
//     sections that follow the list on its page (its call to action, the
//     contact form), as an article's page is.
//   - Its head: the record's title (the company's story for a case
//     study), a description from the record, the breadcrumbs derived from
//     the folders (Home › Services › the service) and a JSON-LD block of
//     the record's schema.org type (Subject).
//   - Every card that shows a record links to its page (the record's URL).

// details gives each service and case study its page. It runs after the
// pages are read and before the route table is made; trails fills in the
// pages' visible breadcrumbs once the table is made.
func (l *loader) details(s *content.Site) {
	svcIndex, svcSec := listingPage[sections.ServicesSection](s)
	csIndex, csSec := listingPage[sections.CaseStudiesSection](s)

	ids := func(n int, id func(int) (string, field.Pos)) bool {
		ok := true
		seen := map[string]field.Pos{}
		for i := range n {
			key, pos := id(i)
			if prev, dup := seen[key]; dup {
				l.errs = append(l.errs, pos.Errorf("id %q: line %d already has it: each record's id is its page's address, so it must be unique", key, prev.Line))
				ok = false
				continue
			}
			seen[key] = pos
			if !content.TagPattern.MatchString(key) {
				l.errs = append(l.errs, pos.Errorf("id %q is the record's address: write it as a slug, like %q", key, field.Slugify(key)))
				ok = false
			}
		}
		return ok
	}
	services, studies := s.Collections.Services, s.Collections.CaseStudies
	svcOK := ids(len(services), func(i int) (string, field.Pos) { return services[i].ID, services[i].Pos })
	csOK := ids(len(studies), func(i int) (string, field.Pos) { return studies[i].ID, studies[i].Pos })

	l.unlisted(s, "services", svcIndex != nil, "services")
	l.unlisted(s, "caseStudies", csIndex != nil, "case-studies")

	// The pages share the collection's records (pickCollections copies
	// the slice, not the records), so setting URL here reaches every card.
	if svcIndex != nil && svcOK {
		for i := range services {
			svc := &services[i]
			svc.URL = svcIndex.Route.Path + "/" + svc.ID
			sec := &sections.ServiceSection{Service: *svc, Action: svcSec.Action, IndexURL: svcIndex.Route.Path}
			l.detailPage(s, svcIndex, svcSec, content.Section{Kind: "service", Pos: svc.Pos, Value: sec}, svc.URL, "services", content.PageMeta{
				Title: svc.Title, Description: summary(svc.Description), Name: svc.Title,
			}, &content.Subject{Type: content.SubjectService, Name: svc.Title, Description: svc.Description})
		}
	}
	if csIndex != nil && csOK {
		for i := range studies {
			cs := &studies[i]
			cs.URL = csIndex.Route.Path + "/" + cs.ID
			sec := &sections.CaseStudySection{Study: *cs, Challenge: csSec.Challenge, Solution: csSec.Solution, Results: csSec.Results, IndexURL: csIndex.Route.Path}
			l.detailPage(s, csIndex, csSec, content.Section{Kind: "case-study", Pos: cs.Pos, Value: sec}, cs.URL, "caseStudies", content.PageMeta{
				Title: cs.Title, Description: summary(cs.Challenge), Name: cs.Company,
			}, &content.Subject{Type: content.SubjectCaseStudy, Name: cs.Title, Description: summary(cs.Challenge), Image: cs.Image.Src, About: cs.Industry})
		}
	}
}

// listingPage is the first page in path order holding a section of type
// T, and that section; nil if none does.
func listingPage[T any](s *content.Site) (*content.Page, *T) {
	for _, p := range pagesInOrder(s) {
		for _, sec := range p.Sections {
			if v, ok := sec.Value.(*T); ok {
				return p, v
			}
		}
	}
	return nil, nil
}

// unlisted refuses a collection that a section shows as cards when no
// page lists it (kind is the listing section's kind): its cards would
// lead nowhere.
func (l *loader) unlisted(s *content.Site, collection string, listed bool, kind string) {
	// A page that could not be read may be the one that lists it: its
	// own problems say what is wrong.
	if listed || l.failedUnder("pages") {
		return
	}
	for _, p := range pagesInOrder(s) {
		for _, sec := range p.Sections {
			if !readsCollection(sec, collection) {
				continue
			}
			l.errs = append(l.errs, sec.Pos.Errorf("this %s section links each record to its page, but no page lists the %s: add a section of kind %s to a page (its path + /<id> is each record's page)", sec.Kind, collection, kind))
			return
		}
	}
}

func readsCollection(sec content.Section, name string) bool {
	found := false
	content.EachRead(&sec, func(n string) { found = found || n == name })
	return found
}

// detailPage adds a record's page below its list: the record's section,
// then the sections that follow the list on the list's page.
func (l *loader) detailPage(s *content.Site, index *content.Page, listSec any, body content.Section, p, collection string, meta content.PageMeta, subject *content.Subject) {
	var closing []content.Section
	for i, sec := range index.Sections {
		if sec.Value == listSec {
			closing = index.Sections[i+1:]
			break
		}
	}
	meta.Keywords = index.Route.Keywords
	page := &content.Page{
		Route: content.Route{
			Pos: body.Pos, Path: p, File: content.CollectionFile(collection),
			PageMeta: meta, Subject: subject,
		},
		Sections: append([]content.Section{body}, closing...),
		Reads:    []string{collection},
	}
	// The page receives the collections its closing sections read, and
	// only those (the record is in its own section).
	for i := range closing {
		content.EachRead(&closing[i], func(name string) {
			content.CopyCollection(&page.Collections, &index.Collections, name)
			if !slices.Contains(page.Reads, name) {
				page.Reads = append(page.Reads, name)
			}
		})
	}
	l.addPage(s, page)
}

// trails gives each detail section the breadcrumbs of its page.
func (l *loader) trails(s *content.Site) {
	for _, p := range s.Pages {
		if len(p.Sections) == 0 {
			continue
		}
		switch v := p.Sections[0].Value.(type) {
		case *sections.ServiceSection:
			v.Trail = p.Route.Breadcrumbs
		case *sections.CaseStudySection:
			v.Trail = p.Route.Breadcrumbs
		}
	}
}

// summary is a meta description made from a record's text: its first
// sentence, or as many whole words as fit in maxDescription characters.
func summary(text string) string {
	text = strings.TrimSpace(text)
	if i := strings.Index(text, ". "); i >= 0 && i+1 <= content.MaxDescription {
		return text[:i+1]
	}
	if utf8.RuneCountInString(text) <= content.MaxDescription {
		return text
	}
	cut := string([]rune(text)[:content.MaxDescription-1])
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, ",;: ") + "…"
}
