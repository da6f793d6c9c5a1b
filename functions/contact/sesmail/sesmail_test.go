package sesmail

import (
	"bytes"
	"context"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/cloudwatchlogs"

	"github.com/vozia/site/functions/contact/contacttest"
	"github.com/vozia/site/internal/testkit/emulator"

	"github.com/vozia/site/functions/contact"
)

// sesLocalCLI is the local SES v2 API that `make contact-deps` installs from
// functions/contact/testdata/ses-local/package-lock.json.
var sesLocalCLI = filepath.Join("..", "..", "..", filepath.FromSlash(emulator.SESLocalCLI))

// startSESLocal runs aws-ses-v2-local on a free loopback port until the test
// ends and returns its base URL.
func startSESLocal(t *testing.T) string {
	t.Helper()
	missing := func(what string, err error) {
		t.Helper()
		if testing.Short() {
			t.Skipf("%s (%v); skipped under -short", what, err)
		}
		t.Fatalf("%s (%v): run `make contact-deps` to install the local SES API the SES mailer is tested against", what, err)
	}
	if _, err := os.Stat(sesLocalCLI); err != nil {
		missing("aws-ses-v2-local is not installed", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed", err)
	}
	p, err := emulator.SESLocal(t.Context(), sesLocalCLI)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	return p.Base
}

// isolateAWS points the AWS SDK's SES client at endpoint, with dummy
// credentials (contacttest.IsolateAWS).
func isolateAWS(t *testing.T, endpoint string) {
	t.Helper()
	contacttest.IsolateAWS(t, map[string]string{"AWS_ENDPOINT_URL_SESV2": endpoint})
}

func sesConfig(t *testing.T) contact.Config {
	t.Helper()
	cfg := contacttest.Config(t, contact.ConfigFromEnv)
	cfg.Mailer = contact.MailerSES
	cfg.SESFrom = "Vozia website <web@vozia.example>"
	cfg.SESTo = []string{"sales@vozia.example"}
	return cfg
}

// storedMail is a mail as aws-ses-v2-local keeps it (GET /store).
type storedMail struct {
	MessageID   string   `json:"messageId"`
	From        string   `json:"from"`
	ReplyTo     []string `json:"replyTo"`
	Destination struct {
		To []string `json:"to"`
	} `json:"destination"`
	Subject string `json:"subject"`
	Body    struct {
		HTML string `json:"html"`
		Text string `json:"text"`
	} `json:"body"`
}

// The way of one enquiry as deployed, with the local SES v2 API standing in
// for SES: the form's post is answered "received" once the enquiry is on
// the queue; the delivery takes it off the queue and sends it through SES;
// the mail is in SES's store, and the ledger says sent.
func TestEnquiryThroughQueueAndSES(t *testing.T) {
	base := startSESLocal(t)
	isolateAWS(t, base)
	cfg := sesConfig(t)
	m, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	clk := &contacttest.Clock{T: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)}
	q := &queue{}

	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With(
		"name", "Ada <b>Lovelace</b>",
		"email", "ada@example.com",
		"message", "Hello <script>alert('x')</script> & goodbye\nSecond line",
	))}.Do(t, contact.New(cfg, q, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	a := contacttest.DecodeAnswer(t, w.Body.Bytes())
	if a.Status != "received" {
		t.Errorf("answer %+v; want status received", a)
	}
	id := a.ID
	if mails := sesStore(t, base); len(mails) != 0 {
		t.Fatalf("SES holds %d mails before delivery; the answer must not wait for SES", len(mails))
	}

	msgs := q.receive()
	if len(msgs) != 1 {
		t.Fatalf("%d messages on the queue; want the enquiry", len(msgs))
	}
	ledger := contact.NewMemoryLedger()
	d := &contact.Deliverer{Mailer: m, Ledger: ledger, Policy: contact.DefaultPolicy, Now: clk.Now}
	if v := d.Deliver(context.Background(), contact.Offer{Body: msgs[0], Attempt: 1}); !v.Done || v.EnquiryID != id {
		t.Fatalf("verdict %+v; want %s delivered", v, id)
	}
	if ledger.State(id) != contact.StateSent {
		t.Errorf("ledger says %q; want sent", ledger.State(id))
	}

	mails := sesStore(t, base)
	if len(mails) != 1 {
		t.Fatalf("local SES holds %d mails; want 1", len(mails))
	}
	got := mails[0]
	checks := []struct {
		what string
		ok   bool
	}{
		{"From is the verified sender", got.From == "Vozia website <web@vozia.example>"},
		{"To is the inbox", len(got.Destination.To) == 1 && got.Destination.To[0] == "sales@vozia.example"},
		{"Reply-To is the visitor", len(got.ReplyTo) == 1 && got.ReplyTo[0] == "ada@example.com"},
		{"subject names the visitor", got.Subject == "Website enquiry from Ada <b>Lovelace</b>"},
		{"HTML escapes the script", strings.Contains(got.Body.HTML, "Hello &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; goodbye")},
		{"HTML holds no live script", !strings.Contains(got.Body.HTML, "<script")},
		{"HTML escapes the name", strings.Contains(got.Body.HTML, "Ada &lt;b&gt;Lovelace&lt;/b&gt;") && !strings.Contains(got.Body.HTML, "<b>Lovelace")},
		{"HTML names the enquiry", strings.Contains(got.Body.HTML, id)},
		{"text keeps the message as typed, quoted", strings.Contains(got.Body.Text, "> Hello <script>alert('x')</script> & goodbye\n> Second line")},
		{"text names the enquiry", strings.Contains(got.Body.Text, id)},
		{"text gives the phone and size", strings.Contains(got.Body.Text, "+1 555 010 0199") && strings.Contains(got.Body.Text, "51-250")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: got %+v", c.what, got)
		}
	}
}

func sesStore(t *testing.T, base string) []storedMail {
	t.Helper()
	res, err := http.Get(base + "/store")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var store struct{ Emails []storedMail }
	if err := json.NewDecoder(res.Body).Decode(&store); err != nil {
		t.Fatal(err)
	}
	return store.Emails
}

// An SES failure is a retry, after one request (the SDK does not retry:
// the queue does), and the ledger knows whether SES answered no (failed:
// send again) or never answered (unknown: confirm first).
func TestSESFailuresAreRetriedByTheQueue(t *testing.T) {
	// release frees a handler made to hang; the server cannot close while
	// one runs.
	release := make(chan struct{})
	defer close(release)
	parent := t
	tests := []struct {
		name      string
		handler   http.HandlerFunc
		timeout   time.Duration
		wantLog   string
		wantState contact.State
	}{
		{
			name: "sender not verified",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-Amzn-ErrorType", "MessageRejected")
				w.WriteHeader(http.StatusBadRequest)
				// SES quotes addresses in its messages: the log must not.
				w.Write([]byte(`{"message":"Email address is not verified. The following identities failed the check in region EU-WEST-1: ada@example.com"}`))
			},
			timeout:   10 * time.Second,
			wantLog:   "aws api error MessageRejected",
			wantState: contact.StateFailed,
		},
		{
			name: "SES fails inside",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-Amzn-ErrorType", "InternalFailure")
				w.WriteHeader(http.StatusInternalServerError)
				w.Write([]byte(`{"message":"internal"}`))
			},
			timeout:   10 * time.Second,
			wantLog:   "aws api error InternalFailure",
			wantState: contact.StateFailed,
		},
		{
			name: "SES hangs",
			handler: func(w http.ResponseWriter, r *http.Request) {
				<-release
			},
			timeout:   300 * time.Millisecond,
			wantLog:   "deadline exceeded",
			wantState: contact.StateUnknown,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				tt.handler(w, r)
			}))
			// Closed after release, when the parent test has returned.
			parent.Cleanup(srv.Close)
			isolateAWS(t, srv.URL)
			cfg := sesConfig(t)
			m, err := New(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			var logs contacttest.LogBuffer
			ledger := contact.NewMemoryLedger()
			d := &contact.Deliverer{Mailer: m, Ledger: ledger, Policy: contact.DefaultPolicy, SendTimeout: tt.timeout, Log: logs.Logger()}
			e := contact.Enquiry{ID: "ENQ1", Received: time.Now(), Name: "Ada", Email: "ada@example.com", Phone: "+1 555 010 0199", CompanySize: "1-50", Message: "Hello there"}
			body, _ := contact.EncodeEnquiry(e)
			v := d.Deliver(context.Background(), contact.Offer{Body: body, Attempt: 2})
			if v.Done || v.Outcome != contact.OutcomeRetry || v.After != contact.DefaultPolicy.Backoff(2) {
				t.Errorf("verdict %+v; want a retry after %v", v, contact.DefaultPolicy.Backoff(2))
			}
			if n := calls.Load(); n != 1 {
				t.Errorf("SES called %d times; want once (the queue retries, not the SDK)", n)
			}
			if s := ledger.State(e.ID); s != tt.wantState {
				t.Errorf("ledger %q; want %q", s, tt.wantState)
			}
			out := logs.String()
			if !strings.Contains(out, tt.wantLog) || strings.Contains(out, "ada@example.com") || !strings.Contains(out, `"level":"ERROR"`) {
				t.Errorf("log %s; want an ERROR with %q and no address", out, tt.wantLog)
			}
		})
	}
}

