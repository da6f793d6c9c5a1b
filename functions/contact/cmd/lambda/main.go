// Command lambda is the contact function's AWS Lambda entry point: it reads
// its configuration from CONTACT_* variables, stores each accepted enquiry on
// the delivery queue (CONTACT_QUEUE_URL; the delivery function, cmd/deliver,
// sends it on), logs JSON to stdout (CloudWatch) and serves Function URL
// events, refusing with 403 any
// event that Lambda did not authenticate with IAM (CONTACT_REQUIRE_IAM,
// true unless set to false): the deployed URL is reachable only through the
// site's CloudFront distribution, which signs its requests. Build it with `make
// lambda`, which produces dist/functions/contact.zip for the provided.al2023
// runtime on arm64.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/lambdaevent"
	"github.com/vozia/site/functions/contact/sqsqueue"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	h, err := setup(context.Background(), os.Getenv, logger)
	if err != nil {
		// Failing the init phase makes every invocation fail visibly,
		// rather than answering 200 for enquiries that go nowhere.
		logger.Error("contact: bad configuration", "error", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

// setup builds the handler, refusing configurations that only make sense on
// a developer's machine.
func setup(ctx context.Context, getenv func(string) string, logger *slog.Logger) (lambdaevent.FunctionURLHandler, error) {
	cfg, err := contact.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	if cfg.QueueURL == "" {
		// A Lambda's disk is scratch space that disappears with the
		// instance: an outbox there would lose every enquiry.
		return nil, errors.New("CONTACT_QUEUE_URL is not set: a Lambda must store enquiries on the delivery queue")
	}
	// Deployed, the Function URL has AuthType AWS_IAM and only the site's
	// CloudFront distribution may invoke it; the function refuses any event
	// Lambda did not authenticate, unless told in so many words not to.
	if getenv("CONTACT_REQUIRE_IAM") == "" {
		cfg.RequireIAM = true
	}
	if getenv("CONTACT_ALLOWED_ORIGINS") == "" {
		return nil, errors.New("CONTACT_ALLOWED_ORIGINS is not set: the site's origin, e.g. https://www.vozia.example")
	}
	st, err := sqsqueue.NewStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return lambdaevent.FunctionURL(cfg, st, logger), nil
}
