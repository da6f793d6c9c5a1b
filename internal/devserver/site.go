package devserver

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"github.com/vozia/site/generator"
)

func loadManifest(file string) (*generator.RoutingManifest, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m generator.RoutingManifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// site serves the built files by the rules of the routing manifest, in its
// documented order.
type site struct {
	root root
	m    *generator.RoutingManifest
	reps representations // encoded files, see compress.go
}

// root holds the built files: a directory (cmd/serve) or, with -watch, the
// last good build in memory. Names are slash-separated, relative, clean.
type root interface {
	isFile(name string) bool
	// read returns a file's content and the modification time of that
	// same version (a rebuild may replace the file meanwhile).
	read(name string) ([]byte, time.Time, error)
}

type dirRoot string

func (d dirRoot) isFile(name string) bool {
	st, err := os.Stat(filepath.Join(string(d), filepath.FromSlash(name)))
	return err == nil && st.Mode().IsRegular()
}

func (d dirRoot) read(name string) ([]byte, time.Time, error) {
	return readFile(filepath.Join(string(d), filepath.FromSlash(name)))
}

// memRoot is a build in memory; mod is when each file last changed.
type memRoot map[string]memFile

type memFile struct {
	data []byte
	mod  time.Time
}

func (m memRoot) isFile(name string) bool { _, ok := m[name]; return ok }

func (m memRoot) read(name string) ([]byte, time.Time, error) {
	if f, ok := m[name]; ok {
		return f.data, f.mod, nil
	}
	return nil, time.Time{}, os.ErrNotExist
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	for _, h := range s.m.Headers {
		if matches(h.For, p) {
			for k, v := range h.Values {
				w.Header().Set(k, v)
			}
		}
	}
	// A control character has no business in a URL of the site, and a
	// browser strips tabs and line breaks from a Location it is given, so
	// "/\t/evil.example" would read as "//evil.example".
	if strings.ContainsFunc(p, unicode.IsControl) {
		s.notFound(w, r)
		return
	}
	if s.m.TrailingSlash == "remove" && len(p) > 1 && strings.HasSuffix(p, "/") {
		to, ok := slashlessTarget(r.URL)
		if !ok {
			s.notFound(w, r)
			return
		}
		redirect(w, r, to, http.StatusMovedPermanently)
		return
	}
	for _, rd := range s.m.Redirects {
		if rd.From == p {
			redirect(w, r, rd.To, rd.Status)
			return
		}
	}
	if f, ok := s.file(p); ok {
		s.serve(w, r, f, http.StatusOK)
		return
	}
	for _, rw := range s.m.Rewrites {
		if matches(rw.From, p) {
			if f, ok := s.file(rw.To); ok {
				s.serve(w, r, f, http.StatusOK)
				return
			}
		}
	}
	s.notFound(w, r)
}

// notFound answers with the not-found page and its status.
func (s *site) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if f, ok := s.file(s.m.NotFound.File); ok {
		s.serve(w, r, f, s.m.NotFound.Status)
		return
	}
	http.NotFound(w, r)
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

// file finds the file for a URL path: the file itself, or the directory's
// index.html. Dot files and paths escaping dir are never served.
func (s *site) file(p string) (string, bool) {
	clean := path.Clean("/" + p)
	if strings.Contains(clean, "/.") {
		return "", false
	}
	name := strings.TrimPrefix(clean, "/")
	if name != "" && s.root.isFile(name) {
		return name, true
	}
	name = path.Join(name, "index.html")
	return name, s.root.isFile(name)
}

func (s *site) serve(w http.ResponseWriter, r *http.Request, file string, status int) {
	data, mod, err := s.root.read(file)
	if err != nil {
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	ct := contentTypes[path.Ext(file)]
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	s.reps.serveContent(w, r, file, mod, data, ct, status)
}

// readFile returns a file's content and the modification time of that
// same version (a rebuild may replace the file meanwhile).
func readFile(name string) ([]byte, time.Time, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	data, err := io.ReadAll(f)
	return data, st.ModTime(), err
}

var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".webp":        "image/webp",
	".ico":         "image/x-icon",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".woff2":       "font/woff2",
}

// matches reports whether p matches a manifest pattern: exact, or a prefix
// pattern "/dir/*" for every path below /dir ("/*" matches all).
func matches(pattern, p string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/*"); ok {
		return strings.HasPrefix(p, prefix+"/")
	}
	return pattern == p
}

// redirect answers with a Location of exactly to, plus the request's query.
// It does not use http.Redirect, which resolves, cleans and re-reads its
// argument as a URL: given "//evil.example" it writes just that.
func redirect(w http.ResponseWriter, r *http.Request, to string, status int) {
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	w.Header().Set("Location", to)
	w.WriteHeader(status)
}
