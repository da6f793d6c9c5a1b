package devserver

import (
	"bytes"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/routing"
)

// Live is the site of cmd/dev: the last good build, held in
// memory and replaced whole after every successful rebuild, so that a
// request never sees half of one build and half of another, and routing
// changes (redirects, rewrites, new and deleted pages) apply at once.
//
// Only Live adds the development endpoints under DevPath: a Server-Sent
// Events stream (DevPath+"events") and the script that listens to it
// (ReloadScript), which the build for make dev links from the head of
// every HTML document (generator.Options.LiveScript). The script is an
// external file from the site's own origin, so the site's
// Content-Security-Policy ('self' scripts, 'self' connections) allows it
// unchanged. The files of a build for the CDN never contain it. Each HTML
// document is sent with the build it belongs to and its own name, which
// the script reads (devTiming): nothing in a document is rewritten.
//
// After each build the stream says which URLs changed; an open page
// reloads when its own URL (or document) changed or the bundles changed,
// and otherwise does a full load on its next navigation instead of
// fetching data that may be stale. While the last build failed, every
// page shows the problems in a dialog over the last good build; the next
// good build closes it and reloads.
type Live struct {
	session string

	mu       sync.Mutex
	seq      int
	build    string
	manifest *routing.Manifest
	site     *site
	served   memRoot
	problems problem.List
	// warnings are what the last good build said without refusing
	// (Warn): the open pages show them in a note, not a dialog.
	warnings problem.List
	subs     map[chan event]struct{}
	closed   bool
	// editor holds the web editor's files (admin/...) while no build has
	// succeeded yet, so that an editor can open /admin/ and fix the
	// mistake that stops the first build.
	editor map[string][]byte
	// processing are the photos being encoded (Processing).
	processing map[string]string
	photos     []Photo
}

// Photo is a photo being encoded, as the open pages are told of it.
type Photo struct {
	// File is the original, as the terminal names it.
	File string `json:"file"`
	// Since is when make dev first saw it, in ms since the Unix epoch.
	Since int64 `json:"since"`
}

// DevPath is the prefix of the development endpoints, and ReloadScript
// the URL of the script that every page of make dev loads.
const (
	DevPath      = "/__dev/"
	ReloadScript = DevPath + "reload.js"
)

// Change is what one build changed, as sent to the open pages.
type Change struct {
	Build string `json:"build"`
	// All is set when every page must reload: the bundles or the headers
	// changed.
	All bool `json:"all,omitempty"`
	// URLs are the paths whose response changed; "/x/*" stands for every
	// path below /x (a rewrite).
	URLs []string `json:"urls,omitempty"`
	// Files are the HTML documents that changed ("404.html"), for pages
	// served through the not-found rule or a rewrite.
	Files []string `json:"files,omitempty"`
	// Editor is set when the web editor's own files changed (its page,
	// modules, configuration or preview styles; not admin/routes.json,
	// which it reads afresh at each save). The editor never reloads by
	// itself, as what is typed in it may not be saved: it offers a reload.
	Editor bool `json:"editor,omitempty"`
}

// Empty reports whether no page needs to reload.
func (c Change) Empty() bool { return !c.All && !c.Editor && len(c.URLs) == 0 && len(c.Files) == 0 }

type event struct {
	name string
	data []byte
}

// NewLive returns a Live with nothing to serve yet: until the first
// Publish, pages answer 503 and show the problems of the first build.
func NewLive() *Live {
	b := make([]byte, 4)
	rand.Read(b)
	return &Live{session: hex.EncodeToString(b), subs: map[chan event]struct{}{}}
}

// Publish replaces the site with a build's files and routing manifest
// (generator.Result's Site and Manifest), clears the problems, and tells
// the open pages what changed. changed are the files that a reader finds
// different from the last published build's (generator.Result.Changed,
// which the build knows: a page whose HTML differs only in the route
// table's hashed name has not changed); nil means every file may have.
func (l *Live) Publish(files []atomicdir.File, m *routing.Manifest, changed []string) Change {
	raw := make(map[string][]byte, len(files))
	for _, f := range files {
		raw[f.Path] = f.Data
	}

	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	build := fmt.Sprintf("%s-%d", l.session, l.seq)
	c := diff(changed, l.manifest, m)
	c.Build = build
	now := time.Now()
	served := make(memRoot, len(raw))
	for name, data := range raw {
		f := memFile{data: data, mod: now}
		if prev, ok := l.served[name]; ok && bytes.Equal(prev.data, data) {
			f.mod = prev.mod
		}
		served[name] = f
	}
	l.build, l.manifest, l.problems = build, m, nil
	l.site, l.served = &site{root: served, m: m, live: true, build: build}, served
	l.broadcast(event{"build", mustJSON(c)})
	return c
}

