package devserver

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// serve starts the server on a loopback port for a benchmark.
func serve(b *testing.B) string {
	b.Helper()
	// The rate limiter is per source IP and everything here comes from
	// 127.0.0.1: turn it off to measure the server, not the limiter.
	b.Setenv("CONTACT_RATE_PER_MINUTE", "0")
	h, err := New(context.Background(), Options{Dir: testSite(b), Outbox: filepath.Join(b.TempDir(), "o.jsonl"), Origins: []string{"http://bench.example"}})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	b.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func client() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
}

// BenchmarkServePage is a loopback load figure for the local server: GET of
// a page from parallel keep-alive clients, in requests per second.
func BenchmarkServePage(b *testing.B) {
	url := serve(b) + "/platform"
	c := client()
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := c.Get(url)
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

// BenchmarkServeContact posts enquiries through the local server to the
// contact function and its outbox (each one fsynced), in requests per
// second.
func BenchmarkServeContact(b *testing.B) {
	url := serve(b) + ContactPath
	c := client()
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
