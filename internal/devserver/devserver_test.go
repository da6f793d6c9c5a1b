package devserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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
	h, err := New(context.Background(), Options{Dir: testSite(t), Outbox: filepath.Join(t.TempDir(), "o.jsonl")})
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
			if tc.status != 405 && (res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") == "") {
				t.Error("security headers missing")
			}
		})
	}
}

// A request in absolute form names a host of the attacker's choosing; the
// redirect must still be a path on this site, not a URL built from it.
func TestAbsoluteFormRequest(t *testing.T) {
	h, err := New(context.Background(), Options{Dir: testSite(t), Outbox: filepath.Join(t.TempDir(), "o.jsonl")})
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

func TestContactMounted(t *testing.T) {
	outbox := filepath.Join(t.TempDir(), "o.jsonl")
	h, err := New(context.Background(), Options{Dir: testSite(t), Outbox: outbox, Origins: []string{"http://127.0.0.1:9999"}})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"name":"Ana García","email":"ana@example.com","phone":"+34 600 000 000","companySize":"51-250","message":"We would like a demo of Pulse.","honeypot":"","elapsedMs":9000}`
	req := httptest.NewRequest("POST", ContactPath, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://127.0.0.1:9999")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if rec.Header().Get("Access-Control-Allow-Origin") != "http://127.0.0.1:9999" {
		t.Errorf("the server's own origin is not granted CORS: %v", rec.Header())
	}
	data, _ := os.ReadFile(outbox)
	if !strings.Contains(string(data), "ana@example.com") {
		t.Errorf("enquiry not in the outbox: %q", data)
	}
}

func TestNeedsABuild(t *testing.T) {
	if _, err := New(context.Background(), Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "go run ./cmd/build") {
		t.Errorf("serving an unbuilt dir: %v", err)
	}
}
