package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/dop251/goja"
)

// Edge is the template's CloudFront distribution played on this machine:
// its behaviors in order (path patterns), the viewer request function of
// each (the template's own code, run in goja), its S3 origin (the bucket
// on the S3 emulator), its Function URL origins (the function's event,
// signed as origin access control signs it and checked as Lambda checks
// it), its origin request policies (which headers reach a function), its
// response headers policies and its custom error responses. It serves
// HTTPS, as the distribution does; a browser reaches it under the site's
// own host name by a host resolver rule.
type Edge struct {
	Server    *httptest.Server
	s         *Stack
	behaviors []behavior
	deflt     behavior
	origins   map[string]origin
	errors    map[int]errorResponse
}

type behavior struct {
	pattern  *regexp.Regexp
	Pattern  string
	origin   string
	function *goja.Program
	headers  map[string]any // ResponseHeadersPolicyConfig
	forward  func(name string) bool
}

type origin struct {
	bucket   string
	function *Function
	host     string
}

type errorResponse struct {
	code int
	page string
}

// OAC's credentials: CloudFront signs with its own; Lambda checks the
// signature with the same.
var oacCreds = aws.Credentials{AccessKeyID: "AKIDCLOUDFRONTOAC", SecretAccessKey: "rehearsal-oac"}

// StartEdge reads the distribution of the template and serves it.
func (s *Stack) StartEdge() (*Edge, error) {
	ids := s.T.Of("AWS::CloudFront::Distribution")
	if len(ids) != 1 {
		return nil, fmt.Errorf("the template has %d distributions; the edge plays one", len(ids))
	}
	v, err := s.T.Resolve(s.T.Resources[ids[0]].Properties["DistributionConfig"])
	if err != nil {
		return nil, fmt.Errorf("distribution %s: %w", ids[0], err)
	}
	cfg := v.(map[string]any)
	e := &Edge{s: s, origins: map[string]origin{}, errors: map[int]errorResponse{}}
	for _, o := range list(cfg["Origins"]) {
		m := o.(map[string]any)
		id, _ := m["Id"].(string)
		domain, _ := m["DomainName"].(string)
		var or origin
		or.host = domain
		for bid, name := range s.Buckets {
			if strings.HasPrefix(domain, name+".s3.") {
				or.bucket = s.Buckets[bid]
			}
		}
		for fid, f := range s.Functions {
			if strings.HasPrefix(domain, strings.ToLower(fid)+".lambda-url.") {
				or.function = f
			}
		}
		if or.bucket == "" && or.function == nil {
			return nil, fmt.Errorf("distribution %s: origin %s (%s) is neither a bucket nor a function URL of the template", ids[0], id, domain)
		}
		e.origins[id] = or
	}
	mk := func(b map[string]any) (behavior, error) {
		var out behavior
		out.origin, _ = b["TargetOriginId"].(string)
		if _, ok := e.origins[out.origin]; !ok {
			return out, fmt.Errorf("behavior %v: no origin %q", b["PathPattern"], out.origin)
		}
		for _, fa := range list(b["FunctionAssociations"]) {
			m := fa.(map[string]any)
			if m["EventType"] != "viewer-request" {
				return out, fmt.Errorf("behavior %v: a %v function; the edge runs viewer-request ones", b["PathPattern"], m["EventType"])
			}
			code, err := e.functionCode(fmt.Sprint(m["FunctionARN"]))
			if err != nil {
				return out, err
			}
			out.function, err = goja.Compile("viewer-request.js", code+"\n;handler", false)
			if err != nil {
				return out, fmt.Errorf("behavior %v: viewer request function: %w", b["PathPattern"], err)
			}
		}
		if id, ok := b["ResponseHeadersPolicyId"].(string); ok {
			out.headers = e.resourceProps("AWS::CloudFront::ResponseHeadersPolicy", id, "ResponseHeadersPolicyConfig")
		}
		out.forward = func(string) bool { return false }
		if id, ok := b["OriginRequestPolicyId"].(string); ok {
			f, err := e.originRequestPolicy(id)
			if err != nil {
				return out, err
			}
			out.forward = f
		}
		return out, nil
	}
	def, _ := cfg["DefaultCacheBehavior"].(map[string]any)
	if e.deflt, err = mk(def); err != nil {
		return nil, err
	}
	for _, b := range list(cfg["CacheBehaviors"]) {
		m := b.(map[string]any)
		bh, err := mk(m)
		if err != nil {
			return nil, err
		}
		bh.Pattern, _ = m["PathPattern"].(string)
		bh.pattern = pathPattern(bh.Pattern)
		e.behaviors = append(e.behaviors, bh)
	}
	for _, r := range list(cfg["CustomErrorResponses"]) {
		m := r.(map[string]any)
		code, _ := m["ErrorCode"].(float64)
		rc, _ := m["ResponseCode"].(float64)
		page, _ := m["ResponsePagePath"].(string)
		e.errors[int(code)] = errorResponse{int(rc), page}
	}
	e.Server = httptest.NewUnstartedServer(e)
	e.Server.StartTLS()
	return e, nil
}

