// Package contacttest is what the contact function's tests share, in every
// package of it: a valid submission as the form sends it, one request to a
// handler, the documented answer decoded, the JSON log records, settings
// for a test and a clock that moves only when told.
//
// It imports nothing of the function, so that package contact's own tests
// can use it too.
package contacttest

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vozia/site/internal/contactform"
)

// Fields is a valid submission, as the form sends it.
func Fields() map[string]any {
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

// With returns the valid submission changed by kv pairs; a nil value drops
// the field.
func With(kv ...any) map[string]any {
	m := Fields()
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

// Enquiries are a site's products, as the build hands them to the
// function: one with mailboxes of its own, one without.
var Enquiries = contactform.Enquiries{
	Products:  []string{"voice-ai", "health-companion"},
	Mailboxes: map[string][]string{"health-companion": {"health@vozia.example", "clinical@vozia.example"}},
}

// WithOrigin is a valid submission that says where it came from (a
// product of Enquiries, a page, the five campaign parameters), changed by
// kv pairs as With changes it.
func WithOrigin(kv ...any) map[string]any {
	return With(append([]any{
		"product", "health-companion",
		"page", "/solutions/health-companion",
		"utm_source", "newsletter",
		"utm_medium", "email",
		"utm_campaign", "spring trial 2026",
		"utm_term", "patient follow-up",
		"utm_content", "hero-button",
	}, kv...)...)
}

// Encode is v as the form's JSON body.
func Encode(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Settings are the CONTACT_* variables of a test: the local defaults with
// the rate limit off, so that tests sending many requests from one address
// measure what they mean to, and the site's origin and the local server's
// granted CORS.
var Settings = map[string]string{
	"CONTACT_RATE_PER_MINUTE": "0",
	"CONTACT_ALLOWED_ORIGINS": "https://www.vozia.example,http://127.0.0.1:8080",
}

// Config reads Settings through fromEnv (contact.ConfigFromEnv), failing
// the test on an error. It takes the reader rather than naming it, so that
// package contact's own tests can use it.
func Config[C any](t testing.TB, fromEnv func(getenv func(string) string) (C, error)) C {
	t.Helper()
	c, err := fromEnv(func(name string) string { return Settings[name] })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Call is one request to a handler.
type Call struct {
	Method string
	Body   string
	Header map[string]string // defaults to Content-Type: application/json
	Remote string            // defaults to 192.0.2.1:50000
}

// Do sends the request to h and returns its answer.
func (c Call) Do(t testing.TB, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	method := c.Method
	if method == "" {
		method = http.MethodPost
	}
	r := httptest.NewRequest(method, "/api/contact", strings.NewReader(c.Body))
	r.RemoteAddr = "192.0.2.1:50000"
	if c.Remote != "" {
		r.RemoteAddr = c.Remote
	}
	hdr := map[string]string{"Content-Type": "application/json"}
	maps.Copy(hdr, c.Header)
	for k, v := range hdr {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// Answer is any JSON answer of the function.
type Answer struct {
	OK      bool              `json:"ok"`
	ID      string            `json:"id"`
	Status  string            `json:"status"`
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields"`
}

// DecodeAnswer reads an answer, failing the test on any member the
// documentation does not list.
func DecodeAnswer(t testing.TB, body []byte) Answer {
	t.Helper()
	var a Answer
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("answer %q is not the documented JSON: %v", body, err)
	}
	return a
}

// LogBuffer collects a function's JSON log records.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *LogBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *LogBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// Logger writes JSON records to l.
func (l *LogBuffer) Logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(l, nil))
}

// Records parses every log line.
func (l *LogBuffer) Records(t testing.TB) []map[string]any {
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

// Clock is the tests' time: it moves only when told.
type Clock struct {
	mu sync.Mutex
	T  time.Time
}

func (c *Clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.T }
func (c *Clock) Add(d time.Duration) { c.mu.Lock(); c.T = c.T.Add(d); c.mu.Unlock() }

// IsolateAWS points the AWS SDK at the endpoints given (such as
// AWS_ENDPOINT_URL_SESV2: a local SES API), with dummy credentials in
// eu-west-1, and away from any real configuration on the machine.
func IsolateAWS(t testing.TB, endpoints map[string]string) {
	t.Helper()
	none := filepath.Join(t.TempDir(), "none")
	for k, v := range map[string]string{
		"AWS_ENDPOINT_URL":            "",
		"AWS_ACCESS_KEY_ID":           "AKIDLOCALTEST",
		"AWS_SECRET_ACCESS_KEY":       "local-test-secret",
		"AWS_SESSION_TOKEN":           "",
		"AWS_REGION":                  "eu-west-1",
		"AWS_PROFILE":                 "",
		"AWS_CONFIG_FILE":             none,
		"AWS_SHARED_CREDENTIALS_FILE": none,
		"AWS_EC2_METADATA_DISABLED":   "true",
	} {
		t.Setenv(k, v)
	}
	for k, v := range endpoints {
		t.Setenv(k, v)
	}
}
