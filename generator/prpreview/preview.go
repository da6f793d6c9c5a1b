// Package prpreview is what makes a build the preview of a pull request
// (go run ./cmd/build -base-url https://pr-<n>.<previews' domain>
// -preview-pr N -preview-url URL), served at that address by the previews'
// stack (deploy/lib/preview-stack.ts):
//
//   - its address is on a registrable domain of its own (CrossSite): never
//     the live site's host nor under the live site's registrable domain,
//     where a pull request's own script could set the site's cookies;
//   - every page carries a banner, outside the app's root so that it
//     changes nothing React hydrates: "Preview of pull request #n, not the
//     live site", linking to the pull request, and saying that its contact
//     form sends nothing (the previews' /api/contact answers 200 and stores
//     nothing);
//   - robots.txt disallows everything, and every answer says
//     X-Robots-Tag: noindex (a header of the routing manifest, so cmd/serve
//     sends it too; the distribution's functions send it for every preview);
//   - analytics are off, whatever site.yaml says;
//   - what the contact form says once sent begins "Not sent: this is a
//     preview", followed by the live site's words, which are still there
//     to review: the enquiry reached no one.
//
// Everything else is the build production would make after the merge.
package prpreview

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/vozia/site/generator/content"
)

// Preview names the pull request a build previews.
type Preview struct {
	// PR is the pull request's number.
	PR int
	// URL is the pull request's page, where the banner links.
	URL string
}

// Validate refuses a number that is not a pull request's and a link that
// is not an https page.
func (p Preview) Validate() error {
	if p.PR < 1 || p.PR > 999999999 {
		return fmt.Errorf("-preview-pr %d: a pull request number (1 or more)", p.PR)
	}
	u, err := url.Parse(p.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return fmt.Errorf("-preview-url %q: the pull request's https address", p.URL)
	}
	return nil
}

// CrossSite refuses a preview address (the build's -base-url) that is the
// same site as the live one (site.yaml's baseURL): the same registrable
// domain by the public suffix list, as browsers reckon it for cookies
// (vozia.example for www.vozia.example and pr-1.preview.vozia.example). A
// preview runs a pull request's own script; on the live site's domain it
// could set cookies every host of the site receives.
func CrossSite(live, preview string) error {
	lu, err := url.Parse(live)
	if err != nil {
		return fmt.Errorf("site.yaml baseURL %q: %w", live, err)
	}
	pu, err := url.Parse(preview)
	if err != nil || pu.Hostname() == "" {
		return fmt.Errorf("-base-url %q: a preview needs its own address, https://pr-<n>.<previews' domain>", preview)
	}
	if l, p := site(lu.Hostname()), site(pu.Hostname()); l == p {
		return fmt.Errorf("-base-url %q: on %s, the live site's registrable domain (site.yaml baseURL %q); serve previews from a domain of their own", preview, p, live)
	}
	return nil
}

// site is a host's registrable domain (eTLD+1), or the host itself when
// it has none (localhost, an address, a public suffix).
func site(host string) string {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

// RobotsTag is the X-Robots-Tag of every answer of a preview.
const RobotsTag = "noindex"

// Robots is a preview's robots.txt: nothing may be crawled.
func Robots(pr int) []byte {
	return fmt.Appendf(nil, "# The preview of pull request #%d: not the live site, never indexed.\nUser-agent: *\nDisallow: /\n", pr)
}

// Banner is the note at the top of every page of the preview. Its style is
// in attributes (the CSP allows style attributes, never a second style
// element), in the site's orange: it sits just below the fixed header
// (--nav-h, which main's padding also leaves free) and takes its own
// height from the top of the page, so the page is whole below it.
func (p Preview) Banner() string {
	return fmt.Sprintf(`<p class="preview-banner" role="note" style="position:relative;z-index:40;margin:var(--nav-h,64px) 0 calc(-1 * var(--nav-h,64px));padding:8px 16px;background:#FF6B35;color:#000;font:600 15px/1.4 system-ui,sans-serif;text-align:center">`+
		`Preview of <a href="%s" style="color:#000;text-decoration:underline">pull request #%d</a>, not the live site. Its contact form sends nothing.</p>`+"\n",
		html.EscapeString(p.URL), p.PR)
}

// NotSent is how the contact form's answers begin in a preview.
const NotSent = "Not sent: this is a preview"

// Form makes the contact form's answers honest: a visitor who sends it
// in a preview is told that nothing was sent, not that it reached us (the
// previews' /api/contact answers 200 like the contact function and stores
// nothing), and still sees the live site's words to review them.
func (p Preview) Form(f *content.ContactForm) {
	f.Success = content.Notice{
		Title: NotSent,
		Text:  fmt.Sprintf("Pull request #%d's preview sends no enquiry. The live site says: %s %s", p.PR, f.Success.Title, f.Success.Text),
	}
	f.Sent.Title = NotSent + ". The live site says: " + f.Sent.Title
}
