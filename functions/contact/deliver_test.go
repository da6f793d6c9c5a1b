package contact

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vozia/site/functions/contact/contacttest"
)

// memQueue behaves as the deployed SQS queue does for delivery: a message
// offered is invisible for its visibility timeout (or the wait a failed
// attempt set), comes back until it is deleted, and once it has been
// offered maxReceives times, the next receive moves it to the dead-letter
// store instead (SQS's redrive policy). It is the handler's Store, as the
// queue is deployed.
type memQueue struct {
	mu          sync.Mutex
	now         func() time.Time
	maxReceives int
	visibility  time.Duration
	live        []*queued
	dead        []*queued
}

type queued struct {
	body      []byte
	receives  int
	visibleAt time.Time
	deadAt    time.Time // when the redrive policy moved it
}

func (q *memQueue) Put(_ context.Context, e Enquiry) error {
	body, err := EncodeEnquiry(e)
	if err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.live = append(q.live, &queued{body: body, visibleAt: q.now()})
	return nil
}

// receive offers every visible message, redriving the exhausted ones.
func (q *memQueue) receive() []*queued {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := q.now()
	var out []*queued
	keep := q.live[:0]
	for _, m := range q.live {
		switch {
		case now.Before(m.visibleAt):
			keep = append(keep, m)
		case m.receives >= q.maxReceives:
			m.deadAt = now
			q.dead = append(q.dead, m)
		default:
			m.receives++
			m.visibleAt = now.Add(q.visibility)
			out = append(out, m)
			keep = append(keep, m)
		}
	}
	q.live = keep
	return out
}

// settle applies a verdict: deleted when done, else visible again after
// the verdict's wait. lostDelete keeps a done message, as when SQS offers a
// message again after its deletion failed: at-least-once delivery.
func (q *memQueue) settle(m *queued, v Verdict, lostDelete bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if v.Done && !lostDelete {
		q.live = slices.DeleteFunc(q.live, func(x *queued) bool { return x == m })
		return
	}
	if !v.Done {
		m.visibleAt = q.now().Add(v.After)
	}
}

// copyOf queues a second copy of m, offered at once: SQS may hand one
// message to two consumers at the same time.
func (q *memQueue) copyOf(m *queued) *queued {
	q.mu.Lock()
	defer q.mu.Unlock()
	c := &queued{body: m.body, receives: 1, visibleAt: q.now().Add(q.visibility)}
	q.live = append(q.live, c)
	return c
}

// redrive moves the dead letters back, as `make redrive` does.
func (q *memQueue) redrive() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := len(q.dead)
	for _, m := range q.dead {
		q.live = append(q.live, &queued{body: m.body, visibleAt: q.now()})
	}
	q.dead = nil
	return n
}

func (q *memQueue) counts() (live, dead int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.live), len(q.dead)
}

func (q *memQueue) deadIDs(t *testing.T) []string {
	t.Helper()
	ids, _ := q.deadLetters(t)
	return ids
}

// deadLetters are the ids in the dead-letter store, and when each arrived.
func (q *memQueue) deadLetters(t *testing.T) ([]string, []time.Time) {
	t.Helper()
	q.mu.Lock()
	defer q.mu.Unlock()
	var ids []string
	var at []time.Time
	for _, m := range q.dead {
		e, err := DecodeEnquiry(m.body)
		if err != nil {
			t.Fatalf("dead letter %q: %v", m.body, err)
		}
		ids = append(ids, e.ID)
		at = append(at, m.deadAt)
	}
	return ids, at
}

// standIn is the mailer of the tests: it delivers to its mailbox unless its schedule says otherwise at the clock's time. Like SES
// with its send log, it can say afterwards whether it accepted a mail.
type standIn struct {
	box      *mailbox
	now      func() time.Time
	schedule func(e Enquiry, now time.Time, firstAccept bool) behaviour

	mu       sync.Mutex
	accepted map[string]bool
}

type behaviour int

const (
	accept            behaviour = iota
	refuse                      // answers "not accepted" (throttled, rejected)
	hang                        // no answer; nothing sent
	acceptThenTimeout           // accepted and delivered, but the answer is lost
)

var errRefused = &ErrNotSent{errors.New("stand-in: throttled")}

