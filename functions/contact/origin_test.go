package contact

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/functions/contact/contacttest"
)

func TestEnquiryCarriesProductPageAndCampaign(t *testing.T) {
	cfg := contacttest.Config(t, ConfigFromEnv)
	cfg.Enquiries = contacttest.Enquiries
	o := &recordingMailer{}
	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.WithOrigin("utm_term", "  patient follow-up ", "utm_content", nil))}.Do(t, New(cfg, o, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	lines := o.Sent()
	if len(lines) != 1 {
		t.Fatalf("the store holds %d enquiries; want 1", len(lines))
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
	w = contacttest.Call{Body: contacttest.Encode(t, contacttest.With())}.Do(t, New(cfg, o, nil))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
	}
	if e := o.Sent()[1]; e.Product != "" || e.Page != "" || len(e.Campaign()) != 0 {
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
		{"a known product", contacttest.WithOrigin("product", "voice-ai"), nil},
		{"no product", contacttest.WithOrigin("product", ""), nil},
		{"an unknown product", contacttest.WithOrigin("product", "pulse"), map[string]string{"product": msgProduct}},
		{"a product's label, not its id", contacttest.WithOrigin("product", "Health Companion"), map[string]string{"product": msgProduct}},
		{"a product in other case", contacttest.WithOrigin("product", "Voice-AI"), map[string]string{"product": msgProduct}},

		{"the home page", contacttest.WithOrigin("page", "/"), nil},
		{"a page with an escape", contacttest.WithOrigin("page", "/insights/caf%C3%A9"), nil},
		{"a page of 300 bytes", contacttest.WithOrigin("page", "/"+long("a", 299)), nil},
		{"a page of 301 bytes", contacttest.WithOrigin("page", "/"+long("a", 300)), map[string]string{"page": msgPage}},
		{"a page on another host", contacttest.WithOrigin("page", "//evil.example/x"), map[string]string{"page": msgPage}},
		{"an absolute URL", contacttest.WithOrigin("page", "https://evil.example/"), map[string]string{"page": msgPage}},
		{"a page with a query", contacttest.WithOrigin("page", "/demo?x=1"), map[string]string{"page": msgPage}},
		{"a page with a line break", contacttest.WithOrigin("page", "/demo\nBcc: eve@example.com"), map[string]string{"page": msgPage}},
		{"a page with markup", contacttest.WithOrigin("page", "/<script>"), map[string]string{"page": msgPage}},

		{"a campaign of 100 characters", contacttest.WithOrigin("utm_campaign", long("é", 100)), nil},
		{"a campaign of 101 characters", contacttest.WithOrigin("utm_campaign", long("é", 101)), map[string]string{"utm_campaign": msgCampaign}},
		{"a campaign in another script", contacttest.WithOrigin("utm_campaign", "primavera 2026 日本"), nil},
		{"a source with markup", contacttest.WithOrigin("utm_source", "<b>x</b>"), map[string]string{"utm_source": msgCampaign}},
		{"a medium with a line break", contacttest.WithOrigin("utm_medium", "email\nBcc"), map[string]string{"utm_medium": msgCampaign}},
		{"a term that reads backwards", contacttest.WithOrigin("utm_term", "ad\u202eevil"), map[string]string{"utm_term": msgCampaign}},
		{"a content with a quote", contacttest.WithOrigin("utm_content", `a"b`), map[string]string{"utm_content": msgCampaign}},
		{"every origin field wrong", contacttest.WithOrigin("product", "x", "page", "x", "utm_source", "<", "utm_medium", "<", "utm_campaign", "<", "utm_term", "<", "utm_content", "<"),
			map[string]string{"product": msgProduct, "page": msgPage, "utm_source": msgCampaign, "utm_medium": msgCampaign,
				"utm_campaign": msgCampaign, "utm_term": msgCampaign, "utm_content": msgCampaign}},
	}
	cfg := contacttest.Config(t, ConfigFromEnv)
	cfg.Enquiries = contacttest.Enquiries
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &recordingMailer{}
			w := contacttest.Call{Body: contacttest.Encode(t, tt.fields)}.Do(t, New(cfg, m, nil))
			if tt.want == nil {
				if w.Code != http.StatusOK {
					t.Fatalf("status %d, body %s; want 200", w.Code, w.Body)
				}
				return
			}
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, body %s; want 400", w.Code, w.Body)
			}
			if a := contacttest.DecodeAnswer(t, w.Body.Bytes()); a.Error != "validation" || !mapsEqual(a.Fields, tt.want) {
				t.Errorf("answer %+v; want validation of %v", a, tt.want)
			}
			if len(m.Sent()) != 0 {
				t.Error("an invalid enquiry was stored")
			}
		})
	}

	// A campaign parameter the form does not send is not a field.
	w := contacttest.Call{Body: contacttest.Encode(t, contacttest.WithOrigin("utm_id", "42"))}.Do(t, New(cfg, &recordingMailer{}, nil))
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
	h := New(contacttest.Config(t, ConfigFromEnv), &recordingMailer{}, nil)
	post := func() int {
		return contacttest.Call{Body: contacttest.Encode(t, contacttest.WithOrigin("product", "voice-ai"))}.Do(t, h).Code
	}
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
	if !slices.Equal(cfg.Enquiries.Products, contacttest.Enquiries.Products) || !slices.Equal(cfg.Enquiries.Mailboxes["health-companion"], contacttest.Enquiries.Mailboxes["health-companion"]) {
		t.Errorf("enquiries %+v; want %+v", cfg.Enquiries, contacttest.Enquiries)
	}
	env["CONTACT_ENQUIRIES"] = `{"products":["pulse"],"mailboxes":{"pulse":["not an address"]}}`
	if _, err := ConfigFromEnv(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "CONTACT_ENQUIRIES") || !strings.Contains(err.Error(), `"not an address"`) {
		t.Errorf("a bad mailbox: error %v; want one naming CONTACT_ENQUIRIES and the mailbox", err)
	}
}
