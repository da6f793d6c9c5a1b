package contact

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/functions/contact/contacttest"
)

func TestValidEnquiryIsDeliveredTrimmed(t *testing.T) {
	m := &recordingMailer{}
	h := New(contacttest.Config(t, ConfigFromEnv), m, nil)

	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With(
		"name", "  Ada Lovelace ",
		"companySize", " >500\n",
		"message", "\nWe would like a demo.\n\nThanks!\n",
	))}.Do(t, h)

	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	a := contacttest.DecodeAnswer(t, w.Body.Bytes())
	if !a.OK || a.ID == "" {
		t.Fatalf("answer %+v; want ok with an id", a)
	}
	sent := m.Sent()
	if len(sent) != 1 {
		t.Fatalf("mailer got %d enquiries; want 1", len(sent))
	}
	got := sent[0]
	if got.ID != a.ID {
		t.Errorf("delivered id %q, answered id %q; want the same", got.ID, a.ID)
	}
	if got.Received.IsZero() || got.Received.Location().String() != "UTC" {
		t.Errorf("received %v; want a UTC time", got.Received)
	}
	want := Enquiry{ID: got.ID, Received: got.Received, Name: "Ada Lovelace", Email: "ada@example.com",
		Phone: "+1 555 010 0199", CompanySize: ">500", Message: "We would like a demo.\n\nThanks!"}
	if got != want {
		t.Errorf("delivered %+v\nwant      %+v", got, want)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q; want JSON", ct)
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q; want no-store", cc)
	}
}

