// Package routing is the contract between the build and everything that
// serves its output: the routing manifest (dist/cdn/routes.json), the
// security headers every response carries, and the rule that answers a
// request path from the manifest and the files of the site root.
//
// It imports no other package of this project, so the production-equivalent
// server (cmd/serve) and the deployment read the same rules as the build
// writes without linking the build. The build fills a Manifest; it is
// marshalled only when written to disk (Marshal) and read back only by a
// server started on a directory (Load).
//
// The rules are tried in this order: headers always apply; a path holding
// a control character or a dot segment is not found; a path with a
// trailing slash (other than "/") answers 301 to the path without it; a
// path with an empty segment is not found; then redirects; then the
// file at the path, or <path>/index.html; then rewrites; then NotFound with
// its status. A trailing-slash target that would not start with exactly one
// "/" followed by a character other than "/" or a backslash is not found:
// never a redirect a browser could take off-site. testdata/routing/cases.json
// is the table of cases every implementation (this package, the CDN's
// viewer-request function) must pass.
package routing

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"
)

// Manifest is dist/cdn/routes.json: how a CDN (and cmd/serve) must serve
// dist/site.
type Manifest struct {
	TrailingSlash string     `json:"trailingSlash"`
	Redirects     []Redirect `json:"redirects"`
	Rewrites      []Rewrite  `json:"rewrites"`
	NotFound      NotFound   `json:"notFound"`
	Headers       []Headers  `json:"headers"`
}

// Redirect answers From with Status and a Location of To.
type Redirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"`
}

// Rewrite serves the file To for any path matching From; a From ending in
// "/*" matches every path below it.
type Rewrite struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// NotFound is the page served, with its status, when nothing else answers.
type NotFound struct {
	File   string `json:"file"`
	Status int    `json:"status"`
}

// Headers apply to the paths matching For ("/*" is every path, "/assets/*"
// every path below /assets); later entries override earlier ones.
type Headers struct {
	For    string            `json:"for"`
	Values map[string]string `json:"values"`
}

// The output layout: the site root (dist/site) and, beside it, the routing
// manifest (dist/cdn/routes.json).

// CDNDir is the directory of the routing manifest of a site root.
func CDNDir(siteDir string) string { return filepath.Join(filepath.Dir(siteDir), "cdn") }

// ManifestFile is the routing manifest of a site root.
func ManifestFile(siteDir string) string { return filepath.Join(CDNDir(siteDir), "routes.json") }

// Marshal is the manifest as routes.json holds it.
func (m *Manifest) Marshal() []byte {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		panic(err) // plain structs of strings, ints and maps always marshal
	}
	return append(data, '\n')
}

// Load reads a routes.json.
func Load(file string) (*Manifest, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &m, nil
}

// Kind is what an Answer tells the server to do.
type Kind int

const (
	// ServeFile answers with File and Status.
	ServeFile Kind = iota
	// Redirect answers with Status and a Location header of Location
	// (the request's query appended by the server).
	RedirectTo
	// NotFoundPage answers with the not-found page (File, empty when the
	// manifest names none or it is missing) and Status.
	NotFoundPage
)

// Answer is how to respond to one request path.
type Answer struct {
	Kind     Kind
	File     string // slash-separated, relative to the site root
	Location string
	Status   int
}

// Resolve answers a request URL by the manifest's rules; isFile reports
// whether a slash-separated name relative to the site root is a file.
func (m *Manifest) Resolve(u *url.URL, isFile func(name string) bool) Answer {
	p := u.Path
	notFound := func() Answer {
		a := Answer{Kind: NotFoundPage, Status: m.NotFound.Status}
		if f, ok := file(m.NotFound.File, isFile); ok {
			a.File = f
		}
		return a
	}
	// A control character has no business in a URL of the site, and a
	// browser strips tabs and line breaks from a Location it is given, so
	// "/\t/evil.example" would read as "//evil.example".
	if strings.ContainsFunc(p, unicode.IsControl) {
		return notFound()
	}
	// A dot segment ("/../", "/./", also spelled %2e or behind a %2f) is
	// never a page: read as a folder of its own, it would serve one path's
	// file under another path's headers ("/assets/..%2fplatform", the
	// platform page cached as an asset).
	if dotSegment(p) {
		return notFound()
	}
	if m.TrailingSlash == "remove" && len(p) > 1 && strings.HasSuffix(p, "/") {
		to, ok := slashlessTarget(u)
		if !ok {
			return notFound()
		}
		return Answer{Kind: RedirectTo, Location: to, Status: 301}
	}
	// Nor is an empty segment ("/services//voice-agents"): the CDN's
	// origin has no such key.
	if strings.Contains(p, "//") {
		return notFound()
	}
	for _, rd := range m.Redirects {
		if rd.From == p {
			return Answer{Kind: RedirectTo, Location: rd.To, Status: rd.Status}
		}
	}
	if f, ok := file(p, isFile); ok {
		return Answer{Kind: ServeFile, File: f, Status: 200}
	}
	for _, rw := range m.Rewrites {
		if Matches(rw.From, p) {
			if f, ok := file(rw.To, isFile); ok {
				return Answer{Kind: ServeFile, File: f, Status: 200}
			}
		}
	}
	return notFound()
}

// dotSegment reports whether p has a segment "." or "..".
func dotSegment(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// HeadersFor returns the headers of a path, later entries overriding
// earlier ones.
func (m *Manifest) HeadersFor(p string) map[string]string {
	out := map[string]string{}
	for _, h := range m.Headers {
		if Matches(h.For, p) {
			for k, v := range h.Values {
				out[k] = v
			}
		}
	}
	return out
}

// Matches reports whether p matches a manifest pattern: exact, or a prefix
// pattern "/dir/*" for every path below /dir ("/*" matches all).
func Matches(pattern, p string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/*"); ok {
		return strings.HasPrefix(p, prefix+"/")
	}
	return pattern == p
}

// file finds the file for a URL path: the file itself, or the directory's
// index.html. Dot files and paths escaping the root are never served,
// but for /.well-known/ (RFC 8615: security.txt), whose own files may not
// be dot files either.
func file(p string, isFile func(string) bool) (string, bool) {
	clean := path.Clean("/" + p)
	if strings.Contains(strings.TrimPrefix(clean, "/.well-known"), "/.") {
		return "", false
	}
	name := strings.TrimPrefix(clean, "/")
	if name != "" && isFile(name) {
		return name, true
	}
	name = path.Join(name, "index.html")
	return name, isFile(name)
}

// slashlessTarget is where the trailing-slash rule sends u: its path
// without the trailing slashes, escaped as the request had it, so that
// "/caf%C3%A9/" goes to "/caf%C3%A9" and "/a%3Fb/" to "/a%3Fb", never to
// "/a?b". It refuses (ok false) every target a browser could read as
// another site or as something other than a path: one that does not start
// with exactly one '/' followed by a character other than '/' or '\'
// ("//evil.example" is a host; browsers read '\' as '/').
func slashlessTarget(u *url.URL) (to string, ok bool) {
	t := url.URL{Path: strings.TrimRight(u.Path, "/"), RawPath: strings.TrimRight(u.RawPath, "/")}
	to = t.EscapedPath()
	return to, samePath(t.Path) && samePath(to)
}

// samePath reports whether p can only be read as a path on this site.
func samePath(p string) bool {
	return len(p) >= 2 && p[0] == '/' && p[1] != '/' && p[1] != '\\'
}
