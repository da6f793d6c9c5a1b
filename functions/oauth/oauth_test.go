package oauth

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

const origin = "https://www.vozia.example"

// gitHub is a stand-in for GitHub's token endpoint: it answers as told and
// records the form it received.
type gitHub struct {
	status int
	body   string
	got    url.Values
}

func (g *gitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get("Accept") != "application/json" {
		http.Error(w, "want a POST asking for JSON", http.StatusBadRequest)
		return
	}
	r.ParseForm()
	g.got = r.PostForm
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(g.status)
	io.WriteString(w, g.body)
}

func relayFor(t *testing.T, g *gitHub, secret func(context.Context) (string, error)) http.Handler {
	t.Helper()
	h, _ := relayLogging(t, g, secret)
	return h
}

// relayLogging is relayFor with the relay's log, as JSON lines.
func relayLogging(t *testing.T, g *gitHub, secret func(context.Context) (string, error)) (http.Handler, *bytes.Buffer) {
	t.Helper()
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	if secret == nil {
		secret = func(context.Context) (string, error) { return "s3cret", nil }
	}
	var logs bytes.Buffer
	h, err := New(Config{Origin: origin, ClientID: "client-1", Secret: secret, TokenURL: srv.URL, Client: srv.Client(),
		Log: slog.New(slog.NewJSONHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return h, &logs
}

// signIn runs /oauth/authorize and returns the state GitHub would be sent
// and the cookie the browser would keep.
func signIn(t *testing.T, h http.Handler) (state string, cookie *http.Cookie) {
	t.Helper()
	rec := httptest.NewRecorder()
	// The editor's scope is ignored, whatever it asks for.
	h.ServeHTTP(rec, httptest.NewRequest("GET", origin+"/oauth/authorize?provider=github&site_id=www.vozia.example&scope=repo,admin:org,delete_repo,workflow", nil))
	res := rec.Result()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("authorize: %d", res.StatusCode)
	}
	to, err := url.Parse(res.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(to.String(), GitHubAuthorizeURL+"?") {
		t.Fatalf("authorize redirects to %q", res.Header.Get("Location"))
	}
	q := to.Query()
	if q.Get("client_id") != "client-1" || q.Get("redirect_uri") != origin+"/oauth/callback" || q.Get("scope") != "repo" || len(q.Get("state")) < 32 {
		t.Errorf("authorize asks GitHub for %v", q)
	}
	for _, c := range res.Cookies() {
		if c.Name == StateCookie {
			cookie = c
		}
	}
	// __Host-: Secure, Path=/ and no Domain, or browsers refuse it.
	if cookie == nil || cookie.Value != q.Get("state") || !cookie.HttpOnly || !cookie.Secure || cookie.SameSite != http.SameSiteLaxMode ||
		cookie.Path != "/" || cookie.Domain != "" || cookie.MaxAge <= 0 {
		t.Fatalf("state cookie %+v for state %q", cookie, q.Get("state"))
	}
	return q.Get("state"), cookie
}

func callback(h http.Handler, query string, cookies ...*http.Cookie) (*http.Response, string) {
	req := httptest.NewRequest("GET", origin+"/oauth/callback?"+query, nil)
	for _, c := range cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	return rec.Result(), string(body)
}

var scriptRE = regexp.MustCompile(`(?s)<script>(.*)</script>`)

// posted checks the page's script: allowed by the page's policy (its
// hash), talking to the site's origin only, and returns the message it
// would post.
func posted(t *testing.T, res *http.Response, body string) string {
	t.Helper()
	m := scriptRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no script in %q", body)
	}
	sum := sha256.Sum256([]byte(m[1]))
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("the page's policy %q does not allow exactly its script", csp)
	}
	if res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", res.Header.Get("Cache-Control"))
	}
	script := m[1]
	if !strings.Contains(script, `const origin = "`+origin+`"`) || strings.Count(script, "postMessage(") != 2 ||
		!strings.Contains(script, "postMessage(message, origin)") || !strings.Contains(script, `postMessage("authorizing:github", origin)`) ||
		!strings.Contains(script, "e.origin !== origin") {
		t.Errorf("the script may post elsewhere than %s:\n%s", origin, script)
	}
	msg := regexp.MustCompile(`message = ("(?:[^"\\]|\\.)*")`).FindStringSubmatch(script)
	if msg == nil {
		t.Fatalf("no message in %s", script)
	}
	return msg[1]
}

