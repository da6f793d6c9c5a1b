// Package devserver is the local server of cmd/serve: it serves a built
// site exactly as the CDN will, following the routing manifest
// (dist/cdn/routes.json, see routing.Manifest), and mounts the
// contact function at /api/contact, as its command built it (this floor
// imports no function: outbox.Handler is the local one). Like the CDN, it compresses text
// (brotli or gzip, see compress.go). Browser tests and benchmarks use it
// too, so they exercise the same routing and bytes a visitor gets.
package devserver

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"

	"github.com/vozia/site/internal/routing"
)

// ContactPath is where the contact function is mounted.
const ContactPath = "/api/contact"

// Options configure the server.
type Options struct {
	// Dir is the site root (dist/site); the manifest is ../cdn/routes.json.
	Dir string
	// Contact answers /api/contact (ContactPath); when nil, the site
	// answers there, as for any other path.
	Contact http.Handler
	// Live, when set, serves its builds instead of Dir, and the live
	// reload endpoints (cmd/dev).
	Live *Live
	// Hosts, when set, are the only Host headers answered (besides
	// localhost and 127.0.0.1 on any port); any other gets 403. The live
	// server sets its own address here: without it a page the editor visits
	// could rebind its name to 127.0.0.1 and read the dev site (drafts and
	// error dialog included), as Vite guards against since its DNS
	// rebinding fix.
	Hosts []string
}

// New returns the whole server.
func New(ctx context.Context, opt Options) (http.Handler, error) {
	var pages http.Handler = opt.Live
	var policy func(path string) map[string]string
	if opt.Live != nil {
		policy = opt.Live.policy
	} else {
		built, err := newBuiltSite(opt.Dir)
		if err != nil {
			return nil, fmt.Errorf("%w (run go run ./cmd/build first)", err)
		}
		if _, err := os.Stat(filepath.Join(opt.Dir, "index.html")); err != nil {
			return nil, fmt.Errorf("%s has no index.html (run go run ./cmd/build first)", opt.Dir)
		}
		pages = built
		policy = func(path string) map[string]string { return policyHeaders(built.current().m, path) }
	}
	mux := http.NewServeMux()
	if opt.Contact != nil {
		mux.Handle(ContactPath, opt.Contact)
	}
	if opt.Live != nil {
		mux.Handle(DevPath, opt.Live.endpoints())
	}
	h := dispatch(mux, pages)
	if len(opt.Hosts) > 0 {
		h = onlyHosts(h, opt.Hosts)
	}
	return secured(h, policy), nil
}

// policyHeaders are the headers the CDN's response headers policy puts on
// every answer for path: the manifest's headers for every path ("/*"), or
// on the web editor's paths the editor's own (routing.AdminPaths), which
// the CDN serves with a policy of their own.
func policyHeaders(m *routing.Manifest, path string) map[string]string {
	if m == nil {
		return nil
	}
	for _, h := range m.Headers {
		if slices.Contains(routing.AdminPaths, h.For) && routing.Matches(h.For, path) {
			return h.Values
		}
	}
	out := map[string]string{}
	for _, h := range m.Headers {
		if h.For == "/*" {
			for k, v := range h.Values {
				out[k] = v
			}
		}
	}
	return out
}

// onlyHosts answers 403 to a request whose Host is none of hosts,
// localhost or 127.0.0.1.
func onlyHosts(next http.Handler, hosts []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			name = h
		}
		if name == "localhost" || name == "127.0.0.1" || slices.Contains(hosts, r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		http.Error(w, fmt.Sprintf("Blocked request: this server answers only http://%s, localhost and 127.0.0.1, not %q.", hosts[0], r.Host), http.StatusForbidden)
	})
}

// dispatch sends the requests for the server's own endpoints (the contact
// function, registered on mux by exact path) to mux and every other request
// to the site. The site never goes through the ServeMux: the mux cleans a
// path and redirects to the cleaned one ("//evil.example/" to
// "/evil.example/", "/platform//" to "/platform/") before the routing rules
// get a say, and those rules, which the CDN applies too, must be the only
// ones that answer for the site's paths.
func dispatch(mux *http.ServeMux, site http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		site.ServeHTTP(w, r)
	})
}
