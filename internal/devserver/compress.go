package devserver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// Compression, as the CDN does it: a text response above minCompress bytes
// is sent brotli- or gzip-encoded when the request accepts it, with
// Vary: Accept-Encoding; images and other binary types go as they are
// (they are compressed already).
//
// Each encoding of a file is its own representation, with its own strong
// ETag (a hash of its bytes), served by http.ServeContent: HEAD, Range
// (on the encoded bytes, as HTTP defines it), If-None-Match/304 and
// If-Range all follow from that. Encoded bytes are cached per file
// version (modification time and size), so a page costs one compression
// per encoding, not one per request.

// minCompress is CloudFront's lower bound: smaller files gain too little.
const minCompress = 1024

// Compression levels: brotli 6 and gzip 6 are what a CDN uses on the fly
// (fast, within a few per cent of the best ratio).
const (
	brotliLevel = 6
	gzipLevel   = 6
)

// compressible reports whether responses of a media type are worth
// compressing: text, and the textual application and image types.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/manifest+json", "application/xml", "application/javascript",
		"image/svg+xml":
		return true
	}
	return strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}

// negotiate picks the content coding for a request's Accept-Encoding:
// "br" or "gzip", whichever has the higher quality (br on a tie), or ""
// for the identity. A coding is acceptable when listed, or covered by "*",
// with a non-zero q.
func negotiate(acceptEncoding string) string {
	q := map[string]float64{}
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(p, "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					weight = f
				}
			}
		}
		q[name] = weight
	}
	weight := func(coding string) float64 {
		if w, ok := q[coding]; ok {
			return w
		}
		return q["*"] // 0 when absent
	}
	br, gz := weight("br"), weight("gzip")
	switch {
	case br > 0 && br >= gz:
		return "br"
	case gz > 0:
		return "gzip"
	}
	return ""
}

// representation is one encoding of one version of a file.
type representation struct {
	data []byte
	etag string
}

type repKey struct {
	file, encoding string
}

// representations caches the encoded bytes of files by version.
type representations struct {
	mu    sync.Mutex
	cache map[repKey]cached
}

type cached struct {
	mod  time.Time
	size int
	rep  *representation
}

// maxCached bounds the cache: a site whose files are rebuilt under new
// hashed names (make dev) would otherwise grow it forever.
const maxCached = 2048

func (rs *representations) get(file string, mod time.Time, data []byte, encoding string) *representation {
	k := repKey{file, encoding}
	rs.mu.Lock()
	c, ok := rs.cache[k]
	rs.mu.Unlock()
	if ok && c.mod.Equal(mod) && c.size == len(data) {
		return c.rep
	}
	rep := encode(data, encoding)
	rs.mu.Lock()
	if rs.cache == nil || len(rs.cache) >= maxCached {
		rs.cache = map[repKey]cached{}
	}
	rs.cache[k] = cached{mod: mod, size: len(data), rep: rep}
	rs.mu.Unlock()
	return rep
}

func encode(data []byte, encoding string) *representation {
	var b bytes.Buffer
	switch encoding {
	case "br":
		w := brotli.NewWriterLevel(&b, brotliLevel)
		w.Write(data)
		w.Close()
	case "gzip":
		w, _ := gzip.NewWriterLevel(&b, gzipLevel)
		w.Write(data)
		w.Close()
	default:
		b.Write(data)
	}
	sum := sha256.Sum256(b.Bytes())
	etag := hex.EncodeToString(sum[:12])
	if encoding != "" {
		etag += "-" + encoding
	}
	return &representation{data: b.Bytes(), etag: `"` + etag + `"`}
}

// serveContent answers r with one file's content, of the given media type
// and status, in the encoding the request accepts. A 200 goes through
// http.ServeContent (validators, ranges, HEAD); any other status (the
// not-found page) is sent whole, without validators.
func (rs *representations) serveContent(w http.ResponseWriter, r *http.Request, file string, mod time.Time, data []byte, contentType string, status int) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	encoding := ""
	if len(data) > minCompress && compressible(contentType) {
		h.Add("Vary", "Accept-Encoding")
		encoding = negotiate(r.Header.Get("Accept-Encoding"))
	}
	rep := rs.get(file, mod, data, encoding)
	if status == http.StatusOK {
		h.Set("ETag", rep.etag)
		if rg := r.Header.Get("Range"); rg != "" && !honoredRange(rg, int64(len(rep.data))) {
			r = r.Clone(r.Context())
			r.Header.Del("Range")
		}
		http.ServeContent(encodingWriter{w, encoding}, r, "", mod, bytes.NewReader(rep.data))
		return
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("Content-Length", strconv.Itoa(len(rep.data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(rep.data)
	}
}

// encodingWriter sets Content-Encoding on the responses that carry the
// representation (200 and 206). http.ServeContent leaves Content-Length out
// when Content-Encoding is already set, expecting a compressing writer
// after it; here the bytes are encoded already, so their length is exact.
type encodingWriter struct {
	http.ResponseWriter
	encoding string
}

func (w encodingWriter) WriteHeader(code int) {
	if w.encoding != "" && (code == http.StatusOK || code == http.StatusPartialContent) {
		w.Header().Set("Content-Encoding", w.encoding)
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w encodingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
