package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

func TestSetupNeedsSESQueueAndLedger(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none")
	t.Setenv("AWS_CONFIG_FILE", none)
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", none)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_REGION", "eu-west-1")
	full := map[string]string{
		"CONTACT_MAILER":       "ses",
		"CONTACT_SES_FROM":     "web@vozia.example",
		"CONTACT_SES_TO":       "sales@vozia.example",
		"CONTACT_QUEUE_URL":    "https://sqs.eu-west-1.amazonaws.com/111111111111/enquiries",
		"CONTACT_LEDGER_TABLE": "ledger",
	}
	without := func(key string) map[string]string {
		m := map[string]string{}
		for k, v := range full {
			if k != key {
				m[k] = v
			}
		}
		return m
	}
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"production settings", full, ""},
		{"outbox", without("CONTACT_MAILER"), `sends with "ses"`},
		{"no ledger", without("CONTACT_LEDGER_TABLE"), "CONTACT_LEDGER_TABLE"},
		{"no queue", without("CONTACT_QUEUE_URL"), "CONTACT_QUEUE_URL"},
		{"no sender", without("CONTACT_SES_FROM"), "CONTACT_SES_FROM"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := setup(context.Background(), func(k string) string { return tt.env[k] }, slog.New(slog.DiscardHandler))
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				// An unreadable message needs neither SES nor the ledger:
				// it goes back at once, to reach the dead-letter queue.
				res, err := h(context.Background(), events.SQSEvent{Records: []events.SQSMessage{{MessageId: "m", Body: "{}"}}})
				if err == nil || len(res.BatchItemFailures) != 1 {
					t.Errorf("unreadable message: %+v, %v; want a batch item failure and an error", res, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one mentioning %q", err, tt.want)
			}
		})
	}
}
