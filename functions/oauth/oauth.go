// Package oauth is the web editor's sign-in relay: GitHub's OAuth web flow
// for the editor at /admin/, served at /oauth/* on the site's own origin.
//
//   - GET /oauth/authorize?provider=github&site_id=HOST: the editor opens
//     it in a popup. The relay refuses a site_id other than its site's
//     host, sets a fresh anti-forgery state in its state cookie, and
//     redirects to GitHub's authorize page with that state, the callback
//     /oauth/callback as redirect_uri, and the one scope the editor needs
//     (Config.Scope). A scope in the query is ignored: whoever starts a
//     sign-in cannot ask GitHub for more (admin:org, delete_repo, workflow).
//   - GET /oauth/callback?code=...&state=...: GitHub sends the editor back
//     here. The state must be the cookie's (compared in constant time, and
//     used once); the code is exchanged at GitHub's token endpoint with the
//     client secret, and the page posts the result to the editor window
//     that opened it: authorization:github:success:{"token":...,
//     "provider":"github"} or authorization:github:error:{...}, as Decap
//     and Sveltia CMS expect. It posts to the site's origin only (the
//     postMessage target), and answers the editor's handshake only from
//     that origin: a page elsewhere that opened the popup learns nothing.
//
// The state cookie is __Host-vozia_oauth_state: Secure, HttpOnly, Path=/,
// SameSite=Lax and no Domain. The __Host- prefix makes the browser refuse
// it from any other host, so a page on a sibling host (a preview, anything
// under the same registrable domain) cannot plant a state it knows, which
// it could with a plain cookie set for the parent domain. The relay reads
// that cookie only, and refuses a request that carries it more than once.
// Nor can another site end a sign-in in progress: a sign-in it starts
// (Sec-Fetch-Site cross-site or same-site) is refused before the cookie is
// set, and a callback whose state does not match leaves the cookie alone.
//
// What goes wrong is shown as a fixed message with a reference (a random
// id); the detail (GitHub's answer, an AWS error with its ARNs) goes to the
// log under the same reference, never to the page.
//
// The client secret is never in the repository nor the template: Secret is
// called at run time (in Lambda, a read of AWS Secrets Manager, kept for
// the life of the process). The relay is reachable only through CloudFront
// (function URL with AWS_IAM, invoked by the distribution alone), with
// caching off; its pages carry their own headers: a policy allowing their
// one inline script by hash, no-store, no referrer.
package oauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// GitHub's OAuth endpoints.
const (
	GitHubAuthorizeURL = "https://github.com/login/oauth/authorize"
	GitHubTokenURL     = "https://github.com/login/oauth/access_token"
)

// Config is what the relay needs.
type Config struct {
	// Origin is the site's origin (https://www.vozia.example): the only
	// window the token is posted to, and the host site_id must name.
	Origin string
	// ClientID is the GitHub OAuth app's client ID.
	ClientID string
	// Secret returns the OAuth app's client secret, read at run time.
	Secret func(ctx context.Context) (string, error)
	// AuthorizeURL and TokenURL default to GitHub's.
	AuthorizeURL, TokenURL string
	// Scope is the GitHub OAuth scope every sign-in asks for, whatever
	// the editor's request says: "repo" (the default) when the site's
	// repository is private, "public_repo" when it is public. The editor
	// (Sveltia CMS, GitHub backend, editorial workflow) reads and writes
	// that repository's contents, branches and pull requests, and nothing
	// else: an OAuth app cannot be limited to one repository, and these
	// are GitHub's narrowest scopes that write a private (repo) or public
	// (public_repo) one. No user scope (the editor reads the signed-in
	// person's public profile, which any token may), no workflow scope (a
	// token without it cannot change .github/workflows), no admin scope.
	Scope string
	// Client makes the token request; http.DefaultClient with a timeout
	// when nil.
	Client *http.Client
	Log    *slog.Logger
}

// Paths of the relay, on the site's origin.
const (
	AuthorizePath = "/oauth/authorize"
	CallbackPath  = "/oauth/callback"
	// StateCookie holds the anti-forgery state of a sign-in (see the
	// package doc for why the prefix).
	StateCookie = "__Host-vozia_oauth_state"
)

// Scopes the relay may ask GitHub for (Config.Scope).
const (
	ScopePrivateRepo = "repo"
	ScopePublicRepo  = "public_repo"
)

