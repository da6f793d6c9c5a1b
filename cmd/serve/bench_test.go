package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/functions/contact/outbox"
	"github.com/vozia/site/internal/devserver"
)

// BenchmarkServeContact posts enquiries through the local server to the
// contact function and its outbox (each one fsynced), in requests per
// second.
func BenchmarkServeContact(b *testing.B) {
	// The rate limiter is per source IP and everything here comes from
	// 127.0.0.1: turn it off to measure the server, not the limiter.
	b.Setenv("CONTACT_RATE_PER_MINUTE", "0")
	root := b.TempDir()
	for p, s := range map[string]string{
		"site/index.html": "home",
		"site/404.html":   "not found",
		"cdn/routes.json": `{"trailingSlash":"remove","redirects":[],"rewrites":[],"notFound":{"file":"/404.html","status":404},"headers":[]}`,
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
	}
	fn, err := outbox.Handler(filepath.Join(root, "o.jsonl"), []string{"http://bench.example"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	h, err := devserver.New(context.Background(), devserver.Options{Dir: filepath.Join(root, "site"), Contact: fn})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	b.Cleanup(srv.Close)
	url := srv.URL + devserver.ContactPath
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			body := fmt.Sprintf(`{"name":"Ana García","email":"ana%d@example.com","phone":"+34 600 000 000","companySize":"51-250","message":"We would like a demo of Pulse.","honeypot":"","elapsedMs":9000}`, i)
			req, _ := http.NewRequest("POST", url, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			res, err := c.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Fatalf("status %d", res.StatusCode)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}
