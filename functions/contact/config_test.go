package contact

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/functions/contact/contacttest"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaultsAreSafeForLocalUse(t *testing.T) {
	cfg, err := ConfigFromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Mailer:           "outbox",
		OutboxPath:       "dist/outbox/enquiries.jsonl",
		AllowedOrigins:   []string{"http://127.0.0.1:8080", "http://localhost:8080"},
		RatePerMinute:    5,
		RateBurst:        3,
		SendTimeout:      10 * time.Second,
		RetentionDays:    30,
		DeliveryAttempts: 10,
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("defaults %+v\nwant     %+v", cfg, want)
	}
}

func TestConfigFromEnv(t *testing.T) {
	cfg, err := ConfigFromEnv(env(map[string]string{
		"CONTACT_MAILER":                " SES ",
		"CONTACT_OUTBOX":                "/var/lib/vozia/outbox.jsonl",
		"CONTACT_SES_FROM":              "Vozia website <web@vozia.example>",
		"CONTACT_SES_TO":                "sales@vozia.example, ,founders@vozia.example",
		"CONTACT_SES_REGION":            "eu-west-1",
		"CONTACT_ALLOWED_ORIGINS":       "https://www.vozia.example/, https://Vozia.example",
		"CONTACT_RATE_PER_MINUTE":       "2.5",
		"CONTACT_RATE_BURST":            "4",
		"CONTACT_SEND_TIMEOUT":          "3s",
		"CONTACT_LOG_KEY":               "k",
		"CONTACT_QUEUE_URL":             "https://sqs.eu-west-1.amazonaws.com/123456789012/enquiries",
		"CONTACT_LEDGER_TABLE":          "ledger",
		"CONTACT_RETENTION_DAYS":        "7",
		"CONTACT_DELIVERY_ATTEMPTS":     "4",
		"CONTACT_SES_CONFIGURATION_SET": "site",
		"CONTACT_SEND_LOG_GROUP":        "sends",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Mailer:              "ses",
		OutboxPath:          "/var/lib/vozia/outbox.jsonl",
		SESFrom:             "Vozia website <web@vozia.example>",
		SESTo:               []string{"sales@vozia.example", "founders@vozia.example"},
		SESRegion:           "eu-west-1",
		AllowedOrigins:      []string{"https://www.vozia.example", "https://vozia.example"},
		RatePerMinute:       2.5,
		RateBurst:           4,
		SendTimeout:         3 * time.Second,
		LogKey:              "k",
		QueueURL:            "https://sqs.eu-west-1.amazonaws.com/123456789012/enquiries",
		LedgerTable:         "ledger",
		RetentionDays:       7,
		DeliveryAttempts:    4,
		SESConfigurationSet: "site",
		SendLogGroup:        "sends",
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("config %+v\nwant   %+v", cfg, want)
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string // each in the error
	}{
		{"unknown mailer", map[string]string{"CONTACT_MAILER": "smtp"}, []string{`unknown mailer "smtp"`}},
		{"ses without sender or inbox", map[string]string{"CONTACT_MAILER": "ses"}, []string{"CONTACT_SES_FROM", "CONTACT_SES_TO"}},
		{"wildcard origin", map[string]string{"CONTACT_ALLOWED_ORIGINS": "*"}, []string{`allowed origin "*"`}},
		{"origin with a path", map[string]string{"CONTACT_ALLOWED_ORIGINS": "https://www.vozia.example/contact"}, []string{"allowed origin"}},
		{"origin without a scheme", map[string]string{"CONTACT_ALLOWED_ORIGINS": "www.vozia.example"}, []string{"allowed origin"}},
		{"rate not a number", map[string]string{"CONTACT_RATE_PER_MINUTE": "lots"}, []string{"CONTACT_RATE_PER_MINUTE"}},
		{"negative rate", map[string]string{"CONTACT_RATE_PER_MINUTE": "-1"}, []string{"CONTACT_RATE_PER_MINUTE"}},
		{"zero burst", map[string]string{"CONTACT_RATE_BURST": "0"}, []string{"CONTACT_RATE_BURST"}},
		{"timeout without a unit", map[string]string{"CONTACT_SEND_TIMEOUT": "10"}, []string{"CONTACT_SEND_TIMEOUT"}},
		{"every problem at once", map[string]string{"CONTACT_MAILER": "ses", "CONTACT_RATE_BURST": "x", "CONTACT_ALLOWED_ORIGINS": "ftp://x"},
			[]string{"CONTACT_SES_FROM", "CONTACT_SES_TO", "CONTACT_RATE_BURST", `"ftp://x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ConfigFromEnv(env(tt.env))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestRateLimitOffWithZero(t *testing.T) {
	cfg, err := ConfigFromEnv(env(map[string]string{"CONTACT_RATE_PER_MINUTE": "0"}))
	if err != nil {
		t.Fatal(err)
	}
	h := New(cfg, &recordingMailer{}, nil)
	body := contacttest.Encode(t, contacttest.Fields())
	for i := range 20 {
		if w := (contacttest.Call{Body: body}).Do(t, h); w.Code != 200 {
			t.Fatalf("request %d: status %d; want 200 with the limiter off", i, w.Code)
		}
	}
}

// The sender's display name is the mail's From as a client shows it: a
// control or bidirectional character in it, typed or as an RFC 2047
// encoded word, is refused at start-up like one in a visitor's name.
func TestConfigRefusesAHostileSender(t *testing.T) {
	for _, from := range []string{
		"Vozia =?utf-8?b?4oCu?=etisbew <web@vozia.example>",
		"\"Vozia \u202ewebsite\" <web@vozia.example>",
		"=?utf-8?q?Vozia=0D=0ABcc:_x@evil.example?= <web@vozia.example>",
		"not an address",
	} {
		_, err := ConfigFromEnv(env(map[string]string{"CONTACT_MAILER": "ses", "CONTACT_SES_FROM": from, "CONTACT_SES_TO": "sales@vozia.example"}))
		if err == nil || !strings.Contains(err.Error(), "CONTACT_SES_FROM") {
			t.Errorf("CONTACT_SES_FROM=%q: %v; want it refused", from, err)
		}
	}
	if _, err := ConfigFromEnv(env(map[string]string{"CONTACT_MAILER": "ses", "CONTACT_SES_FROM": "Vozia website <web@vozia.example>", "CONTACT_SES_TO": "sales@vozia.example"})); err != nil {
		t.Errorf("a plain sender: %v", err)
	}
}