// New returns the relay's handler.
func New(cfg Config) (http.Handler, error) {
	u, err := url.Parse(cfg.Origin)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" && u.Path != "/" {
		return nil, fmt.Errorf("oauth: origin %q is not an origin like https://www.example.com", cfg.Origin)
	}
	// The state cookie is Secure (its __Host- prefix demands it), which
	// browsers keep from https, and from http on the machine itself only.
	if h := u.Hostname(); u.Scheme != "https" && !(u.Scheme == "http" && (h == "localhost" || h == "127.0.0.1" || h == "::1")) {
		return nil, fmt.Errorf("oauth: origin %q: want https (http only for localhost)", cfg.Origin)
	}
	if cfg.ClientID == "" || cfg.Secret == nil {
		return nil, fmt.Errorf("oauth: a client ID and a way to read the client secret are required")
	}
	cfg.Origin = u.Scheme + "://" + u.Host
	if cfg.AuthorizeURL == "" {
		cfg.AuthorizeURL = GitHubAuthorizeURL
	}
	if cfg.TokenURL == "" {
		cfg.TokenURL = GitHubTokenURL
	}
	switch cfg.Scope {
	case "":
		cfg.Scope = ScopePrivateRepo
	case ScopePrivateRepo, ScopePublicRepo:
	default:
		return nil, fmt.Errorf("oauth: scope %q: want %q (a private repository) or %q (a public one)", cfg.Scope, ScopePrivateRepo, ScopePublicRepo)
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	r := &relay{cfg: cfg, host: u.Hostname()}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+AuthorizePath, r.authorize)
	mux.HandleFunc("GET "+CallbackPath, r.callback)
	return mux, nil
}

type relay struct {
	cfg  Config
	host string
}

func (r *relay) authorize(w http.ResponseWriter, req *http.Request) {
	q := req.URL.Query()
	if p := q.Get("provider"); p != "" && p != "github" {
		r.refuse(w, http.StatusBadRequest, "unknown provider", "provider", p)
		return
	}
	// The editor names the site it runs on; a relay serves its own site
	// only.
	if site := q.Get("site_id"); site != "" && !strings.EqualFold(site, r.host) {
		r.refuse(w, http.StatusBadRequest, "unknown site", "site_id", site)
		return
	}
	// Another site may not start a sign-in: a link or a page's navigation
	// to here would replace the state cookie of one in progress, and
	// that sign-in would then fail. The editor opens this page from the
	// site itself (same-origin); a browser that sends no Sec-Fetch-Site
	// is let through.
	if s := req.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		r.refuse(w, http.StatusForbidden, "started from another site", "sec-fetch-site", s)
		return
	}
	state := newState()
	http.SetCookie(w, stateCookie(state, 600))
	// The editor's scope parameter is not read: see Config.Scope.
	to := r.cfg.AuthorizeURL + "?" + url.Values{
		"client_id":    {r.cfg.ClientID},
		"redirect_uri": {r.cfg.Origin + CallbackPath},
		"scope":        {r.cfg.Scope},
		"state":        {state},
	}.Encode()
	noStore(w)
	http.Redirect(w, req, to, http.StatusFound)
}

func (r *relay) callback(w http.ResponseWriter, req *http.Request) {
	q := req.URL.Query()
	// Only the relay's own cookie counts, and only once: a browser holds
	// one __Host- cookie of a name for the host, so several mean a request
	// that was not a browser's own.
	cookies := req.CookiesNamed(StateCookie)
	if len(cookies) != 1 || cookies[0].Value == "" || subtle.ConstantTimeCompare([]byte(cookies[0].Value), []byte(q.Get("state"))) != 1 {
		// The cookie is left as it is: a forged callback (a link from
		// another site) must not end a sign-in in progress.
		r.fail(w, http.StatusForbidden, "state_mismatch", "The sign-in did not start here, or took too long. Close this window and sign in again.",
			"oauth: state does not match", "state cookies", len(cookies))
		return
	}
	// The state is used once, whatever happens next.
	http.SetCookie(w, stateCookie("", -1))
	if e := q.Get("error"); e != "" {
		// GitHub's documented errors keep their name; anything else is
		// not repeated to the editor.
		switch e {
		case "access_denied":
			r.fail(w, http.StatusForbidden, e, "GitHub was not allowed to sign you in.", "oauth: GitHub refused", "error", e, "description", q.Get("error_description"))
		case "redirect_uri_mismatch", "application_suspended":
			r.fail(w, http.StatusForbidden, e, "GitHub cannot sign you in to this site at the moment.", "oauth: GitHub refused", "error", e, "description", q.Get("error_description"))
		default:
			r.fail(w, http.StatusForbidden, "github_error", "GitHub cannot sign you in to this site at the moment.", "oauth: GitHub refused", "error", e, "description", q.Get("error_description"))
		}
		return
	}
	code := q.Get("code")
	if code == "" {
		r.fail(w, http.StatusBadRequest, "no_code", "GitHub sent no code. Close this window and sign in again.", "oauth: no code")
		return
	}
	token, err := r.exchange(req.Context(), code)
	if err != nil {
		r.fail(w, http.StatusBadGateway, "token_exchange", "GitHub did not confirm the sign-in. Close this window and sign in again.",
			"oauth: token exchange failed", "err", err)
		return
	}
	r.result(w, http.StatusOK, "success", map[string]string{"token": token, "provider": "github"})
}

