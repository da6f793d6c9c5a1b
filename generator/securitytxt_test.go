package generator

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/sitefiles"
)

// TestSecurityTxt: security.txt's Expires is the build's day plus the
// stated period, so that two builds of one day give the same bytes and a
// build a day later moves it by a day; its Policy is the security page.
func TestSecurityTxt(t *testing.T) {
	fsys := fixture(t)
	fsys["security.yaml"] = &fstest.MapFile{Data: []byte("frameworks:\n  - {name: GDPR, status: aligned}\n  - {name: HIPAA, status: aligned}\nbaa: unavailable\nhosting: One region.\n" +
		"subprocessors:\n  - {name: Cloud Co, purpose: Hosting, location: Ireland}\nretention:\n  - {data: Enquiries, period: 30 days}\nexpiresAfterDays: 90\n")}
	fsys["pages/trust.yaml"] = &fstest.MapFile{Data: []byte("title: Trust\ndescription: Where we stand.\nname: Trust\nsections:\n  - kind: security\n    heading: Where we stand\n" +
		"    labels: {frameworks: F, certified: C, certifiedNote: CN, inProgress: P, inProgressNote: PN, aligned: A, alignedNote: N, auditor: By, target: T, baa: B, baaAvailable: Y, baaOnRequest: R, baaUnavailable: N, hosting: H, subprocessors: S, name: N, purpose: P, location: L, retention: R, contact: C}\n")}
	fsys["site.yaml"] = &fstest.MapFile{Data: append(fsys["site.yaml"].Data, "securityEmail: security@example.com\n"...)}
	site, err := load.SiteWith(fsys, load.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	morning := time.Date(2026, 11, 23, 0, 30, 0, 0, time.UTC)
	a, b, next := sitefiles.SiteSecurityTxt(site, morning), sitefiles.SiteSecurityTxt(site, morning.Add(23*time.Hour)), sitefiles.SiteSecurityTxt(site, morning.Add(24*time.Hour))
	base := strings.TrimRight(string(site.Config.BaseURL), "/")
	want := "Contact: mailto:security@example.com\nExpires: 2027-02-21T00:00:00Z\nPolicy: " + base + "/trust\nCanonical: " + base + "/.well-known/security.txt\nPreferred-Languages: en\n"
	if string(a) != want || string(b) != want {
		t.Errorf("security.txt on 23 November:\n%s\nand late that day:\n%s\nwant\n%s", a, b, want)
	}
	if !strings.Contains(string(next), "Expires: 2027-02-22T00:00:00Z\n") {
		t.Errorf("security.txt a day later:\n%s", next)
	}
}
