package contact

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/internal/contactform"
)

// The site's products, as the build hands them to the function.
var testEnquiries = contactform.Enquiries{
	Products:  []string{"voice-ai", "health-companion"},
	Mailboxes: map[string][]string{"health-companion": {"health@vozia.example", "clinical@vozia.example"}},
}

// withOrigin is a valid submission that says where it came from.
func withOrigin(kv ...any) map[string]any {
	return with(append([]any{
		"product", "health-companion",
		"page", "/solutions/health-companion",
		"utm_source", "newsletter",
		"utm_medium", "email",
		"utm_campaign", "spring trial 2026",
		"utm_term", "patient follow-up",
		"utm_content", "hero-button",
	}, kv...)...)
}

func TestEnquiryCarriesProductPageAndCampaign(t *testing.T) {
	cfg := testConfig(t)
	cfg.Enquiries = testEnquiries
	outbox := filepath.Join(t.TempDir(), "enquiries.jsonl")
	o, err := OpenOutbox(outbox)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	w := call{body: encode(t, withOrigin("utm_term", "  patient follow-up ", "utm_content", nil))}.do(t, New(cfg, o, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	lines := readOutbox(t, outbox)
	if len(lines) != 1 {
		t.Fatalf("outbox holds %d enquiries; want 1", len(lines))
	}
	got := lines[0]
	want := Enquiry{ID: got.ID, Received: got.Received, Name: "Ada Lovelace", Email: "ada@example.com",
		Phone: "+1 555 010 0199", CompanySize: "51-250", Message: "We would like a demo of Pulse for our clinics.",
		Product: "health-companion", Page: "/solutions/health-companion",
		UTMSource: "newsletter", UTMMedium: "email", UTMCampaign: "spring trial 2026", UTMTerm: "patient follow-up"}
	if got != want {
		t.Errorf("stored %+v\nwant   %+v", got, want)
	}

	// An enquiry that says nothing of its origin is stored without those
	// fields at all (a client that does not send them: curl, an old page).
	w = call{body: encode(t, with())}.do(t, New(cfg, o, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	if e := readOutbox(t, outbox)[1]; e.Product != "" || e.Page != "" || len(e.Campaign()) != 0 {
		t.Errorf("stored %+v; want no product, page or campaign", e)
	}
}

func TestOriginValidation(t *testing.T) {
	long := strings.Repeat
	tests := []struct {
		name   string
		fields map[string]any
		want   map[string]string // nil: accepted
	}{
		{"a known product", withOrigin("product", "voice-ai"), nil},
		{"no product", withOrigin("product", ""), nil},
		{"an unknown product", withOrigin("product", "pulse"), map[string]string{"product": msgProduct}},
		{"a product's label, not its id", withOrigin("product", "Health Companion"), map[string]string{"product": msgProduct}},
		{"a product in other case", withOrigin("product", "Voice-AI"), map[string]string{"product": msgProduct}},

		{"the home page", withOrigin("page", "/"), nil},
		{"a page with an escape", withOrigin("page", "/insights/caf%C3%A9"), nil},
		{"a page of 300 bytes", withOrigin("page", "/"+long("a", 299)), nil},
		{"a page of 301 bytes", withOrigin("page", "/"+long("a", 300)), map[string]string{"page": msgPage}},
		{"a page on another host", withOrigin("page", "//evil.example/x"), map[string]string{"page": msgPage}},
		{"an absolute URL", withOrigin("page", "https://evil.example/"), map[string]string{"page": msgPage}},
		{"a page with a query", withOrigin("page", "/demo?x=1"), map[string]string{"page": msgPage}},
		{"a page with a line break", withOrigin("page", "/demo\nBcc: eve@example.com"), map[string]string{"page": msgPage}},
		{"a page with markup", withOrigin("page", "/<script>"), map[string]string{"page": msgPage}},

		{"a campaign of 100 characters", withOrigin("utm_campaign", long("é", 100)), nil},
		{"a campaign of 101 characters", withOrigin("utm_campaign", long("é", 101)), map[string]string{"utm_campaign": msgCampaign}},
		{"a campaign in another script", withOrigin("utm_campaign", "primavera 2026 日本"), nil},
		{"a source with markup", withOrigin("utm_source", "<b>x</b>"), map[string]string{"utm_source": msgCampaign}},
		{"a medium with a line break", withOrigin("utm_medium", "email\nBcc"), map[string]string{"utm_medium": msgCampaign}},
		{"a term that reads backwards", withOrigin("utm_term", "ad\u202eevil"), map[string]string{"utm_term": msgCampaign}},
		{"a content with a quote", withOrigin("utm_content", `a"b`), map[string]string{"utm_content": msgCampaign}},
		{"every origin field wrong", withOrigin("product", "x", "page", "x", "utm_source", "<", "utm_medium", "<", "utm_campaign", "<", "utm_term", "<", "utm_content", "<"),
			map[string]string{"product": msgProduct, "page": msgPage, "utm_source": msgCampaign, "utm_medium": msgCampaign,
				"utm_campaign": msgCampaign, "utm_term": msgCampaign, "utm_content": msgCampaign}},
	}
	cfg := testConfig(t)
	cfg.Enquiries = testEnquiries
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			w := call{body: encode(t, tt.fields)}.do(t, New(cfg, m, nil))
			if tt.want == nil {
				if w.Code != http.StatusOK {
					t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
				}
				return
			}
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, body %s; want 400", w.Code, w.Body)
			}
			if a := decodeAnswer(t, w.Body.Bytes()); a.Error != "validation" || !mapsEqual(a.Fields, tt.want) {
				t.Errorf("answer %+v; want validation of %v", a, tt.want)
			}
			if len(m.Sent()) != 0 {
				t.Error("an invalid enquiry was stored")
			}
		})
	}

	// A campaign parameter the form does not send is not a field.
	w := call{body: encode(t, withOrigin("utm_id", "42"))}.do(t, New(cfg, &recordingMailer{}, nil))
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), `unknown field \"utm_id\"`) {
		t.Errorf("utm_id: status %d, body %s; want 400 naming the unknown field", w.Code, w.Body)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A local server learns the products of the site it serves, and of each
// new build of it.
func TestLocalServerTakesTheSitesProducts(t *testing.T) {
	h := New(testConfig(t), &recordingMailer{}, nil)
	post := func() int { return call{body: encode(t, withOrigin("product", "voice-ai"))}.do(t, h).Code }
	if got := post(); got != http.StatusBadRequest {
		t.Fatalf("a product before the site named any: status %d; want 400", got)
	}
	if err := h.SetEnquiries([]byte(`{"products":["voice-ai"]}`)); err != nil {
		t.Fatal(err)
	}
	if got := post(); got != http.StatusOK {
		t.Fatalf("a product the site names: status %d; want 200", got)
	}
	for _, bad := range []string{`{"products":["Voice AI"]}`, `{"products":["a"],"mailboxes":{"a":["Sales <s@x.example>"]}}`, `{"products":[],"extra":1}`, `{"products":["a"],"mailboxes":{"b":["s@x.example"]}}`} {
		if err := h.SetEnquiries([]byte(bad)); err == nil {
			t.Errorf("SetEnquiries(%s) succeeded; want an error", bad)
		}
	}
	if got := post(); got != http.StatusOK {
		t.Fatalf("after refused settings: status %d; want the last good ones kept", got)
	}
}

func TestConfigReadsEnquiries(t *testing.T) {
	env := map[string]string{"CONTACT_ENQUIRIES": `{"products":["voice-ai","health-companion"],"mailboxes":{"health-companion":["health@vozia.example","clinical@vozia.example"]}}`}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Enquiries.Products, testEnquiries.Products) || !slices.Equal(cfg.Enquiries.Mailboxes["health-companion"], testEnquiries.Mailboxes["health-companion"]) {
		t.Errorf("enquiries %+v; want %+v", cfg.Enquiries, testEnquiries)
	}
	env["CONTACT_ENQUIRIES"] = `{"products":["pulse"],"mailboxes":{"pulse":["not an address"]}}`
	if _, err := ConfigFromEnv(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "CONTACT_ENQUIRIES") || !strings.Contains(err.Error(), `"not an address"`) {
		t.Errorf("a bad mailbox: error %v; want one naming CONTACT_ENQUIRIES and the mailbox", err)
	}
}