func TestSuccess(t *testing.T) {
	g := &gitHub{status: 200, body: `{"access_token":"gho_abc","token_type":"bearer","scope":"repo"}`}
	h := relayFor(t, g, nil)
	state, cookie := signIn(t, h)
	res, body := callback(h, "code=c0de&state="+state, cookie)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("callback: %d %s", res.StatusCode, body)
	}
	if msg := posted(t, res, body); msg != `"authorization:github:success:{\"provider\":\"github\",\"token\":\"gho_abc\"}"` {
		t.Errorf("posts %s", msg)
	}
	if g.got.Get("client_secret") != "s3cret" || g.got.Get("code") != "c0de" || g.got.Get("client_id") != "client-1" || g.got.Get("redirect_uri") != origin+"/oauth/callback" {
		t.Errorf("GitHub was sent %v", g.got)
	}
	// The state is spent: the cookie is cleared.
	cleared := false
	for _, c := range res.Cookies() {
		cleared = cleared || c.Name == StateCookie && c.MaxAge < 0 && c.Path == "/" && c.Secure
	}
	if !cleared {
		t.Error("the state cookie is not cleared")
	}
}

// TestAnotherSiteCannotEndASignIn: while an editor signs in, another site
// can neither start a sign-in (which would replace the state cookie) nor
// send a forged callback that clears it; the editor's sign-in then
// succeeds.
func TestAnotherSiteCannotEndASignIn(t *testing.T) {
	g := &gitHub{status: 200, body: `{"access_token":"gho_abc","token_type":"bearer","scope":"repo"}`}
	h := relayFor(t, g, nil)
	state, cookie := signIn(t, h)

	for _, site := range []string{"cross-site", "same-site"} {
		req := httptest.NewRequest("GET", origin+"/oauth/authorize?provider=github", nil)
		req.Header.Set("Sec-Fetch-Site", site)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden || len(rec.Result().Cookies()) != 0 {
			t.Errorf("a sign-in started %s: %d, cookies %v; want 403 and no cookie", site, rec.Code, rec.Result().Cookies())
		}
	}
	for _, site := range []string{"same-origin", "none"} {
		req := httptest.NewRequest("GET", origin+"/oauth/authorize?provider=github", nil)
		req.Header.Set("Sec-Fetch-Site", site)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusFound {
			t.Errorf("a sign-in started from %s: %d, want it to go to GitHub", site, rec.Code)
		}
	}
	res, _ := callback(h, "code=forged&state=not-yours", cookie)
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("forged callback: %d", res.StatusCode)
	}
	for _, c := range res.Cookies() {
		if c.Name == StateCookie {
			t.Errorf("a forged callback set the state cookie %+v: the sign-in in progress would fail", c)
		}
	}
	if res, body := callback(h, "code=c0de&state="+state, cookie); res.StatusCode != http.StatusOK {
		t.Errorf("the editor's own callback after them: %d %s", res.StatusCode, body)
	}
}

