package devserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/routing"
)

const liveManifest = `{"trailingSlash":"remove",
	"redirects":[{"from":"/blog","to":"/resources","status":301}],
	"rewrites":[{"from":"/services/*","to":"/services/index.html"}],
	"notFound":{"file":"/404.html","status":404},
	"headers":[{"for":"/*","values":{"Content-Security-Policy":"script-src 'self'"}}]}`

func liveFiles(kv ...string) []atomicdir.File {
	var out []atomicdir.File
	for i := 0; i < len(kv); i += 2 {
		out = append(out, atomicdir.File{Path: kv[i], Data: []byte(kv[i+1])})
	}
	return out
}

// manifestOf is a routes.json as the build's Manifest.
func manifestOf(t *testing.T, routesJSON string) *routing.Manifest {
	t.Helper()
	var m routing.Manifest
	if err := json.Unmarshal([]byte(routesJSON), &m); err != nil {
		t.Fatal(err)
	}
	return &m
}

func page(body string) string {
	return `<!doctype html><html><head><title>t</title></head><body>` + body +
		`<script type="application/json" id="site-data">{"year":2026,"routesURL":"/data/routes-abc.json"}</script></body></html>` + "\n"
}

// TestLiveChanges: what each build reports as changed (the files the build
// says changed for a reader, and the routing rules) decides which open
// pages reload.
func TestLiveChanges(t *testing.T) {
	base := liveFiles("index.html", page("home"), "platform/index.html", page("platform"), "services/index.html", page("services"),
		"404.html", page("not found"), "assets/app-A.js", "js", "data/routes-abc.json", "[]")
	tests := []struct {
		name     string
		changed  []string
		manifest string
		want     Change
	}{
		{"nothing", []string{}, liveManifest, Change{}},
		{"one page", []string{"platform/index.html"}, liveManifest, Change{URLs: []string{"/platform"}, Files: []string{"platform/index.html"}}},
		{"a page behind a rewrite", []string{"services/index.html"}, liveManifest, Change{URLs: []string{"/services", "/services/*"}, Files: []string{"services/index.html"}}},
		{"a new page", []string{"about/index.html"}, liveManifest, Change{URLs: []string{"/about"}, Files: []string{"about/index.html"}}},
		{"the home page", []string{"index.html"}, liveManifest, Change{URLs: []string{"/"}, Files: []string{"index.html"}}},
		{"the not-found page", []string{"404.html"}, liveManifest, Change{Files: []string{"404.html"}}},
		{"an image", []string{"images/photo-640.avif"}, liveManifest, Change{}},
		{"the bundle", []string{"assets/app-A.js", "assets/app-B.js"}, liveManifest, Change{All: true}},
		{"unknown", nil, liveManifest, Change{All: true, Editor: true}},
		{"the web editor's modules", []string{"admin/admin-B.js", "admin/index.html"}, liveManifest, Change{URLs: []string{"/admin"}, Files: []string{"admin/index.html"}, Editor: true}},
		{"the web editor's configuration", []string{"admin/config.yml"}, liveManifest, Change{Editor: true}},
		{"the routes the web editor reads at each save", []string{"admin/routes.json"}, liveManifest, Change{}},
		{"a new redirect", []string{}, strings.Replace(liveManifest, `"redirects":[`, `"redirects":[{"from":"/old","to":"/platform","status":301},`, 1), Change{URLs: []string{"/old"}}},
		{"a removed rewrite", []string{}, strings.Replace(liveManifest, `{"from":"/services/*","to":"/services/index.html"}`, "", 1), Change{URLs: []string{"/services/*"}}},
		{"headers", []string{}, strings.Replace(liveManifest, "script-src 'self'", "script-src 'none'", 1), Change{All: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := NewLive()
			if c := l.Publish(base, manifestOf(t, liveManifest), nil); !c.All {
				t.Errorf("the first build: %+v, want every page to reload", c)
			}
			c := l.Publish(base, manifestOf(t, tt.manifest), tt.changed)
			c.Build = ""
			if !slices.Equal(c.URLs, tt.want.URLs) || !slices.Equal(c.Files, tt.want.Files) || c.All != tt.want.All || c.Editor != tt.want.Editor {
				t.Errorf("change %+v, want %+v", c, tt.want)
			}
		})
	}
}

