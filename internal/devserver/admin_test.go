package devserver

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/vozia/site/internal/routing"
)

// TestAdminHeaders: the web editor's page and files carry the editor's
// own policy, noindex included, on every answer (as the CDN's behaviours
// for /admin and /admin/* do), and every other path keeps the site's
// policy exactly, the editor's exceptions in none of it.
func TestAdminHeaders(t *testing.T) {
	root := t.TempDir()
	site := routing.SecurityHeaders(routing.Policy{ContactEndpoint: "/api/contact"})
	m := &routing.Manifest{TrailingSlash: "remove", NotFound: routing.NotFound{File: "/404.html", Status: 404},
		Headers: []routing.Headers{{For: "/*", Values: site}}}
	for _, p := range routing.AdminPaths {
		m.Headers = append(m.Headers, routing.Headers{For: p, Values: routing.AdminHeaders()})
	}
	for p, s := range map[string]string{
		"site/index.html": "home", "site/platform/index.html": "platform", "site/404.html": "not found",
		"site/admin/index.html": "editor", "site/admin/config.yml": "backend: {}", "site/administration/index.html": "not the editor",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
	}
	os.MkdirAll(filepath.Join(root, "cdn"), 0o755)
	os.WriteFile(filepath.Join(root, "cdn", "routes.json"), m.Marshal(), 0o644)
	h, err := New(context.Background(), Options{Dir: filepath.Join(root, "site")})
	if err != nil {
		t.Fatal(err)
	}
	admin := routing.AdminHeaders()
	for _, tc := range []struct {
		method, path string
		want         map[string]string
	}{
		{"GET", "/", site}, {"GET", "/platform", site}, {"GET", "/nope", site}, {"GET", "/administration", site},
		{"GET", "/admin", admin}, {"GET", "/admin/config.yml", admin}, {"GET", "/admin/nope", admin}, {"POST", "/admin", admin},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		got := rec.Result().Header
		for k, v := range tc.want {
			if k != "Cache-Control" && got.Get(k) != v {
				t.Errorf("%s %s: %s = %q, want %q", tc.method, tc.path, k, got.Get(k), v)
			}
		}
		if isAdmin := got.Get("X-Robots-Tag") != ""; isAdmin != (tc.want["X-Robots-Tag"] != "") {
			t.Errorf("%s %s: X-Robots-Tag %q", tc.method, tc.path, got.Get("X-Robots-Tag"))
		}
	}
	if site["Content-Security-Policy"] == admin["Content-Security-Policy"] {
		t.Fatal("the editor's policy is the site's: the test tells nothing apart")
	}
}
