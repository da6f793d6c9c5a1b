package devserver

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
)

// serve starts the server on a loopback port for a benchmark.
func serve(b *testing.B) string {
	b.Helper()
	h, err := New(context.Background(), Options{Dir: testSite(b)})
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
