package lambdaevent

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
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

func lambdaConfig(t testing.TB) contact.Config {
	t.Helper()
	cfg := contacttest.Config(t, contact.ConfigFromEnv)
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
			m := &recorder{}
			handle := FunctionURL(lambdaConfig(t), m, nil)
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
				a := contacttest.DecodeAnswer(t, []byte(res.Body))
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
	handle := FunctionURL(cfg, &recorder{}, nil)

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

// Deployed, the Function URL has AuthType AWS_IAM and only the site's
// CloudFront distribution may invoke it (origin access control), so Lambda
// hands the function only events it authenticated. With RequireIAM the
// function refuses any other event too: an event as a direct call to a
// public URL delivers it gets 403, is neither sent nor read, and grants no
// CORS.
func TestFunctionURLRequiresIAM(t *testing.T) {
	tests := []struct {
		name       string
		file       string
		requireIAM bool
		want       int
	}{
		{"direct call, IAM required", "post.json", true, http.StatusForbidden},
		{"direct preflight, IAM required", "preflight.json", true, http.StatusForbidden},
		{"through CloudFront, IAM required", "post-through-cloudfront.json", true, http.StatusOK},
		{"direct call, IAM not required (the local default)", "post.json", false, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := lambdaConfig(t)
			cfg.RequireIAM = tt.requireIAM
			m := &recorder{}
			var logs bytes.Buffer
			handle := FunctionURL(cfg, m, slog.New(slog.NewJSONHandler(&logs, nil)))
			res, err := handle(context.Background(), loadEvent(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tt.want {
				t.Fatalf("status %d, body %s; want %d", res.StatusCode, res.Body, tt.want)
			}
			if tt.want != http.StatusForbidden {
				return
			}
			if a := contacttest.DecodeAnswer(t, []byte(res.Body)); a.Error != "forbidden" {
				t.Errorf("answer %+v; want error forbidden", a)
			}
			if len(m.Sent()) != 0 {
				t.Error("a direct call was delivered")
			}
			for k := range res.Headers {
				if strings.HasPrefix(k, "Access-Control-") {
					t.Errorf("a refused direct call got %s", k)
				}
			}
			if !strings.Contains(logs.String(), `"outcome":"forbidden"`) {
				t.Errorf("log %s; want the refusal logged as forbidden", logs.String())
			}
		})
	}
}

func TestRequireIAMFromEnv(t *testing.T) {
	for v, want := range map[string]bool{"": false, "true": true, "1": true, "false": false} {
		cfg, err := contact.ConfigFromEnv(func(k string) string {
			if k == "CONTACT_REQUIRE_IAM" {
				return v
			}
			return ""
		})
		if err != nil || cfg.RequireIAM != want {
			t.Errorf("CONTACT_REQUIRE_IAM=%q: RequireIAM %v, %v; want %v", v, cfg.RequireIAM, err, want)
		}
	}
	if _, err := contact.ConfigFromEnv(func(k string) string {
		if k == "CONTACT_REQUIRE_IAM" {
			return "yes please"
		}
		return ""
	}); err == nil || !strings.Contains(err.Error(), "CONTACT_REQUIRE_IAM") {
		t.Errorf("CONTACT_REQUIRE_IAM=yes please: %v; want an error naming it", err)
	}
}

// Behind CloudFront every request comes from one of CloudFront's addresses
// (sourceIp), shared by every visitor of an edge location: the limit is kept
// per viewer, by the CloudFront-Viewer-Address that CloudFront writes, and
// only for events Lambda authenticated as CloudFront's.
func TestRateLimitPerViewerBehindCloudFront(t *testing.T) {
	base := loadEvent(t, "post-through-cloudfront.json")
	viewer := func(addr string, signed bool) events.LambdaFunctionURLRequest {
		ev := base
		ev.Headers = map[string]string{}
		for k, v := range base.Headers {
			ev.Headers[k] = v
		}
		if addr == "" {
			delete(ev.Headers, "cloudfront-viewer-address")
		} else {
			ev.Headers["cloudfront-viewer-address"] = addr
		}
		if !signed {
			ev.RequestContext.Authorizer = nil
		}
		return ev
	}
	tests := []struct {
		name       string
		requireIAM bool
		events     []events.LambdaFunctionURLRequest
		want       []int
	}{
		{"two viewers behind one edge each get their burst", true,
			[]events.LambdaFunctionURLRequest{viewer("198.51.100.23:51234", true), viewer("203.0.113.9:443", true), viewer("198.51.100.23:40000", true)},
			[]int{200, 200, 429}},
		{"IPv6 viewers by their /64, written without brackets", true,
			[]events.LambdaFunctionURLRequest{viewer("2001:db8:1:2::5:46532", true), viewer("2001:db8:1:3::5:46532", true), viewer("2001:db8:1:2::99:1", true)},
			[]int{200, 200, 429}},
		{"unsigned events (IAM not required) are limited by sourceIp, header or not", false,
			[]events.LambdaFunctionURLRequest{viewer("198.51.100.23:51234", false), viewer("203.0.113.9:443", false)},
			[]int{200, 429}},
		{"a malformed header falls back to sourceIp", true,
			[]events.LambdaFunctionURLRequest{viewer("not-an-address", true), viewer("", true)},
			[]int{200, 429}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := lambdaConfig(t)
			cfg.RatePerMinute, cfg.RateBurst, cfg.RequireIAM = 1, 1, tt.requireIAM
			h := FunctionURL(cfg, &recorder{}, nil)
			for i, ev := range tt.events {
				res, err := h(context.Background(), ev)
				if err != nil {
					t.Fatal(err)
				}
				if res.StatusCode != tt.want[i] {
					t.Errorf("request %d (%s): status %d; want %d", i, ev.Headers["cloudfront-viewer-address"], res.StatusCode, tt.want[i])
				}
			}
		})
	}
}

// The local server has no CDN in front: a client-written
// CloudFront-Viewer-Address must not buy it a fresh bucket.
func TestLocalServerIgnoresViewerAddressHeader(t *testing.T) {
	cfg := contacttest.Config(t, contact.ConfigFromEnv)
	cfg.RatePerMinute, cfg.RateBurst = 1, 1
	h := contact.New(cfg, &recorder{}, nil)
	body := contacttest.Encode(t, contacttest.Fields())
	for i, addr := range []string{"198.51.100.1:1", "198.51.100.2:1"} {
		w := contacttest.Call{Body: body, Header: map[string]string{"CloudFront-Viewer-Address": addr}}.Do(t, h)
		if want := []int{200, 429}[i]; w.Code != want {
			t.Errorf("request %d claiming viewer %s: status %d; want %d", i, addr, w.Code, want)
		}
	}
}