// TestLiveServes: the live site follows the manifest of the last build,
// serves its documents as the build wrote them, each with the build it
// belongs to and its own name for the reload script, and serves the dev
// endpoints.
func TestLiveServes(t *testing.T) {
	l := NewLive()
	h, err := New(context.Background(), Options{Live: l})
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string, http.Header) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w.Code, w.Body.String(), w.Header()
	}
	code, body, hdr := get("/")
	if code != 503 || !strings.Contains(body, `<script type="module" src="`+ReloadScript+`"></script>`) {
		t.Errorf("before the first build: %d %q", code, body)
	}
	if got, want := hdr.Get("Server-Timing"), `build;desc="", file;desc=""`; got != want {
		t.Errorf("before the first build: Server-Timing %q, want %q", got, want)
	}
	c := l.Publish(liveFiles("index.html", page("home"), "404.html", page("lost"), "services/index.html", page("services"), "assets/app-A.js", "js"), manifestOf(t, liveManifest), nil)
	for _, tt := range []struct{ path, file string }{
		{"/", "index.html"},
		{"/missing", "404.html"},
		{"/services/any", "services/index.html"}, // a rewrite
	} {
		_, body, hdr := get(tt.path)
		if want := fmt.Sprintf(`build;desc=%q, file;desc=%q`, c.Build, url.PathEscape(tt.file)); hdr.Get("Server-Timing") != want {
			t.Errorf("GET %s: Server-Timing %q, want %q", tt.path, hdr.Get("Server-Timing"), want)
		}
		if body != page(map[string]string{"index.html": "home", "404.html": "lost", "services/index.html": "services"}[tt.file]) {
			t.Errorf("GET %s: %q is not the document as built", tt.path, body)
		}
	}
	code, body, hdr = get("/")
	if code != 200 {
		t.Errorf("GET /: %d %q", code, body)
	}
	if _, _, hdr := get("/assets/app-A.js"); hdr.Get("Server-Timing") != "" {
		t.Errorf("a script is sent with Server-Timing %q", hdr.Get("Server-Timing"))
	}
	if hdr.Get("Content-Security-Policy") != "script-src 'self'" {
		t.Errorf("CSP %q, want the manifest's", hdr.Get("Content-Security-Policy"))
	}
	if _, body, _ := get("/assets/app-A.js"); body != "js" {
		t.Errorf("a script got %q", body)
	}
	if code, _, _ := get("/blog"); code != 301 {
		t.Errorf("GET /blog: %d, want the manifest's redirect", code)
	}
	l.Publish(liveFiles("index.html", page("home"), "404.html", page("lost"), "blog/index.html", page("blog")),
		manifestOf(t, strings.Replace(liveManifest, `{"from":"/blog","to":"/resources","status":301}`, "", 1)), nil)
	if code, body, _ := get("/blog"); code != 200 || !strings.Contains(body, "blog") {
		t.Errorf("GET /blog once the redirect is gone: %d", code)
	}
	if code, _, _ := get("/assets/app-A.js"); code != 404 {
		t.Errorf("a file of the previous build: %d, want 404", code)
	}
	for _, p := range []string{ReloadScript, DevPath + "overlay.css"} {
		if code, _, hdr := get(p); code != 200 || hdr.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d", p, code)
		}
	}
}

