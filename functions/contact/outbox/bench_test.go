package outbox

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
)

// benchHandler is the local set-up: the real outbox on the real disk, rate
// limit off (every request comes from one address).
func benchHandler(b *testing.B) (http.Handler, *Outbox) {
	b.Helper()
	o, err := Open(filepath.Join(b.TempDir(), "enquiries.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { o.Close() })
	return contact.New(contacttest.Config(b, contact.ConfigFromEnv), o, nil), o
}

// The whole handler path of an accepted enquiry: decode, validate, append,
// fsync, answer. The fsync dominates.
func BenchmarkHandlerOutbox(b *testing.B) {
	h, _ := benchHandler(b)
	body := contacttest.Encode(b, contacttest.Fields())
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}

// Concurrent senders share fsyncs, so throughput grows with concurrency.
func BenchmarkHandlerOutboxParallel(b *testing.B) {
	h, _ := benchHandler(b)
	body := contacttest.Encode(b, contacttest.Fields())
	b.ReportAllocs()
	b.SetParallelism(8)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				b.Errorf("status %d", w.Code)
				return
			}
		}
	})
}

// What the function costs before any disk: a refused enquiry, decoded and
// validated in full.
func BenchmarkHandlerValidationError(b *testing.B) {
	h := contact.New(contacttest.Config(b, contact.ConfigFromEnv), &Outbox{}, nil)
	body := contacttest.Encode(b, contacttest.With("email", "not an address", "phone", "123"))
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusBadRequest {
			b.Fatalf("status %d", w.Code)
		}
	}
}

// Accepted enquiries over loopback HTTP with keep-alive, as the local
// server sees them; reports requests per second.
func BenchmarkLoopbackOutbox(b *testing.B) {
	h, _ := benchHandler(b)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer client.CloseIdleConnections()
	body := contacttest.Encode(b, contacttest.Fields())
	b.ReportAllocs()
	b.SetParallelism(8)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := client.Post(srv.URL, "application/json", strings.NewReader(body))
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				b.Errorf("status %d", res.StatusCode)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}
