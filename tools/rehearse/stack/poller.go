package main

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Mapping is an AWS::Lambda::EventSourceMapping from a queue: Lambda's
// poller, which receives up to BatchSize messages, invokes the function
// with them as one SQS event, and deletes those the function did not
// report as failed (ReportBatchItemFailures), or none when the invocation
// failed. Nothing else: the visibility timeout, the receive counts and the
// move to the dead-letter queue are the queue's.
type Mapping struct {
	ID        string
	Queue     *Queue
	Function  *Function
	BatchSize int32
	// ReportBatchItemFailures: the function's batchItemFailures are the
	// messages to keep; without it, any error keeps the whole batch.
	ReportBatchItemFailures bool
	// Concurrency is ScalingConfig.MaximumConcurrency (the emulator runs
	// one invocation at a time, so the poller does too).
	Concurrency int

	// Invocations counts the invocations made, Failed those that failed.
	mu                  sync.Mutex
	invocations, failed int
}

// Counts returns the invocations made and how many of them failed.
func (m *Mapping) Counts() (invocations, failed int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.invocations, m.failed
}

// run polls until ctx ends.
func (m *Mapping) run(ctx context.Context, client *sqs.Client, log *slog.Logger) {
	for ctx.Err() == nil {
		out, err := client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(m.Queue.URL),
			MaxNumberOfMessages:         m.BatchSize,
			WaitTimeSeconds:             1,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
			MessageAttributeNames:       []string{"All"},
		})
		if err != nil {
			if ctx.Err() == nil {
				log.Error("event source mapping: receive", "mapping", m.ID, "error", err)
				sleep(ctx, time.Second)
			}
			continue
		}
		if len(out.Messages) == 0 {
			// goaws answers at once when its queue is empty.
			sleep(ctx, 200*time.Millisecond)
			continue
		}
		ev := events.SQSEvent{}
		for _, msg := range out.Messages {
			ev.Records = append(ev.Records, events.SQSMessage{
				MessageId:      aws.ToString(msg.MessageId),
				ReceiptHandle:  aws.ToString(msg.ReceiptHandle),
				Body:           aws.ToString(msg.Body),
				Md5OfBody:      aws.ToString(msg.MD5OfBody),
				Attributes:     msg.Attributes,
				EventSource:    "aws:sqs",
				EventSourceARN: m.Queue.ARN,
				AWSRegion:      m.Queue.Region,
			})
		}
		var res events.SQSEventResponse
		err = m.Function.Invoke(ctx, ev, &res)
		m.mu.Lock()
		m.invocations++
		if err != nil {
			m.failed++
		}
		m.mu.Unlock()
		keep := map[string]bool{}
		switch {
		case err != nil:
			// A failed invocation keeps every message of the batch:
			// they come back after their visibility timeout.
			for _, r := range ev.Records {
				keep[r.MessageId] = true
			}
			log.Info("event source mapping: invocation failed", "mapping", m.ID, "error", err.Error())
		case m.ReportBatchItemFailures:
			for _, f := range res.BatchItemFailures {
				keep[f.ItemIdentifier] = true
			}
		}
		for _, r := range ev.Records {
			if keep[r.MessageId] {
				continue
			}
			if _, err := client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(m.Queue.URL), ReceiptHandle: aws.String(r.ReceiptHandle)}); err != nil && ctx.Err() == nil {
				log.Error("event source mapping: delete", "mapping", m.ID, "error", err)
			}
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// mappingFrom reads an AWS::Lambda::EventSourceMapping of the template.
func mappingFrom(t *Template, id string, queues map[string]*Queue, fns map[string]*Function) (*Mapping, error) {
	p := t.Resources[id].Properties
	src, err := t.String(p["EventSourceArn"])
	if err != nil {
		return nil, fmt.Errorf("%s: EventSourceArn: %w", id, err)
	}
	var q *Queue
	for _, x := range queues {
		if x.ARN == src {
			q = x
		}
	}
	if q == nil {
		return nil, fmt.Errorf("%s: EventSourceArn %s is not one of the template's queues", id, src)
	}
	name, err := t.String(p["FunctionName"])
	if err != nil {
		return nil, fmt.Errorf("%s: FunctionName: %w", id, err)
	}
	var fn *Function
	for _, f := range fns {
		if f.Name == name || "arn:aws:lambda:"+t.Region+":"+t.Account+":function:"+f.Name == name {
			fn = f
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("%s: FunctionName %s is not one of the template's functions", id, name)
	}
	m := &Mapping{ID: id, Queue: q, Function: fn, BatchSize: 10, Concurrency: 1}
	if v, ok := p["BatchSize"].(float64); ok {
		m.BatchSize = int32(v)
	}
	if types, ok := p["FunctionResponseTypes"].([]any); ok {
		for _, x := range types {
			if x == "ReportBatchItemFailures" {
				m.ReportBatchItemFailures = true
			}
		}
	}
	if sc, ok := p["ScalingConfig"].(map[string]any); ok {
		if v, ok := sc["MaximumConcurrency"].(float64); ok {
			m.Concurrency = int(v)
		}
	}
	return m, nil
}
