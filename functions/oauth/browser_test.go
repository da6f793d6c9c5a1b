package oauth_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/vozia/site/functions/oauth"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// The hosts of TestStateCookieAcrossSites, all on one TLS server that
// Chromium reaches through its host resolver rules: the live site, a
// preview on a sibling host of the live site (how previews were served
// before they had a domain of their own, the worst case for the cookie),
// a preview on the previews' own registrable domain, and GitHub's
// authorize page.
const (
	liveHost           = "www.vozia.example"
	siblingPreviewHost = "pr-7.preview.vozia.example"
	ownPreviewHost     = "pr-7.vozia-preview.example"
	githubHost         = "github.example"
	knownState         = "f00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeed"
)

// plant is a preview page's script that tries every way a page can plant
// a state it knows into the live site's cookie jar: a cookie for the
// parent domain under the relay's name, under the name the relay used
// before it had the __Host- prefix, and under the __Secure- prefix.
// What the browser kept is read back into the page's title.
const plant = `<!doctype html><title>planting</title><script>
for (const name of ["__Host-vozia_oauth_state", "vozia_oauth_state", "__Secure-vozia_oauth_state"]) {
  for (const path of ["/", "/oauth/", "/oauth/callback"]) {
    document.cookie = name + "=` + knownState + `; domain=vozia.example; path=" + path + "; secure; samesite=lax";
  }
}
document.title = "planted:" + document.cookie;
</script>`

// editor stands in for the web editor's page on the live site: a click
// opens the relay's authorize page in a popup, asking for more scope than
// it may have, and answers the relay's handshake as Sveltia and Decap do;
// what the relay finally posts lands in window.result.
const editor = `<!doctype html><title>editor</title><button id="signin">Sign In with GitHub</button><script>
window.result = "";
window.addEventListener("message", (e) => {
  if (e.origin !== location.origin) return;
  if (e.data === "authorizing:github") { e.source.postMessage("authorizing:github", e.origin); return; }
  window.result = String(e.data);
});
document.getElementById("signin").addEventListener("click", () => {
  window.open("/oauth/authorize?provider=github&site_id=` + liveHost + `&scope=repo,admin:org,delete_repo,workflow", "signin", "popup,width=600,height=600");
});
</script>`

