package oauth

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
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
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	if secret == nil {
		secret = func(context.Context) (string, error) { return "s3cret", nil }
	}
	h, err := New(Config{Origin: origin, ClientID: "client-1", Secret: secret, TokenURL: srv.URL, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// signIn runs /oauth/authorize and returns the state GitHub would be sent
// and the cookie the browser would keep.
func signIn(t *testing.T, h http.Handler) (state string, cookie *http.Cookie) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", origin+"/oauth/authorize?provider=github&site_id=www.vozia.example&scope=repo", nil))
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
		if c.Name == stateCookie {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != q.Get("state") || !cookie.HttpOnly || !cookie.Secure || cookie.SameSite != http.SameSiteLaxMode {
		t.Fatalf("state cookie %+v for state %q", cookie, q.Get("state"))
	}
	return q.Get("state"), cookie
}

func callback(h http.Handler, query string, cookie *http.Cookie) (*http.Response, string) {
	req := httptest.NewRequest("GET", origin+"/oauth/callback?"+query, nil)
	if cookie != nil {
		req.AddCookie(cookie)
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
		cleared = cleared || c.Name == stateCookie && c.MaxAge < 0
	}
	if !cleared {
		t.Error("the state cookie is not cleared")
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		gh     gitHub
		secret func(context.Context) (string, error)
		query  func(state string) string
		cookie bool
		status int
		want   string
	}{
		{name: "GitHub refuses the code", gh: gitHub{status: 200, body: `{"error":"bad_verification_code","error_description":"The code passed is incorrect or expired."}`},
			query: func(s string) string { return "code=old&state=" + s }, cookie: true, status: http.StatusBadGateway, want: "bad_verification_code"},
		{name: "GitHub fails", gh: gitHub{status: 503, body: `unavailable`},
			query: func(s string) string { return "code=c&state=" + s }, cookie: true, status: http.StatusBadGateway, want: "503"},
		{name: "GitHub sends no token", gh: gitHub{status: 200, body: `{}`},
			query: func(s string) string { return "code=c&state=" + s }, cookie: true, status: http.StatusBadGateway, want: "no token"},
		{name: "the editor declined", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "error=access_denied&error_description=denied&state=" + s }, cookie: true, status: http.StatusForbidden, want: "access_denied"},
		{name: "wrong state", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + strings.Repeat("0", len(s)) }, cookie: true, status: http.StatusForbidden, want: "state_mismatch"},
		{name: "no state cookie", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			query: func(s string) string { return "code=c&state=" + s }, cookie: false, status: http.StatusForbidden, want: "state_mismatch"},
		{name: "the secret cannot be read", gh: gitHub{status: 200, body: `{"access_token":"gho_never"}`},
			secret: func(context.Context) (string, error) { return "", errors.New("AccessDenied") },
			query:  func(s string) string { return "code=c&state=" + s }, cookie: true, status: http.StatusBadGateway, want: "secret"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := relayFor(t, &tc.gh, tc.secret)
			state, cookie := signIn(t, h)
			if !tc.cookie {
				cookie = nil
			}
			res, body := callback(h, tc.query(state), cookie)
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d", res.StatusCode, tc.status)
			}
			msg := posted(t, res, body)
			if !strings.HasPrefix(msg, `"authorization:github:error:`) || !strings.Contains(msg, tc.want) {
				t.Errorf("posts %s, want an error naming %q", msg, tc.want)
			}
			if strings.Contains(body, "gho_") || strings.Contains(body, "s3cret") {
				t.Errorf("the page holds a token or the secret: %s", body)
			}
		})
	}
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
	}
	for _, o := range []string{"", "www.vozia.example", "https://www.vozia.example/admin", "javascript:alert(1)"} {
		if _, err := New(Config{Origin: o, ClientID: "c", Secret: func(context.Context) (string, error) { return "", nil }}); err == nil {
			t.Errorf("origin %q accepted", o)
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
	h := FunctionURL(relayFor(t, &gitHub{status: 200, body: `{"access_token":"gho_abc"}`}, nil))
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
