package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRun starts the command on a free port, fetches a page and a 404, and
// stops it by cancelling its context, as Ctrl-C does.
func TestRun(t *testing.T) {
	root := t.TempDir()
	for p, s := range map[string]string{
		"site/index.html":          "home",
		"site/404.html":            "not found",
		"site/platform/index.html": strings.Repeat("<p>Voice agents that answer every call.</p>\n", 100),
		"site/images/share.png":    "\x89PNG\r\n\x1a\n" + strings.Repeat("IDAT", 1000),
		"cdn/routes.json":          `{"trailingSlash":"remove","redirects":[],"rewrites":[],"notFound":{"file":"/404.html","status":404},"headers":[{"for":"/*","values":{"Content-Security-Policy":"default-src 'self'","X-Content-Type-Options":"nosniff"}}]}`,
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", filepath.Join(root, "site"), "-outbox", filepath.Join(root, "o.jsonl")}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no address in %q", line)
	}
	base := strings.Fields(line[i:])[0]
	// cmd/serve has no live reload: its endpoints do not exist.
	for path, want := range map[string]int{"/": 200, "/missing": 404, "/__dev/events": 404, "/__dev/reload.js": 404} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	compression(t, base)
	foreignHostRefused(t, base, filepath.Join(root, "o.jsonl"))
	contactMounted(t, base, filepath.Join(root, "o.jsonl"))
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run returned %v after cancel", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop on cancel")
	}
}

// compression checks, over a real connection, what a browser gets: a
// page above 1 KB brotli-encoded with its exact length (GET and HEAD) and
// Vary: Accept-Encoding, a range of the encoded bytes, and an image as it
// is.
func compression(t *testing.T, base string) {
	t.Helper()
	// Setting Accept-Encoding turns off the client's transparent gzip.
	fetch := func(method, path string, header ...string) (*http.Response, []byte) {
		req, _ := http.NewRequest(method, base+path, nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}
	page, body := fetch("GET", "/platform")
	if page.Header.Get("Content-Encoding") != "br" || page.Header.Get("Vary") != "Accept-Encoding" || page.ContentLength != int64(len(body)) {
		t.Errorf("GET /platform: %d bytes, headers %v", len(body), page.Header)
	}
	if head, b := fetch("HEAD", "/platform"); head.ContentLength != int64(len(body)) || len(b) != 0 || head.Header.Get("ETag") != page.Header.Get("ETag") {
		t.Errorf("HEAD /platform: length %d (GET %d), %d body bytes, ETag %q (GET %q)", head.ContentLength, len(body), len(b), head.Header.Get("ETag"), page.Header.Get("ETag"))
	}
	if part, b := fetch("GET", "/platform", "Range", "bytes=0-9"); part.StatusCode != 206 || string(b) != string(body[:10]) {
		t.Errorf("Range: %d, %d bytes", part.StatusCode, len(b))
	}
	if img, b := fetch("GET", "/images/share.png"); img.Header.Get("Content-Encoding") != "" || img.Header.Get("Vary") != "" || len(b) != 8+4000 {
		t.Errorf("image: %d bytes, headers %v", len(b), img.Header)
	}
}

// contactMounted posts an enquiry as the site's own form does: the
// contact function answers, grants the server's origin CORS, and the
// enquiry reaches the outbox.
func contactMounted(t *testing.T, base, outbox string) {
	t.Helper()
	body := `{"name":"Ana García","email":"ana@example.com","phone":"+34 600 000 000","companySize":"51-250","message":"We would like a demo of Pulse.","honeypot":"","elapsedMs":9000}`
	req, _ := http.NewRequest("POST", base+"/api/contact", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", base)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"status":"received"`) {
		t.Fatalf("POST /api/contact: status %d %s; want 200, received", res.StatusCode, answer)
	}
	// The CDN's security headers are on the function's answers too, its
	// refusals included.
	refused, err := http.Get(base + "/api/contact")
	if err != nil {
		t.Fatal(err)
	}
	refused.Body.Close()
	for _, r := range []*http.Response{res, refused} {
		if r.Header.Get("Content-Security-Policy") != "default-src 'self'" || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s /api/contact %d: headers %v; want the site's CSP and the function's no-store", r.Request.Method, r.StatusCode, r.Header)
		}
	}
	if got := res.Header.Get("Access-Control-Allow-Origin"); got != base {
		t.Errorf("the server's own origin is not granted CORS: %q", got)
	}
	data, _ := os.ReadFile(outbox)
	if !strings.Contains(string(data), "ana@example.com") {
		t.Errorf("enquiry not in the outbox: %q", data)
	}
}

// foreignHostRefused is a DNS-rebinding page's view of the server: its
// own name (evil.example) resolved to 127.0.0.1, so the browser sends
// Host: evil.example and treats the answer as same-origin. The server must
// answer it 4xx, for pages and for the contact function, and write no
// enquiry; its own address, and localhost on its port, still work.
func foreignHostRefused(t *testing.T, base, outbox string) {
	t.Helper()
	port := base[strings.LastIndex(base, ":")+1:]
	body := `{"name":"Eve Rebind","email":"eve@example.com","phone":"+34 600 000 000","companySize":"51-250","message":"Written from another site's page.","honeypot":"","elapsedMs":9000}`
	do := func(method, path, host string) int {
		t.Helper()
		var r io.Reader
		if method == "POST" {
			r = strings.NewReader(body)
		}
		req, _ := http.NewRequest(method, base+path, r)
		req.Host = host
		if method == "POST" {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Origin", "http://"+host)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	for _, host := range []string{"evil.example", "evil.example:" + port} {
		for _, m := range []string{"GET", "POST"} {
			path := "/"
			if m == "POST" {
				path = "/api/contact"
			}
			if code := do(m, path, host); code < 400 || code > 499 {
				t.Errorf("%s %s with Host %s: %d; want 4xx", m, path, host, code)
			}
		}
	}
	if data, _ := os.ReadFile(outbox); strings.Contains(string(data), "eve@example.com") {
		t.Errorf("a request for Host evil.example wrote an enquiry to the outbox: %q", data)
	}
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port} {
		if code := do("GET", "/", host); code != http.StatusOK {
			t.Errorf("GET / with Host %s: %d; want 200", host, code)
		}
	}
}

func TestRunWithoutBuild(t *testing.T) {
	dir := t.TempDir()
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-dir", dir, "-outbox", filepath.Join(dir, "o.jsonl")}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "go run ./cmd/build") {
		t.Errorf("serving nothing: %v", err)
	}
}

// TestBusyPort: a second server on the same address says so in one line,
// with the way out.
func TestBusyPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = run(context.Background(), []string{"-addr", ln.Addr().String(), "-dir", t.TempDir()}, io.Discard, io.Discard)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), ln.Addr().String()+" is already in use") || !strings.Contains(err.Error(), "-addr") {
		t.Errorf("busy port: %v", err)
	}
}
