package sesmail

import (
	"context"
	"strings"
	"sync"
	"unicode"

	"github.com/vozia/site/functions/contact"
)

// queue is the handler's store in these tests: the delivery queue's
// messages, each the enquiry as contact.EncodeEnquiry writes it.
type queue struct {
	mu   sync.Mutex
	msgs [][]byte
}

func (q *queue) Put(_ context.Context, e contact.Enquiry) error {
	body, err := contact.EncodeEnquiry(e)
	if err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.msgs = append(q.msgs, body)
	return nil
}

// receive takes every message off the queue.
func (q *queue) receive() [][]byte {
	q.mu.Lock()
	defer q.mu.Unlock()
	msgs := q.msgs
	q.msgs = nil
	return msgs
}

// hasControl reports a character a header must not show: a control
// character, or a bidirectional embedding, override or isolate.
func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) })
}