func (s *standIn) Send(ctx context.Context, e Enquiry) error {
	s.mu.Lock()
	first := !s.accepted[e.ID]
	s.mu.Unlock()
	switch s.schedule(e, s.now(), first) {
	case refuse:
		return errRefused
	case hang:
		return context.DeadlineExceeded
	case acceptThenTimeout:
		if err := s.deliver(ctx, e); err != nil {
			return err
		}
		return context.DeadlineExceeded
	}
	return s.deliver(ctx, e)
}

func (s *standIn) deliver(ctx context.Context, e Enquiry) error {
	if err := s.box.Send(ctx, e); err != nil {
		return err
	}
	s.mu.Lock()
	s.accepted[e.ID] = true
	s.mu.Unlock()
	return nil
}

func (s *standIn) Accepted(_ context.Context, e Enquiry) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted[e.ID], nil
}

// mailbox is the stand-in's inbox: how many mails each enquiry id got.
type mailbox struct {
	mu sync.Mutex
	n  map[string]int
}

func (b *mailbox) Send(_ context.Context, e Enquiry) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n == nil {
		b.n = map[string]int{}
	}
	b.n[e.ID]++
	return nil
}

// counts are the mails per enquiry id so far.
func (b *mailbox) counts() map[string]int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.n)
}

func hashOf(s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(s))
	return h.Sum32()
}

