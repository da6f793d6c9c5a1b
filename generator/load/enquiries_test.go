package load

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

// site.yaml says where "Request a Demo" leads and what an enquiry can be
// about; every page it names must be one a visitor can reach, the demo
// page one with a form, and every mailbox an address: each problem at its
// place in site.yaml.
func TestDemoAndProducts(t *testing.T) {
	const products = "products:\n" +
		"  - id: pulse\n    label: Pulse\n    pages: [/services]\n    mailboxes: [pulse@vozia.example, research@vozia.example]\n" +
		"  - id: voice-ai\n    label: Voice AI agents\n"
	for _, tc := range []struct {
		name, yaml string
		// where Request a Demo leads, or the problem.
		href, problem string
	}{
		{"no demo: the hosted form", "", "https://forms.vozia.example/request-a-demo", ""},
		{"the hosted form", "demo: {opens: hostedForm}\n", "https://forms.vozia.example/request-a-demo", ""},
		{"the site's own page", "demo: {opens: page, page: /insights}\n" + products, "/insights", ""},
		{"a demo page that is no page", "demo:\n  opens: page\n  page: /demo\n", "",
			`site.yaml:9:9: demo page "/demo" is not a page of the site`},
		{"a demo page without a form", "demo:\n  opens: page\n  page: /about\n", "",
			`site.yaml:9:9: demo page "/about" has no contact section`},
		{"a page the hosted form does not use", "demo: {opens: hostedForm, page: /insights}\n", "", `demo page "/insights" is not used when opens is hostedForm`},
		{"an unknown place", "demo: {opens: popup}\n", "", `demo opens "popup": want page`},
		{"a product page that is no page", "products:\n  - id: pulse\n    label: Pulse\n    pages: [/solutions/pulse]\n", "",
			`site.yaml:10:13: product "pulse": "/solutions/pulse" is not a page of the site`},
		{"a mailbox that is no address", "products:\n  - id: pulse\n    label: Pulse\n    mailboxes: [Pulse team <pulse@vozia.example>]\n", "",
			`site.yaml:10:`},
		{"an id that is no slug", "products:\n  - id: Pulse Analytics\n    label: Pulse\n", "", `product id "Pulse Analytics": want a lower-case slug`},
		{"one id twice", "products:\n  - {id: pulse, label: Pulse}\n  - {id: pulse, label: Pulse again}\n", "", `product "pulse" is listed twice`},
		{"one page for two products", "products:\n  - {id: pulse, label: Pulse, pages: [/services]}\n  - {id: voice-ai, label: Voice, pages: [/services]}\n", "",
			`page "/services" is a page of both "pulse" and "voice-ai"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fixtureSite(t)
			site := string(fsys["site.yaml"].Data)
			at := strings.Index(site, "contactEndpoint:")
			fsys["site.yaml"] = &fstest.MapFile{Data: []byte(site[:at] + tc.yaml + site[at:])}
			s, err := Site(fsys)
			if tc.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tc.problem) {
					t.Fatalf("error %v; want one with %q", err, tc.problem)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Config.DemoHref != tc.href {
				t.Errorf("Request a Demo leads to %q; want %q", s.Config.DemoHref, tc.href)
			}
			// The mailboxes reach the contact functions, never the pages.
			page, _ := json.Marshal(s.Config)
			if strings.Contains(string(page), "research@") {
				t.Errorf("the site data names a product's mailbox: %s", page)
			}
			if strings.Contains(tc.yaml, "mailboxes") {
				e := s.Config.Enquiries()
				if strings.Join(e.Products, ",") != "pulse,voice-ai" || strings.Join(e.Mailboxes["pulse"], ",") != "pulse@vozia.example,research@vozia.example" || e.Mailboxes["voice-ai"] != nil {
					t.Errorf("enquiries %+v; want both products, pulse's two mailboxes", e)
				}
			}
		})
	}
}

// A demo page that cannot be read is named at its own fault only: the
// site-wide check that it has a form says nothing of a page it could not
// read, where its contact section may well be.
func TestDemoPageUnreadNamedOnce(t *testing.T) {
	fsys := fixtureSite(t)
	site := string(fsys["site.yaml"].Data)
	at := strings.Index(site, "contactEndpoint:")
	fsys["site.yaml"] = &fstest.MapFile{Data: []byte(site[:at] + "demo: {opens: page, page: /insights}\n" + site[at:])}
	page := string(fsys["pages/insights.yaml"].Data)
	fsys["pages/insights.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(page, "  - kind: contact\n", "  - contact\n", 1))}
	_, err := Site(fsys)
	if err == nil {
		t.Fatal("a page with a section written as its kind alone was accepted")
	}
	if !strings.Contains(err.Error(), `pages/insights.yaml:`) || strings.Contains(err.Error(), "has no contact section") {
		t.Errorf("want the page's own problem alone, got:\n%v", err)
	}
}
