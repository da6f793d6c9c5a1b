package devserver

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// compressSite writes a built site with files on both sides of the
// compression threshold: a page and a script above it, a stylesheet below
// it, a PNG above it, and a not-found page above it.
func compressSite(t *testing.T) (dir string, files map[string][]byte) {
	t.Helper()
	root := t.TempDir()
	page := "<!doctype html><title>Platform</title>" + strings.Repeat("<p>Voice agents that answer every call.</p>\n", 100)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte("IDAT"), 1000)...)
	files = map[string][]byte{
		"site/index.html":          []byte(page),
		"site/platform/index.html": []byte(page),
		"site/404.html":            []byte(strings.Repeat("<p>Oops! Page not found.</p>\n", 100)),
		"site/assets/app-ABC.js":   []byte(strings.Repeat("export const answer = 42;\n", 200)),
		"site/assets/app-ABC.css":  []byte("body{margin:0}"),
		"site/images/share.png":    png,
		"cdn/routes.json": []byte(`{"trailingSlash":"remove","redirects":[],"rewrites":[],
			"notFound":{"file":"/404.html","status":404},
			"headers":[{"for":"/*","values":{"X-Content-Type-Options":"nosniff"}}]}`),
	}
	for p, data := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		if err := os.WriteFile(filepath.Join(root, p), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(root, "site"), files
}

func compressServer(t *testing.T) (http.Handler, string, map[string][]byte) {
	t.Helper()
	dir, files := compressSite(t)
	h, err := New(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return h, dir, files
}

func do(h http.Handler, method, path string, header ...string) *http.Response {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// decode undoes a response's Content-Encoding.
func decode(t *testing.T, res *http.Response, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc := res.Header.Get("Content-Encoding"); enc {
	case "":
		return body
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		gr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		r = gr
	default:
		t.Fatalf("unexpected Content-Encoding %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s body: %v", res.Header.Get("Content-Encoding"), err)
	}
	return out
}

func TestCompressionNegotiation(t *testing.T) {
	h, _, files := compressServer(t)
	tests := []struct {
		name, path, accept string
		status             int
		encoding           string // "" is the identity
		vary               bool
		file               string
	}{
		{"brotli preferred", "/platform", "gzip, deflate, br, zstd", 200, "br", true, "site/platform/index.html"},
		{"gzip only", "/platform", "gzip", 200, "gzip", true, "site/platform/index.html"},
		{"no Accept-Encoding", "/platform", "", 200, "", true, "site/platform/index.html"},
		{"identity only", "/platform", "identity", 200, "", true, "site/platform/index.html"},
		{"higher q wins", "/platform", "br;q=0.5, gzip;q=1", 200, "gzip", true, "site/platform/index.html"},
		{"q=0 refuses", "/platform", "br;q=0, gzip;q=0", 200, "", true, "site/platform/index.html"},
		{"wildcard", "/platform", "*", 200, "br", true, "site/platform/index.html"},
		{"wildcard less a refused coding", "/platform", "br;q=0, *;q=0.1", 200, "gzip", true, "site/platform/index.html"},
		{"upper case and spaces", "/platform", " GZIP ; Q=0.8 ", 200, "gzip", true, "site/platform/index.html"},
		{"script", "/assets/app-ABC.js", "br", 200, "br", true, "site/assets/app-ABC.js"},
		{"not-found page keeps its status", "/nope", "br", 404, "br", true, "site/404.html"},
		{"below 1 KB goes as it is", "/assets/app-ABC.css", "br, gzip", 200, "", false, "site/assets/app-ABC.css"},
		{"an image is not compressed twice", "/images/share.png", "br, gzip", 200, "", false, "site/images/share.png"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := do(h, "GET", tc.path, "Accept-Encoding", tc.accept)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d", res.StatusCode, tc.status)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if got := strings.Contains(res.Header.Get("Vary"), "Accept-Encoding"); got != tc.vary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", res.Header.Get("Vary"), tc.vary)
			}
			if got, want := res.Header.Get("Content-Length"), fmt.Sprint(len(body)); got != want {
				t.Errorf("Content-Length %s, body %s bytes", got, want)
			}
			if tc.encoding != "" && len(body) >= len(files[tc.file]) {
				t.Errorf("%s body is %d bytes, the file %d", tc.encoding, len(body), len(files[tc.file]))
			}
			if !bytes.Equal(decode(t, res, body), files[tc.file]) {
				t.Error("decoded body differs from the file")
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("security headers lost")
			}
		})
	}
}

