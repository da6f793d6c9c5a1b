package routing

import (
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"
)

// Policy is what the security headers depend on.
type Policy struct {
	// ContactEndpoint is the URL the contact form posts to: a path on the
	// site, or an absolute URL whose origin the CSP must allow.
	ContactEndpoint string
	// Analytics is set when a measurement ID is configured, so the CSP
	// allows Google Analytics' hosts.
	Analytics bool
	// InlineStyles are the exact contents of the <style> elements the
	// pages inline, each allowed by its hash.
	InlineStyles [][]byte
	// InlineScripts are the exact contents of the inline <script> elements
	// the pages run (the app's loader, generator/document), each allowed
	// by its hash.
	InlineScripts [][]byte
}

// SecurityHeaders are sent with every response. The CSP allows scripts only
// from the site itself (the hashed bundle) and the inline scripts whose
// exact contents are given, each by its hash (no 'unsafe-inline'), plus
// Google Analytics when a measurement ID is configured, and lets the page post
// enquiries to the contact endpoint's origin. Styles come from the site
// and from the inline <style> elements whose exact contents are given,
// each allowed by its hash.
func SecurityHeaders(p Policy) map[string]string {
	script := []string{"'self'"}
	for _, js := range p.InlineScripts {
		script = append(script, Hash(js))
	}
	style := []string{"'self'"}
	for _, css := range p.InlineStyles {
		style = append(style, Hash(css))
	}
	connect := []string{"'self'"}
	img := []string{"'self'", "data:"}
	if u, err := url.Parse(p.ContactEndpoint); err == nil && u.Host != "" {
		connect = append(connect, u.Scheme+"://"+u.Host)
	}
	if p.Analytics {
		script = append(script, "https://www.googletagmanager.com")
		connect = append(connect, "https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com")
		img = append(img, "https://*.google-analytics.com", "https://www.googletagmanager.com")
	}
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src " + strings.Join(style, " "),
		// React sets a few style attributes (never style elements).
		"style-src-attr 'unsafe-inline'",
		"img-src " + strings.Join(img, " "),
		"connect-src " + strings.Join(connect, " "),
		"font-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return map[string]string{
		"Content-Security-Policy":   csp,
		"X-Content-Type-Options":    "nosniff",
		"Referrer-Policy":           "strict-origin-when-cross-origin",
		"Permissions-Policy":        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
		"X-Frame-Options":           "DENY",
		"Strict-Transport-Security": "max-age=63072000; includeSubDomains",
		"Cache-Control":             "public, max-age=0, must-revalidate",
	}
}

// Hash is the CSP source that allows an inline <script> or <style>
// element whose content is exactly b.
func Hash(b []byte) string {
	sum := sha256.Sum256(b)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