// Fail shows the problems on every open page, over the last good build,
// which goes on being served.
func (l *Live) Fail(problems problem.List) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// Escaped as the terminal prints them: the dialog shows text as it
	// is, and a bidirectional override in a file name would reorder it.
	l.problems = problems.Escaped()
	l.broadcast(event{"problems", mustJSON(map[string]any{"problems": l.problems})})
}

// Warn shows the warnings of the build about to be published (an
// address published that no longer answers, a stray quote the page
// shows) on every open page, in a note that leaves the page usable: what
// the terminal prints, where an editor looks. None clears the note.
func (l *Live) Warn(warnings problem.List) {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := warnings.Escaped()
	if bytes.Equal(mustJSON(nonNil(w)), mustJSON(nonNil(l.warnings))) {
		return // the same note: the open pages keep it (or its dismissal)
	}
	l.warnings = w
	l.broadcast(event{"warnings", mustJSON(map[string]any{"warnings": nonNil(l.warnings)})})
}

// Processing says which photos of the published build are still being
// encoded: originals maps the site path of each of their sizes to the
// original's file on disk, which is served in its place meanwhile, so that
// a page never shows a broken image (the browser sniffs the image's
// format; its width and height attributes scale it). The open pages show
// "processing photo … n s" until a call without them, when a page that
// showed it reloads and gets the encoded picture. It returns the photos,
// each with when it was first seen.
func (l *Live) Processing(originals map[string]string) []Photo {
	l.mu.Lock()
	defer l.mu.Unlock()
	since := map[string]int64{}
	for _, p := range l.photos {
		since[p.File] = p.Since
	}
	files := map[string]bool{}
	for _, f := range originals {
		files[f] = true
	}
	var photos []Photo
	now := time.Now().UnixMilli()
	for f := range files {
		t, ok := since[f]
		if !ok {
			t = now
		}
		photos = append(photos, Photo{File: f, Since: t})
	}
	slices.SortFunc(photos, func(a, b Photo) int { return strings.Compare(a.File, b.File) })
	changed := !slices.Equal(photos, l.photos)
	l.processing, l.photos = originals, photos
	if changed {
		l.broadcast(event{"processing", mustJSON(map[string]any{"photos": nonNil(photos)})})
	}
	return photos
}

// nonNil is s, or an empty one for nil: a list in the events' JSON is
// [], never null.
func nonNil[S ~[]E, E any](s S) S {
	if s == nil {
		return S{}
	}
	return s
}

// serveOriginal answers a request for a size of a photo being encoded
// with the photo's original.
func serveOriginal(w http.ResponseWriter, r *http.Request, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", http.DetectContentType(data))
	w.Header().Set("Cache-Control", "no-store")
	w.Write(data)
}

// broadcast sends an event to every subscriber. A subscriber too slow to
// take it is dropped: its page reconnects, sees a newer build than its
// own and reloads.
func (l *Live) broadcast(e event) {
	for ch := range l.subs {
		select {
		case ch <- e:
		default:
			delete(l.subs, ch)
			close(ch)
		}
	}
}

// Close ends every event stream, and refuses new ones: an
// http.Server's Shutdown waits for open responses, and a stream never
// ends by itself. Register it with http.Server.RegisterOnShutdown.
func (l *Live) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	for ch := range l.subs {
		delete(l.subs, ch)
		close(ch)
	}
}

// policy is the response headers policy of the last good build's manifest.
func (l *Live) policy(path string) map[string]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return policyHeaders(l.manifest, path)
}

// ServeEditor serves the web editor's files (paths "admin/...") while no
// build has succeeded: a mistake saved from the editor that stops the
// first build after a restart must not lock the editor out of the fix.
// The first good build replaces them.
func (l *Live) ServeEditor(files map[string][]byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.editor = files
}

func (l *Live) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	s, editor, original := l.site, l.editor, l.processing[r.URL.Path]
	l.mu.Unlock()
	if original != "" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		serveOriginal(w, r, original)
		return
	}
	if s != nil {
		s.ServeHTTP(w, r)
		return
	}
	if editor != nil && (r.URL.Path == "/admin" || strings.HasPrefix(r.URL.Path, "/admin/")) {
		serveEditor(w, r, editor)
		return
	}
	// No good build yet: a page that only shows the problems, and reloads
	// when the first build succeeds.
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	devTiming(w.Header(), "", "")
	w.WriteHeader(http.StatusServiceUnavailable)
	w.Write([]byte(buildingPage))
}

// buildingPage is what every page shows until the first build succeeds:
// its script shows the first build's problems, and reloads the page when
// the build succeeds.
const buildingPage = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Building…</title>\n" +
	"<script type=\"module\" src=\"" + ReloadScript + "\"></script>\n</head>\n<body>\n<p>The site has not been built yet.</p>\n</body>\n</html>\n"