// TestCompressionValidators: each encoding is its own representation with
// its own strong ETag, and HEAD, Range, If-None-Match and If-Range apply to
// the representation the request negotiates.
func TestCompressionValidators(t *testing.T) {
	h, dir, files := compressServer(t)
	get := func(accept string, header ...string) (*http.Response, []byte) {
		res := do(h, "GET", "/platform", append([]string{"Accept-Encoding", accept}, header...)...)
		body, _ := io.ReadAll(res.Body)
		return res, body
	}
	br, brBody := get("br")
	gz, gzBody := get("gzip")
	id, idBody := get("")
	etags := map[string]bool{}
	for _, res := range []*http.Response{br, gz, id} {
		e := res.Header.Get("ETag")
		if !strings.HasPrefix(e, `"`) || !strings.HasSuffix(e, `"`) {
			t.Errorf("ETag %q is not a strong validator", e)
		}
		etags[e] = true
	}
	if len(etags) != 3 {
		t.Errorf("the three encodings share ETags: %v", etags)
	}
	if again, _ := get("br"); again.Header.Get("ETag") != br.Header.Get("ETag") {
		t.Error("ETag changes between two requests for the same file")
	}

	t.Run("HEAD", func(t *testing.T) {
		res := do(h, "HEAD", "/platform", "Accept-Encoding", "br")
		body, _ := io.ReadAll(res.Body)
		if len(body) != 0 || res.StatusCode != 200 {
			t.Errorf("HEAD: status %d, %d body bytes", res.StatusCode, len(body))
		}
		if res.Header.Get("Content-Length") != fmt.Sprint(len(brBody)) || res.Header.Get("Content-Encoding") != "br" ||
			res.Header.Get("ETag") != br.Header.Get("ETag") || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("HEAD headers differ from GET's: %v", res.Header)
		}
	})
	t.Run("HEAD not found", func(t *testing.T) {
		res := do(h, "HEAD", "/nope", "Accept-Encoding", "gzip")
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 404 || len(body) != 0 || res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("HEAD /nope: %d, %d bytes, %v", res.StatusCode, len(body), res.Header)
		}
	})
	t.Run("Range on the encoded bytes", func(t *testing.T) {
		res, body := get("br", "Range", "bytes=10-29")
		if res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, brBody[10:30]) {
			t.Errorf("status %d, body %q, want 206 and bytes 10-29 of the brotli body", res.StatusCode, body)
		}
		if got, want := res.Header.Get("Content-Range"), fmt.Sprintf("bytes 10-29/%d", len(brBody)); got != want {
			t.Errorf("Content-Range %q, want %q", got, want)
		}
		if res.Header.Get("Content-Encoding") != "br" || res.Header.Get("ETag") != br.Header.Get("ETag") {
			t.Errorf("partial response headers: %v", res.Header)
		}
	})
	t.Run("Range, identity", func(t *testing.T) {
		res, body := get("", "Range", "bytes=-5")
		if res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, idBody[len(idBody)-5:]) {
			t.Errorf("status %d, body %q", res.StatusCode, body)
		}
	})
	t.Run("Range not satisfiable", func(t *testing.T) {
		res, _ := get("gzip", "Range", fmt.Sprintf("bytes=%d-", len(gzBody)+10))
		if res.StatusCode != http.StatusRequestedRangeNotSatisfiable {
			t.Errorf("status %d, want 416", res.StatusCode)
		}
	})
	t.Run("If-Range with another encoding's ETag sends it all", func(t *testing.T) {
		res, body := get("br", "Range", "bytes=0-9", "If-Range", gz.Header.Get("ETag"))
		if res.StatusCode != 200 || !bytes.Equal(body, brBody) {
			t.Errorf("status %d, %d bytes; want 200 and the whole brotli body", res.StatusCode, len(body))
		}
	})
	t.Run("If-None-Match", func(t *testing.T) {
		res, body := get("br", "If-None-Match", br.Header.Get("ETag"))
		if res.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("status %d with %d bytes, want 304 and no body", res.StatusCode, len(body))
		}
		if res.Header.Get("ETag") != br.Header.Get("ETag") || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("304 headers: %v", res.Header)
		}
	})
	t.Run("If-None-Match of another encoding", func(t *testing.T) {
		res, body := get("gzip", "If-None-Match", br.Header.Get("ETag"))
		if res.StatusCode != 200 || !bytes.Equal(body, gzBody) {
			t.Errorf("status %d, want 200 and the gzip body: a cached brotli body is no gzip body", res.StatusCode)
		}
	})
	t.Run("a changed file has a new ETag", func(t *testing.T) {
		file := filepath.Join(dir, "platform", "index.html")
		changed := append(append([]byte{}, files["site/platform/index.html"]...), "<p>New.</p>"...)
		if err := os.WriteFile(file, changed, 0o644); err != nil {
			t.Fatal(err)
		}
		// Some file systems keep coarse times; the size changed anyway.
		os.Chtimes(file, time.Now(), time.Now().Add(time.Second))
		res, body := get("br", "If-None-Match", br.Header.Get("ETag"))
		if res.StatusCode != 200 || res.Header.Get("ETag") == br.Header.Get("ETag") || !bytes.Equal(decode(t, res, body), changed) {
			t.Errorf("after a change: status %d, ETag %s (was %s)", res.StatusCode, res.Header.Get("ETag"), br.Header.Get("ETag"))
		}
	})
}

