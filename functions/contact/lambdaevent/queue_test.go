package lambdaevent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/vozia/site/functions/contact"
)

// hider records the waits the delivery function sets.
type hider struct{ waits []time.Duration }

func (h *hider) Hide(_ context.Context, _ string, d time.Duration) error {
	h.waits = append(h.waits, d)
	return nil
}

// failFor sends every enquiry but the one with id, whose send fails.
type failFor struct {
	recorder
	id string
}

func (f *failFor) Send(ctx context.Context, e contact.Enquiry) error {
	if e.ID == f.id {
		return errors.New("mail relay unreachable")
	}
	return f.recorder.Put(ctx, e)
}

func TestQueueHandlerSetsTheBackoffAndReportsFailures(t *testing.T) {
	good, _ := contact.EncodeEnquiry(contact.Enquiry{ID: "GOOD", Name: "A"})
	bad, _ := contact.EncodeEnquiry(contact.Enquiry{ID: "BAD", Name: "B"})
	m := &failFor{id: "BAD"}
	var v hider
	h := Queue(&contact.Deliverer{Mailer: m, Ledger: contact.NewMemoryLedger(), Policy: contact.DefaultPolicy}, &v)
	res, err := h(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "m1", Body: string(good), Attributes: map[string]string{"ApproximateReceiveCount": "1"}},
		{MessageId: "m2", Body: string(bad), Attributes: map[string]string{"ApproximateReceiveCount": "3"}},
	}})
	if err == nil {
		t.Error("no error for a failed delivery: Lambda's Errors metric (and its alarm) would not see it")
	}
	if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "m2" {
		t.Errorf("batch item failures %+v; want m2 alone", res.BatchItemFailures)
	}
	if !slices.Equal(v.waits, []time.Duration{contact.DefaultPolicy.Backoff(3)}) {
		t.Errorf("visibility waits %v; want the third attempt's backoff, %v", v.waits, contact.DefaultPolicy.Backoff(3))
	}
	if sent := m.Sent(); len(sent) != 1 || sent[0].ID != "GOOD" {
		t.Errorf("sent %+v; want GOOD", sent)
	}
}

// A message no one can read, which SQS dated past the retention (a dead
// letter redriven once too often), is deleted, not kept circling.
func TestQueueHandlerDatesUnreadableMessagesBySentTimestamp(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	var v hider
	h := Queue(&contact.Deliverer{Mailer: &failFor{}, Ledger: contact.NewMemoryLedger(), Policy: contact.DefaultPolicy,
		MaxAge: 30 * 24 * time.Hour, Now: func() time.Time { return now }}, &v)
	sent := func(d time.Duration) map[string]string {
		return map[string]string{"ApproximateReceiveCount": "1", "SentTimestamp": fmt.Sprint(now.Add(-d).UnixMilli())}
	}
	res, _ := h(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
		{MessageId: "old", Body: "not json", Attributes: sent(40 * 24 * time.Hour)},
		{MessageId: "new", Body: "not json", Attributes: sent(time.Hour)},
	}})
	if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "new" {
		t.Errorf("batch item failures %+v; want the recent one alone (to the dead letters), the old one deleted", res.BatchItemFailures)
	}
}
