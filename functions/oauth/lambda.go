package oauth

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"
)

// FunctionURL adapts h to Lambda Function URL events (payload 2.0). An
// event Lambda did not authenticate with IAM gets 403: the URL takes
// AWS_IAM and only the distribution may invoke it, so such an event means
// that changed, and the relay then answers nobody.
//
// Whatever the event holds, the adapter answers: a path that is not an
// absolute, well-escaped path (/oauth/%zz) or a method that is not an HTTP
// token gets 400, and a panic below it is logged (with log, which may be
// nil) and answered 500 with a reference, never left to end the Lambda
// instance, which would keep editors out while a loop of such requests
// lasts. The body is not read: the relay answers GET only. Cookies come
// from the event's cookies; a Cookie header among its headers is dropped.
func FunctionURL(h http.Handler, log *slog.Logger) func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return func(ctx context.Context, e events.LambdaFunctionURLRequest) (res events.LambdaFunctionURLResponse, err error) {
		if e.RequestContext.Authorizer == nil || e.RequestContext.Authorizer.IAM == nil {
			return plain(http.StatusForbidden, "forbidden"), nil
		}
		defer func() {
			if p := recover(); p != nil {
				ref := newRef()
				log.Error("oauth: panic", "ref", ref, "panic", p, "path", e.RawPath)
				res, err = plain(http.StatusInternalServerError, "The sign-in failed. Reference: "+ref+"."), nil
			}
		}()
		req, ok := request(ctx, e)
		if !ok {
			return plain(http.StatusBadRequest, "bad request"), nil
		}
		w := &response{header: http.Header{}}
		h.ServeHTTP(w, req)
		return w.event(), nil
	}
}

// request is the event as an http.Request, or false when its path or
// method could not be a browser's request.
func request(ctx context.Context, e events.LambdaFunctionURLRequest) (*http.Request, bool) {
	if !strings.HasPrefix(e.RawPath, "/") || strings.HasPrefix(e.RawPath, "//") {
		return nil, false
	}
	path, err := url.PathUnescape(e.RawPath)
	if err != nil || strings.ContainsFunc(path, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return nil, false
	}
	// NewRequest checks the method; the URL is set after, as parsed here,
	// so that nothing in the path or query is read as a scheme or host.
	req, err := http.NewRequestWithContext(ctx, e.RequestContext.HTTP.Method, "/", http.NoBody)
	if err != nil {
		return nil, false
	}
	req.URL = &url.URL{Path: path, RawPath: e.RawPath, RawQuery: e.RawQueryString}
	req.RequestURI = req.URL.RequestURI()
	for k, v := range e.Headers {
		if !strings.EqualFold(k, "Cookie") {
			req.Header.Set(k, v)
		}
	}
	if len(e.Cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(e.Cookies, "; "))
	}
	req.Host = req.Header.Get("Host")
	req.RemoteAddr = e.RequestContext.HTTP.SourceIP
	return req, true
}

// response collects the handler's answer; the relay's pages are a few KB.
type response struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *response) Header() http.Header { return w.header }

func (w *response) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *response) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

func (w *response) event() events.LambdaFunctionURLResponse {
	w.WriteHeader(http.StatusOK)
	res := events.LambdaFunctionURLResponse{StatusCode: w.status, Headers: map[string]string{}, Body: w.body.String()}
	for k, v := range w.header {
		if strings.EqualFold(k, "Set-Cookie") {
			res.Cookies = append(res.Cookies, v...)
			continue
		}
		res.Headers[k] = strings.Join(v, ", ")
	}
	return res
}

func plain(status int, body string) events.LambdaFunctionURLResponse {
	return events.LambdaFunctionURLResponse{
		StatusCode: status,
		Headers: map[string]string{
			"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
		},
		Body: body,
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