// TestThousandEnquiriesThroughAnOutage posts 1,000 enquiries over a
// simulated 16 hours while the mailer fails for the first 8, in bursts
// (down 75 minutes, up 15, again and again), hangs now and then, and
// times out after accepting a mail for one enquiry in seven throughout.
// The queue also offers some messages twice, and some to two consumers at
// once. After the outage every enquiry is in the mailbox exactly once or in
// the dead-letter store with its id, none lost; after a redrive, every one
// is in the mailbox exactly once.
func TestThousandEnquiriesThroughAnOutage(t *testing.T) {
	const (
		enquiries = 1000
		run       = 16 * time.Hour
		tick      = 10 * time.Second
	)
	clk := &contacttest.Clock{T: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)} // a Friday evening
	start := clk.Now()
	policy := DefaultPolicy
	q := &memQueue{now: clk.Now, maxReceives: policy.MaxAttempts, visibility: 3 * time.Minute}

	box := &mailbox{}
	mailer := &standIn{box: box, now: clk.Now, accepted: map[string]bool{}}
	mailer.schedule = func(e Enquiry, now time.Time, first bool) behaviour {
		h := hashOf(e.ID + now.String())
		if now.Sub(start) < run/2 {
			if now.Sub(start)%(90*time.Minute) < 75*time.Minute {
				if h%11 == 0 {
					return hang
				}
				return refuse
			}
		}
		if first && hashOf(e.ID)%7 == 0 {
			return acceptThenTimeout
		}
		return accept
	}
	ledger := NewMemoryLedger()
	var logs contacttest.LogBuffer
	d := &Deliverer{Mailer: mailer, Ledger: ledger, Policy: policy, Now: clk.Now, Log: logs.Logger()}

	cfg := contacttest.Config(t, ConfigFromEnv)
	handler := New(cfg, q, nil)
	var accepted []string
	outcomes := map[string]int{}
	var outcomesMu sync.Mutex
	// Each enquiry's way, for the log: when, which attempt, what came of it.
	trail := map[string][]string{}
	note := func(id, what string) {
		outcomesMu.Lock()
		trail[id] = append(trail[id], fmt.Sprintf("%s %s", clk.Now().Sub(start).Round(time.Second), what))
		outcomesMu.Unlock()
	}

	// One round: every visible message is attempted, four at a time, as
	// the delivery function's concurrent instances would.
	round := func() {
		msgs := q.receive()
		for _, m := range msgs[:len(msgs):len(msgs)] {
			if m.receives == 1 && hashOf(string(m.body))%50 == 0 {
				msgs = append(msgs, q.copyOf(m))
			}
		}
		sem := make(chan struct{}, 4)
		var wg sync.WaitGroup
		for _, m := range msgs {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				v := d.Deliver(context.Background(), Offer{Body: m.body, Attempt: m.receives})
				outcomesMu.Lock()
				outcomes[v.Outcome]++
				outcomesMu.Unlock()
				what := fmt.Sprintf("attempt %d: %s", m.receives, v.Outcome)
				if !v.Done {
					what += fmt.Sprintf(", again in %v", v.After)
				}
				if v.Err != nil {
					what += " (" + v.Err.Error() + ")"
				}
				note(v.EnquiryID, what)
				q.settle(m, v, v.Done && hashOf(string(m.body))%20 == 0 && m.receives == 1)
			}()
		}
		wg.Wait()
	}

	every := run / enquiries
	next := time.Duration(0)
	for clk.Now().Sub(start) < run {
		for len(accepted) < enquiries && clk.Now().Sub(start) >= next {
			w := contacttest.Call{Body: contacttest.Encode(t, contacttest.With("name", "Visitor "+string(rune('A'+len(accepted)%26))))}.Do(t, handler)
			if w.Code != http.StatusOK {
				t.Fatalf("enquiry %d: status %d %s; want 200 (stored) whatever the mailer does", len(accepted), w.Code, w.Body)
			}
			a := contacttest.DecodeAnswer(t, w.Body.Bytes())
			if a.Status != "received" || a.ID == "" {
				t.Fatalf("answer %+v; want status received and the id", a)
			}
			accepted = append(accepted, a.ID)
			note(a.ID, "200 received, stored on the queue")
			next += every
		}
		round()
		clk.Add(tick)
	}
	// Recovery: the mailer works; run until the queue is empty.
	for live, _ := q.counts(); live > 0; live, _ = q.counts() {
		round()
		clk.Add(tick)
		if clk.Now().Sub(start) > 3*run {
			t.Fatalf("the queue still holds %d messages long after the outage", live)
		}
	}
	if len(accepted) != enquiries {
		t.Fatalf("%d enquiries posted; want %d", len(accepted), enquiries)
	}

	got := box.counts()
	dead, deadAt := q.deadLetters(t)
	for id, n := range got {
		if n != 1 {
			t.Errorf("enquiry %s delivered %d times", id, n)
		}
	}
	inDead := map[string]bool{}
	for _, id := range dead {
		inDead[id] = true
	}
	for _, id := range accepted {
		if got[id] == 0 && !inDead[id] {
			t.Errorf("enquiry %s lost: neither in the mailbox nor in the dead-letter store", id)
		}
	}
	delivered := len(got)
	t.Logf("after the outage: %d delivered, %d dead letters; outcomes %v", delivered, len(dead), outcomes)
	for i, id := range dead {
		outcomesMu.Lock()
		trail[id] = append(trail[id], fmt.Sprintf("%s moved to the dead-letter store by the redrive policy (DeadLetters alarm: 1 or more visible)", deadAt[i].Sub(start).Round(time.Second)))
		outcomesMu.Unlock()
		note(id, "make redrive: back on the queue, the mailer healthy again")
	}
	inBoth := 0
	for _, id := range dead {
		if got[id] > 0 {
			inBoth++
		}
	}
	t.Logf("%d of the dead letters had in fact been delivered (the answer to their last send was lost)", inBoth)
	// The run must have exercised what it claims to.
	for _, o := range []string{OutcomeDelivered, OutcomeRetry, OutcomeExhausted, OutcomeConfirmed, OutcomeDuplicate} {
		if outcomes[o] == 0 {
			t.Errorf("no attempt ended %q: the run does not exercise it", o)
		}
	}
	if len(dead) == 0 {
		t.Error("no enquiry exhausted its attempts: the outage is too short to test the dead-letter queue")
	}

	// Redrive, with the mailer healthy.
	if n := q.redrive(); n != len(dead) {
		t.Fatalf("redrove %d; want %d", n, len(dead))
	}
	for live, _ := q.counts(); live > 0; live, _ = q.counts() {
		round()
		clk.Add(tick)
	}
	got = box.counts()
	// One enquiry that went through at once, one that exhausted its
	// attempts and came back with the redrive.
	for _, id := range accepted {
		if len(trail[id]) == 2 && strings.HasSuffix(trail[id][1], OutcomeDelivered) {
			t.Logf("enquiry %s:\n  %s\n  mailbox: %d", id, strings.Join(trail[id], "\n  "), got[id])
			break
		}
	}
	if len(dead) > 0 {
		t.Logf("enquiry %s:\n  %s\n  mailbox: %d", dead[0], strings.Join(trail[dead[0]], "\n  "), got[dead[0]])
	}
	for _, id := range accepted {
		if got[id] != 1 {
			t.Errorf("after the redrive, enquiry %s delivered %d times; want exactly once", id, got[id])
		}
	}
	if len(got) != enquiries {
		t.Errorf("mailbox holds %d enquiries; want %d", len(got), enquiries)
	}
	if _, n := q.counts(); n != 0 {
		t.Errorf("%d dead letters after a healthy redrive", n)
	}
	for _, id := range accepted {
		if s := ledger.State(id); s != StateSent {
			t.Errorf("ledger has %s as %q; want sent", id, s)
		}
	}
}

