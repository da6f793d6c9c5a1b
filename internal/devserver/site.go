package devserver

import (
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"

	"github.com/vozia/site/internal/routing"
)

// site serves the built files by the rules of the routing manifest, in its
// documented order.
type site struct {
	root root
	m    *routing.Manifest
	reps representations // encoded files, see compress.go
	// live is set in cmd/dev: each HTML document is sent with the build
	// it belongs to and its own name (devTiming).
	live  bool
	build string
}

// builtSite serves a built folder (cmd/serve) by the manifest beside it,
// read again whenever a build rewrites it. A build run while the server
// runs (make build beside make serve) writes pages whose inline style and
// script have new hashes: with the manifest read once, its CSP blocked
// every page's styles.
type builtSite struct {
	dir, file string
	mu        sync.Mutex
	read      os.FileInfo // the manifest file cur was made from
	cur       *site
}

func newBuiltSite(dir string) (*builtSite, error) {
	b := &builtSite{dir: dir, file: routing.ManifestFile(dir)}
	if _, err := b.reload(); err != nil {
		return nil, err
	}
	return b, nil
}

// current is the site by the manifest on disk now; the last one read if
// it cannot be read (a build writing it).
func (b *builtSite) current() *site {
	b.mu.Lock()
	defer b.mu.Unlock()
	st, err := os.Stat(b.file)
	if err == nil && (!os.SameFile(st, b.read) || !st.ModTime().Equal(b.read.ModTime()) || st.Size() != b.read.Size()) {
		b.reload() // on error, the last good manifest stays
	}
	return b.cur
}

func (b *builtSite) reload() (*site, error) {
	st, err := os.Stat(b.file)
	if err != nil {
		return nil, err
	}
	m, err := routing.Load(b.file)
	if err != nil {
		return nil, err
	}
	b.read, b.cur = st, &site{root: dirRoot(b.dir), m: m}
	return b.cur, nil
}

func (b *builtSite) ServeHTTP(w http.ResponseWriter, r *http.Request) { b.current().ServeHTTP(w, r) }

// root holds the built files: a directory (cmd/serve) or, in cmd/dev, the
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
	for k, v := range s.m.HeadersFor(r.URL.Path) {
		w.Header().Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	a := s.m.Resolve(r.URL, s.root.isFile)
	switch a.Kind {
	case routing.RedirectTo:
		redirect(w, r, a.Location, a.Status)
	case routing.ServeFile:
		s.serve(w, r, a.File, a.Status)
	default:
		w.Header().Set("Cache-Control", "no-store")
		if a.File == "" {
			http.NotFound(w, r)
			return
		}
		s.serve(w, r, a.File, a.Status)
	}
}

func (s *site) serve(w http.ResponseWriter, r *http.Request, file string, status int) {
	data, mod, err := s.root.read(file)
	if err != nil {
		http.Error(w, "cannot read file", http.StatusInternalServerError)
		return
	}
	if s.live && path.Ext(file) == ".html" {
		devTiming(w.Header(), s.build, file)
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
	".avif":        "image/avif",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".woff2":       "font/woff2",
	".vtt":         "text/vtt; charset=utf-8",
	".ogg":         "audio/ogg",
	".opus":        "audio/ogg",
	".webm":        "audio/webm",
	".m4a":         "audio/mp4",
	".mp4":         "audio/mp4",
	".mp3":         "audio/mpeg",
	".pdf":         "application/pdf",
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