// TestFailures: every way a sign-in fails shows the editor a fixed
// message with a reference, posted with an error code the editor knows;
// the detail (GitHub's answer, an AWS error with its ARN) is in the log
// under the same reference, never on the page.
func TestFailures(t *testing.T) {
	const arn = "arn:aws:sts::123456789012:assumed-role/VoziaSite-production-EditorRole/relay"
	for _, tc := range []struct {
		name    string
		gh      gitHub
		secret  func(context.Context) (string, error)
		query   func(state string) string
		cookies func(c *http.Cookie) []*http.Cookie
		status  int
		code    string // the error the editor is posted
		logged  string // in the log line of the failure
	}{
		{name: "GitHub refuses the code", gh: gitHub{status: 200, body: `{"error":"bad_verification_code","error_description":"The code passed is incorrect or expired."}`},
			query: func(s string) string { return "code=old&state=" + s }, status: http.StatusBadGateway, code: "token_exchange", logged: "bad_verification_code"},
		{name: "GitHub fails", gh: gitHub{status: 503, body: `unavailable`},
			query: func(s string) string { return "code=c&state=" + s }, status: http.StatusBadGateway, code: "token_exchange", logged: "503"},
		{name: "GitHub sends no token", gh: gitHub{status: 200, body: `{}`},
			query: func(s string) string { return "code=c&state=" + s }, status: http.StatusBadGateway, code: "token_exchange", logged: "no token"},
		{name: "the editor declined", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "error=access_denied&error_description=denied+by+you&state=" + s }, status: http.StatusForbidden, code: "access_denied", logged: "denied by you"},
		{name: "an error GitHub does not send", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string {
				return "error=%3Cimg+src%3Dx%3E&error_description=Your+account+is+locked%2C+call+%2B1-555-0100&state=" + s
			}, status: http.StatusForbidden, code: "github_error", logged: "call +1-555-0100"},
		{name: "wrong state", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + strings.Repeat("0", len(s)) }, status: http.StatusForbidden, code: "state_mismatch", logged: "state does not match"},
		{name: "no state cookie", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + s }, cookies: func(*http.Cookie) []*http.Cookie { return nil },
			status: http.StatusForbidden, code: "state_mismatch", logged: "state does not match"},
		{name: "the state cookie twice", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + s },
			cookies: func(c *http.Cookie) []*http.Cookie {
				return []*http.Cookie{{Name: StateCookie, Value: strings.Repeat("0", len(c.Value))}, c}
			},
			status: http.StatusForbidden, code: "state_mismatch", logged: `"state cookies":2`},
		{name: "the state in another cookie", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + s },
			cookies: func(c *http.Cookie) []*http.Cookie {
				return []*http.Cookie{{Name: "vozia_oauth_state", Value: c.Value}, {Name: "__Secure-vozia_oauth_state", Value: c.Value}}
			},
			status: http.StatusForbidden, code: "state_mismatch", logged: `"state cookies":0`},
		{name: "the secret cannot be read", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			secret: func(context.Context) (string, error) {
				return "", errors.New("operation error Secrets Manager: GetSecretValue, AccessDeniedException: " + arn + " is not authorized")
			},
			query: func(s string) string { return "code=c&state=" + s }, status: http.StatusBadGateway, code: "token_exchange", logged: arn},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, logs := relayLogging(t, &tc.gh, tc.secret)
			state, cookie := signIn(t, h)
			cookies := []*http.Cookie{cookie}
			if tc.cookies != nil {
				cookies = tc.cookies(cookie)
			}
			res, body := callback(h, tc.query(state), cookies...)
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d", res.StatusCode, tc.status)
			}
			msg := posted(t, res, body)
			var got map[string]string
			if err := json.Unmarshal([]byte(strings.TrimPrefix(mustUnquote(t, msg), "authorization:github:error:")), &got); err != nil || got["error"] != tc.code {
				t.Fatalf("posts %s, want the error %q", msg, tc.code)
			}
			ref := got["ref"]
			if !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(ref) || !strings.HasSuffix(got["message"], " Reference: "+ref+".") {
				t.Errorf("the message %q names no reference (ref %q)", got["message"], ref)
			}
			if !strings.Contains(body, "Reference: "+ref+".") {
				t.Errorf("the page does not show the reference %s: %s", ref, body)
			}
			// The reference is random hex: "d503" in it is not GitHub's 503.
			shown := strings.ReplaceAll(body, ref, "")
			for _, hidden := range []string{tc.logged, "gho_", "s3cret", "arn:", "<img"} {
				if strings.Contains(shown, hidden) || strings.Contains(shown, html.EscapeString(hidden)) {
					t.Errorf("the page shows %q: %s", hidden, body)
				}
			}
			// The log line with that reference holds the detail.
			found := false
			for _, line := range strings.Split(logs.String(), "\n") {
				found = found || strings.Contains(line, `"ref":"`+ref+`"`) && strings.Contains(line, tc.logged)
			}
			if !found {
				t.Errorf("no log line with the reference %s and %q:\n%s", ref, tc.logged, logs)
			}
		})
	}
}