// TestStateCookieAcrossSites: a pull request's own script, run by a
// preview, cannot choose the state of a sign-in on the live site. In real
// headless Chromium: the preview pages try to plant a known state for the
// live site's whole domain; then a forged callback carrying that state is
// refused, and an editor's own sign-in on the live site still succeeds.
// The preview on a host of its own registrable domain (how previews are
// served now) cannot reach the live site's jar at all; the one on a
// sibling host can set cookies for the parent domain, but not the relay's
// __Host- cookie, which is the only one the relay reads.
func TestStateCookieAcrossSites(t *testing.T) {
	if _, err := exec.LookPath(browsertest.ChromiumPath); err != nil {
		t.Fatalf("%s not found: run `make test` (it installs Debian's chromium-headless-shell)", browsertest.ChromiumPath)
	}
	var (
		mu        sync.Mutex
		exchanged []string // the codes the relay traded for a token
		asked     []string // the scopes GitHub's authorize page was asked for
	)
	relayMux := http.NewServeMux()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := net.SplitHostPort(r.Host)
		switch {
		case r.URL.Path == "/login/oauth/access_token": // the relay's own call, from Go
			r.ParseForm()
			mu.Lock()
			exchanged = append(exchanged, r.PostForm.Get("code"))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]string{"access_token": "gho_for_" + r.PostForm.Get("code"), "token_type": "bearer"})
		case host == githubHost && r.URL.Path == "/login/oauth/authorize":
			// The person allows the app: back to the relay with a code.
			q := r.URL.Query()
			mu.Lock()
			asked = append(asked, q.Get("scope"))
			mu.Unlock()
			http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {"editors-code"}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
		case host == siblingPreviewHost || host == ownPreviewHost:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, plant)
		case host == liveHost && r.URL.Path == "/admin/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, editor)
		case host == liveHost:
			relayMux.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	srv.StartTLS()
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	at := func(host, path string) string { return "https://" + host + ":" + port + path }

	relay, err := oauth.New(oauth.Config{
		Origin: at(liveHost, ""), ClientID: "client-1",
		Secret:       func(context.Context) (string, error) { return "s3cret", nil },
		AuthorizeURL: at(githubHost, "/login/oauth/authorize"),
		TokenURL:     srv.URL + "/login/oauth/access_token",
		Client:       srv.Client(),
	})
	if err != nil {
		t.Fatal(err)
	}
	relayMux.Handle("/oauth/", relay)

	profile := t.TempDir()
	opts := append(browsertest.ChromiumOptions(profile),
		chromedp.Flag("host-resolver-rules", "MAP *.example 127.0.0.1"),
		chromedp.Flag("ignore-certificate-errors", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
	defer cancel()

	// liveCookies is every cookie the browser would send to the relay's
	// callback on the live site.
	liveCookies := func() []string {
		t.Helper()
		res, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (network.GetCookiesResult, error) {
			return cdp.Call(ctx, tg, network.GetCookies, network.GetCookiesParams{URLs: []string{at(liveHost, oauth.CallbackPath)}})
		})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range res.Cookies {
			names = append(names, fmt.Sprintf("%s=%s (domain %s, path %s)", c.Name, c.Value, c.Domain, c.Path))
		}
		return names
	}
	visit := func(host string) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(at(host, "/"))); err != nil {
			t.Fatal(err)
		}
		title, err := chromedp.Run(ctx, chromedp.Title())
		if err != nil || !strings.HasPrefix(title, "planted:") {
			t.Fatalf("%s: the planting script did not run (title %q, %v)", host, title, err)
		}
		return strings.TrimPrefix(title, "planted:")
	}

	// A preview on its own registrable domain: the browser refuses every
	// cookie for the live site's domain.
	visit(ownPreviewHost)
	if got := liveCookies(); len(got) > 0 {
		t.Errorf("a preview on %s planted cookies for the live site: %q", ownPreviewHost, got)
	}

	// A preview on a sibling host of the live site can set cookies for the
	// parent domain (the planting is real: the test would mean nothing
	// otherwise), but never a __Host- one.
	kept := visit(siblingPreviewHost)
	if !strings.Contains(kept, "vozia_oauth_state="+knownState) {
		t.Fatalf("Chromium kept none of the sibling preview's cookies (%q): the test plants nothing", kept)
	}
	planted := liveCookies()
	t.Logf("cookies the sibling preview planted for the live site: %q", planted)
	if slices.ContainsFunc(planted, func(c string) bool { return strings.HasPrefix(c, "__Host-") }) {
		t.Errorf("a __Host- cookie was planted for the live site: %q", planted)
	}

	// The forged callback: the preview's state with a code of the
	// attacker's own account. Refused, and the code never traded.
	if err := chromedp.Do(ctx, chromedp.Navigate(at(liveHost, oauth.CallbackPath+"?code=attackers-code&state="+knownState))); err != nil {
		t.Fatal(err)
	}
	// Read by script, not by a node of the DOM domain: the node looked up
	// can belong to the document before the navigation, whose tree the
	// browser's late update replaced ("No node with given id found").
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	forged := slices.Contains(exchanged, "attackers-code")
	mu.Unlock()
	if forged || !strings.Contains(text, "did not start here") {
		t.Errorf("a forged state was accepted: the page says %q, codes traded %q", text, exchanged)
	}

	// The editor's own sign-in on the live site, with the planted cookies
	// still in the jar (planted again, in case the refusal cleared them).
	visit(siblingPreviewHost)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(at(liveHost, "/admin/")),
		chromedp.Click(chromedp.ID("signin")),
	); err != nil {
		t.Fatal(err)
	}
	result, err := chromedp.Run(ctx, chromedp.Poll[string](`window.result || false`, chromedp.WithPollingTimeout(time.Minute), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		t.Fatalf("the editor received nothing from the relay: %v", err)
	}
	if result != `authorization:github:success:{"provider":"github","token":"gho_for_editors-code"}` {
		t.Errorf("the editor's sign-in on the live site failed: %s", result)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 1 || asked[0] != "repo" {
		t.Errorf("GitHub was asked for scopes %q, want only the editor's (repo)", asked)
	}

}