func TestValidation(t *testing.T) {
	long := func(s string, n int) string { return strings.Repeat(s, n) }
	tests := []struct {
		name   string
		fields map[string]any
		want   map[string]string // nil: accepted
	}{
		{"name of one character", contacttest.With("name", "A"), map[string]string{"name": msgNameShort}},
		{"name of one character padded with spaces", contacttest.With("name", "  A  "), map[string]string{"name": msgNameShort}},
		{"name of two characters", contacttest.With("name", "Al"), nil},
		{"name of 200 two-byte characters", contacttest.With("name", long("é", 200)), nil},
		{"name written with a zero-width non-joiner (Persian)", contacttest.With("name", "\u0645\u0647\u0631\u200c\u0646\u0627\u0632 Ahmadi"), nil},
		{"name of 201 characters", contacttest.With("name", long("é", 201)), map[string]string{"name": msgNameLong}},
		{"name with CRLF header injection", contacttest.With("name", "Ada\r\nBcc: eve@example.com"), map[string]string{"name": msgNameControl}},
		{"name with LF", contacttest.With("name", "Ada\nLovelace"), map[string]string{"name": msgNameControl}},
		{"name with NUL", contacttest.With("name", "Ada\x00Lovelace"), map[string]string{"name": msgNameControl}},
		{"name with a Unicode line separator", contacttest.With("name", "Ada\u2028Lovelace"), map[string]string{"name": msgNameControl}},
		{"name with a tab", contacttest.With("name", "Ada\tLovelace"), map[string]string{"name": msgNameControl}},
		{"name with a zero-width space inside a word", contacttest.With("name", "Ad\u200ba Lovelace"), map[string]string{"name": msgNameHidden}},
		{"name padded with Hangul fillers", contacttest.With("name", "Ada Lovelace"+strings.Repeat("\u115f", 150)+"URGENT"), map[string]string{"name": msgNameHidden}},
		{"name with interlinear annotation marks", contacttest.With("name", "Ada \ufff9hidden\ufffb Lovelace"), map[string]string{"name": msgNameHidden}},
		{"name with a private-use character", contacttest.With("name", "Ada \ue000 Lovelace"), map[string]string{"name": msgNameHidden}},
		{"name with a noncharacter", contacttest.With("name", "Ada \ufffe Lovelace"), map[string]string{"name": msgNameHidden}},
		{"phone padded with zero-width spaces", contacttest.With("phone", "+34\u200b612\u200b345\u200b678"), map[string]string{"phone": msgPhoneHidden}},

		{"email without @", contacttest.With("email", "ada.example.com"), map[string]string{"email": msgEmail}},
		{"email with a display name", contacttest.With("email", "Ada <ada@example.com>"), map[string]string{"email": msgEmail}},
		{"email with a comment", contacttest.With("email", "ada@example.com (Ada)"), map[string]string{"email": msgEmail}},
		{"email with a quoted local part", contacttest.With("email", `"ada lovelace"@example.com`), map[string]string{"email": msgEmail}},
		{"email with an undotted domain", contacttest.With("email", "ada@localhost"), map[string]string{"email": msgEmail}},
		{"email with an address literal", contacttest.With("email", "ada@[192.0.2.1]"), map[string]string{"email": msgEmail}},
		{"email with CRLF header injection", contacttest.With("email", "ada@example.com\r\nBcc: eve@example.com"), map[string]string{"email": msgEmail}},
		{"email with two addresses", contacttest.With("email", "ada@example.com, eve@example.com"), map[string]string{"email": msgEmail}},
		{"email with non-ASCII", contacttest.With("email", "ada@exämple.com"), map[string]string{"email": msgEmail}},
		{"email with plus and subdomain", contacttest.With("email", "ada+web@mail.example.co.uk"), nil},
		{"email with an IDN domain", contacttest.With("email", "ada@xn--bcher-kva.example"), nil},
		{"email with a domain label starting with a hyphen", contacttest.With("email", "x@-a.com"), map[string]string{"email": msgEmail}},
		{"email with a domain label ending with a hyphen", contacttest.With("email", "x@a-.com"), map[string]string{"email": msgEmail}},
		{"email with an underscore in its domain", contacttest.With("email", "x@a_b.com"), map[string]string{"email": msgEmail}},
		{"email with an empty IDN label", contacttest.With("email", "x@xn--.com"), map[string]string{"email": msgEmail}},
		{"email with a numeric top-level domain", contacttest.With("email", "x@example.123"), map[string]string{"email": msgEmail}},
		{"email with an empty domain label", contacttest.With("email", "x@a..com"), map[string]string{"email": msgEmail}},
		{"email padded with spaces", contacttest.With("email", " ada@example.com "), nil},
		{"email of 254 characters", contacttest.With("email", long("a", 64)+"@"+long("b", 63)+"."+long("c", 63)+"."+long("d", 57)+".com"), nil},
		{"email of 255 characters", contacttest.With("email", long("a", 64)+"@"+long("b", 63)+"."+long("c", 63)+"."+long("d", 58)+".com"), map[string]string{"email": msgEmailLong}},
		{"empty email", contacttest.With("email", ""), map[string]string{"email": msgEmail}},

		{"phone of 9 characters", contacttest.With("phone", "555 01999"), map[string]string{"phone": msgPhoneShort}},
		{"phone of 10 characters", contacttest.With("phone", "5550100199"), nil},
		{"phone of 40 characters", contacttest.With("phone", long("1", 40)), nil},
		{"phone of 41 characters", contacttest.With("phone", long("1", 41)), map[string]string{"phone": msgPhoneLong}},
		{"phone with a line break", contacttest.With("phone", "555 010\n0199"), map[string]string{"phone": msgPhoneControl}},

		{"company size 1-50", contacttest.With("companySize", "1-50"), nil},
		{"company size 251-500", contacttest.With("companySize", "251-500"), nil},
		{"company size >500", contacttest.With("companySize", ">500"), nil},
		{"company size not chosen", contacttest.With("companySize", ""), map[string]string{"companySize": msgCompanySize}},
		{"company size not an option", contacttest.With("companySize", "1-49"), map[string]string{"companySize": msgCompanySize}},
		{"company size in other case", contacttest.With("companySize", "> 500"), map[string]string{"companySize": msgCompanySize}},

		{"message of 9 characters", contacttest.With("message", "Hi there!"), map[string]string{"message": msgMessageShort}},
		{"message of 10 three-byte characters", contacttest.With("message", long("日", 10)), nil},
		{"message of 9 characters padded to 12", contacttest.With("message", " Hi there! \n"), map[string]string{"message": msgMessageShort}},
		{"message of 5000 characters", contacttest.With("message", long("é", 5000)), nil},
		{"message of 5001 characters", contacttest.With("message", long("é", 5001)), map[string]string{"message": msgMessageLong}},
		{"message with line breaks and tabs", contacttest.With("message", "Line one\r\n\tLine two\nLine three"), nil},
		{"message with a bell", contacttest.With("message", "Ring ring \a please call"), map[string]string{"message": msgMessageCtrl}},

		{"every field missing", map[string]any{}, map[string]string{
			"name": msgNameShort, "email": msgEmail, "phone": msgPhoneShort,
			"companySize": msgCompanySize, "message": msgMessageShort,
		}},
		{"two fields wrong", contacttest.With("name", "A", "message", "short"), map[string]string{"name": msgNameShort, "message": msgMessageShort}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Body: contacttest.Encode(t, tt.fields)}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, nil))
			if tt.want == nil {
				if w.Code != http.StatusOK {
					t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
				}
				if len(m.Sent()) != 1 {
					t.Fatalf("delivered %d; want 1", len(m.Sent()))
				}
				return
			}
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, body %s; want 400", w.Code, w.Body)
			}
			a := contacttest.DecodeAnswer(t, w.Body.Bytes())
			if a.Error != "validation" || !maps.Equal(a.Fields, tt.want) {
				t.Errorf("answer %+v\nwant error validation, fields %v", a, tt.want)
			}
			if n := len(m.Sent()); n != 0 {
				t.Errorf("delivered %d enquiries; want none", n)
			}
		})
	}
}

