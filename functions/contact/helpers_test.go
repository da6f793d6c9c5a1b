package contact

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// A valid submission, as the form sends it.
func validFields() map[string]any {
	return map[string]any{
		"name":        "Ada Lovelace",
		"email":       "ada@example.com",
		"phone":       "+1 555 010 0199",
		"companySize": "51-250",
		"message":     "We would like a demo of Pulse for our clinics.",
		"honeypot":    "",
		"elapsedMs":   8123,
	}
}

// with returns the valid submission changed by kv pairs; a nil value drops
// the field.
func with(kv ...any) map[string]any {
	m := validFields()
	for i := 0; i < len(kv); i += 2 {
		k := kv[i].(string)
		if kv[i+1] == nil {
			delete(m, k)
			continue
		}
		m[k] = kv[i+1]
	}
	return m
}

func encode(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// testConfig is the local default with the rate limit off, so that tests
// sending many requests from one address measure what they mean to.
func testConfig(t testing.TB) Config {
	t.Helper()
	cfg, err := ConfigFromEnv(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.RatePerMinute = 0
	cfg.AllowedOrigins = []string{"https://www.vozia.example", "http://127.0.0.1:8080"}
	return cfg
}

// recordingMailer remembers what it was asked to send, or fails with err.
type recordingMailer struct {
	mu   sync.Mutex
	sent []Enquiry
	err  error
}

func (m *recordingMailer) Send(_ context.Context, e Enquiry) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	m.sent = append(m.sent, e)
	return nil
}

// Put makes the mailer the handler's store, as the outbox is locally.
func (m *recordingMailer) Put(ctx context.Context, e Enquiry) error { return m.Send(ctx, e) }

func (m *recordingMailer) Sent() []Enquiry {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Enquiry(nil), m.sent...)
}

var errMailerDown = errors.New("mail relay unreachable")

// call is one request to the handler.
type call struct {
	method string
	body   string
	header map[string]string // defaults to Content-Type: application/json
	remote string            // defaults to 192.0.2.1:50000
}

func (c call) do(t testing.TB, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	method := c.method
	if method == "" {
		method = http.MethodPost
	}
	r := httptest.NewRequest(method, "/api/contact", strings.NewReader(c.body))
	r.RemoteAddr = "192.0.2.1:50000"
	if c.remote != "" {
		r.RemoteAddr = c.remote
	}
	hdr := map[string]string{"Content-Type": "application/json"}
	maps.Copy(hdr, c.header)
	for k, v := range hdr {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// answer is any JSON answer of the function.
type answer struct {
	OK      bool              `json:"ok"`
	ID      string            `json:"id"`
	Status  string            `json:"status"`
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields"`
}

func decodeAnswer(t testing.TB, body []byte) answer {
	t.Helper()
	var a answer
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("answer %q is not the documented JSON: %v", body, err)
	}
	return a
}

// logBuffer collects the handler's JSON log records.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(l, nil))
}

// records parses every log line.
func (l *logBuffer) records(t testing.TB) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q is not JSON: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}
