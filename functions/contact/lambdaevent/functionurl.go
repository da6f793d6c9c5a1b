// Package lambdaevent turns Lambda's events into the contact function's
// requests and the delivery's messages, and their answers back: the
// adapters the two Lambda entry programs (cmd/lambda, cmd/deliver) start
// with lambda.Start. Everything that decides anything happens in package
// contact; here only what Lambda hands over is read, and what it expects
// is written.
//
//   - FunctionURL: a Function URL event (payload 2.0) becomes a
//     contact.Request, with the source address the rate limit counts by
//     (CloudFront-Viewer-Address, trusted only on events Lambda
//     authenticated with IAM) and the 403 for events it did not.
//   - Queue: an SQS batch becomes one delivery attempt per message, each
//     message not delivered reported as a batch item failure after its
//     visibility is set to the attempt's backoff.
package lambdaevent

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"github.com/vozia/site/functions/contact"
)

// FunctionURLHandler is the shape lambda.Start accepts for Lambda Function
// URL events.
type FunctionURLHandler = func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error)

// FunctionURL returns the function as a Lambda handler for Function URL
// events (payload version 2.0). It behaves exactly as contact.New's
// handler does: the event is translated into the same request, with the
// method taken from the request context, header names matched
// case-insensitively, and a base64 body decoded. With cfg.RequireIAM, an
// event that Lambda did not authenticate with IAM (no
// requestContext.authorizer.iam) gets 403 and nothing else happens. It never
// returns an error, since Lambda would turn one into a bare 502 without CORS
// headers that the form could not read.
//
// The source a visitor is rate limited by is the viewer's address that
// CloudFront writes in CloudFront-Viewer-Address (forwarded by the
// distribution's origin request policy), when the event is one Lambda
// authenticated with IAM and cfg.RequireIAM is on: then only CloudFront
// could have sent it (only the distribution may invoke the URL), and
// CloudFront sets that header itself, replacing any a visitor sent. In any
// other case the source is the request context's sourceIp, which behind the
// CDN is one of CloudFront's own addresses, shared by every visitor of an
// edge location.
func FunctionURL(cfg contact.Config, st contact.Store, logger *slog.Logger) FunctionURLHandler {
	c := contact.NewFunction(cfg, st, logger)
	return func(ctx context.Context, ev events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
		header := make(http.Header, len(ev.Headers))
		for k, v := range ev.Headers {
			header.Set(k, v) // canonicalises the lower-case names Lambda sends
		}
		var body io.Reader = strings.NewReader(ev.Body)
		if ev.IsBase64Encoded {
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		res := c.Serve(ctx, &contact.Request{
			Method:        ev.RequestContext.HTTP.Method,
			Header:        header,
			Body:          body,
			ContentLength: -1,
			SourceIP:      sourceOf(ev, header, cfg.RequireIAM),
			RequestID:     ev.RequestContext.RequestID,
			Forbidden:     cfg.RequireIAM && !iamAuthenticated(ev),
		})
		out := events.LambdaFunctionURLResponse{
			StatusCode: res.Status,
			Headers:    make(map[string]string, len(res.Header)),
			Body:       string(res.Body),
		}
		for k, v := range res.Header {
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

// sourceOf is the address a request is rate limited by: the viewer's, from
// CloudFront-Viewer-Address, when only CloudFront can have sent the event
// (see FunctionURL); the connecting address otherwise.
func sourceOf(ev events.LambdaFunctionURLRequest, header http.Header, requireIAM bool) string {
	if requireIAM && iamAuthenticated(ev) {
		if ip, ok := viewerAddress(header.Values("Cloudfront-Viewer-Address")); ok {
			return ip
		}
	}
	return ev.RequestContext.HTTP.SourceIP
}

// viewerAddress reads CloudFront-Viewer-Address, "<ip>:<port>", where an
// IPv6 address is written without brackets (2001:db8::1:46532): the port
// is whatever follows the last colon.
func viewerAddress(values []string) (string, bool) {
	if len(values) != 1 {
		return "", false
	}
	v := strings.TrimSpace(values[0])
	i := strings.LastIndexByte(v, ':')
	if i <= 0 {
		return "", false
	}
	if _, err := strconv.ParseUint(v[i+1:], 10, 16); err != nil {
		return "", false
	}
	host := strings.TrimSuffix(strings.TrimPrefix(v[:i], "["), "]")
	addr, err := netip.ParseAddr(host)
	if err != nil || addr.Zone() != "" {
		return "", false
	}
	return addr.Unmap().String(), true
}
