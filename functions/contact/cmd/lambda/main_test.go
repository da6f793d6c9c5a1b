package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func TestSetupRefusesLocalOnlyConfigurations(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none")
	t.Setenv("AWS_CONFIG_FILE", none)
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", none)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_REGION", "eu-west-1")
	ses := map[string]string{
		"CONTACT_QUEUE_URL":       "https://sqs.eu-west-1.amazonaws.com/111111111111/enquiries",
		"CONTACT_ALLOWED_ORIGINS": "https://www.vozia.example",
	}
	without := func(key string, extra ...string) map[string]string {
		m := map[string]string{}
		for k, v := range ses {
			if k != key {
				m[k] = v
			}
		}
		for i := 0; i < len(extra); i += 2 {
			m[extra[i]] = extra[i+1]
		}
		return m
	}
	tests := []struct {
		name string
		env  map[string]string
		want string // in the error; "" for success
	}{
		{"production settings", ses, ""},
		{"no queue: an outbox on scratch disk", without("CONTACT_QUEUE_URL"), "CONTACT_QUEUE_URL is not set"},
		{"no origin", without("CONTACT_ALLOWED_ORIGINS"), "CONTACT_ALLOWED_ORIGINS is not set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := setup(context.Background(), func(k string) string { return tt.env[k] }, slog.New(slog.DiscardHandler))
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				// A preflight needs no delivery: it shows the handler is
				// wired, and that it answers only what Lambda authenticated
				// with IAM (CloudFront's signed requests).
				preflight := func(iam bool) events.LambdaFunctionURLResponse {
					ev := events.LambdaFunctionURLRequest{
						Headers: map[string]string{"origin": "https://www.vozia.example", "access-control-request-method": "POST"},
						RequestContext: events.LambdaFunctionURLRequestContext{
							HTTP: events.LambdaFunctionURLRequestContextHTTPDescription{Method: "OPTIONS", SourceIP: "198.51.100.1"},
						},
					}
					if iam {
						ev.RequestContext.Authorizer = &events.LambdaFunctionURLRequestContextAuthorizerDescription{
							IAM: &events.LambdaFunctionURLRequestContextAuthorizerIAMDescription{AccountID: "111111111111"},
						}
					}
					res, err := h(context.Background(), ev)
					if err != nil {
						t.Fatal(err)
					}
					return res
				}
				if res := preflight(true); res.StatusCode != 204 || res.Headers["Access-Control-Allow-Origin"] != "https://www.vozia.example" {
					t.Errorf("signed preflight: %+v; want 204 granting the site", res)
				}
				if res := preflight(false); res.StatusCode != 403 {
					t.Errorf("direct preflight: %+v; want 403 (IAM is required unless CONTACT_REQUIRE_IAM=false)", res)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one mentioning %q", err, tt.want)
			}
		})
	}
}