func mustUnquote(t *testing.T, s string) string {
	t.Helper()
	var v string
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// TestUnknownOrigin: an editor on another site cannot start a sign-in
// here, and no configuration but an origin is accepted.
func TestUnknownOrigin(t *testing.T) {
	h := relayFor(t, &gitHub{status: 200, body: `{"access_token":"gho_never"}`}, nil)
	for _, q := range []string{"provider=github&site_id=evil.example", "provider=github&site_id=www.vozia.example.evil.example", "provider=gitlab&site_id=www.vozia.example"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", origin+"/oauth/authorize?"+q, nil))
		if rec.Code != http.StatusBadRequest || rec.Header().Get("Location") != "" || len(rec.Result().Cookies()) > 0 {
			t.Errorf("%s: %d, Location %q", q, rec.Code, rec.Header().Get("Location"))
		}
		// A fixed text: what the request said is not repeated.
		if body := rec.Body.String(); !regexp.MustCompile(`^This sign-in cannot start here\. Reference: [0-9a-f]{12}\.\n$`).MatchString(body) {
			t.Errorf("%s: answered %q", q, body)
		}
	}
	for _, o := range []string{"", "www.vozia.example", "https://www.vozia.example/admin", "javascript:alert(1)", "http://www.vozia.example"} {
		if _, err := New(Config{Origin: o, ClientID: "c", Secret: func(context.Context) (string, error) { return "", nil }}); err == nil {
			t.Errorf("origin %q accepted", o)
		}
	}
	for _, scope := range []string{"repo,user", "repo admin:org", "workflow", "user"} {
		if _, err := New(Config{Origin: origin, ClientID: "c", Scope: scope, Secret: func(context.Context) (string, error) { return "", nil }}); err == nil {
			t.Errorf("scope %q accepted", scope)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", origin+"/oauth/callback?code=c", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST callback: %d", rec.Code)
	}
}

// TestFunctionURL: the Lambda entry answers only events Lambda
// authenticated with IAM (CloudFront's), and carries cookies both ways.
func TestFunctionURL(t *testing.T) {
	h := FunctionURL(relayFor(t, &gitHub{status: 200, body: `{"access_token":"gho_abc"}`}, nil), nil)
	e := events.LambdaFunctionURLRequest{RawPath: "/oauth/authorize", RawQueryString: "provider=github&site_id=www.vozia.example"}
	e.RequestContext.HTTP.Method = "GET"
	res, _ := h(context.Background(), e)
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("an event without IAM: %d", res.StatusCode)
	}
	e.RequestContext.Authorizer = &events.LambdaFunctionURLRequestContextAuthorizerDescription{IAM: &events.LambdaFunctionURLRequestContextAuthorizerIAMDescription{AccessKey: "AKIA"}}
	res, _ = h(context.Background(), e)
	if res.StatusCode != http.StatusFound || len(res.Cookies) != 1 {
		t.Fatalf("authorize through Lambda: %d, cookies %q", res.StatusCode, res.Cookies)
	}
	state, _ := url.Parse(res.Headers["Location"])
	cookie := strings.SplitN(res.Cookies[0], ";", 2)[0]
	e = events.LambdaFunctionURLRequest{RawPath: "/oauth/callback", RawQueryString: "code=c&state=" + state.Query().Get("state"), Cookies: []string{cookie}}
	e.RequestContext.HTTP.Method = "GET"
	e.RequestContext.Authorizer = &events.LambdaFunctionURLRequestContextAuthorizerDescription{IAM: &events.LambdaFunctionURLRequestContextAuthorizerIAMDescription{AccessKey: "AKIA"}}
	res, _ = h(context.Background(), e)
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Body, "gho_abc") {
		t.Errorf("callback through Lambda: %d %s", res.StatusCode, res.Body)
	}
}