// TestLiveStream: the event stream outlives the server's write timeout,
// says hello, then carries builds and problems, and ends on Close (which
// http.Server.Shutdown would otherwise wait for).
func TestLiveStream(t *testing.T) {
	l := NewLive()
	l.Publish(liveFiles("index.html", page("home")), manifestOf(t, liveManifest), nil)
	h, err := New(context.Background(), Options{Live: l})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const timeout = 200 * time.Millisecond
	srv := &http.Server{Handler: h, ReadTimeout: timeout, WriteTimeout: timeout}
	srv.RegisterOnShutdown(l.Close)
	go srv.Serve(ln)
	defer srv.Close()

	res, err := http.Get("http://" + ln.Addr().String() + DevPath + "events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	events := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
		close(events)
	}()
	next := func() string {
		select {
		case e := <-events:
			return e
		case <-time.After(10 * time.Second):
			t.Fatal("no event")
			return ""
		}
	}
	if e := next(); e != "hello" {
		t.Fatalf("first event %q", e)
	}
	time.Sleep(3 * timeout) // past the write deadline the server set
	l.Fail(problem.List{{File: "content/site.yaml", Line: 3, Col: 1, Message: "bad"}})
	if e := next(); e != "problems" {
		t.Fatalf("event %q, want problems", e)
	}
	l.Publish(liveFiles("index.html", page("home 2")), manifestOf(t, liveManifest), nil)
	if e := next(); e != "build" {
		t.Fatalf("event %q, want build", e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Errorf("shutdown with a stream open: %v", err)
	}
	if _, err := io.ReadAll(res.Body); err != nil {
		t.Errorf("stream did not end cleanly: %v", err)
	}
}

// TestLiveAnswersOnlyItsOwnHost: a page the editor visits cannot rebind
// its own name to 127.0.0.1 and read the dev site through it: a request
// whose Host is not the server's own address, localhost or 127.0.0.1 is
// refused, on the event stream and on every page alike.
func TestLiveAnswersOnlyItsOwnHost(t *testing.T) {
	l := NewLive()
	l.Publish(liveFiles("index.html", page("home"), "404.html", page("lost")), manifestOf(t, liveManifest), nil)
	h, err := New(context.Background(), Options{Live: l, Hosts: []string{"127.0.0.1:8080"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		host, path string
		want       int
	}{
		{"127.0.0.1:8080", "/", 200},
		{"localhost:8080", "/", 200},
		{"localhost", "/", 200},
		{"127.0.0.1:9999", "/", 200},
		{"evil.example", "/__dev/events", 403},
		{"evil.example:8080", "/", 403},
		{"127.0.0.1.evil.example:8080", "/", 403},
		{"evil.example", "/api/contact", 403},
	} {
		t.Run(tt.host+tt.path, func(t *testing.T) {
			r := httptest.NewRequest("GET", tt.path, nil)
			r.Host = tt.host
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("Host %s %s: %d, want %d", tt.host, tt.path, w.Code, tt.want)
			}
			if tt.want == 403 && strings.Contains(w.Body.String(), "home") {
				t.Errorf("Host %s got the page", tt.host)
			}
		})
	}
}

// TestLiveSendsProblemsEscaped: the dev dialog shows what it receives as
// text, so a file name's bidirectional override or escape reaches it
// escaped, as the terminal prints it (problem.Text).
func TestLiveSendsProblemsEscaped(t *testing.T) {
	l := NewLive()
	l.Fail(problem.List{{File: "content/images/a\u202egnp.svg", Line: 1, Col: 1, Message: "name \x1b[31m", Source: "\u2066x", Notes: []string{"::error::n"}}})
	l.mu.Lock()
	got := mustJSON(map[string]any{"problems": l.problems})
	l.mu.Unlock()
	var m struct{ Problems []problem.Problem }
	if err := json.Unmarshal([]byte(got), &m); err != nil || len(m.Problems) != 1 {
		t.Fatalf("%s: %v", got, err)
	}
	p := m.Problems[0]
	if p.File != `content/images/a\u202egnp.svg` || p.Message != `name \x1b[31m` || p.Source != `\u2066x` || p.Notes[0] != `\x3a:error::n` {
		t.Errorf("the dialog gets %+v; want every text escaped", p)
	}
}

// A photo being encoded: its sizes are answered with its original (never
// a 404, so a page shows no broken image), the photo is listed with when
// it was first seen for the pages' note, and once encoded the sizes are
// the build's again.
func TestLiveProcessing(t *testing.T) {
	l := NewLive()
	srv := httptest.NewServer(l)
	defer srv.Close()
	l.Publish(liveFiles("index.html", page("home"), "404.html", page("not found")), manifestOf(t, liveManifest), nil)
	original := t.TempDir() + "/harbour.png"
	png := "\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 32)
	if err := os.WriteFile(original, []byte(png), 0o644); err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string, string) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(body)
	}
	first := l.Processing(map[string]string{"/assets/img/harbour-640.avif": original, "/assets/img/harbour-640.webp": original})
	if len(first) != 1 || first[0].File != original {
		t.Fatalf("photos %+v, want the one original", first)
	}
	if status, ct, body := get("/assets/img/harbour-640.avif"); status != 200 || ct != "image/png" || body != png {
		t.Errorf("a size being encoded: %d %s, want the original", status, ct)
	}
	if again := l.Processing(map[string]string{"/assets/img/harbour-640.avif": original}); again[0].Since != first[0].Since {
		t.Errorf("a photo still being encoded is seen anew: %+v, then %+v", first, again)
	}
	l.Publish(liveFiles("index.html", page("home"), "404.html", page("not found"), "assets/img/harbour-640.avif", "AVIF"), manifestOf(t, liveManifest), nil)
	if photos := l.Processing(nil); len(photos) != 0 {
		t.Errorf("photos %+v after encoding", photos)
	}
	if status, _, body := get("/assets/img/harbour-640.avif"); status != 200 || body != "AVIF" {
		t.Errorf("an encoded size: %d %q, want the build's", status, body)
	}
}