func TestMalformedBodies(t *testing.T) {
	valid := strings.TrimSpace(contacttest.Encode(t, contacttest.Fields()))
	tests := []struct {
		name string
		body string
		want string // in the message
	}{
		{"unknown field", `{"name":"Ada Lovelace","nickname":"Ada"}`, `unknown field "nickname"`},
		{"field name in other case", `{"Name":"Ada Lovelace"}`, `unknown field "Name"`},
		{"duplicate key", `{"name":"Ada Lovelace","email":"ada@example.com","name":"Eve"}`, `duplicate field "name"`},
		{"duplicate key spelt with an escape", `{"name":"Ada Lovelace","na\u006de":"Eve"}`, `duplicate field "name"`},
		{"trailing object", valid + `{}`, "after the JSON object"},
		{"trailing garbage", valid + ` x`, "after the JSON object"},
		{"two objects on two lines", valid + "\n" + valid, "after the JSON object"},
		{"number for a string", `{"name":42}`, `"name" must be a string`},
		{"null for a string", `{"message":null}`, `"message" must be a string`},
		{"array for a string", `{"companySize":["1-50"]}`, `"companySize" must be a string`},
		{"object for a string", `{"email":{"address":"ada@example.com"}}`, `"email" must be a string`},
		{"boolean honeypot", `{"honeypot":false}`, `"honeypot" must be a string`},
		{"string for elapsedMs", `{"elapsedMs":"5000"}`, `"elapsedMs" must be a number`},
		{"fraction for elapsedMs", `{"elapsedMs":5000.5}`, `"elapsedMs" must be a whole number`},
		{"huge elapsedMs", `{"elapsedMs":1e99}`, `"elapsedMs" must be a whole number`},
		{"array body", `[]`, "must be a JSON object"},
		{"string body", `"hello"`, "must be a JSON object"},
		{"null body", `null`, "must be a JSON object"},
		{"empty body", ``, "body is empty"},
		{"truncated body", `{"name":"Ada`, "ends before the JSON object does"},
		{"not JSON", `name=Ada`, "invalid JSON"},
		{"invalid UTF-8", "{\"name\":\"Ada \xff\"}", "not valid UTF-8"},
		{"single quotes", `{'name':'Ada'}`, "invalid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Body: tt.body}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, nil))
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, body %s; want 400", w.Code, w.Body)
			}
			a := contacttest.DecodeAnswer(t, w.Body.Bytes())
			if a.Error != "malformed" || !strings.Contains(a.Message, tt.want) {
				t.Errorf("answer %+v; want error malformed with a message containing %q", a, tt.want)
			}
			if len(m.Sent()) != 0 {
				t.Error("a malformed body was delivered")
			}
		})
	}
}

