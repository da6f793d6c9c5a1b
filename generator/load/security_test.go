package load

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/content/security"
)

const securityYAML = `frameworks:
  - name: SOC 2
    status: aligned
  - name: GDPR
    status: aligned
  - name: HIPAA
    status: in-progress
    target: "2027-06"
  - name: ISO 27001
    status: certified
    auditor: Example Audit GmbH
    date: "2026-03-31"
baa: on-request
hosting: One cloud region.
subprocessors:
  - {name: Cloud Co, purpose: Hosting, location: Ireland}
retention:
  - {data: Enquiries, period: "{claim:enquiry-retention}"}
expiresAfterDays: 180
`

const securityPage = `title: Security
description: Where we stand.
name: Security
sections:
  - kind: security
    heading: Where we stand
    labels: {frameworks: Frameworks, certified: Certified, certifiedNote: Audited., inProgress: In progress, inProgressNote: Under audit., aligned: Aligned, alignedNote: Not audited., auditor: By, target: Expected, baa: BAA, baaAvailable: Yes, baaOnRequest: On request, baaUnavailable: No, hosting: Hosting, subprocessors: Sub-processors, name: Name, purpose: Purpose, location: Location, retention: Retention, contact: Contact}
`

// securitySite is the fixture site with security.yaml, a security page
// and a security contact.
func securitySite(t *testing.T) fstest.MapFS {
	fsys := fixtureSite(t)
	fsys[security.File] = &fstest.MapFile{Data: []byte(securityYAML)}
	fsys["pages/security.yaml"] = &fstest.MapFile{Data: []byte(securityPage)}
	return edit(fsys, "site.yaml", func(s string) string { return s + "securityEmail: security@example.com\n" })
}

// TestSecurity: the security page shows security.yaml as written (its
// retention cited from the claims), and every way a text or the record
// can overstate a framework is a problem at its own line.
func TestSecurity(t *testing.T) {
	s, err := Site(securitySite(t))
	if err != nil {
		t.Fatal(err)
	}
	var sec *sections.SecuritySection
	for _, x := range s.Pages["/security"].Sections {
		if v, ok := x.Value.(*sections.SecuritySection); ok {
			sec = v
		}
	}
	var retention content.Claim
	for _, c := range s.Collections.Claims {
		if c.Key == "enquiry-retention" {
			retention = c
		}
	}
	if sec == nil || sec.Contact != "security@example.com" || len(sec.Record.Frameworks) != 4 || sec.Record.Retention[0].Period != retention.Text {
		t.Fatalf("security section = %+v, want the record with the contact and the period %q", sec, retention.Text)
	}

	const about = "pages/about.yaml"
	say := func(text string) func(string) string { return replace("intro: A small team.", "intro: "+text) }
	cases := []struct {
		name, file string
		edit       func(string) string
		needle     string
		want       string
	}{
		{"an aligned framework called certified", about, say("A small team, SOC 2 certified."), "SOC 2 certified", `says SOC 2 is certified ("certified"), but security.yaml gives its status as aligned`},
		{"an audit in progress called audited", about, say("Our HIPAA controls are audited yearly."), "HIPAA controls", `says HIPAA is certified ("audited"), but security.yaml gives its status as in-progress`},
		{"an aligned framework called in progress", about, say("SOC 2 Type II is under way."), "SOC 2 Type", `says SOC 2 is in progress ("under way")`},
		{"a framework the record does not list", about, say("A small, PCI DSS-ready team."), "PCI DSS-ready", `names PCI DSS, which security.yaml does not list`},
		{"a certificate in an article", "articles/voice-follow-up.md", replace("## Why call", "## Why call\n\nWe hold a SOC 2 certificate."), "We hold a SOC 2", `says SOC 2 is certified ("certificate")`},
		{"a status in free text", security.File, replace("status: aligned", "status: mostly compliant"), "mostly compliant", `status "mostly compliant" must be one of "certified", "in-progress", "aligned"`},
		{"a certificate without its auditor", security.File, replace("    auditor: Example Audit GmbH\n", ""), "status: certified", `a certified framework names its auditor and the date`},
		{"an audit without its target", security.File, replace("    target: \"2027-06\"\n", ""), "status: in-progress", `an audit in progress gives its target`},
		{"an unknown framework", security.File, replace("name: ISO 27001", "name: ISO 9000"), "ISO 9000", `unknown framework "ISO 9000"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := edit(securitySite(t), c.file, c.edit)
			_, err := Site(fsys)
			at := fmt.Sprintf("%s:%d:", c.file, lineOf(fsys, c.file, c.needle))
			if err == nil || !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v\nwant %q at %s", err, c.want, at)
			}
		})
	}
	// The same statements agree with a record that backs them.
	agree := edit(securitySite(t), about, say("ISO 27001 certified, with HIPAA in progress and SOC 2 aligned."))
	if _, err := Site(agree); err != nil {
		t.Errorf("statements the record backs: %v", err)
	}
}

// TestUnreadableFileSaysItAlone: while site.yaml or a page cannot be
// read, the checks of the whole site that it could answer (the security
// contact it names, the reviews a page shows) say nothing: the one
// message is the file's own, at the line at fault.
func TestUnreadableFileSaysItAlone(t *testing.T) {
	for _, file := range []string{"site.yaml", "pages/index.yaml"} {
		t.Run(file, func(t *testing.T) {
			fsys := edit(securitySite(t), file, func(s string) string { return s + "oops: [\n" })
			_, err := Site(fsys)
			var list content.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("err = %v, want the file's error", err)
			}
			if len(list) != 1 || list[0].File != file {
				t.Errorf("%d errors, want the one of %s:\n%v", len(list), file, err)
			}
		})
	}
}
