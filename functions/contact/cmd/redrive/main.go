// Command redrive moves the messages of a dead-letter queue back to the
// queue they came from, by the SQS API alone (receive, send, delete),
// where SQS's own move task (StartMessageMoveTask) is not to be had: an
// SQS emulator, such as the one the stack's rehearsal stands the delivery
// queue up on (tools/rehearse/stack).
//
//	go run ./functions/contact/cmd/redrive -from DEAD_LETTER_QUEUE_URL -to QUEUE_URL
//
// make redrive runs it with REDRIVE_FROM and REDRIVE_TO. The AWS SDK's own
// settings say where SQS is (AWS_REGION, AWS_ENDPOINT_URL_SQS, the
// credentials). Each message is sent to the queue before it is deleted
// from the dead letters, so a failure midway leaves it in both, never in
// neither: the delivery's ledger keeps a message delivered twice from
// being mailed twice (contact.Deliverer).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "redrive:", err)
		os.Exit(1)
	}
}

// queue is the part of the SQS client a move uses.
type queue interface {
	ReceiveMessage(context.Context, *sqs.ReceiveMessageInput, ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	SendMessage(context.Context, *sqs.SendMessageInput, ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	DeleteMessage(context.Context, *sqs.DeleteMessageInput, ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("redrive", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the dead-letter queue's URL")
	to := fs.String("to", "", "the URL of the queue to send its messages back to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return errors.New("need -from (the dead-letter queue's URL) and -to (the queue's URL); nothing was moved")
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("loading AWS configuration: %w", err)
	}
	n, err := move(ctx, sqs.NewFromConfig(cfg), *from, *to)
	fmt.Fprintf(stdout, "moved %d dead letters from %s back to %s\n", n, *from, *to)
	return err
}

// move moves every message from one queue to another until a receive
// finds none.
func move(ctx context.Context, q queue, from, to string) (int, error) {
	moved := 0
	for {
		out, err := q.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:              aws.String(from),
			MaxNumberOfMessages:   10,
			WaitTimeSeconds:       1,
			MessageAttributeNames: []string{"All"},
		})
		if err != nil {
			return moved, fmt.Errorf("receiving from %s: %w", from, err)
		}
		if len(out.Messages) == 0 {
			return moved, nil
		}
		for _, m := range out.Messages {
			if _, err := q.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(to), MessageBody: m.Body, MessageAttributes: m.MessageAttributes}); err != nil {
				return moved, fmt.Errorf("sending %s to %s: %w", aws.ToString(m.MessageId), to, err)
			}
			if _, err := q.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(from), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return moved, fmt.Errorf("deleting %s from %s (it is now in both): %w", aws.ToString(m.MessageId), from, err)
			}
			moved++
		}
	}
}