func TestAntiBotChecks(t *testing.T) {
	tests := []struct {
		name       string
		fields     map[string]any
		suspicious bool
	}{
		{"honeypot filled", contacttest.With("honeypot", "https://spam.example"), true},
		{"honeypot filled with a space", contacttest.With("honeypot", " "), true},
		{"sent 2999 ms after opening", contacttest.With("elapsedMs", 2999), true},
		{"sent at once", contacttest.With("elapsedMs", 0), true},
		{"negative elapsed time", contacttest.With("elapsedMs", -5000), true},
		{"suspicious even with invalid fields", contacttest.With("honeypot", "x", "email", "nope"), true},
		{"sent 3000 ms after opening", contacttest.With("elapsedMs", 3000), false},
		{"no elapsed time sent", contacttest.With("elapsedMs", nil), false},
		{"no honeypot sent", contacttest.With("honeypot", nil), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Body: contacttest.Encode(t, tt.fields)}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, nil))
			if !tt.suspicious {
				if w.Code != http.StatusOK || len(m.Sent()) != 1 {
					t.Fatalf("status %d, delivered %d; want 200 and delivered", w.Code, len(m.Sent()))
				}
				return
			}
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d; want 400", w.Code)
			}
			a := contacttest.DecodeAnswer(t, w.Body.Bytes())
			if a.Error != "suspicious" || a.Message != "Suspicious activity detected. Please try again." || a.Fields != nil {
				t.Errorf("answer %+v; want error suspicious with the form's notice and no fields", a)
			}
			if len(m.Sent()) != 0 {
				t.Error("a suspicious enquiry was delivered")
			}
		})
	}
}

func TestMethods(t *testing.T) {
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		t.Run(method, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Method: method, Body: contacttest.Encode(t, contacttest.Fields())}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, nil))
			if w.Code != http.StatusMethodNotAllowed {
				t.Fatalf("status %d; want 405", w.Code)
			}
			if allow := w.Header().Get("Allow"); allow != "POST, OPTIONS" {
				t.Errorf("Allow %q; want POST, OPTIONS", allow)
			}
			if method != http.MethodHead {
				if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "method_not_allowed" {
					t.Errorf("answer %+v; want error method_not_allowed", a)
				}
			}
			if len(m.Sent()) != 0 {
				t.Error("delivered on a wrong method")
			}
		})
	}
}

func TestContentTypes(t *testing.T) {
	tests := []struct {
		contentType string
		want        int
	}{
		{"application/json", http.StatusOK},
		{"application/json; charset=utf-8", http.StatusOK},
		{"application/json; charset=UTF-8", http.StatusOK},
		{"Application/JSON", http.StatusOK},
		{"", http.StatusUnsupportedMediaType},
		{"text/plain", http.StatusUnsupportedMediaType},
		{"text/plain;charset=UTF-8", http.StatusUnsupportedMediaType},
		{"application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{"multipart/form-data; boundary=x", http.StatusUnsupportedMediaType},
		{"application/json; charset=latin1", http.StatusUnsupportedMediaType},
		{"application/jsonx", http.StatusUnsupportedMediaType},
		{"application/json;;", http.StatusUnsupportedMediaType},
	}
	for _, tt := range tests {
		name := tt.contentType
		if name == "" {
			name = "none"
		}
		t.Run(name, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Body: contacttest.Encode(t, contacttest.Fields()), Header: map[string]string{"Content-Type": tt.contentType}}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, nil))
			if w.Code != tt.want {
				t.Fatalf("status %d, body %s; want %d", w.Code, w.Body, tt.want)
			}
			if tt.want == http.StatusUnsupportedMediaType {
				if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "unsupported_media_type" {
					t.Errorf("answer %+v; want error unsupported_media_type", a)
				}
				if len(m.Sent()) != 0 {
					t.Error("delivered a body that was not JSON")
				}
			}
		})
	}
}

// padded returns a valid body grown with white space, which JSON ignores, to
// exactly n bytes.
func padded(t *testing.T, n int) string {
	t.Helper()
	b := strings.TrimSpace(contacttest.Encode(t, contacttest.Fields()))
	return b[:len(b)-1] + strings.Repeat(" ", n-len(b)) + "}"
}