func TestNewRefusesIncompleteSES(t *testing.T) {
	isolateAWS(t, "http://127.0.0.1:9")
	t.Setenv("AWS_REGION", "")
	tests := []struct {
		name string
		cfg  contact.Config
		want string
	}{
		{"no sender", contact.Config{Mailer: contact.MailerSES, SESTo: []string{"a@example.com"}, SESRegion: "eu-west-1"}, "CONTACT_SES_FROM"},
		{"no region", contact.Config{Mailer: contact.MailerSES, SESFrom: "a@example.com", SESTo: []string{"b@example.com"}}, "region"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(context.Background(), tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one mentioning %q", err, tt.want)
			}
		})
	}
	if _, err := New(context.Background(), contact.Config{Mailer: contact.MailerSES, SESFrom: "a@example.com", SESTo: []string{"b@example.com"}, SESRegion: "eu-west-1"}); err != nil {
		t.Errorf("complete SES config: %v", err)
	}
}

// With SES in another region, a timed-out send is still looked up in the
// stack's own send log, in the function's region.
func TestSendLogIsReadInTheFunctionsRegion(t *testing.T) {
	isolateAWS(t, "http://127.0.0.1:9")
	t.Setenv("AWS_REGION", "us-east-1")
	m, err := New(context.Background(), contact.Config{
		Mailer: contact.MailerSES, SESFrom: "a@example.com", SESTo: []string{"b@example.com"},
		SESRegion: "eu-west-1", SendLogGroup: "/aws/events/site-ses-sends",
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.client.Options().Region; got != "eu-west-1" {
		t.Errorf("SES client region %q; want eu-west-1", got)
	}
	logs, ok := m.sends.client.(*cloudwatchlogs.Client)
	if !ok {
		t.Fatalf("send log client %T", m.sends.client)
	}
	if got := logs.Options().Region; got != "us-east-1" {
		t.Errorf("send log read in %q; want the function's region us-east-1", got)
	}
}

// sesRaw is the mail aws-ses-v2-local stored as message id, as the raw
// RFC 5322 message a mail client reads (GET /get-emlContent).
func sesRaw(t *testing.T, base, id string) *mail.Message {
	t.Helper()
	res, err := http.Get(base + "/get-emlContent?messageId=" + url.QueryEscape(id))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var eml struct {
		Body struct {
			Data []byte `json:"data"`
		} `json:"body"`
	}
	if err := json.NewDecoder(res.Body).Decode(&eml); err != nil {
		t.Fatal(err)
	}
	m, err := mail.ReadMessage(bytes.NewReader(eml.Body.Data))
	if err != nil {
		t.Fatalf("stored mail does not parse: %v\n%s", err, eml.Body.Data)
	}
	return m
}

// Every field of the form, holding an RFC 2047 encoded word of a character
// the form refuses typed (a right-to-left override, a line break), either
// is refused naming that field, or reaches the mail where no header shows
// it: a mail client decodes encoded words in Subject, From and Reply-To,
// so each header of the raw mail SES stores is checked after decoding.
func TestEncodedWordsNeverReachAHeader(t *testing.T) {
	base := startSESLocal(t)
	isolateAWS(t, base)
	cfg := sesConfig(t)
	m, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rlo := "=?utf-8?b?4oCu?="                        // U+202E, base64
	crlf := "=?utf-8?q?x=0D=0ABcc:_e@evil.example?=" // a line break, quoted-printable
	upper := "=?UTF-8?Q?=E2=80=AE?="                 // U+202E, the other spelling
	tests := []struct {
		field, value string
		refused      bool
	}{
		{"name", "Ada " + rlo + "ecalevoL", true},
		{"name", "Ada " + crlf, true},
		{"name", "Ada " + upper + " Lovelace", true},
		{"name", "Ada =?utf-8?q?Lovelace?=", true}, // harmless decoded, yet the Subject would differ from what was typed
		{"email", "ada" + rlo + "@example.com", true},
		{"phone", "+1 555 010 0199 " + rlo, true}, // a phone holds digits, spaces and + - ( ) . / #
		{"companySize", rlo, true},
		{"message", "Please call me back " + rlo + " soon " + crlf, false},
	}
	for _, tt := range tests {
		t.Run(tt.field+" "+tt.value, func(t *testing.T) {
			q := &queue{}
			w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With(tt.field, tt.value))}.Do(t, contact.New(cfg, q, nil))
			a := contacttest.DecodeAnswer(t, w.Body.Bytes())
			if tt.refused {
				if w.Code < 400 || w.Code > 499 || a.Fields[tt.field] == "" {
					t.Fatalf("status %d, answer %+v; want 4xx naming the field %q", w.Code, a, tt.field)
				}
				return
			}
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, answer %+v; want 200 (the field is only in the body)", w.Code, a)
			}
			msgs := q.receive()
			if len(msgs) != 1 {
				t.Fatalf("%d messages on the queue", len(msgs))
			}
			d := &contact.Deliverer{Mailer: m, Ledger: contact.NewMemoryLedger(), Policy: contact.DefaultPolicy}
			if v := d.Deliver(context.Background(), contact.Offer{Body: msgs[0], Attempt: 1}); !v.Done {
				t.Fatalf("verdict %+v", v)
			}
			var stored *storedMail
			for _, s := range sesStore(t, base) {
				if strings.Contains(s.Body.Text, a.ID) {
					stored = &s
				}
			}
			if stored == nil {
				t.Fatalf("no mail for %s in the local SES", a.ID)
			}
			raw := sesRaw(t, base, stored.MessageID)
			dec := new(mime.WordDecoder)
			for _, h := range []string{"Subject", "From", "Reply-To", "To", "Cc", "Bcc"} {
				v, err := dec.DecodeHeader(raw.Header.Get(h))
				if err != nil {
					t.Errorf("%s %q does not decode: %v", h, raw.Header.Get(h), err)
				}
				if hasControl(v) {
					t.Errorf("%s decodes to %q: a control or bidirectional character reaches the header", h, v)
				}
			}
			if got := raw.Header.Get("Cc") + raw.Header.Get("Bcc"); got != "" {
				t.Errorf("the mail gained recipients: %q", got)
			}
			if subj, _ := dec.DecodeHeader(raw.Header.Get("Subject")); subj != "Website enquiry from Ada Lovelace" {
				t.Errorf("Subject %q; want the name as typed", subj)
			}
		})
	}
}
