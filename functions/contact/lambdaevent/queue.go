package lambdaevent

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/vozia/site/functions/contact"
)

// QueueHandler is the shape lambda.Start accepts for SQS events with
// ReportBatchItemFailures.
type QueueHandler = func(context.Context, events.SQSEvent) (events.SQSEventResponse, error)

// Hider keeps a received message from being offered again for a while: the
// queue's visibility timeout, set per message (sqsqueue.Visibility).
type Hider interface {
	Hide(ctx context.Context, receiptHandle string, d time.Duration) error
}

// Queue returns the delivery function: for each message of the queue's
// event it makes one attempt (d.Deliver). A message not Done is reported as
// a batch item failure, after its visibility timeout has been set to the
// verdict's wait, so that the queue offers it again after the backoff, not
// after the queue's fixed timeout; on the last attempt the wait is zero and
// the next receive moves it to the dead-letter queue.
//
// The function returns an error when an attempt failed (not when another
// attempt held the id), so that Lambda's Errors metric counts failed
// deliveries and its alarm fires on them.
func Queue(d *contact.Deliverer, q Hider) QueueHandler {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var res events.SQSEventResponse
		failed := 0
		for _, rec := range ev.Records {
			attempt, _ := strconv.Atoi(rec.Attributes["ApproximateReceiveCount"])
			offer := contact.Offer{Body: []byte(rec.Body), Attempt: max(attempt, 1)}
			if ms, err := strconv.ParseInt(rec.Attributes["SentTimestamp"], 10, 64); err == nil && ms > 0 {
				offer.Sent = time.UnixMilli(ms)
			}
			v := d.Deliver(ctx, offer)
			if v.Done {
				continue
			}
			if err := q.Hide(ctx, rec.ReceiptHandle, v.After); err != nil && d.Log != nil {
				// The queue's own visibility timeout applies instead.
				d.Log.ErrorContext(ctx, "delivery", "outcome", "visibility", "enquiry_id", v.EnquiryID, "error", contact.SafeError(err))
			}
			res.BatchItemFailures = append(res.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
			if v.Outcome != contact.OutcomeBusy {
				failed++
			}
		}
		if failed > 0 {
			return res, fmt.Errorf("%d of %d enquiries not delivered; see the log records with outcome retry or exhausted", failed, len(ev.Records))
		}
		return res, nil
	}
}