func TestBodyLimit(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		chunked bool // no Content-Length, as a streaming client sends
		want    int
	}{
		{"exactly the limit", padded(t, maxBodyBytes), false, http.StatusOK},
		{"one byte over the limit", padded(t, maxBodyBytes+1), false, http.StatusRequestEntityTooLarge},
		{"one byte over the limit without a length", padded(t, maxBodyBytes+1), true, http.StatusRequestEntityTooLarge},
		{"a megabyte without a length", padded(t, 1<<20), true, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			r := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/json")
			if tt.chunked {
				r.ContentLength = -1
			}
			w := httptest.NewRecorder()
			New(contacttest.Config(t, ConfigFromEnv), m, nil).ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("status %d, body %s; want %d", w.Code, w.Body, tt.want)
			}
			if tt.want == http.StatusRequestEntityTooLarge {
				if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "too_large" {
					t.Errorf("answer %+v; want error too_large", a)
				}
				if len(m.Sent()) != 0 {
					t.Error("delivered an oversized body")
				}
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	cfg := contacttest.Config(t, ConfigFromEnv)
	cfg.RatePerMinute = 1
	cfg.RateBurst = 2
	m := &recordingMailer{}
	h := New(cfg, m, nil)
	// A frozen clock: no token trickles in between steps however slowly
	// the machine runs them.
	frozen := time.Date(2026, 1, 12, 9, 0, 0, 0, time.UTC)
	h.fn.now = func() time.Time { return frozen }
	body := contacttest.Encode(t, contacttest.Fields())

	steps := []struct {
		name   string
		remote string
		method string
		want   int
	}{
		{"first from a source", "198.51.100.7:1000", "", http.StatusOK},
		{"a preflight costs nothing", "198.51.100.7:1001", http.MethodOptions, http.StatusNoContent},
		{"second within the burst", "198.51.100.7:1002", "", http.StatusOK},
		{"third is refused", "198.51.100.7:1003", "", http.StatusTooManyRequests},
		{"refused requests do not earn tokens", "198.51.100.7:1004", "", http.StatusTooManyRequests},
		{"another source has its own bucket", "198.51.100.8:1000", "", http.StatusOK},
		{"an IPv6 host", "[2001:db8:1:2::1]:1000", "", http.StatusOK},
		{"the same /64", "[2001:db8:1:2::ffff]:1000", "", http.StatusOK},
		{"the same /64 past the burst", "[2001:db8:1:2:aaaa::5]:1000", "", http.StatusTooManyRequests},
		{"a neighbouring /64", "[2001:db8:1:3::1]:1000", "", http.StatusOK},
	}
	for _, s := range steps {
		// Steps depend on each other, so they run in order under one test.
		w := contacttest.Call{Method: s.method, Body: body, Remote: s.remote, Header: map[string]string{"X-Forwarded-For": "203.0.113.99"}}.Do(t, h)
		if w.Code != s.want {
			t.Fatalf("%s: status %d; want %d", s.name, w.Code, s.want)
		}
		if w.Code == http.StatusTooManyRequests {
			if ra := w.Header().Get("Retry-After"); ra != "60" {
				t.Errorf("%s: Retry-After %q; want 60 (one token a minute)", s.name, ra)
			}
			if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "rate_limited" {
				t.Errorf("%s: answer %+v; want error rate_limited", s.name, a)
			}
		}
	}
	if n := len(m.Sent()); n != 6 {
		t.Errorf("delivered %d; want the 6 accepted", n)
	}
}

func TestDeliveryFailure(t *testing.T) {
	var logs contacttest.LogBuffer
	m := &recordingMailer{err: errMailerDown}
	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.Fields())}.Do(t, New(contacttest.Config(t, ConfigFromEnv), m, logs.Logger()))

	if w.Code != http.StatusBadGateway {
		t.Fatalf("status %d; want 502", w.Code)
	}
	a := contacttest.DecodeAnswer(t, w.Body.Bytes())
	if a.Error != "unavailable" || a.OK || a.ID != "" {
		t.Errorf("answer %+v; want error unavailable, no ok, no id", a)
	}
	recs := logs.Records(t)
	if len(recs) != 1 {
		t.Fatalf("%d log records; want 1", len(recs))
	}
	if recs[0]["outcome"] != "unavailable" || recs[0]["level"] != "ERROR" || recs[0]["error"] != errMailerDown.Error() {
		t.Errorf("log %v; want an ERROR with outcome unavailable and the store's error", recs[0])
	}
}

