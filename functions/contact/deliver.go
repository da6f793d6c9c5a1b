package contact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Delivery: the second half of an enquiry's way, after the visitor has been
// told it was received. The queue hands each message to a Deliverer, which
// sends the enquiry through a Mailer at most once per enquiry id and says
// whether, and when, the queue should offer the message again.
//
//	attempt n fails  -> the message comes back after Policy.Backoff(n)
//	                    (30 s, 1, 2, 4 ... minutes, at most an hour; ten
//	                    attempts span about three hours)
//	attempt MaxAttempts fails -> the queue moves it to the dead-letter queue
//	                    (SQS's redrive policy, maxReceiveCount = MaxAttempts)
//
// No enquiry is delivered twice for one id. The queue offers a message at
// least once (SQS may offer it again after a delivery, a redrive may bring
// back one that was delivered meanwhile), and a send can fail in a way that
// leaves its outcome unknown: the mail was accepted, but the answer never
// came (a timeout, a dropped connection). The Ledger makes both harmless:
//
//   - before sending, the attempt claims the id with a conditional write
//     (DynamoDB in production): it wins only if the id was never sent and
//     no other attempt holds a live lease on it;
//   - a send that succeeded marks the id sent, for good; a send the mailer
//     refused (an answer that says "not accepted") releases it; a send
//     whose outcome is unknown marks it unknown;
//   - an attempt that finds the id sent drops the message; one that finds it
//     unknown first asks the mailer whether the mail was accepted after all
//     (a Confirmer: for SES, the send events SES publishes for the tagged
//     mail), and sends again only if it was not.
//
// The AWS SDK's own retries are off for the send (a retry after a timeout
// is exactly the duplicate this prevents); the queue retries instead.
type Deliverer struct {
	Mailer Mailer
	Ledger Ledger
	Policy Policy
	// SendTimeout bounds one send; past it the outcome is unknown.
	SendTimeout time.Duration
	// Now is the clock (time.Now when nil); tests move their own.
	Now func() time.Time
	Log *slog.Logger
	// MaxAge is the retention (CONTACT_RETENTION_DAYS): an enquiry
	// received longer ago is dropped unsent, whatever brought it back
	// (see Retention below). Zero keeps every enquiry.
	MaxAge time.Duration
}

// Retention. SQS keeps a message at most its queue's retention, but
// `make redrive` moves a dead letter back as a new message, whose
// retention starts again: without a check of its own, an enquiry could
// outlive the days the privacy policy promises, and be mailed twice once
// its ledger record had expired. So the delivery drops every enquiry
// received more than MaxAge ago (outcome expired: a log line, and the
// EnquiriesExpired metric in CloudWatch's embedded metric format), and the
// ledger's record of an id, written at its first claim, expires MaxAge
// after that claim: after the last moment any attempt would act on it.
//
// The metric's names, as the stack's dashboards and alarms read them.
const (
	MetricNamespace = "Vozia/Enquiries"
	MetricExpired   = "EnquiriesExpired"
)

// Policy is how often and how patiently delivery is tried.
type Policy struct {
	// MaxAttempts is how many times the queue offers a message before it
	// goes to the dead-letter queue (the redrive policy's maxReceiveCount).
	MaxAttempts int
	// First is the wait after the first failed attempt; each further one
	// doubles it, up to Max.
	First, Max time.Duration
	// Lease is how long a claim keeps other attempts off an id: longer than
	// any send can take.
	Lease time.Duration
}

// DefaultPolicy: ten attempts spread over about three hours (30 s, 1, 2, 4,
// 8, 16, 32 minutes, then hourly), so that an SES outage of an afternoon is
// ridden out, and anything longer reaches the dead-letter queue and its
// alarm while the enquiry is still fresh.
var DefaultPolicy = Policy{MaxAttempts: DefaultDeliveryAttempts, First: 30 * time.Second, Max: time.Hour, Lease: 2 * time.Minute}

// Backoff is the wait after failed attempt n (1-based).
func (p Policy) Backoff(n int) time.Duration {
	d := p.First
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	return min(d, p.Max)
}