// TestScope: the relay asks GitHub for the scope its configuration names
// (public_repo for a public repository), never for what the editor asks.
func TestScope(t *testing.T) {
	h, err := New(Config{Origin: origin, ClientID: "c", Scope: ScopePublicRepo, Secret: func(context.Context) (string, error) { return "", nil }})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"", "&scope=repo", "&scope=repo,admin:org,delete_repo,workflow", "&scope=public_repo&scope=repo"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", origin+"/oauth/authorize?provider=github"+q, nil))
		to, _ := url.Parse(rec.Header().Get("Location"))
		if got := to.Query()["scope"]; len(got) != 1 || got[0] != ScopePublicRepo {
			t.Errorf("%q: GitHub is asked for %q", q, got)
		}
	}
}

// iam is the authorizer of an event CloudFront signed.
var iam = &events.LambdaFunctionURLRequestContextAuthorizerDescription{IAM: &events.LambdaFunctionURLRequestContextAuthorizerIAMDescription{AccessKey: "AKIA"}}

// TestFunctionURLOddRequests: events no browser would send through
// CloudFront get an answer, never a panic.
func TestFunctionURLOddRequests(t *testing.T) {
	var logs bytes.Buffer
	h := FunctionURL(relayFor(t, &gitHub{status: 200, body: `{}`}, nil), slog.New(slog.NewJSONHandler(&logs, nil)))
	for _, tc := range []struct {
		path, query, method string
		status              int
	}{
		{"/oauth/%zz", "", "GET", http.StatusBadRequest},
		{"/oauth/authorize%", "", "GET", http.StatusBadRequest},
		{"oauth/authorize", "", "GET", http.StatusBadRequest},
		{"", "", "GET", http.StatusBadRequest},
		{"//evil.example/oauth/authorize", "", "GET", http.StatusBadRequest},
		{"/oauth/%0d%0aSet-Cookie:x=y", "", "GET", http.StatusBadRequest},
		{"/oauth/authorize", "", "G ET", http.StatusBadRequest},
		{"/oauth/authorize", "", "", http.StatusFound}, // net/http reads no method as GET
		{"/oauth/authorize", "%zz=%&;;site_id=www.vozia.example", "GET", http.StatusFound},
		{"/oauth/callback", "state=%zz", "GET", http.StatusForbidden},
		{"/oauth/authorize", "", "DELETE", http.StatusMethodNotAllowed},
		{"/oauth/../admin/", "", "GET", http.StatusTemporaryRedirect}, // ServeMux's own redirect to the clean path
		{"/oauth/%2e%2e/x", "", "GET", http.StatusNotFound},
	} {
		e := events.LambdaFunctionURLRequest{RawPath: tc.path, RawQueryString: tc.query}
		e.RequestContext.HTTP.Method = tc.method
		e.RequestContext.Authorizer = iam
		res, err := h(context.Background(), e)
		if err != nil || res.StatusCode != tc.status {
			t.Errorf("%s %q ?%q: %d %v, want %d", tc.method, tc.path, tc.query, res.StatusCode, err, tc.status)
		}
	}
	if strings.Contains(logs.String(), "panic") {
		t.Errorf("the handler panicked:\n%s", logs.String())
	}
}

// TestFunctionURLRecovers: a panic below the adapter is answered 500 with
// a reference the log holds too, and the instance lives on.
func TestFunctionURLRecovers(t *testing.T) {
	var logs bytes.Buffer
	h := FunctionURL(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("arn:aws:secret") }), slog.New(slog.NewJSONHandler(&logs, nil)))
	e := events.LambdaFunctionURLRequest{RawPath: "/oauth/authorize"}
	e.RequestContext.HTTP.Method = "GET"
	e.RequestContext.Authorizer = iam
	res, err := h(context.Background(), e)
	m := regexp.MustCompile(`Reference: ([0-9a-f]{12})\.`).FindStringSubmatch(res.Body)
	if err != nil || res.StatusCode != http.StatusInternalServerError || m == nil || strings.Contains(res.Body, "arn:") {
		t.Fatalf("%d %q %v", res.StatusCode, res.Body, err)
	}
	if !strings.Contains(logs.String(), `"ref":"`+m[1]+`"`) || !strings.Contains(logs.String(), "arn:aws:secret") {
		t.Errorf("the log does not hold the panic under %s:\n%s", m[1], logs.String())
	}
}

