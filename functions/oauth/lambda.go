package oauth

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"
)

// FunctionURL adapts h to Lambda Function URL events (payload 2.0). An
// event Lambda did not authenticate with IAM gets 403: the URL takes
// AWS_IAM and only the distribution may invoke it, so such an event means
// that changed, and the relay then answers nobody.
func FunctionURL(h http.Handler) func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
	return func(ctx context.Context, e events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
		if e.RequestContext.Authorizer == nil || e.RequestContext.Authorizer.IAM == nil {
			return events.LambdaFunctionURLResponse{StatusCode: http.StatusForbidden, Body: "forbidden"}, nil
		}
		target := e.RawPath
		if e.RawQueryString != "" {
			target += "?" + e.RawQueryString
		}
		body := e.Body
		if e.IsBase64Encoded {
			b, err := base64.StdEncoding.DecodeString(body)
			if err != nil {
				return events.LambdaFunctionURLResponse{StatusCode: http.StatusBadRequest, Body: "bad body"}, nil
			}
			body = string(b)
		}
		req := httptest.NewRequestWithContext(ctx, e.RequestContext.HTTP.Method, target, strings.NewReader(body))
		for k, v := range e.Headers {
			req.Header.Set(k, v)
		}
		for _, c := range e.Cookies {
			req.Header.Add("Cookie", c)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := events.LambdaFunctionURLResponse{StatusCode: rec.Code, Headers: map[string]string{}, Body: rec.Body.String()}
		for k, v := range rec.Header() {
			if strings.EqualFold(k, "Set-Cookie") {
				res.Cookies = append(res.Cookies, v...)
				continue
			}
			res.Headers[k] = strings.Join(v, ", ")
		}
		return res, nil
	}
}

// CachedSecret calls read until it succeeds once, then keeps the value for
// the life of the process (a Lambda execution environment).
func CachedSecret(read func(context.Context) (string, error)) func(context.Context) (string, error) {
	var mu sync.Mutex
	var value string
	return func(ctx context.Context) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		if value != "" {
			return value, nil
		}
		v, err := read(ctx)
		if err != nil {
			return "", err
		}
		value = v
		return v, nil
	}
}
