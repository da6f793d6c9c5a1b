package contact

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// loadEvent reads a Function URL event as Lambda delivers it.
func loadEvent(t testing.TB, name string) events.LambdaFunctionURLRequest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "events", name))
	if err != nil {
		t.Fatal(err)
	}
	var ev events.LambdaFunctionURLRequest
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ev
}

func lambdaConfig(t testing.TB) Config {
	t.Helper()
	cfg := testConfig(t)
	cfg.AllowedOrigins = []string{"https://www.vozia.example"}
	return cfg
}

func TestFunctionURLEvents(t *testing.T) {
	tests := []struct {
		file        string
		wantStatus  int
		wantError   string // the answer's error code, "" for none
		wantGranted bool
		wantSent    bool
	}{
		{"post.json", 200, "", true, true},
		{"post-base64.json", 200, "", true, true},
		{"post-header-case.json", 200, "", true, true},
		{"post-other-origin.json", 200, "", false, true},
		{"preflight.json", 204, "", true, false},
		{"get.json", 405, "method_not_allowed", false, false},
		{"post-text-plain.json", 415, "unsupported_media_type", true, false},
		{"post-bad-base64.json", 400, "malformed", true, false},
		{"post-invalid.json", 400, "validation", true, false},
		{"post-honeypot.json", 400, "suspicious", true, false},
		{"post-too-large.json", 413, "too_large", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m := &recordingMailer{}
			handle := NewFunctionURLHandler(lambdaConfig(t), m, nil)
			ev := loadEvent(t, tt.file)

			res, err := handle(context.Background(), ev)
			if err != nil {
				t.Fatalf("handler error %v; want an answer", err)
			}
			if res.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, body %s; want %d", res.StatusCode, res.Body, tt.wantStatus)
			}
			if res.Headers["X-Request-Id"] != ev.RequestContext.RequestID {
				t.Errorf("X-Request-Id %q; want Lambda's request id %q", res.Headers["X-Request-Id"], ev.RequestContext.RequestID)
			}
			origin := ev.Headers["origin"] + ev.Headers["ORIGIN"]
			if got := res.Headers["Access-Control-Allow-Origin"]; tt.wantGranted != (got == origin && got != "") {
				t.Errorf("Access-Control-Allow-Origin %q for origin %q; want granted=%v", got, origin, tt.wantGranted)
			}
			if res.IsBase64Encoded {
				t.Error("answer is base64-encoded; want plain JSON")
			}
			if tt.wantStatus != 204 {
				a := decodeAnswer(t, []byte(res.Body))
				if a.Error != tt.wantError {
					t.Errorf("answer %+v; want error %q", a, tt.wantError)
				}
				if tt.wantStatus == 200 && (!a.OK || a.ID == "") {
					t.Errorf("answer %+v; want ok with an id", a)
				}
			}
			sent := m.Sent()
			if tt.wantSent != (len(sent) == 1) || len(sent) > 1 {
				t.Fatalf("delivered %d; want delivered=%v", len(sent), tt.wantSent)
			}
			if tt.wantSent && (sent[0].Name != "Grace Hopper" || sent[0].CompanySize != "251-500") {
				t.Errorf("delivered %+v; want the event's enquiry", sent[0])
			}
		})
	}
}

// The source for rate limiting is the request context's sourceIp, which
// Lambda sets; X-Forwarded-For is a header the client can write.
func TestFunctionURLRateLimitBySourceIP(t *testing.T) {
	cfg := lambdaConfig(t)
	cfg.RatePerMinute = 1
	cfg.RateBurst = 1
	handle := NewFunctionURLHandler(cfg, &recordingMailer{}, nil)

	steps := []struct {
		name, sourceIP, forwardedFor string
		want                         int
	}{
		{"first", "198.51.100.23", "198.51.100.23", 200},
		{"second from the same source", "198.51.100.23", "198.51.100.23", 429},
		{"same source, forged X-Forwarded-For", "198.51.100.23", "192.0.2.200", 429},
		{"another source", "198.51.100.24", "198.51.100.23", 200},
	}
	for _, s := range steps {
		ev := loadEvent(t, "post.json")
		ev.RequestContext.HTTP.SourceIP = s.sourceIP
		ev.Headers["x-forwarded-for"] = s.forwardedFor
		res, err := handle(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != s.want {
			t.Fatalf("%s: status %d; want %d", s.name, res.StatusCode, s.want)
		}
		if s.want == 429 && res.Headers["Retry-After"] == "" {
			t.Errorf("%s: no Retry-After", s.name)
		}
	}
}