// Offer is one offer of a queued enquiry: its body, and which offer this is.
type Offer struct {
	// Body is the enquiry as EncodeEnquiry wrote it.
	Body []byte
	// Attempt counts the offers of this message, 1 on the first
	// (SQS's ApproximateReceiveCount).
	Attempt int
	// Sent is when the queue first took the message (SQS's
	// SentTimestamp), zero when unknown: the age of a message whose body
	// cannot be read, so that even it is not kept past the retention.
	Sent time.Time
}

// Verdict is what the queue should do with a message.
type Verdict struct {
	// Done: delete the message (delivered now, or before).
	Done bool
	// After is when to offer it again, when not Done.
	After time.Duration
	// Outcome, as logged: delivered, duplicate, confirmed, retry, exhausted,
	// busy, unreadable.
	Outcome   string
	EnquiryID string
	Err       error
	// Age is how long ago the enquiry was received (expired).
	Age time.Duration
}

// metricRecord is the "_aws" member that makes a JSON log line a metric
// in CloudWatch's embedded metric format: the line's member name counts,
// in MetricNamespace, by the line's outcome. Lambda's log group is all it
// needs: no API call, no permission beyond writing the log.
func metricRecord(at time.Time, name string) slog.Attr {
	return slog.Any("_aws", map[string]any{
		"Timestamp": at.UnixMilli(),
		"CloudWatchMetrics": []any{map[string]any{
			"Namespace":  MetricNamespace,
			"Dimensions": [][]string{{"outcome"}},
			"Metrics":    []any{map[string]string{"Name": name, "Unit": "Count"}},
		}},
	})
}

// Outcomes of a delivery attempt, as logged.
const (
	OutcomeDelivered  = "delivered"  // sent now
	OutcomeDuplicate  = "duplicate"  // sent before; message dropped
	OutcomeConfirmed  = "confirmed"  // an earlier send whose answer was lost did arrive
	OutcomeRetry      = "retry"      // failed; offered again later
	OutcomeExhausted  = "exhausted"  // failed for the last time; to the dead-letter queue
	OutcomeBusy       = "busy"       // another attempt holds the id
	OutcomeUnreadable = "unreadable" // not an enquiry; to the dead-letter queue
	OutcomeExpired    = "expired"    // received longer ago than the retention; dropped unsent
)

// Deliver makes one attempt at a message.
func (d *Deliverer) Deliver(ctx context.Context, m Offer) Verdict {
	v := d.deliver(ctx, m)
	level := slog.LevelInfo
	attrs := []slog.Attr{slog.String("outcome", v.Outcome), slog.Int("attempt", m.Attempt)}
	if v.EnquiryID != "" {
		attrs = append(attrs, slog.String("enquiry_id", v.EnquiryID))
	}
	if !v.Done {
		attrs = append(attrs, slog.Float64("retry_in_s", v.After.Seconds()))
	}
	if v.Err != nil {
		level = slog.LevelError
		attrs = append(attrs, slog.String("error", SafeError(v.Err)))
	}
	if v.Outcome == OutcomeExpired {
		level = slog.LevelWarn
		attrs = append(attrs, slog.Float64("age_days", v.Age.Hours()/24), metricRecord(d.now(), MetricExpired))
		attrs = append(attrs, slog.Int(MetricExpired, 1))
	}
	if d.Log != nil {
		d.Log.LogAttrs(ctx, level, "delivery", attrs...)
	}
	return v
}