// Close stops serving.
func (e *Edge) Close() {
	if e != nil && e.Server != nil {
		e.Server.Close()
	}
}

func list(v any) []any { l, _ := v.([]any); return l }

// pathPattern is CloudFront's: * any characters, ? one, case-sensitive,
// the leading slash optional.
func pathPattern(p string) *regexp.Regexp {
	p = "/" + strings.TrimPrefix(p, "/")
	re := regexp.QuoteMeta(p)
	re = strings.ReplaceAll(re, `\*`, ".*")
	re = strings.ReplaceAll(re, `\?`, ".")
	return regexp.MustCompile("^" + re + "$")
}

func (e *Edge) functionCode(arn string) (string, error) {
	for _, id := range e.s.T.Of("AWS::CloudFront::Function") {
		if e.s.T.atts[id]["FunctionARN"] == arn || e.s.T.atts[id]["Arn"] == arn {
			code, _ := e.s.T.Resources[id].Properties["FunctionCode"].(string)
			return code, nil
		}
	}
	return "", fmt.Errorf("function association %s: no AWS::CloudFront::Function of the template", arn)
}

// resourceProps finds the resource of typ whose Ref is ref, and returns
// its resolved property key.
func (e *Edge) resourceProps(typ, ref, key string) map[string]any {
	for _, id := range e.s.T.Of(typ) {
		if e.s.T.refs[id] == ref {
			v, _ := e.s.T.Resolve(e.s.T.Resources[id].Properties[key])
			m, _ := v.(map[string]any)
			return m
		}
	}
	return nil
}

// allViewerExceptHost is CloudFront's managed origin request policy
// AllViewerExceptHostHeader.
const allViewerExceptHost = "b689b0a8-53d0-40ab-baf2-68738e2966ac"

func (e *Edge) originRequestPolicy(id string) (func(string) bool, error) {
	if id == allViewerExceptHost {
		return func(h string) bool { return h != "host" }, nil
	}
	cfg := e.resourceProps("AWS::CloudFront::OriginRequestPolicy", id, "OriginRequestPolicyConfig")
	if cfg == nil {
		return nil, fmt.Errorf("origin request policy %s: neither the template's nor a managed one the edge knows", id)
	}
	hc, _ := cfg["HeadersConfig"].(map[string]any)
	allowed := map[string]bool{}
	for _, h := range list(hc["Headers"]) {
		allowed[strings.ToLower(fmt.Sprint(h))] = true
	}
	switch hc["HeaderBehavior"] {
	case "whitelist":
		return func(h string) bool { return allowed[h] }, nil
	case "allViewer":
		return func(string) bool { return true }, nil
	case "none", nil:
		return func(string) bool { return false }, nil
	}
	return nil, fmt.Errorf("origin request policy %s: header behavior %v", id, hc["HeaderBehavior"])
}

func (e *Edge) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b := e.deflt
	for _, x := range e.behaviors {
		if x.pattern.MatchString(r.URL.Path) {
			b = x
			break
		}
	}
	o := e.origins[b.origin]
	res := e.serve(r, b, o)
	for k, v := range res.header {
		w.Header()[k] = v
	}
	applyHeaders(w.Header(), b.headers)
	w.WriteHeader(res.status)
	w.Write(res.body)
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (e *Edge) serve(r *http.Request, b behavior, o origin) answer {
	uri := r.URL.EscapedPath()
	if b.function != nil {
		out, err := runViewerRequest(b.function, r)
		if err != nil {
			return answer{status: http.StatusServiceUnavailable, body: []byte("viewer request function: " + err.Error())}
		}
		if out.response != nil {
			return *out.response
		}
		uri = out.uri
	}
	if o.function != nil {
		return e.invokeURL(r, b, o)
	}
	key, err := url.PathUnescape(strings.TrimPrefix(uri, "/"))
	if err != nil {
		key = strings.TrimPrefix(uri, "/")
	}
	res := e.get(r.Context(), o.bucket, key)
	if er, ok := e.errors[res.status]; ok {
		page := e.get(r.Context(), o.bucket, strings.TrimPrefix(er.page, "/"))
		if page.status == http.StatusOK {
			page.status = er.code
			return page
		}
	}
	return res
}

