package contact

import (
	"context"
	"errors"
	"sync"
)

// recordingMailer remembers what it was asked to send, or fails with err.
type recordingMailer struct {
	mu   sync.Mutex
	sent []Enquiry
	err  error
}

func (m *recordingMailer) Send(_ context.Context, e Enquiry) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	m.sent = append(m.sent, e)
	return nil
}

// Put makes the mailer the handler's store, as the outbox is locally.
func (m *recordingMailer) Put(ctx context.Context, e Enquiry) error { return m.Send(ctx, e) }

func (m *recordingMailer) Sent() []Enquiry {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Enquiry(nil), m.sent...)
}

var errMailerDown = errors.New("mail relay unreachable")
