package contact

import (
	"log/slog"
	"net"
	"net/http"
	"strconv"
)

// New returns the function as an http.Handler for the local server. It
// answers the same at any path, so the caller chooses where to mount it
// (cmd/serve uses /api/contact). The source IP is r.RemoteAddr's host:
// X-Forwarded-For and CloudFront-Viewer-Address are ignored, because no CDN
// stands in front of the local server and any client can send them and so
// pick its own rate-limit bucket. st keeps accepted enquiries; logger
// receives one record per request (nil discards them).
func New(cfg Config, st Store, logger *slog.Logger) http.Handler {
	return &httpHandler{core: newCore(cfg, st, logger)}
}

type httpHandler struct{ core *core }

func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