func TestCORS(t *testing.T) {
	cfg := contacttest.Config(t, ConfigFromEnv)
	cfg.AllowedOrigins = []string{"https://WWW.vozia.example/", "http://127.0.0.1:8080"}
	body := contacttest.Encode(t, contacttest.Fields())
	tests := []struct {
		name        string
		method      string
		header      map[string]string
		wantStatus  int
		wantGranted bool
	}{
		{"post from the site", "", map[string]string{"Origin": "https://www.vozia.example"}, http.StatusOK, true},
		{"post from the local server", "", map[string]string{"Origin": "http://127.0.0.1:8080"}, http.StatusOK, true},
		{"post from another site", "", map[string]string{"Origin": "https://evil.example"}, http.StatusOK, false},
		{"post from a look-alike", "", map[string]string{"Origin": "https://www.vozia.example.evil.example"}, http.StatusOK, false},
		{"post from the site over http", "", map[string]string{"Origin": "http://www.vozia.example"}, http.StatusOK, false},
		{"post without an origin", "", nil, http.StatusOK, false},
		{"error answers carry the grant too", "", map[string]string{"Origin": "https://www.vozia.example", "Content-Type": "text/plain"}, http.StatusUnsupportedMediaType, true},
		{"preflight from the site", http.MethodOptions, map[string]string{
			"Origin": "https://www.vozia.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"},
			http.StatusNoContent, true},
		{"preflight from another site", http.MethodOptions, map[string]string{
			"Origin": "https://evil.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"},
			http.StatusNoContent, false},
		{"null origin of a sandboxed page", http.MethodOptions, map[string]string{
			"Origin": "null", "Access-Control-Request-Method": "POST"}, http.StatusNoContent, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := contacttest.Call{Method: tt.method, Body: body, Header: tt.header}.Do(t, New(cfg, &recordingMailer{}, nil))
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d, body %s; want %d", w.Code, w.Body, tt.wantStatus)
			}
			if v := w.Header().Get("Vary"); v != "Origin" {
				t.Errorf("Vary %q; want Origin", v)
			}
			acao := w.Header().Get("Access-Control-Allow-Origin")
			if !tt.wantGranted {
				for k := range w.Header() {
					if strings.HasPrefix(k, "Access-Control-Allow-") {
						t.Errorf("granted %s: %q to an origin not configured", k, w.Header().Get(k))
					}
				}
				return
			}
			if acao != tt.header["Origin"] {
				t.Errorf("Access-Control-Allow-Origin %q; want %q", acao, tt.header["Origin"])
			}
			if tt.method == http.MethodOptions {
				if m := w.Header().Get("Access-Control-Allow-Methods"); !strings.Contains(m, "POST") {
					t.Errorf("Access-Control-Allow-Methods %q; want POST", m)
				}
				if h := w.Header().Get("Access-Control-Allow-Headers"); !strings.EqualFold(h, "Content-Type, X-Amz-Content-Sha256") {
					t.Errorf("Access-Control-Allow-Headers %q; want Content-Type and the body's digest", h)
				}
			} else if e := w.Header().Get("Access-Control-Expose-Headers"); !strings.Contains(e, "Retry-After") {
				t.Errorf("Access-Control-Expose-Headers %q; want Retry-After readable by the form", e)
			}
		})
	}
}

