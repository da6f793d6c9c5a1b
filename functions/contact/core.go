package contact

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/vozia/site/functions/contact/ratelimit"
	"github.com/vozia/site/internal/contactform"
)

// Function is the contact function itself, free of any transport: the HTTP
// handler (New) and the Lambda adapter (package lambdaevent) translate
// their requests into a Request and its Response back, and everything that
// decides anything happens here.
type Function struct {
	origins     map[string]bool
	store       Store
	log         *slog.Logger
	limiter     *ratelimit.Limiter
	sendTimeout time.Duration
	ipKey       []byte
	now         func() time.Time
	// products are the ids an enquiry may name; a local server replaces
	// them when the site it serves is built again (Handler.SetEnquiries).
	products atomic.Pointer[map[string]bool]
}

// setProducts makes the ids of e the ones an enquiry may name.
func (c *Function) setProducts(e contactform.Enquiries) {
	m := make(map[string]bool, len(e.Products))
	for _, p := range e.Products {
		m[p] = true
	}
	c.products.Store(&m)
}

// NewFunction returns the function for cfg, keeping accepted enquiries in
// st; logger receives one record per request (nil discards them).
func NewFunction(cfg Config, st Store, logger *slog.Logger) *Function {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	c := &Function{
		origins:     make(map[string]bool, len(cfg.AllowedOrigins)),
		store:       st,
		log:         logger,
		limiter:     ratelimit.New(cfg.RatePerMinute, cfg.RateBurst),
		sendTimeout: cfg.SendTimeout,
		ipKey:       []byte(cfg.LogKey),
		now:         time.Now,
	}
	for _, o := range cfg.AllowedOrigins {
		c.origins[normalizeOrigin(o)] = true
	}
	c.setProducts(cfg.Enquiries)
	if c.sendTimeout <= 0 {
		c.sendTimeout = DefaultSendTimeout
	}
	if len(c.ipKey) == 0 {
		c.ipKey = make([]byte, 32)
		rand.Read(c.ipKey)
	}
	return c
}

// Request is what the function needs to know of an incoming request.
type Request struct {
	Method        string
	Header        http.Header
	Body          io.Reader
	ContentLength int64 // -1 when unknown
	// SourceIP is the address the request is rate limited by; the
	// transport decides which address it trusts (see New and
	// lambdaevent.FunctionURL).
	SourceIP  string
	RequestID string // random when empty
	// Forbidden: the transport says the caller may not call at all (the
	// Lambda adapter, for an event without IAM authentication when the
	// function requires it).
	Forbidden bool
}

// Response is the answer, plus what the log line says about it.
type Response struct {
	Status int
	Header http.Header
	Body   []byte // nil: no body

	outcome   string
	enquiryID string
	fields    []string // names of the fields that failed validation
	err       error    // why the enquiry could not be stored
}

// Outcomes, as logged.
const (
	outcomeReceived    = "received"
	outcomePreflight   = "preflight"
	outcomeMethod      = "method_not_allowed"
	outcomeRateLimited = "rate_limited"
	outcomeMediaType   = "unsupported_media_type"
	outcomeTooLarge    = "too_large"
	outcomeMalformed   = "malformed"
	outcomeSuspicious  = "suspicious"
	outcomeInvalid     = "validation"
	outcomeStoreFail   = "unavailable"
	outcomeForbidden   = "forbidden"
)

// Serve answers one request and logs it.
func (c *Function) Serve(ctx context.Context, req *Request) *Response {
	start := time.Now()
	if req.RequestID == "" {
		req.RequestID = rand.Text()
	}
	res := c.handle(ctx, req)
	res.Header.Set("X-Request-Id", req.RequestID)
	c.logResult(ctx, req, res, time.Since(start))
	return res
}

