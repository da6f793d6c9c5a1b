package lambdaevent

import (
	"context"
	"sync"
	"testing"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/contacttest"
)

// testConfig is the local default with the rate limit off
// (contacttest.Settings).
func testConfig(t testing.TB) contact.Config {
	t.Helper()
	cfg, err := contact.ConfigFromEnv(contacttest.Getenv(contacttest.Settings))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

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