// The form sends the body's SHA-256 in X-Amz-Content-Sha256, which
// CloudFront needs to sign its request to the Function URL. Lambda compares
// it exactly, as lower-case hex, and so does the local server, which still
// accepts a body sent without the header at all (curl).
func TestBodyDigest(t *testing.T) {
	body := contacttest.Encode(t, contacttest.Fields())
	sum := sha256.Sum256([]byte(body))
	digest := hex.EncodeToString(sum[:])
	other := sha256.Sum256([]byte(body + " "))
	tests := []struct {
		name   string
		values []string // nil: no header
		want   int
	}{
		{"the body's digest", []string{digest}, http.StatusOK},
		{"no digest (curl)", nil, http.StatusOK},
		{"the body's digest in capitals", []string{strings.ToUpper(digest)}, http.StatusBadRequest},
		{"an empty digest", []string{""}, http.StatusBadRequest},
		{"the digest with a space", []string{digest + " "}, http.StatusBadRequest},
		{"the digest twice", []string{digest, digest}, http.StatusBadRequest},
		{"another body's digest", []string{hex.EncodeToString(other[:])}, http.StatusBadRequest},
		{"not a digest", []string{"UNSIGNED-PAYLOAD"}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			r := httptest.NewRequest(http.MethodPost, "/api/contact", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			if tt.values != nil {
				r.Header["X-Amz-Content-Sha256"] = tt.values
			}
			w := httptest.NewRecorder()
			New(contacttest.Config(t, ConfigFromEnv), m, nil).ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("status %d, body %s; want %d", w.Code, w.Body, tt.want)
			}
			if tt.want != http.StatusOK {
				if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "malformed" || !strings.Contains(a.Message, "X-Amz-Content-Sha256") {
					t.Errorf("answer %+v; want malformed, naming the header", a)
				}
				if len(m.Sent()) != 0 {
					t.Error("stored a body that does not match its digest")
				}
			}
		})
	}
}

func TestMountedUnderAPath(t *testing.T) {
	m := &recordingMailer{}
	mux := http.NewServeMux()
	mux.Handle("/api/contact", New(contacttest.Config(t, ConfigFromEnv), m, nil))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	res, err := srv.Client().Post(srv.URL+"/api/contact", "application/json", strings.NewReader(contacttest.Encode(t, contacttest.Fields())))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || len(m.Sent()) != 1 {
		t.Fatalf("status %d, delivered %d; want 200 and one delivered", res.StatusCode, len(m.Sent()))
	}
	if res.Header.Get("X-Request-Id") == "" {
		t.Error("no X-Request-Id to quote when reporting a problem")
	}
}

func TestLogsNamePeopleNever(t *testing.T) {
	var logs contacttest.LogBuffer
	m := &recordingMailer{}
	h := New(contacttest.Config(t, ConfigFromEnv), m, logs.Logger())
	secret := contacttest.With(
		"name", "Zebulon Quartermain",
		"email", "zebulon.q@secret-mail.example",
		"phone", "+34 600 111 222",
		"message", "Confidential: our churn rate doubled.",
	)
	remote := "203.0.113.77:4242"
	contacttest.Call{Body: contacttest.Encode(t, secret), Remote: remote}.Do(t, h)
	contacttest.Call{Body: contacttest.Encode(t, contacttest.With("name", "Zebulon Quartermain", "email", "zebulon.q@secret-mail")), Remote: remote}.Do(t, h)
	m.err = errMailerDown
	contacttest.Call{Body: contacttest.Encode(t, secret), Remote: remote}.Do(t, h)

	out := logs.String()
	for _, s := range []string{"Zebulon", "zebulon.q", "secret-mail", "600 111 222", "churn", "203.0.113.77"} {
		if strings.Contains(out, s) {
			t.Errorf("log contains %q:\n%s", s, out)
		}
	}
	recs := logs.Records(t)
	wantOutcomes := []string{"received", "validation", "unavailable"}
	if len(recs) != len(wantOutcomes) {
		t.Fatalf("%d log records; want %d:\n%s", len(recs), len(wantOutcomes), out)
	}
	for i, rec := range recs {
		for _, k := range []string{"request_id", "outcome", "status", "latency_ms", "source"} {
			if _, ok := rec[k]; !ok {
				t.Errorf("record %d lacks %q: %v", i, k, rec)
			}
		}
		if rec["outcome"] != wantOutcomes[i] {
			t.Errorf("record %d outcome %v; want %s", i, rec["outcome"], wantOutcomes[i])
		}
		if rec["source"] != recs[0]["source"] {
			t.Errorf("record %d source hash %v differs from %v for the same address", i, rec["source"], recs[0]["source"])
		}
	}
	if f, _ := recs[1]["invalid_fields"].([]any); len(f) != 1 || f[0] != "email" {
		t.Errorf("invalid_fields %v; want [email]", recs[1]["invalid_fields"])
	}
	if recs[0]["enquiry_id"] == nil {
		t.Error("a received enquiry's log record has no enquiry_id to trace it by")
	}
}