func TestBackoffDoublesUpToItsCap(t *testing.T) {
	p := DefaultPolicy
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour, time.Hour}
	for n := 1; n <= p.MaxAttempts; n++ {
		if got := p.Backoff(n); got != want[n-1] {
			t.Errorf("Backoff(%d) = %v; want %v", n, got, want[n-1])
		}
	}
	// The first attempt is at once and the last one waits for nothing (its
	// failure sends the enquiry to the dead-letter queue): the attempts
	// span the waits after the first MaxAttempts-1, which is how long an
	// outage may last before the DeadLetters alarm.
	var span time.Duration
	for n := 1; n < p.MaxAttempts; n++ {
		span += p.Backoff(n)
	}
	if span < 2*time.Hour+45*time.Minute || span > 3*time.Hour+15*time.Minute {
		t.Errorf("attempts spread over %v; the README says about three hours", span)
	}
}

// A send that succeeded but whose answer was lost is confirmed, not sent
// again; a mailer that cannot confirm sends again (a duplicate beats a
// loss).
func TestUnknownOutcome(t *testing.T) {
	clk := &contacttest.Clock{T: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)}
	e := Enquiry{ID: "ABC234", Received: clk.Now(), Name: "Ada", Email: "ada@example.com", Message: "Hello there"}
	body, err := EncodeEnquiry(e)
	if err != nil {
		t.Fatal(err)
	}
	box := &mailbox{}
	s := &standIn{box: box, now: clk.Now, accepted: map[string]bool{},
		schedule: func(_ Enquiry, _ time.Time, first bool) behaviour {
			if first {
				return acceptThenTimeout
			}
			return accept
		}}
	ledger := NewMemoryLedger()
	d := &Deliverer{Mailer: s, Ledger: ledger, Policy: DefaultPolicy, Now: clk.Now}
	v := d.Deliver(context.Background(), Offer{Body: body, Attempt: 1})
	if v.Done || v.Outcome != OutcomeRetry || ledger.State(e.ID) != StateUnknown {
		t.Fatalf("verdict %+v, ledger %q; want a retry with the outcome unknown", v, ledger.State(e.ID))
	}
	clk.Add(v.After)
	if v := d.Deliver(context.Background(), Offer{Body: body, Attempt: 2}); !v.Done || v.Outcome != OutcomeConfirmed {
		t.Fatalf("verdict %+v; want the earlier send confirmed", v)
	}
	if n := box.counts()[e.ID]; n != 1 {
		t.Errorf("delivered %d times; want once", n)
	}
	// Offered again (a redrive, a duplicate message): dropped.
	if v := d.Deliver(context.Background(), Offer{Body: body, Attempt: 1}); !v.Done || v.Outcome != OutcomeDuplicate {
		t.Fatalf("verdict %+v; want a duplicate", v)
	}
}

func TestClaimsExcludeEachOther(t *testing.T) {
	now := time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)
	l := NewMemoryLedger()
	ctx := context.Background()
	a, _ := l.Claim(ctx, "X", now, time.Minute)
	b, _ := l.Claim(ctx, "X", now.Add(time.Second), time.Minute)
	if a.State != StateNew || b.State != StateBusy || !b.Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("claims %+v, %+v; want the first new, the second busy until the first's lease ends", a, b)
	}
	// The first attempt died without settling: after its lease the id is
	// unknown, and the first attempt can no longer release it.
	c, _ := l.Claim(ctx, "X", now.Add(2*time.Minute), time.Minute)
	if c.State != StateUnknown {
		t.Fatalf("claim after an expired lease: %+v; want unknown", c)
	}
	l.Settle(ctx, "X", a.Token, StateFailed, now)
	if l.State("X") != StateSending {
		t.Errorf("a stale attempt released another's claim")
	}
	l.Settle(ctx, "X", c.Token, StateSent, now)
	if d, _ := l.Claim(ctx, "X", now.Add(time.Hour), time.Minute); d.State != StateSent {
		t.Errorf("claim after sent: %+v; want sent", d)
	}
}

