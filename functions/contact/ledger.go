package contact

import (
	"context"
	"crypto/rand"
	"sync"
	"time"
)

// State is where an enquiry id stands in the Ledger.
type State string

// States of an id. Claim answers New, Unknown, Sent or Busy; Settle writes
// Sent, Failed or Unknown; a ledger stores Sending while a claim holds
// (package dynamoledger writes these names).
const (
	StateNew     State = "new"     // claimed; never sent, or refused by the mailer: send it
	StateUnknown State = "unknown" // claimed; an earlier send's outcome is unknown: confirm, then send
	StateSent    State = "sent"    // delivered: never send again
	StateBusy    State = "busy"    // another attempt holds a live claim
	StateFailed  State = "failed"  // settled: the mailer refused the last send
	StateSending State = "sending" // stored: a claim, until its lease ends
)

// Claim is the answer to Ledger.Claim.
type Claim struct {
	State State
	// Until is when another attempt's claim ends (StateBusy).
	Until time.Time
	// Token names this claim to Settle.
	Token string
}

// Ledger records, per enquiry id, whether its mail was sent: the
// idempotency record of delivery. Claim and Settle are conditional writes,
// so concurrent attempts on one id (a message the queue offered twice at
// once) cannot both send.
type Ledger interface {
	// Claim takes the id for one attempt, for lease from now, unless it
	// was sent or another attempt holds it.
	Claim(ctx context.Context, id string, now time.Time, lease time.Duration) (Claim, error)
	// Settle records how the attempt holding token ended: StateSent (for
	// good, whoever holds the id), StateFailed or StateUnknown (only while
	// the claim is still the attempt's own).
	Settle(ctx context.Context, id, token string, st State, now time.Time) error
}

// MemoryLedger is a Ledger in memory: the local one, and the tests'.
type MemoryLedger struct {
	mu      sync.Mutex
	entries map[string]ledgerEntry
}

type ledgerEntry struct {
	state State
	until time.Time
	token string
}

// NewMemoryLedger returns an empty ledger.
func NewMemoryLedger() *MemoryLedger { return &MemoryLedger{entries: map[string]ledgerEntry{}} }

func (l *MemoryLedger) Claim(_ context.Context, id string, now time.Time, lease time.Duration) (Claim, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, found := l.entries[id]
	prev := StateNew
	switch {
	case !found, e.state == StateFailed:
	case e.state == StateSent:
		return Claim{State: StateSent}, nil
	case e.state == StateSending && now.Before(e.until):
		return Claim{State: StateBusy, Until: e.until}, nil
	default: // unknown, or a claim whose attempt never settled it
		prev = StateUnknown
	}
	token := rand.Text()
	l.entries[id] = ledgerEntry{state: StateSending, until: now.Add(lease), token: token}
	return Claim{State: prev, Token: token}, nil
}

func (l *MemoryLedger) Settle(_ context.Context, id, token string, st State, _ time.Time) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.entries[id]
	if st != StateSent && (e.state != StateSending || e.token != token) {
		return nil // no longer this attempt's claim
	}
	l.entries[id] = ledgerEntry{state: st}
	return nil
}

// State reports what the ledger holds for id (tests).
func (l *MemoryLedger) State(id string) State {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.entries[id].state
}