func (d *Deliverer) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Deliverer) deliver(ctx context.Context, m Offer) Verdict {
	e, err := DecodeEnquiry(m.Body)
	if err != nil {
		// Past the retention by the queue's own clock: dropped, as a
		// readable enquiry would be, or redrives would keep it forever.
		if age := d.now().Sub(m.Sent); d.MaxAge > 0 && !m.Sent.IsZero() && age > d.MaxAge {
			return Verdict{Done: true, Outcome: OutcomeExpired, Age: age}
		}
		// Nothing to deliver, ever: straight to the dead-letter queue for
		// someone to look at, rather than MaxAttempts offers.
		return Verdict{After: 0, Outcome: OutcomeUnreadable, Err: err}
	}
	fail := func(err error) Verdict {
		if m.Attempt >= d.Policy.MaxAttempts {
			return Verdict{After: 0, Outcome: OutcomeExhausted, EnquiryID: e.ID, Err: err}
		}
		return Verdict{After: d.Policy.Backoff(m.Attempt), Outcome: OutcomeRetry, EnquiryID: e.ID, Err: err}
	}

	now := d.now()
	if age := now.Sub(e.Received); d.MaxAge > 0 && age > d.MaxAge {
		// Dropped before the ledger is read: its record of this id may
		// have expired already, and must not be written again.
		return Verdict{Done: true, Outcome: OutcomeExpired, EnquiryID: e.ID, Age: age}
	}
	c, err := d.Ledger.Claim(ctx, e.ID, now, d.Policy.Lease)
	if err != nil {
		return fail(fmt.Errorf("ledger: %w", err))
	}
	switch c.State {
	case StateSent:
		return Verdict{Done: true, Outcome: OutcomeDuplicate, EnquiryID: e.ID}
	case StateBusy:
		// Another attempt is sending it right now; look again when its
		// lease is over. Not a failure: it costs no attempt's error.
		return Verdict{After: max(c.Until.Sub(now), time.Second), Outcome: OutcomeBusy, EnquiryID: e.ID}
	case StateUnknown:
		if conf, ok := d.Mailer.(Confirmer); ok {
			accepted, err := conf.Accepted(ctx, e)
			if err != nil {
				d.release(ctx, e.ID, c.Token, StateUnknown)
				return fail(fmt.Errorf("confirming an earlier send: %w", err))
			}
			if accepted {
				if err := d.Ledger.Settle(ctx, e.ID, c.Token, StateSent, d.now()); err != nil {
					d.release(ctx, e.ID, c.Token, StateUnknown)
					return fail(fmt.Errorf("ledger: %w", err))
				}
				return Verdict{Done: true, Outcome: OutcomeConfirmed, EnquiryID: e.ID}
			}
		}
		// Not accepted (or no way to know): send it.
	}

	sendCtx, cancel := context.WithTimeout(ctx, d.sendTimeout())
	err = d.Mailer.Send(sendCtx, e)
	cancel()
	if err == nil {
		if err := d.Ledger.Settle(ctx, e.ID, c.Token, StateSent, d.now()); err != nil {
			// The mail went out; the next offer finds the claim unknown and
			// asks the mailer, rather than sending it again.
			d.release(ctx, e.ID, c.Token, StateUnknown)
			return fail(fmt.Errorf("ledger after a send: %w", err))
		}
		return Verdict{Done: true, Outcome: OutcomeDelivered, EnquiryID: e.ID}
	}
	if NotSent(err) {
		d.release(ctx, e.ID, c.Token, StateFailed)
	} else {
		d.release(ctx, e.ID, c.Token, StateUnknown)
	}
	return fail(err)
}

// release settles a claim that did not end in a known delivery. If the
// ledger cannot be written, the claim's lease runs out and the next attempt
// treats the id as unknown, which is the safe reading.
func (d *Deliverer) release(ctx context.Context, id, token string, st State) {
	_ = d.Ledger.Settle(context.WithoutCancel(ctx), id, token, st, d.now())
}

func (d *Deliverer) sendTimeout() time.Duration {
	if d.SendTimeout > 0 {
		return d.SendTimeout
	}
	return DefaultSendTimeout
}

// Confirmer is a Mailer that can tell, after the fact, whether it accepted
// the mail of an enquiry: the way out of a send whose answer was lost.
type Confirmer interface {
	Accepted(ctx context.Context, e Enquiry) (bool, error)
}

// NotSent reports whether err says for certain that the mailer did not
// accept the mail (it answered, and the answer was no), as opposed to a
// failure that leaves the outcome unknown (no answer at all).
func NotSent(err error) bool {
	var ns interface{ NotSent() bool }
	return errors.As(err, &ns) && ns.NotSent()
}

// ErrNotSent wraps an error that a mailer knows left nothing sent.
type ErrNotSent struct{ Err error }

func (e *ErrNotSent) Error() string { return e.Err.Error() }
func (e *ErrNotSent) Unwrap() error { return e.Err }
func (e *ErrNotSent) NotSent() bool { return true }