func TestUnreadableMessageGoesStraightToTheDeadLetters(t *testing.T) {
	d := &Deliverer{Mailer: &recordingMailer{}, Ledger: NewMemoryLedger(), Policy: DefaultPolicy}
	for _, body := range []string{`{}`, `not json`, `{"id":"a\"b"}`, `{"id":"X","extra":1}`} {
		v := d.Deliver(context.Background(), Offer{Body: []byte(body), Attempt: 1})
		if v.Done || v.After != 0 || v.Outcome != OutcomeUnreadable {
			t.Errorf("%s: verdict %+v; want unreadable, offered again at once (to reach the dead-letter queue)", body, v)
		}
	}
}

// An unreadable message has no Received of its own: the queue's
// SentTimestamp dates it, so that redrives do not keep it past the
// retention either; one within it, or undated, still goes to the dead
// letters for someone to look at.
func TestUnreadableMessagePastTheRetentionIsDropped(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	d := &Deliverer{Mailer: &recordingMailer{}, Ledger: NewMemoryLedger(), Policy: DefaultPolicy, MaxAge: 30 * 24 * time.Hour,
		Now: func() time.Time { return now }}
	for _, tc := range []struct {
		sent time.Time
		want string
	}{
		{now.Add(-31 * 24 * time.Hour), OutcomeExpired},
		{now.Add(-29 * 24 * time.Hour), OutcomeUnreadable},
		{time.Time{}, OutcomeUnreadable},
	} {
		v := d.Deliver(context.Background(), Offer{Body: []byte(`not json`), Attempt: 1, Sent: tc.sent})
		if v.Outcome != tc.want || v.Done != (tc.want == OutcomeExpired) {
			t.Errorf("sent %s: verdict %+v; want %s", tc.sent, v, tc.want)
		}
	}
}

func TestEncodeEnquiryIsASCIIAndRoundTrips(t *testing.T) {
	e := Enquiry{ID: "ID1", Name: "Zoë \uFFFE 😀", Message: "a\nb\t<c>", Received: time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC)}
	b, err := EncodeEnquiry(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			t.Fatalf("byte %#x in %s", c, b)
		}
	}
	back, err := DecodeEnquiry(b)
	if err != nil || back != e {
		t.Fatalf("round trip %+v, %v; want %+v", back, err, e)
	}
}

type failFor struct {
	Mailer
	id string
}

func (f *failFor) Send(ctx context.Context, e Enquiry) error {
	if e.ID == f.id {
		return errRefused
	}
	return f.Mailer.Send(ctx, e)
}

// ttlLedger is the MemoryLedger with DynamoDB's TTL: an id's record is gone
// once ttl has passed since its first claim (the ledger's expires).
type ttlLedger struct {
	*MemoryLedger
	ttl   time.Duration
	first map[string]time.Time
}

func (l *ttlLedger) Claim(ctx context.Context, id string, now time.Time, lease time.Duration) (Claim, error) {
	if f, ok := l.first[id]; !ok {
		l.first[id] = now
	} else if !now.Before(f.Add(l.ttl)) {
		l.MemoryLedger.mu.Lock()
		delete(l.MemoryLedger.entries, id)
		l.MemoryLedger.mu.Unlock()
		l.first[id] = now
	}
	return l.MemoryLedger.Claim(ctx, id, now, lease)
}