// FuzzFunctionURL: whatever a Function URL event holds (path, query,
// method, headers, cookies, body), the relay answers with a status and
// never panics (the adapter's recover would hide one: the log shows it);
// nothing it answers carries a token, and a state cookie it sets is the
// __Host- one.
func FuzzFunctionURL(f *testing.F) {
	f.Add("/oauth/authorize", "provider=github&site_id=www.vozia.example&scope=repo,admin:org", "GET", "Accept", "text/html", "", "", false)
	f.Add("/oauth/callback", "code=c&state=00", "GET", "Cookie", "__Host-vozia_oauth_state=00", "__Host-vozia_oauth_state=00", "", false)
	f.Add("/oauth/%zz", "", "GET", "", "", "", "", false)
	f.Add("/oauth/callback", "error=%3Cscript%3E&state=", "HEAD", "Host", "evil.example", "a=b; c", "eA==", true)
	f.Add("/oauth/authorize", "%", "POST", "X-Forwarded-For", "1.2.3.4", "", "bm90IGJhc2U2NA", true)
	// One relay for every input: a worker runs its inputs one at a time.
	srv := httptest.NewServer(&gitHub{status: 200, body: `{"access_token":"gho_fuzz"}`})
	f.Cleanup(srv.Close)
	var logs bytes.Buffer
	relay, err := New(Config{Origin: origin, ClientID: "client-1", TokenURL: srv.URL, Client: srv.Client(),
		Secret: func(context.Context) (string, error) { return "s3cret", nil }, Log: slog.New(slog.NewJSONHandler(&logs, nil))})
	if err != nil {
		f.Fatal(err)
	}
	h := FunctionURL(relay, slog.New(slog.NewJSONHandler(&logs, nil)))
	f.Fuzz(func(t *testing.T, path, query, method, hk, hv, cookie, body string, b64 bool) {
		logs.Reset()
		e := events.LambdaFunctionURLRequest{RawPath: path, RawQueryString: query, Headers: map[string]string{hk: hv}, Body: body, IsBase64Encoded: b64}
		if cookie != "" {
			e.Cookies = strings.Split(cookie, ";")
		}
		e.RequestContext.HTTP.Method = method
		e.RequestContext.Authorizer = iam
		res, err := h(context.Background(), e)
		if err != nil || res.StatusCode < 200 || res.StatusCode > 599 {
			t.Fatalf("%d %v", res.StatusCode, err)
		}
		if strings.Contains(logs.String(), "oauth: panic") {
			t.Fatalf("the relay panicked:\n%s", logs.String())
		}
		for _, c := range res.Cookies {
			if !strings.HasPrefix(c, StateCookie+"=") || !strings.Contains(c, "Path=/;") || !strings.Contains(c, "Secure") || !strings.Contains(c, "HttpOnly") {
				t.Errorf("sets the cookie %q", c)
			}
		}
		if res.StatusCode == http.StatusFound {
			to, err := url.Parse(res.Headers["Location"])
			if err == nil && strings.HasPrefix(to.String(), GitHubAuthorizeURL) && to.Query().Get("scope") != ScopePrivateRepo {
				t.Errorf("GitHub is asked for %q", to.Query().Get("scope"))
			}
		}
		// A token only for one state cookie that names the query's state.
		if strings.Contains(res.Body, "gho_fuzz") {
			sent := (&http.Request{Header: http.Header{"Cookie": e.Cookies}}).CookiesNamed(StateCookie)
			q, _ := url.ParseQuery(query)
			if len(sent) != 1 || sent[0].Value == "" || sent[0].Value != q.Get("state") {
				t.Errorf("a token for the cookies %q and the query %q: %s", e.Cookies, query, res.Body)
			}
		}
	})
}