func (c *Function) handle(ctx context.Context, req *Request) *Response {
	h := make(http.Header, 8)
	if req.Forbidden {
		// Before CORS, the limiter and the body: a caller that went
		// around the CDN learns nothing and costs nothing more.
		return errorResponse(h, http.StatusForbidden, outcomeForbidden, "forbidden")
	}
	// Answers differ by Origin, so caches must key on it.
	h.Set("Vary", "Origin")
	origin := req.Header.Get("Origin")
	granted := origin != "" && c.origins[origin]
	if granted {
		h.Set("Access-Control-Allow-Origin", origin)
	}

	switch req.Method {
	case http.MethodPost:
	case http.MethodOptions:
		h.Set("Allow", "POST, OPTIONS")
		if granted && req.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type, X-Amz-Content-Sha256")
			h.Set("Access-Control-Max-Age", "7200")
		}
		return &Response{Status: http.StatusNoContent, Header: h, outcome: outcomePreflight}
	default:
		h.Set("Allow", "POST, OPTIONS")
		return errorResponse(h, http.StatusMethodNotAllowed, outcomeMethod, "use POST")
	}
	if granted {
		// Let the form read why it was refused and when to retry.
		h.Set("Access-Control-Expose-Headers", "Retry-After, X-Request-Id")
	}

	// The limiter comes first so that a flood costs as little as possible,
	// whatever it sends.
	if ok, wait := c.limiter.Allow(ratelimit.Source(req.SourceIP), c.now()); !ok {
		h.Set("Retry-After", strconv.Itoa(int(max(1, (wait+time.Second-1)/time.Second))))
		return errorResponse(h, http.StatusTooManyRequests, outcomeRateLimited, "too many requests; try again later")
	}

	if !isJSON(req.Header.Get("Content-Type")) {
		return errorResponse(h, http.StatusUnsupportedMediaType, outcomeMediaType, "send Content-Type: application/json")
	}

	if req.ContentLength > maxBodyBytes {
		return errorResponse(h, http.StatusRequestEntityTooLarge, outcomeTooLarge, tooLargeMessage)
	}
	body, err := io.ReadAll(io.LimitReader(req.Body, maxBodyBytes+1))
	if err != nil {
		return errorResponse(h, http.StatusBadRequest, outcomeMalformed, "could not read the body")
	}
	if len(body) > maxBodyBytes {
		return errorResponse(h, http.StatusRequestEntityTooLarge, outcomeTooLarge, tooLargeMessage)
	}
	digest, present := req.Header[http.CanonicalHeaderKey("X-Amz-Content-Sha256")]
	if !bodyMatchesDigest(digest, present, body) {
		return errorResponse(h, http.StatusBadRequest, outcomeMalformed, "X-Amz-Content-Sha256 is not the lower-case hex SHA-256 of the body")
	}

	sub, err := decodeSubmission(body)
	if err != nil {
		return errorResponse(h, http.StatusBadRequest, outcomeMalformed, err.Error())
	}
	// A bot is told no more than a person who was too quick: nothing about
	// which check it failed, and nothing about its fields.
	if sub.suspicious() {
		return errorResponse(h, http.StatusBadRequest, outcomeSuspicious, msgSuspicious)
	}
	e, bad := sub.validate(*c.products.Load())
	if bad != nil {
		res := jsonResponse(h, http.StatusBadRequest, struct {
			Error  string            `json:"error"`
			Fields map[string]string `json:"fields"`
		}{"validation", bad})
		res.outcome = outcomeInvalid
		res.fields = slices.Sorted(maps.Keys(bad))
		return res
	}

	e.ID = rand.Text()
	e.Received = c.now().UTC()
	// Storing outlives the visitor's connection: an enquiry half stored
	// because the browser tab closed would be lost without anyone knowing.
	putCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.sendTimeout)
	defer cancel()
	if err := c.store.Put(putCtx, e); err != nil {
		res := errorResponse(h, http.StatusBadGateway, outcomeStoreFail, "the enquiry could not be received; please try again")
		res.err = err
		res.enquiryID = e.ID
		return res
	}
	// Received, not sent: delivery to the inbox happens after this answer,
	// with retries (deliver.go), and the id names the enquiry all the way.
	res := jsonResponse(h, http.StatusOK, struct {
		OK     bool   `json:"ok"`
		ID     string `json:"id"`
		Status string `json:"status"`
	}{true, e.ID, "received"})
	res.outcome = outcomeReceived
	res.enquiryID = e.ID
	return res
}