// Retention holds through make redrive: SQS restarts a redriven message's
// retention, so the delivery itself drops every enquiry received longer
// ago than the retention, unsent, with a log line and a metric. A dead
// letter redriven after that is never mailed, nor is a late copy of one
// delivered in time, whose ledger record has expired meanwhile.
func TestRetentionHoldsThroughRedrive(t *testing.T) {
	const retention = 30 * 24 * time.Hour
	clk := &contacttest.Clock{T: time.Date(2026, 3, 6, 17, 0, 0, 0, time.UTC)}
	q := &memQueue{now: clk.Now, maxReceives: DefaultPolicy.MaxAttempts, visibility: 3 * time.Minute}
	box := &mailbox{}
	refusing := true
	mailer := &standIn{box: box, now: clk.Now, accepted: map[string]bool{}, schedule: func(Enquiry, time.Time, bool) behaviour {
		if refusing {
			return refuse
		}
		return accept
	}}
	ledger := &ttlLedger{MemoryLedger: NewMemoryLedger(), ttl: retention, first: map[string]time.Time{}}
	var logs contacttest.LogBuffer
	d := &Deliverer{Mailer: mailer, Ledger: ledger, Policy: DefaultPolicy, Now: clk.Now, Log: logs.Logger(), MaxAge: retention}
	// drain offers what the queue holds until nothing is left alive.
	drain := func() {
		for range 100_000 {
			if live, _ := q.counts(); live == 0 {
				return
			}
			for _, m := range q.receive() {
				q.settle(m, d.Deliver(context.Background(), Offer{Body: m.body, Attempt: m.receives}), false)
			}
			clk.Add(time.Minute)
		}
		t.Fatal("the queue never emptied")
	}
	day := 24 * time.Hour
	start := clk.Now()
	old := Enquiry{ID: "OLD", Received: start, Name: "Ada", Email: "ada@example.com", Phone: "+1 555 010 0199", CompanySize: "1-50", Message: "Hello there"}
	young := old
	young.ID, young.Received = "YOUNG", start.Add(25*day)

	q.Put(context.Background(), old)
	drain() // SES refuses: the old enquiry exhausts its attempts
	clk.Add(start.Add(25 * day).Sub(clk.Now()))
	q.Put(context.Background(), young)
	drain() // and so does the young one
	if _, dead := q.counts(); dead != 2 {
		t.Fatalf("%d dead letters; want both enquiries", dead)
	}

	// Day 31: delivery mended, make redrive.
	clk.Add(start.Add(31 * day).Sub(clk.Now()))
	refusing = false
	q.redrive()
	drain()
	// Day 56: a late copy of the young enquiry (a lost delete, a second
	// redrive), after its ledger record expired.
	clk.Add(start.Add(56 * day).Sub(clk.Now()))
	q.Put(context.Background(), young)
	drain()

	got := box.counts()
	if got["OLD"] != 0 {
		t.Errorf("the enquiry received 31 days before its redrive was mailed %d times; want dropped", got["OLD"])
	}
	if got["YOUNG"] != 1 {
		t.Errorf("the young enquiry was mailed %d times; want once, its late copy dropped", got["YOUNG"])
	}
	if live, dead := q.counts(); live+dead != 0 {
		t.Errorf("%d live and %d dead messages left; an expired enquiry must be deleted", live, dead)
	}
	expired := 0
	for _, r := range logs.Records(t) {
		if r["outcome"] != OutcomeExpired {
			continue
		}
		expired++
		if r["enquiry_id"] != "OLD" && r["enquiry_id"] != "YOUNG" {
			t.Errorf("expired record without the enquiry's id: %v", r)
		}
		// The metric, as CloudWatch's embedded metric format reads it
		// from the log line.
		aws, _ := r["_aws"].(map[string]any)
		ms, _ := aws["CloudWatchMetrics"].([]any)
		if len(ms) != 1 || r[MetricExpired] != float64(1) {
			t.Errorf("expired record carries no %s metric: %v", MetricExpired, r)
			continue
		}
		m := ms[0].(map[string]any)
		names, _ := m["Metrics"].([]any)
		if m["Namespace"] != MetricNamespace || len(names) != 1 || names[0].(map[string]any)["Name"] != MetricExpired {
			t.Errorf("metric directive %v; want %s in %s", m, MetricExpired, MetricNamespace)
		}
		if _, ok := aws["Timestamp"].(float64); !ok {
			t.Errorf("metric directive without a timestamp: %v", aws)
		}
	}
	if expired != 2 {
		t.Errorf("%d expired records; want 2 (the old enquiry, the young one's late copy)\n%s", expired, logs.String())
	}
}
