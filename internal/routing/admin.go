package routing

import "strings"

// AdminPaths are the manifest patterns of the web editor's pages and files
// (/admin, /admin/*): they carry AdminHeaders instead of the site's.
var AdminPaths = []string{"/admin", "/admin/*"}

// AdminHeaders are the headers of the web editor (/admin/), which replace
// SecurityHeaders there and nowhere else (Cache-Control aside, which stays
// the pages'). Its policy allows what the editor
// needs and no more:
//   - scripts from the site only, plus 'wasm-unsafe-eval' for the
//     WebAssembly image encoders it ships (an upload made WebP);
//   - inline styles: the editor's components set style elements and
//     attributes at run time;
//   - GitHub's API (the repository, the pull requests) and avatars, and
//     blob: URLs for the files being uploaded and previewed;
//   - no framing by anyone, and nothing indexed.
//
// The sign-in popup (/oauth/*) is on the site's origin, so it needs no
// exception.
func AdminHeaders() map[string]string {
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' 'wasm-unsafe-eval'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
		"media-src 'self' blob:",
		"connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com",
		"font-src 'self'",
		"frame-src 'self' blob:",
		"worker-src 'self' blob:",
		// The editor installs itself as an app from a manifest it makes
		// at run time.
		"manifest-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return map[string]string{
		"Content-Security-Policy":   csp,
		"X-Content-Type-Options":    "nosniff",
		"Referrer-Policy":           "same-origin",
		"Permissions-Policy":        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
		"X-Frame-Options":           "DENY",
		"Strict-Transport-Security": "max-age=63072000; includeSubDomains",
		"X-Robots-Tag":              "noindex, nofollow",
	}
}
