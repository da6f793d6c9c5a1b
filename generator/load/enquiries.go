package load

import (
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/siteconfig"
)

// enquiryPages checks the pages site.yaml names for enquiries: the demo
// page is a page of the site with a contact form, where "Request a Demo"
// can lead; each product's pages are pages of the site, so that the form
// there presets a product a visitor can actually reach. Each problem is
// reported where site.yaml writes the path.
func (l *loader) enquiryPages(s *content.Site) {
	at := func(href field.Link) field.Pos {
		for _, link := range l.links {
			if link.Pos.File == "site.yaml" && link.Href == string(href) {
				return link.Pos
			}
		}
		return field.Pos{File: "site.yaml", Line: 1, Col: 1}
	}
	page := func(href field.Link) *content.Page {
		if r, ok := s.Route(string(href)); ok && r.Redirect == "" && !r.NotFound {
			return s.Pages[r.Path]
		}
		return nil
	}
	// site.yaml refused already: its demo and products are what was left
	// of it (a page moved out of its block reads as none), and its own
	// problems say what is wrong.
	if l.failed("site.yaml") {
		return
	}
	if d := s.Config.Demo; d.Opens == siteconfig.DemoOpensPage {
		switch p := page(d.Page); {
		case p == nil:
			l.errs = append(l.errs, at(d.Page).Errorf("demo page %q is not a page of the site: add content/pages%s.yaml with a contact section, or open the hosted form (opens: %s)", d.Page, d.Page, siteconfig.DemoOpensHostedForm))
		case !slices.ContainsFunc(p.Sections, func(sec content.Section) bool { return sec.Kind == "contact" }) && !l.failed(p.Route.File):
			// A page that could not be read has no sections to look in:
			// its own problems say what is wrong.
			l.errs = append(l.errs, at(d.Page).Errorf("demo page %q has no contact section: a visitor could not ask for the demo there", d.Page))
		}
	}
	for _, prod := range s.Config.Products {
		for _, pg := range prod.Pages {
			if page(pg) == nil {
				l.errs = append(l.errs, at(pg).Errorf("product %q: %q is not a page of the site", prod.ID, pg))
			}
		}
	}
}
