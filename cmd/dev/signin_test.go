package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/functions/oauth"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestAdminSignIn drives the web editor's production sign-in as far as it
// goes without GitHub. The editor's page is served from one origin with
// the OAuth relay at /oauth/*, as CloudFront serves the site and the relay
// in production (here the dev server behind a proxy, and the relay
// itself); a stand-in for GitHub's authorize page and token endpoint
// plays GitHub's part. A person clicks "Sign In with GitHub": the editor
// opens the relay's /oauth/authorize in a popup, the relay sends it to
// "GitHub" with a fresh state, "GitHub" sends it back to /oauth/callback
// with a code, the relay checks the state and trades the code for a token
// with the client secret, and its page posts the token to the editor
// window; the editor then calls GitHub's API with that token. What is not
// covered: GitHub's own pages and API (the answers to the API are a
// stand-in's, which refuses the token), the editorial workflow's pull
// requests, and the relay behind CloudFront (make test-deploy checks its
// template).
func TestAdminSignIn(t *testing.T) {
	d := startDev(t, testSite, false)
	const (
		code   = "standin-code"
		secret = "standin-secret"
		token  = "gho_standin0123456789"
	)
	exchanged := make(chan string, 4)
	github := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login/oauth/authorize":
			// The person signs in and allows the app: GitHub sends them
			// back to the relay with a code and the relay's state.
			q := r.URL.Query()
			http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {code}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
		case "/login/oauth/access_token":
			w.Header().Set("Content-Type", "application/json")
			if r.PostFormValue("code") != code || r.PostFormValue("client_secret") != secret {
				json.NewEncoder(w).Encode(map[string]string{"error": "bad_verification_code"})
				return
			}
			exchanged <- r.PostFormValue("redirect_uri")
			json.NewEncoder(w).Encode(map[string]string{"access_token": token, "token_type": "bearer", "scope": "repo"})
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(github.Close)

	mux := http.NewServeMux()
	site := httptest.NewServer(mux)
	t.Cleanup(site.Close)
	relay, err := oauth.New(oauth.Config{
		Origin: site.URL, ClientID: "standin-client",
		Secret:       func(context.Context) (string, error) { return secret, nil },
		AuthorizeURL: github.URL + "/login/oauth/authorize", TokenURL: github.URL + "/login/oauth/access_token",
	})
	if err != nil {
		t.Fatal(err)
	}
	dev, _ := url.Parse(d.URL)
	mux.Handle("/oauth/", relay)
	mux.Handle("/", httputil.NewSingleHostReverseProxy(dev))

	env := browsertest.Attach(t, site.URL)
	tab := env.NewTab(t, 1280, 900)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 8*time.Minute)
	defer cancel()
	tab.Ctx = ctx
	calls := make(chan string, 16)
	githubStandIn(t, tab, func(path, authorization string) {
		select {
		case calls <- path + " " + authorization:
		default:
		}
	})

	// The label isolates the service's name with bidi marks.
	const signIn = `button[data-label^="Sign In with"][data-label*="GitHub"]`
	do(t, tab, "load /admin/ from the site's origin", chromedp.Navigate(site.URL+"/admin/"), chromedp.WaitVisible(chromedp.CSS(signIn), browsertest.Unhurried))
	waitTakesClicks(t, tab, signIn)
	do(t, tab, "sign in with GitHub", chromedp.Click(chromedp.CSS(signIn)))

	select {
	case uri := <-exchanged:
		if uri != site.URL+oauth.CallbackPath {
			t.Errorf("the relay traded the code for %q, not its callback", uri)
		}
	case <-ctx.Done():
		t.Fatalf("the relay never traded GitHub's code for a token (console %q, errors %q)", tab.ConsoleErrors(), tab.Errors())
	}
	// The editor received the token the relay posted, and uses it.
	for {
		select {
		case call := <-calls:
			t.Logf("the editor called GitHub's API: %s", strings.Replace(call, token, "<token>", 1))
			if strings.Contains(call, token) {
				return
			}
		case <-ctx.Done():
			t.Fatalf("the editor never called GitHub's API with the token (console %q, errors %q)", tab.ConsoleErrors(), tab.Errors())
		}
	}
}