// Through the queue and the local SES API: the enquiry about a product with
// its own mailboxes reaches them, the other the function's inbox, and each
// mail says which product, page and campaign it came from.
func TestProductsReachTheirMailboxes(t *testing.T) {
	base := startSESLocal(t)
	isolateAWS(t, base)
	cfg := sesConfig(t)
	cfg.Enquiries = testEnquiries
	m, err := NewMailer(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)}
	q := &memQueue{now: clk.Now, maxReceives: DefaultPolicy.MaxAttempts, visibility: 3 * time.Minute}
	h := New(cfg, q, nil)
	for _, fields := range []map[string]any{
		withOrigin("utm_source", "news<letter>"), // refused: nothing reaches the queue
		withOrigin(),
		withOrigin("product", "voice-ai", "page", "/solutions/voice-ai", "utm_source", nil, "utm_medium", nil, "utm_campaign", nil, "utm_term", nil, "utm_content", nil),
	} {
		call{body: encode(t, fields)}.do(t, h)
	}
	d := &Deliverer{Mailer: m, Ledger: NewMemoryLedger(), Policy: DefaultPolicy, Now: clk.Now}
	for _, msg := range q.receive() {
		if v := d.Deliver(context.Background(), Message{Body: msg.body, Attempt: msg.receives}); !v.Done {
			t.Fatalf("verdict %+v; want delivered", v)
		}
	}
	mails := sesStore(t, base)
	if len(mails) != 2 {
		t.Fatalf("local SES holds %d mails; want 2", len(mails))
	}
	slices.SortFunc(mails, func(a, b storedMail) int { return strings.Compare(a.Destination.To[0], b.Destination.To[0]) })
	health, voice := mails[0], mails[1]
	if !slices.Equal(health.Destination.To, []string{"health@vozia.example", "clinical@vozia.example"}) {
		t.Errorf("the Health Companion enquiry went to %q; want its mailboxes", health.Destination.To)
	}
	if !slices.Equal(voice.Destination.To, []string{"sales@vozia.example"}) {
		t.Errorf("the Voice AI enquiry went to %q; want the function's inbox", voice.Destination.To)
	}
	for _, want := range []string{"Product:      health-companion\n", "Sent from:    /solutions/health-companion\n",
		"utm_source:   newsletter\n", "utm_campaign: spring trial 2026\n", "utm_content:  hero-button\n"} {
		if !strings.Contains(health.Body.Text, want) {
			t.Errorf("text body lacks %q:\n%s", want, health.Body.Text)
		}
	}
	for _, want := range []string{"<th align=\"left\">Product</th><td>health-companion</td>", "<td>/solutions/health-companion</td>",
		"<th align=\"left\">utm_term</th><td>patient follow-up</td>"} {
		if !strings.Contains(health.Body.HTML, want) {
			t.Errorf("HTML body lacks %q:\n%s", want, health.Body.HTML)
		}
	}
	if strings.Contains(voice.Body.Text, "utm_") || !strings.Contains(voice.Body.Text, "Product:      voice-ai\n") {
		t.Errorf("the Voice AI mail should name its product and no campaign:\n%s", voice.Body.Text)
	}
}
