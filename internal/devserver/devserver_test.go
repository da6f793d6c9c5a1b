package devserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// site writes a tiny built site and its manifest.
func testSite(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"site/index.html":          "home",
		"site/platform/index.html": "platform",
		"site/services/index.html": "services",
		"site/404.html":            "not found",
		"site/assets/app-ABC.js":   "js",
		"site/.secret":             "no",
		"cdn/routes.json": `{"trailingSlash":"remove",
			"redirects":[{"from":"/blog","to":"/resources","status":301}],
			"rewrites":[{"from":"/services/*","to":"/services/index.html"}],
			"notFound":{"file":"/404.html","status":404},
			"headers":[{"for":"/*","values":{"Content-Security-Policy":"script-src 'self'","X-Content-Type-Options":"nosniff","Cache-Control":"public, max-age=0, must-revalidate"}},
			           {"for":"/assets/*","values":{"Cache-Control":"public, max-age=31536000, immutable"}}]}`,
	}
	for p, s := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
	}
	return filepath.Join(root, "site")
}

// TestServerRules covers what the shared routing table (routing_test.go)
// leaves to this server: methods, dot files and the headers of the manifest.
func TestServerRules(t *testing.T) {
	h, err := New(context.Background(), Options{Dir: testSite(t)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path   string
		status         int
		body, location string
		cache          string
	}{
		{"GET", "/", 200, "home", "", "public, max-age=0, must-revalidate"},
		{"GET", "/nope", 404, "not found", "", "no-store"},
		{"GET", "/%2fevil.example/", 404, "not found", "", "no-store"},
		{"GET", "/.secret", 404, "not found", "", ""},
		{"GET", "/assets/app-ABC.js", 200, "js", "", "public, max-age=31536000, immutable"},
		{"HEAD", "/platform", 200, "", "", ""},
		{"HEAD", "/platform/", 301, "", "/platform", ""},
		{"POST", "/platform", 405, "", "", ""},
		{"POST", "/%2fevil.example/", 405, "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.body != "" && string(body) != tc.body {
				t.Errorf("body %q, want %q", body, tc.body)
			}
			if loc := res.Header.Get("Location"); loc != tc.location {
				t.Errorf("Location %q, want %q", loc, tc.location)
			}
			if tc.cache != "" && res.Header.Get("Cache-Control") != tc.cache {
				t.Errorf("Cache-Control %q, want %q", res.Header.Get("Cache-Control"), tc.cache)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") == "" {
				t.Error("security headers missing")
			}
		})
	}
}

// A request in absolute form names a host of the attacker's choosing; the
// redirect must still be a path on this site, not a URL built from it.
func TestAbsoluteFormRequest(t *testing.T) {
	h, err := New(context.Background(), Options{Dir: testSite(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for target, want := range map[string]string{
		"http://evil.example/platform/":      "/platform",
		"http://evil.example//evil.example/": "",
	} {
		res, _ := rawGet(t, srv.Listener.Addr().String(), "GET", target)
		if loc := res.Header.Get("Location"); loc != want {
			t.Errorf("GET %s: Location %q, want %q", target, loc, want)
		}
	}
}

// TestContactMounted: the contact handler its command gives answers
// ContactPath, and only that path; without one, the path is the site's,
// which takes no POST.
func TestContactMounted(t *testing.T) {
	contact := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "contact") })
	h, err := New(context.Background(), Options{Dir: testSite(t), Contact: contact})
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{ContactPath: "contact", ContactPath + "/x": "", "/api": ""} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader("{}")))
		if got := rec.Body.String(); (got == "contact") != (want == "contact") {
			t.Errorf("POST %s: %d %q, want the contact handler: %v", path, rec.Code, got, want == "contact")
		}
	}
	h, err = New(context.Background(), Options{Dir: testSite(t)})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", ContactPath, strings.NewReader("{}")))
	if rec.Code/100 != 4 {
		t.Errorf("POST %s without a contact handler: %d, want the site's refusal (4xx)", ContactPath, rec.Code)
	}
}

// The CDN's response headers policy is on every answer of the
// distribution, the contact function's and the refused methods' included;
// so it is here. Cache-Control is not part of it: the function keeps its
// no-store.
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	// A stand-in for the contact function: its answers say no-store and
	// nothing about security; the server adds the policy, as the CDN does.
	contact := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		switch {
		case r.Method != http.MethodPost:
			w.WriteHeader(http.StatusMethodNotAllowed)
		case r.Header.Get("Content-Type") != "application/json":
			w.WriteHeader(http.StatusUnsupportedMediaType)
		}
		io.WriteString(w, `{}`)
	})
	h, err := New(context.Background(), Options{Dir: testSite(t), Contact: contact})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path, contentType string
		status                    int
		cache                     string
	}{
		{"GET", "/", "", 200, "public, max-age=0, must-revalidate"},
		{"GET", "/nope", "", 404, "no-store"},
		{"DELETE", "/", "", 405, "no-store"},
		{"POST", "/platform", "text/plain", 405, "no-store"},
		{"POST", ContactPath, "application/json", 200, "no-store"},
		{"POST", ContactPath, "text/plain", 415, "no-store"},
		{"GET", ContactPath, "", 405, "no-store"},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.path+" "+strconv.Itoa(tc.status), func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, strings.NewReader("{}"))
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := rec.Header().Get("Content-Security-Policy"); got != "script-src 'self'" {
				t.Errorf("Content-Security-Policy %q; want the manifest's", got)
			}
			if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q; want nosniff", got)
			}
			if got := rec.Header().Get("Cache-Control"); got != tc.cache {
				t.Errorf("Cache-Control %q; want %q", got, tc.cache)
			}
		})
	}
}

func TestNeedsABuild(t *testing.T) {
	if _, err := New(context.Background(), Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "go run ./cmd/build") {
		t.Errorf("serving an unbuilt dir: %v", err)
	}
}

// A build while the server runs (make build beside make serve) rewrites
// the pages and the manifest: the headers follow the manifest on disk, so
// that the new pages' inline styles are allowed by their new hashes.
func TestManifestReadAgainAfterABuild(t *testing.T) {
	dir := testSite(t)
	h, err := New(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	csp := func() string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		return rec.Result().Header.Get("Content-Security-Policy")
	}
	if got := csp(); got != "script-src 'self'" {
		t.Fatalf("CSP %q before the build", got)
	}
	// As the build writes it: a new file renamed over the old one.
	file := filepath.Join(filepath.Dir(dir), "cdn", "routes.json")
	data, _ := os.ReadFile(file)
	next := strings.Replace(string(data), `"script-src 'self'"`, `"style-src 'sha256-new'"`, 1)
	if err := os.WriteFile(file+".tmp", []byte(next), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(file+".tmp", file); err != nil {
		t.Fatal(err)
	}
	if got := csp(); got != "style-src 'sha256-new'" {
		t.Errorf("CSP %q after the build, want the new manifest's", got)
	}
	// A manifest half written (unreadable) keeps the last good one.
	os.WriteFile(file, []byte(`{"headers":`), 0o644)
	if got := csp(); got != "style-src 'sha256-new'" {
		t.Errorf("CSP %q with the manifest half written, want the last good one's", got)
	}
}
