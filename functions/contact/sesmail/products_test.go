package sesmail

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/functions/contact/contacttest"

	"github.com/vozia/site/functions/contact"
)

// Through the queue and the local SES API: the enquiry about a product with
// its own mailboxes reaches them, the other the function's inbox, and each
// mail says which product, page and campaign it came from.
func TestProductsReachTheirMailboxes(t *testing.T) {
	base := startSESLocal(t)
	isolateAWS(t, base)
	cfg := sesConfig(t)
	cfg.Enquiries = contacttest.Enquiries
	m, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	clk := &contacttest.Clock{T: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)}
	q := &queue{}
	h := contact.New(cfg, q, nil)
	for _, fields := range []map[string]any{
		contacttest.WithOrigin("utm_source", "news<letter>"), // refused: nothing reaches the queue
		contacttest.WithOrigin(),
		contacttest.WithOrigin("product", "voice-ai", "page", "/solutions/voice-ai", "utm_source", nil, "utm_medium", nil, "utm_campaign", nil, "utm_term", nil, "utm_content", nil),
	} {
		contacttest.Call{Body: contacttest.Encode(t, fields)}.Do(t, h)
	}
	d := &contact.Deliverer{Mailer: m, Ledger: contact.NewMemoryLedger(), Policy: contact.DefaultPolicy, Now: clk.Now}
	for _, msg := range q.receive() {
		if v := d.Deliver(context.Background(), contact.Offer{Body: msg, Attempt: 1}); !v.Done {
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
