package devserver

import (
	"net/http"
	"strconv"
	"strings"
)

// The CDN puts its response headers policy (the manifest's headers for
// "/*": the Content-Security-Policy, HSTS, nosniff, frame and referrer
// policies) on every answer of the distribution, with override on: pages,
// errors, the refused methods and the contact function's answers alike.
// Cache-Control is not in it: it travels with each object (and the contact
// function says no-store itself). secured does the same here, whatever
// handler answers.
func secured(next http.Handler, policy func(path string) map[string]string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&securedWriter{ResponseWriter: w, values: func() map[string]string { return policy(r.URL.Path) }}, r)
	})
}

type securedWriter struct {
	http.ResponseWriter
	values func() map[string]string
	done   bool
}

func (w *securedWriter) WriteHeader(code int) {
	if !w.done {
		w.done = true
		h := w.ResponseWriter.Header()
		for k, v := range w.values() {
			if http.CanonicalHeaderKey(k) != "Cache-Control" {
				h.Set(k, v)
			}
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *securedWriter) Write(p []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(p)
}

func (w *securedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// maxRanges bounds the ranges one request may ask for. CloudFront serves
// several ranges only in ascending order and without overlap, and answers
// anything else with the whole object; this server does the same, and
// also sends the whole object for more than maxRanges ranges, so that a
// request of a few bytes cannot ask for an answer many times the file's
// size (1,000 ranges of one small file were a 206 of 141 KB).
const maxRanges = 8

// honoredRange reports whether the Range header of a request for size bytes
// should be honored: a single range (http.ServeContent answers it, or 416),
// or at most maxRanges ranges, ascending and not overlapping.
func honoredRange(header string, size int64) bool {
	spec, ok := strings.CutPrefix(header, "bytes=")
	if !ok || !strings.Contains(spec, ",") {
		return true
	}
	parts := strings.Split(spec, ",")
	if len(parts) > maxRanges {
		return false
	}
	next := int64(0) // the first byte the next range may start at
	for _, p := range parts {
		first, last, ok := strings.Cut(strings.TrimSpace(p), "-")
		if !ok {
			return false
		}
		var start, end int64
		switch {
		case first == "": // the last n bytes
			n, err := strconv.ParseInt(last, 10, 64)
			if err != nil || n <= 0 {
				return false
			}
			start, end = max(size-n, 0), size-1
		default:
			s, err := strconv.ParseInt(first, 10, 64)
			if err != nil || s < 0 {
				return false
			}
			start, end = s, size-1
			if last != "" {
				e, err := strconv.ParseInt(last, 10, 64)
				if err != nil || e < s {
					return false
				}
				end = min(e, size-1)
			}
		}
		if start < next || start >= size {
			return false
		}
		next = end + 1
	}
	return true
}