func (e *Edge) get(ctx context.Context, bucket, key string) answer {
	res, err := e.s.s3Do(ctx, http.MethodGet, bucket+"/"+escapeKey(key), nil, nil)
	if err == nil && res.StatusCode != http.StatusOK {
		res.Body.Close()
	}
	if err != nil || res.StatusCode != http.StatusOK {
		// With origin access control and no list permission, S3 answers a
		// missing key with 403.
		return answer{status: http.StatusForbidden, header: http.Header{}, body: []byte("AccessDenied")}
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	h := http.Header{}
	for _, k := range []string{"Content-Type", "Cache-Control", "Etag", "Last-Modified"} {
		if v := res.Header.Get(k); v != "" {
			h.Set(k, v)
		}
	}
	return answer{status: http.StatusOK, header: h, body: body}
}

type viewerOut struct {
	uri      string
	response *answer
}

// runViewerRequest runs a CloudFront Function (cloudfront-js-2.0) on the
// viewer's request, in a runtime of its own, with the event CloudFront
// gives it: the URI and query values as the viewer spelled them.
func runViewerRequest(p *goja.Program, r *http.Request) (viewerOut, error) {
	vm := goja.New()
	h, err := vm.RunProgram(p)
	if err != nil {
		return viewerOut{}, err
	}
	handler, ok := goja.AssertFunction(h)
	if !ok {
		return viewerOut{}, fmt.Errorf("no handler")
	}
	qs := map[string]any{}
	for _, pair := range strings.Split(r.URL.RawQuery, "&") {
		if pair == "" {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		if f, ok := qs[k].(map[string]any); ok {
			mv, _ := f["multiValue"].([]any)
			if mv == nil {
				mv = []any{map[string]any{"value": f["value"]}}
			}
			f["multiValue"] = append(mv, map[string]any{"value": v})
		} else {
			qs[k] = map[string]any{"value": v}
		}
	}
	headers := map[string]any{"host": map[string]any{"value": r.Host}}
	for k, v := range r.Header {
		headers[strings.ToLower(k)] = map[string]any{"value": strings.Join(v, ",")}
	}
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	ev := map[string]any{
		"version": "1.0",
		"context": map[string]any{"eventType": "viewer-request", "requestId": "rehearsal"},
		"viewer":  map[string]any{"ip": ip},
		"request": map[string]any{"method": r.Method, "uri": r.URL.EscapedPath(), "querystring": qs, "headers": headers, "cookies": map[string]any{}},
	}
	res, err := handler(goja.Undefined(), vm.ToValue(ev))
	if err != nil {
		return viewerOut{}, err
	}
	data, err := json.Marshal(res.Export())
	if err != nil {
		return viewerOut{}, err
	}
	var out struct {
		URI        string `json:"uri"`
		StatusCode int    `json:"statusCode"`
		Headers    map[string]struct {
			Value string `json:"value"`
		} `json:"headers"`
		Body any `json:"body"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return viewerOut{}, err
	}
	if out.StatusCode != 0 {
		a := &answer{status: out.StatusCode, header: http.Header{}}
		for k, v := range out.Headers {
			a.header.Set(k, v.Value)
		}
		switch b := out.Body.(type) {
		case string:
			a.body = []byte(b)
		case map[string]any:
			a.body = []byte(fmt.Sprint(b["data"]))
		}
		return viewerOut{response: a}, nil
	}
	return viewerOut{uri: out.URI}, nil
}

// applyHeaders sets a response headers policy's headers, as CloudFront
// does (every one of ours overrides the origin's).
func applyHeaders(h http.Header, cfg map[string]any) {
	if cfg == nil {
		return
	}
	sec, _ := cfg["SecurityHeadersConfig"].(map[string]any)
	get := func(k string) map[string]any { m, _ := sec[k].(map[string]any); return m }
	if m := get("ContentSecurityPolicy"); m != nil {
		h.Set("Content-Security-Policy", fmt.Sprint(m["ContentSecurityPolicy"]))
	}
	if m := get("ContentTypeOptions"); m != nil {
		h.Set("X-Content-Type-Options", "nosniff")
	}
	if m := get("FrameOptions"); m != nil {
		h.Set("X-Frame-Options", fmt.Sprint(m["FrameOption"]))
	}
	if m := get("ReferrerPolicy"); m != nil {
		h.Set("Referrer-Policy", fmt.Sprint(m["ReferrerPolicy"]))
	}
	if m := get("StrictTransportSecurity"); m != nil {
		v := "max-age=" + fmt.Sprint(m["AccessControlMaxAgeSec"])
		if m["IncludeSubdomains"] == true {
			v += "; includeSubDomains"
		}
		if m["Preload"] == true {
			v += "; preload"
		}
		h.Set("Strict-Transport-Security", v)
	}
	custom, _ := cfg["CustomHeadersConfig"].(map[string]any)
	for _, item := range list(custom["Items"]) {
		m := item.(map[string]any)
		h.Set(fmt.Sprint(m["Header"]), fmt.Sprint(m["Value"]))
	}
}

// invokeURL is a request to a Function URL origin: CloudFront forwards the
// headers its origin request policy allows and CloudFront-Viewer-Address,
// and signs the request (origin access control, SigV4 for the lambda
// service, with the payload hash the viewer gave in x-amz-content-sha256);
// Lambda checks that signature and the body's hash, refusing with 403 as
// an AWS_IAM Function URL does, and then invokes the function with the
// Function URL event (payload 2.0), authorizer.iam filled.
func (e *Edge) invokeURL(r *http.Request, b behavior, o origin) answer {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 6<<20))
	host := o.host
	fwd, _ := http.NewRequest(r.Method, "https://"+host+r.URL.RequestURI(), bytes.NewReader(body))
	for k, v := range r.Header {
		if b.forward(strings.ToLower(k)) {
			fwd.Header[k] = v
		}
	}
	if b.forward("cloudfront-viewer-address") {
		fwd.Header.Set("CloudFront-Viewer-Address", r.RemoteAddr)
	}
	// CloudFront's signature.
	payload := fwd.Header.Get("X-Amz-Content-Sha256")
	if payload == "" {
		payload = hexSHA256(nil)
	}
	now := time.Now()
	signer := v4.NewSigner()
	if err := signer.SignHTTP(r.Context(), oacCreds, fwd, payload, "lambda", e.s.T.Region, now); err != nil {
		return answer{status: http.StatusBadGateway, body: []byte(err.Error())}
	}
	// Lambda's check: the same signature over what arrived, and the
	// body's hash.
	check := fwd.Clone(r.Context())
	check.Header.Del("Authorization")
	if err := signer.SignHTTP(r.Context(), oacCreds, check, payload, "lambda", e.s.T.Region, now); err != nil ||
		check.Header.Get("Authorization") != fwd.Header.Get("Authorization") || hexSHA256(body) != payload {
		return answer{status: http.StatusForbidden, header: http.Header{"Content-Type": {"application/json"}},
			body: []byte(`{"message":"The request signature we calculated does not match the signature you provided."}`)}
	}
	headers := map[string]string{}
	for k, v := range fwd.Header {
		headers[strings.ToLower(k)] = strings.Join(v, ",")
	}
	headers["host"] = host
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	ev := events.LambdaFunctionURLRequest{
		Version:        "2.0",
		RawPath:        r.URL.Path,
		RawQueryString: r.URL.RawQuery,
		Headers:        headers,
		Body:           string(body),
		RequestContext: events.LambdaFunctionURLRequestContext{
			AccountID:  e.s.T.Account,
			RequestID:  strconv.FormatInt(now.UnixNano(), 36),
			DomainName: host,
			APIID:      strings.Split(host, ".")[0],
			Time:       now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch:  now.UnixMilli(),
			Authorizer: &events.LambdaFunctionURLRequestContextAuthorizerDescription{IAM: &events.LambdaFunctionURLRequestContextAuthorizerIAMDescription{
				AccessKey: oacCreds.AccessKeyID, AccountID: e.s.T.Account, CallerID: "cloudfront", UserARN: "arn:aws:iam::" + e.s.T.Account + ":cloudfront"}},
			HTTP: events.LambdaFunctionURLRequestContextHTTPDescription{Method: r.Method, Path: r.URL.Path, Protocol: "HTTP/1.1", SourceIP: ip, UserAgent: r.UserAgent()},
		},
	}
	if !textual(headers["content-type"]) && len(body) > 0 {
		ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
	}
	var out events.LambdaFunctionURLResponse
	if err := o.function.Invoke(r.Context(), ev, &out); err != nil {
		return answer{status: http.StatusBadGateway, header: http.Header{}, body: []byte(err.Error())}
	}
	a := answer{status: out.StatusCode, header: http.Header{}, body: []byte(out.Body)}
	for k, v := range out.Headers {
		a.header.Set(k, v)
	}
	if out.IsBase64Encoded {
		a.body, _ = base64.StdEncoding.DecodeString(out.Body)
	}
	return a
}

func textual(ct string) bool {
	ct = strings.ToLower(ct)
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "xml") || strings.Contains(ct, "x-www-form-urlencoded")
}

func hexSHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// escapeKey escapes an S3 key for a path, keeping its slashes.
func escapeKey(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}