// bodyMatchesDigest reports whether the X-Amz-Content-Sha256 values the
// request carries are exactly what Lambda accepts behind CloudFront: one
// value, the lower-case hex SHA-256 of the body, compared byte for byte.
// In production CloudFront signs that header into its request to the
// Function URL (origin access control), and Lambda refuses a body whose
// digest differs, an empty one and an upper-case one alike; the local
// server refuses them too, so that a form that computes it wrongly fails on
// a developer's machine rather than only behind the CDN. Without the header
// at all (curl) the local server accepts the body; deployed, CloudFront
// never sends a POST without it.
func bodyMatchesDigest(values []string, present bool, body []byte) bool {
	if !present {
		return true
	}
	if len(values) != 1 {
		return false
	}
	sum := sha256.Sum256(body)
	return subtle.ConstantTimeCompare([]byte(values[0]), []byte(hex.EncodeToString(sum[:]))) == 1
}

// tooLargeMessage explains a 413.
var tooLargeMessage = fmt.Sprintf("body over %d KiB", maxBodyBytes>>10)

// isJSON accepts application/json with no charset or UTF-8, the only
// encoding JSON may use between systems (RFC 8259).
func isJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

func errorResponse(h http.Header, status int, code, message string) *Response {
	res := jsonResponse(h, status, struct {
		Error   string `json:"error"`
		Message string `json:"message"`
	}{code, message})
	res.outcome = code
	return res
}

func jsonResponse(h http.Header, status int, v any) *Response {
	body, err := json.Marshal(v)
	if err != nil { // only plain structs and string maps reach here
		panic(err)
	}
	body = append(body, '\n')
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	return &Response{Status: status, Header: h, Body: body}
}

// logResult writes the one log line of a request. It names no person: the
// source IP is reduced to a keyed hash, good for spotting one source
// hammering the form and useless for finding who it is.
func (c *Function) logResult(ctx context.Context, req *Request, res *Response, latency time.Duration) {
	attrs := make([]slog.Attr, 0, 9)
	attrs = append(attrs,
		slog.String("request_id", req.RequestID),
		slog.String("method", loggedMethod(req.Method)),
		slog.String("outcome", res.outcome),
		slog.Int("status", res.Status),
		slog.Float64("latency_ms", float64(latency.Microseconds())/1000),
		slog.String("source", c.hashIP(req.SourceIP)),
	)
	if res.enquiryID != "" {
		attrs = append(attrs, slog.String("enquiry_id", res.enquiryID))
	}
	if len(res.fields) > 0 {
		attrs = append(attrs, slog.Any("invalid_fields", res.fields))
	}
	level := slog.LevelInfo
	if res.err != nil {
		level = slog.LevelError
		attrs = append(attrs, slog.String("error", SafeError(res.err)))
	}
	c.log.LogAttrs(ctx, level, "contact", attrs...)
}

// loggedMethod is a request's method as its log line names it: one of
// HTTP's, or "other". The method is the sender's to choose, any token as
// long as the request's head allows (64 KB on the local server): logged
// whole, each such request wrote that much log, to store and to read.
func loggedMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return m
	}
	return "other"
}

func (c *Function) hashIP(ip string) string {
	m := hmac.New(sha256.New, c.ipKey)
	m.Write([]byte(ratelimit.Source(ip).String()))
	return hex.EncodeToString(m.Sum(nil)[:8])
}
