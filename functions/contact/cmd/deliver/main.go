// Command deliver is the delivery function's AWS Lambda entry point: the
// delivery queue triggers it with each stored enquiry, and it sends the
// enquiry through SES, at most once per enquiry id (a DynamoDB ledger), or
// has the queue offer it again after a backoff, up to the attempts of the
// queue's redrive policy, after which the enquiry waits in the dead-letter
// queue (contact.Deliverer). Build it with `make lambda`, which
// produces dist/functions/deliver.zip.
//
// Its settings are CONTACT_* variables: CONTACT_SES_FROM, CONTACT_SES_TO,
// CONTACT_SES_REGION, CONTACT_SES_CONFIGURATION_SET, CONTACT_SEND_LOG_GROUP,
// CONTACT_QUEUE_URL, CONTACT_LEDGER_TABLE, CONTACT_RETENTION_DAYS,
// CONTACT_DELIVERY_ATTEMPTS and CONTACT_SEND_TIMEOUT.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/dynamoledger"
	"github.com/vozia/site/functions/contact/lambdaevent"
	"github.com/vozia/site/functions/contact/sesmail"
	"github.com/vozia/site/functions/contact/sqsqueue"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	h, err := setup(context.Background(), os.Getenv, logger)
	if err != nil {
		// Failing the init phase makes every invocation fail, so the
		// messages stay on the queue (and reach the dead-letter queue and
		// its alarm) instead of being dropped.
		logger.Error("delivery: bad configuration", "error", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

func setup(ctx context.Context, getenv func(string) string, logger *slog.Logger) (lambdaevent.QueueHandler, error) {
	cfg, err := contact.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	if cfg.Mailer != contact.MailerSES {
		return nil, fmt.Errorf("CONTACT_MAILER=%q: the delivery function sends with %q", cfg.Mailer, contact.MailerSES)
	}
	if cfg.QueueURL == "" || cfg.LedgerTable == "" {
		return nil, errors.New("CONTACT_QUEUE_URL and CONTACT_LEDGER_TABLE must both be set")
	}
	m, err := sesmail.New(ctx, cfg)
	if err != nil {
		return nil, err
	}
	awsCfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading AWS configuration: %w", err)
	}
	policy := contact.DefaultPolicy
	policy.MaxAttempts = cfg.DeliveryAttempts
	d := &contact.Deliverer{
		Mailer:      m,
		Ledger:      dynamoledger.New(dynamodb.NewFromConfig(awsCfg), cfg.LedgerTable, time.Duration(cfg.RetentionDays)*24*time.Hour),
		Policy:      policy,
		SendTimeout: cfg.SendTimeout,
		Log:         logger,
		// The ledger's records live as long from their first claim: past
		// it, nothing acts on the enquiry again (contact.Deliverer: Retention).
		MaxAge: time.Duration(cfg.RetentionDays) * 24 * time.Hour,
	}
	return lambdaevent.Queue(d, sqsqueue.Visibility{Client: sqs.NewFromConfig(awsCfg), QueueURL: cfg.QueueURL}), nil
}
