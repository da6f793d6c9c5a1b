package lambdaevent

import (
	"context"
	"sync"

	"github.com/vozia/site/functions/contact"
)

// recorder is the function's store in these tests: it keeps what it is
// given.
type recorder struct {
	mu   sync.Mutex
	sent []contact.Enquiry
}

func (r *recorder) Put(_ context.Context, e contact.Enquiry) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, e)
	return nil
}

func (r *recorder) Sent() []contact.Enquiry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]contact.Enquiry(nil), r.sent...)
}