// stateCookie is the state cookie holding value for maxAge seconds (-1:
// deleted).
func stateCookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: StateCookie, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode,
	}
}

// fail logs what went wrong with a fresh reference, and answers the editor
// with a fixed message that names the reference and nothing else.
func (r *relay) fail(w http.ResponseWriter, status int, code, message, logMsg string, detail ...any) {
	ref := newRef()
	r.cfg.Log.Warn(logMsg, append([]any{"ref", ref}, detail...)...)
	r.result(w, status, "error", map[string]string{"error": code, "message": message + " Reference: " + ref + ".", "ref": ref})
}

// exchange trades the code for an access token at the token endpoint.
func (r *relay) exchange(ctx context.Context, code string) (string, error) {
	secret, err := r.cfg.Secret(ctx)
	if err != nil {
		return "", fmt.Errorf("the client secret cannot be read: %w", err)
	}
	form := url.Values{
		"client_id":     {r.cfg.ClientID},
		"client_secret": {secret},
		"code":          {code},
		"redirect_uri":  {r.cfg.Origin + CallbackPath},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.cfg.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := r.cfg.Client.Do(req)
	if err != nil {
		return "", fmt.Errorf("GitHub's token endpoint: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return "", fmt.Errorf("GitHub's token endpoint: %w", err)
	}
	var t struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if err := json.Unmarshal(body, &t); err != nil && res.StatusCode == http.StatusOK {
		return "", fmt.Errorf("GitHub's token endpoint answered %q", truncate(string(body), 80))
	}
	switch {
	case t.Error != "":
		return "", fmt.Errorf("GitHub refused the code: %s (%s)", t.Error, t.Description)
	case res.StatusCode != http.StatusOK:
		return "", fmt.Errorf("GitHub's token endpoint answered %s", res.Status)
	case t.AccessToken == "":
		return "", fmt.Errorf("GitHub's token endpoint sent no token")
	}
	return t.AccessToken, nil
}

// result answers with the page that hands the outcome to the editor: it
// announces itself to the window that opened it (the site's origin only),
// and when that window answers from the site's origin, posts the message.
func (r *relay) result(w http.ResponseWriter, status int, kind string, content map[string]string) {
	payload, _ := json.Marshal(content)
	message := "authorization:github:" + kind + ":" + string(payload)
	origin, _ := json.Marshal(r.cfg.Origin)
	msg, _ := json.Marshal(message) // escapes <, > and &: no </script> can end it
	script := fmt.Sprintf(handshake, origin, msg)
	sum := sha256.Sum256([]byte(script))
	h := w.Header()
	noStore(w)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	w.WriteHeader(status)
	text := "Signed in. This window closes by itself."
	if kind != "success" {
		text = "Sign-in failed: " + content["message"]
	}
	fmt.Fprintf(w, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sign in</title></head><body><p>%s</p><script>%s</script></body></html>\n",
		template.HTMLEscapeString(text), script)
}

// handshake is the script of Decap's and Sveltia's GitHub flow, with the
// site's origin (%[1]s) as its only partner and the message (%[2]s), both
// JSON strings.
const handshake = `(() => {
const origin = %[1]s, message = %[2]s;
if (!window.opener) return;
window.addEventListener("message", (e) => {
  if (e.origin !== origin || e.source !== window.opener) return;
  window.opener.postMessage(message, origin);
}, { once: true });
window.opener.postMessage("authorizing:github", origin);
})();`

// refuse answers a sign-in that cannot start with a fixed text and a
// reference; the reason and what the request said go to the log.
func (r *relay) refuse(w http.ResponseWriter, status int, reason string, detail ...any) {
	ref := newRef()
	r.cfg.Log.Warn("oauth: refused", append([]any{"ref", ref, "reason", reason}, detail...)...)
	noStore(w)
	w.Header().Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.Error(w, "This sign-in cannot start here. Reference: "+ref+".", status)
}

// newRef is the reference of one failure, shared by the page and the log.
func newRef() string {
	b := make([]byte, 6)
	rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b)
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

func newState() string {
	b := make([]byte, 32)
	rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
