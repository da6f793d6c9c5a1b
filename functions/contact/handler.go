package contact

import (
	"log/slog"
	"net"
	"net/http"
	"strconv"

	"github.com/vozia/site/internal/contactform"
)

// New returns the function as an http.Handler for the local server. It
// answers the same at any path, so the caller chooses where to mount it
// (cmd/serve uses /api/contact). The source IP is r.RemoteAddr's host:
// X-Forwarded-For and CloudFront-Viewer-Address are ignored, because no CDN
// stands in front of the local server and any client can send them and so
// pick its own rate-limit bucket. st keeps accepted enquiries; logger
// receives one record per request (nil discards them).
func New(cfg Config, st Store, logger *slog.Logger) *Handler {
	return &Handler{core: newCore(cfg, st, logger)}
}

// Handler is the function as an http.Handler.
type Handler struct{ core *core }

// SetEnquiries replaces the products an enquiry may name with those of
// data, the build's dist/cdn/enquiries.json: a local server calls it with
// the file of the site it serves, and again after each build of make dev.
func (h *Handler) SetEnquiries(data []byte) error {
	e, err := contactform.ParseEnquiries(data)
	if err != nil {
		return err
	}
	h.core.setProducts(e)
	return nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		ip = r.RemoteAddr
	}
	res := h.core.serve(r.Context(), &request{
		method:        r.Method,
		header:        r.Header,
		body:          r.Body,
		contentLength: r.ContentLength,
		sourceIP:      ip,
	})
	dst := w.Header()
	for k, v := range res.header {
		dst[k] = v
	}
	if res.body != nil {
		dst.Set("Content-Length", strconv.Itoa(len(res.body)))
	}
	w.WriteHeader(res.status)
	w.Write(res.body)
}
