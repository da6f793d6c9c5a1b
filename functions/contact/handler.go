package contact

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
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
	return &Handler{fn: NewFunction(cfg, st, logger)}
}

// Handler is the function as an http.Handler.
type Handler struct{ fn *Function }

// SetEnquiries replaces the products an enquiry may name with those of
// data, the build's dist/cdn/enquiries.json: a local server calls it with
// the file of the site it serves, and again after each build of make dev.
func (h *Handler) SetEnquiries(data []byte) error {
	e, err := contactform.ParseEnquiries(data)
	if err != nil {
		return err
	}
	h.fn.setProducts(e)
	return nil
}

// LoadEnquiries hands h the products of the site file describes (the
// build's dist/cdn/enquiries.json). A site built without the file names
// no product: h then keeps the ones it has.
func (h *Handler) LoadEnquiries(file string) error {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := h.SetEnquiries(data); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		ip = r.RemoteAddr
	}
	res := h.fn.Serve(r.Context(), &Request{
		Method:        r.Method,
		Header:        r.Header,
		Body:          r.Body,
		ContentLength: r.ContentLength,
		SourceIP:      ip,
	})
	dst := w.Header()
	for k, v := range res.Header {
		dst[k] = v
	}
	if res.Body != nil {
		dst.Set("Content-Length", strconv.Itoa(len(res.Body)))
	}
	w.WriteHeader(res.Status)
	w.Write(res.Body)
}
