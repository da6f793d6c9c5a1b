// Package oauth is the web editor's sign-in relay: GitHub's OAuth web flow
// for the editor at /admin/, served at /oauth/* on the site's own origin.
//
//   - GET /oauth/authorize?provider=github&site_id=HOST&scope=repo: the
//     editor opens it in a popup. The relay refuses a site_id other than
//     its site's host, sets a fresh anti-forgery state in a cookie of its
//     own path, and redirects to GitHub's authorize page with that state
//     and the callback /oauth/callback as redirect_uri.
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
	// Scope is asked for when the editor asks for none ("repo").
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
	stateCookie   = "vozia_oauth_state"
)

// New returns the relay's handler.
func New(cfg Config) (http.Handler, error) {
	u, err := url.Parse(cfg.Origin)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" && u.Path != "/" {
		return nil, fmt.Errorf("oauth: origin %q is not an origin like https://www.example.com", cfg.Origin)
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
	if cfg.Scope == "" {
		cfg.Scope = "repo,user"
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	r := &relay{cfg: cfg, host: u.Hostname(), secure: u.Scheme == "https"}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+AuthorizePath, r.authorize)
	mux.HandleFunc("GET "+CallbackPath, r.callback)
	return mux, nil
}

type relay struct {
	cfg    Config
	host   string
	secure bool
}

func (r *relay) authorize(w http.ResponseWriter, req *http.Request) {
	q := req.URL.Query()
	if p := q.Get("provider"); p != "" && p != "github" {
		r.refuse(w, http.StatusBadRequest, "unknown provider %q", p)
		return
	}
	// The editor names the site it runs on; a relay serves its own site
	// only.
	if site := q.Get("site_id"); site != "" && !strings.EqualFold(site, r.host) {
		r.refuse(w, http.StatusBadRequest, "unknown origin %q", site)
		return
	}
	state, err := newState()
	if err != nil {
		r.refuse(w, http.StatusInternalServerError, "no random state: %v", err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: stateCookie, Value: state, Path: "/oauth/", MaxAge: 600,
		HttpOnly: true, Secure: r.secure, SameSite: http.SameSiteLaxMode,
	})
	scope := q.Get("scope")
	if scope == "" {
		scope = r.cfg.Scope
	}
	to := r.cfg.AuthorizeURL + "?" + url.Values{
		"client_id":    {r.cfg.ClientID},
		"redirect_uri": {r.cfg.Origin + CallbackPath},
		"scope":        {scope},
		"state":        {state},
	}.Encode()
	noStore(w)
	http.Redirect(w, req, to, http.StatusFound)
}

func (r *relay) callback(w http.ResponseWriter, req *http.Request) {
	q := req.URL.Query()
	// The state is used once, whatever happens next.
	http.SetCookie(w, &http.Cookie{Name: stateCookie, Value: "", Path: "/oauth/", MaxAge: -1, HttpOnly: true, Secure: r.secure, SameSite: http.SameSiteLaxMode})
	c, err := req.Cookie(stateCookie)
	if err != nil || c.Value == "" || subtle.ConstantTimeCompare([]byte(c.Value), []byte(q.Get("state"))) != 1 {
		r.cfg.Log.Warn("oauth: state does not match")
		r.result(w, http.StatusForbidden, "error", map[string]string{"error": "state_mismatch", "message": "The sign-in did not start here, or took too long. Close this window and sign in again."})
		return
	}
	if e := q.Get("error"); e != "" {
		r.result(w, http.StatusForbidden, "error", map[string]string{"error": e, "message": q.Get("error_description")})
		return
	}
	code := q.Get("code")
	if code == "" {
		r.result(w, http.StatusBadRequest, "error", map[string]string{"error": "no_code", "message": "GitHub sent no code."})
		return
	}
	token, err := r.exchange(req.Context(), code)
	if err != nil {
		r.cfg.Log.Warn("oauth: token exchange failed", "err", err)
		r.result(w, http.StatusBadGateway, "error", map[string]string{"error": "token_exchange", "message": err.Error()})
		return
	}
	r.result(w, http.StatusOK, "success", map[string]string{"token": token, "provider": "github"})
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

func (r *relay) refuse(w http.ResponseWriter, status int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	r.cfg.Log.Warn("oauth: refused", "reason", msg)
	noStore(w)
	w.Header().Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.Error(w, "oauth: "+msg, status)
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

func newState() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