// serveEditor answers a request for the web editor from its files alone,
// with its own headers, as the built site would.
func serveEditor(w http.ResponseWriter, r *http.Request, files map[string][]byte) {
	for k, v := range routing.AdminHeaders() {
		w.Header().Set(k, v)
	}
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Path == "/admin" {
		http.Redirect(w, r, "/admin/", http.StatusFound)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	data, ok := files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if path.Ext(name) == ".html" {
		// No build yet: the page shows the first build's problems (the
		// files were made with the reload script, admin.Build).
		devTiming(w.Header(), "", name)
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	} else if path.Ext(name) == ".yml" {
		w.Header().Set("Content-Type", "text/yaml; charset=utf-8")
	}
	w.Write(data)
}

//go:embed reload.js
var reloadJS []byte

//go:embed overlay.css
var overlayCSS []byte

// endpoints serves the development endpoints under DevPath.
func (l *Live) endpoints() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+DevPath+"events", l.events)
	asset := func(ct string, data []byte) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.Write(data)
		}
	}
	mux.Handle("GET "+ReloadScript, asset("text/javascript; charset=utf-8", reloadJS))
	mux.Handle("GET "+DevPath+"overlay.css", asset("text/css; charset=utf-8", overlayCSS))
	return mux
}

// heartbeat keeps idle streams (and proxies) from timing out.
const heartbeat = 20 * time.Second

// events is the Server-Sent Events stream: first a "hello" with the
// current build, problems and warnings, then "build", "problems" and
// "warnings" as they happen.
func (l *Live) events(w http.ResponseWriter, r *http.Request) {
	// The stream lasts as long as the page: lift the server's read and
	// write deadlines (cmd/serve sets them) for this response only.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")

	ch := make(chan event, 16)
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	hello := mustJSON(map[string]any{"build": l.build, "problems": l.problems, "warnings": nonNil(l.warnings), "photos": nonNil(l.photos)})
	l.subs[ch] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		if _, ok := l.subs[ch]; ok {
			delete(l.subs, ch)
			close(ch)
		}
		l.mu.Unlock()
	}()

	send := func(e event) bool {
		if e.name != "" {
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, e.data)
		} else {
			fmt.Fprint(w, ": keep-alive\n\n")
		}
		return rc.Flush() == nil
	}
	if !send(event{"hello", hello}) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case e, ok := <-ch:
			if !ok || !send(e) {
				return
			}
		case <-tick.C:
			if !send(event{}) {
				return
			}
		}
	}
}

// devTiming tells the reload script which build an HTML document belongs
// to and its name (which is not its URL for a page served by the
// not-found rule or a rewrite), as Server-Timing metrics of the response,
// which the page reads from its navigation entry
// (PerformanceResourceTiming.serverTiming): its HTML is the build's, as
// is. An empty build is none yet; the name is escaped as a URL path, which
// a quoted header value holds as is.
func devTiming(h http.Header, build, file string) {
	h.Set("Server-Timing", fmt.Sprintf("build;desc=%q, file;desc=%q", build, url.PathEscape(file)))
}

// diff says which URLs serve something different in the new build: the
// changed files, and the routing rules that differ.
func diff(files []string, om, nm *routing.Manifest) Change {
	var c Change
	if om == nil || files == nil {
		return Change{All: true, Editor: true}
	}
	if om.TrailingSlash != nm.TrailingSlash || om.NotFound != nm.NotFound || !reflect.DeepEqual(om.Headers, nm.Headers) {
		c.All = true
	}
	changed := map[string]bool{}
	urls := map[string]bool{}
	for _, name := range files {
		changed[name] = true
		if strings.HasPrefix(name, "admin/") && name != "admin/routes.json" {
			c.Editor = true
		}
		switch {
		case strings.HasPrefix(name, "assets/"):
			c.All = true
		case name == "index.html":
			urls["/"] = true
			c.Files = append(c.Files, name)
		case path.Ext(name) == ".html":
			if dir, ok := strings.CutSuffix(name, "/index.html"); ok {
				urls["/"+dir] = true
			}
			c.Files = append(c.Files, name)
		}
	}
	redirects := func(m *routing.Manifest) map[string]routing.Redirect {
		out := map[string]routing.Redirect{}
		for _, r := range m.Redirects {
			out[r.From] = r
		}
		return out
	}
	or, nr := redirects(om), redirects(nm)
	for _, pair := range [][2]map[string]routing.Redirect{{or, nr}, {nr, or}} {
		for from, r := range pair[0] {
			if pair[1][from] != r {
				urls[from] = true
			}
		}
	}
	for _, pair := range [][2]*routing.Manifest{{om, nm}, {nm, om}} {
		for _, rw := range pair[0].Rewrites {
			if !slices.Contains(pair[1].Rewrites, rw) || changed[strings.TrimPrefix(rw.To, "/")] {
				urls[rw.From] = true
			}
		}
	}
	for u := range urls {
		c.URLs = append(c.URLs, u)
	}
	slices.Sort(c.URLs)
	slices.Sort(c.Files)
	return c
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}
