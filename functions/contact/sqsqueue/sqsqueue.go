// Package sqsqueue is the delivery queue on Amazon SQS, as the two
// functions use it: the contact function's contact.Store, which puts each
// accepted enquiry on the queue, and the delivery function's way to have a
// message offered again after its backoff rather than the queue's fixed
// visibility timeout.
//
// The queue is the store: SendMessage returns once SQS has stored the
// message redundantly, so a 200 after it survives the loss of the
// function, of SES, or of an availability zone. The message body is the
// enquiry as contact.EncodeEnquiry writes it, and the same message triggers
// the delivery function, carries its retry count and moves to the
// dead-letter queue by the redrive policy.
package sqsqueue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/vozia/site/functions/contact"
)

// store puts each enquiry on an SQS queue, as one message whose body is the
// enquiry.
type store struct {
	client interface {
		SendMessage(context.Context, *sqs.SendMessageInput, ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	}
	url string
}

// NewStore returns the store of the deployed function: the SQS queue at
// cfg.QueueURL, with the AWS SDK's usual configuration (the execution role,
// AWS_REGION; AWS_ENDPOINT_URL_SQS points it elsewhere in tests).
func NewStore(ctx context.Context, cfg contact.Config) (contact.Store, error) {
	if cfg.QueueURL == "" {
		return nil, errors.New("queue store needs CONTACT_QUEUE_URL")
	}
	awsCfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("queue: loading AWS configuration: %w", err)
	}
	if awsCfg.Region == "" {
		return nil, errors.New("queue: no AWS region: set AWS_REGION")
	}
	return &store{client: sqs.NewFromConfig(awsCfg), url: cfg.QueueURL}, nil
}

func (q *store) Put(ctx context.Context, e contact.Enquiry) error {
	body, err := contact.EncodeEnquiry(e)
	if err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	_, err = q.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:    aws.String(q.url),
		MessageBody: aws.String(string(body)),
	})
	if err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	return nil
}

// MaxVisibility is SQS's upper bound on a message's visibility timeout.
const MaxVisibility = 12 * time.Hour

// Visibility sets how long the messages of one queue stay hidden: the
// delivery function's backoff (lambdaevent.Queue).
type Visibility struct {
	Client interface {
		ChangeMessageVisibility(context.Context, *sqs.ChangeMessageVisibilityInput, ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
	}
	QueueURL string
}

// Hide keeps the message of receiptHandle from being offered again for d,
// in whole seconds, at most MaxVisibility.
func (v Visibility) Hide(ctx context.Context, receiptHandle string, d time.Duration) error {
	_, err := v.Client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(v.QueueURL),
		ReceiptHandle:     aws.String(receiptHandle),
		VisibilityTimeout: int32(min(d, MaxVisibility) / time.Second),
	})
	return err
}
