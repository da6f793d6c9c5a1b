// Package preview is what makes a build the preview of a pull request
// (go run ./cmd/build -preview-pr N -preview-url URL), served at
// https://pr-<n>.preview.<domain> by the previews' stack
// (deploy/lib/preview-stack.ts):
//
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
package preview

import (
	"fmt"
	"html"
	"net/url"

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