func TestNegotiate(t *testing.T) {
	for accept, want := range map[string]string{
		"":                      "",
		"br":                    "br",
		"gzip, br":              "br",
		"gzip;q=0.9, br;q=0.8":  "gzip",
		"br;q=0.8, gzip;q=0.8":  "br",
		"deflate":               "",
		"*;q=0":                 "",
		"gzip;q=0, *":           "br",
		"br;q=0, gzip;q=0, *":   "",
		"br;q=bogus":            "br",
		"identity;q=1, *;q=0":   "",
		"x-gzip, gzip;q=0.001":  "gzip",
		",,br ,":                "br",
		"zstd, gzip;q=0.5, br;": "br",
	} {
		if got := negotiate(accept); got != want {
			t.Errorf("negotiate(%q) = %q, want %q", accept, got, want)
		}
	}
}

// Several ranges are served as the CDN serves them: at most a few,
// ascending and apart; any other Range gets the whole file with 200, so
// that a short request cannot ask for an answer many times the file.
func TestRangesBounded(t *testing.T) {
	h, _, _ := compressServer(t)
	full := do(h, "GET", "/platform", "Accept-Encoding", "")
	whole, _ := io.ReadAll(full.Body)
	size := len(whole)
	if size < 200 {
		t.Fatalf("test page of %d bytes is too small", size)
	}
	many := make([]string, 1000)
	for i := range many {
		many[i] = "0-1"
	}
	ascending := make([]string, maxRanges+1)
	for i := range ascending {
		ascending[i] = fmt.Sprintf("%d-%d", i*10, i*10+1)
	}
	tests := []struct {
		name, rng string
		status    int
	}{
		{"one range", "bytes=0-9", http.StatusPartialContent},
		{"two ascending ranges", "bytes=0-9,20-29", http.StatusPartialContent},
		{"a suffix range after a range", "bytes=0-9,-10", http.StatusPartialContent},
		{fmt.Sprintf("%d ascending ranges", maxRanges), "bytes=" + strings.Join(ascending[:maxRanges], ","), http.StatusPartialContent},
		{fmt.Sprintf("%d ascending ranges", maxRanges+1), "bytes=" + strings.Join(ascending, ","), http.StatusOK},
		{"1,000 overlapping ranges", "bytes=" + strings.Join(many, ","), http.StatusOK},
		{"descending ranges", "bytes=20-29,0-9", http.StatusOK},
		{"overlapping ranges", "bytes=0-19,10-29", http.StatusOK},
		{"a range past the end among others", fmt.Sprintf("bytes=0-9,%d-", size+10), http.StatusOK},
		{"one range past the end", fmt.Sprintf("bytes=%d-", size+10), http.StatusRequestedRangeNotSatisfiable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := do(h, "GET", "/platform", "Accept-Encoding", "", "Range", tt.rng)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d; want %d", res.StatusCode, tt.status)
			}
			if tt.status == http.StatusOK && !bytes.Equal(body, whole) {
				t.Errorf("a 200 of %d bytes; want the whole file (%d)", len(body), size)
			}
			if len(body) > size+maxRanges*200 {
				t.Errorf("answer of %d bytes for a file of %d", len(body), size)
			}
		})
	}
}
