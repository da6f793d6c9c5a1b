package contact

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"
)

// FunctionURLHandler is the shape lambda.Start accepts for Lambda Function
// URL events.
type FunctionURLHandler = func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error)

// NewFunctionURLHandler returns the function as a Lambda handler for
// Function URL events (payload version 2.0). It behaves exactly as New's
// handler does: the event is translated into the same request, with the
// method and source IP taken from the request context (Lambda sets them; no
// header can), header names matched case-insensitively, and a base64 body
// decoded. With cfg.RequireIAM, an event that Lambda did not authenticate
// with IAM (no requestContext.authorizer.iam) gets 403 and nothing else
// happens. It never returns an error, since Lambda would turn one into a bare
// 502 without CORS headers that the form could not read.
func NewFunctionURLHandler(cfg Config, m Mailer, logger *slog.Logger) FunctionURLHandler {
	c := newCore(cfg, m, logger)
	return func(ctx context.Context, ev events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
		header := make(http.Header, len(ev.Headers))
		for k, v := range ev.Headers {
			header.Set(k, v) // canonicalises the lower-case names Lambda sends
		}
		var body io.Reader = strings.NewReader(ev.Body)
		if ev.IsBase64Encoded {
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		res := c.serve(ctx, &request{
			method:        ev.RequestContext.HTTP.Method,
			header:        header,
			body:          body,
			contentLength: -1,
			sourceIP:      ev.RequestContext.HTTP.SourceIP,
			requestID:     ev.RequestContext.RequestID,
			forbidden:     cfg.RequireIAM && !iamAuthenticated(ev),
		})
		out := events.LambdaFunctionURLResponse{
			StatusCode: res.status,
			Headers:    make(map[string]string, len(res.header)),
			Body:       string(res.body),
		}
		for k, v := range res.header {
			out.Headers[k] = strings.Join(v, ", ")
		}
		return out, nil
	}
}

// iamAuthenticated reports whether Lambda authenticated the caller with IAM:
// it fills requestContext.authorizer.iam only for a Function URL with
// AuthType AWS_IAM, after checking the request's signature (for the site,
// CloudFront's, through origin access control).
func iamAuthenticated(ev events.LambdaFunctionURLRequest) bool {
	a := ev.RequestContext.Authorizer
	return a != nil && a.IAM != nil
}
