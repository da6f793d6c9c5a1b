package cdn

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vozia/site/internal/routing"
)

// The previews of pull requests (deploy/lib/preview-stack.ts) are served
// by one distribution for every pull request, whose two functions are
// written by every build beside the production one: the same route()
// (routing.js), with each preview's rules read from CloudFront's key value
// store instead of written into the code. A preview's build writes its
// table's keys (PreviewKeysFile), which the preview workflow stores.
//
// Why a key value store: the production function holds its rules in its
// code, but a distribution has one function per event for all its hosts,
// and a function's code is published with the stack, not with a pull
// request. The store is read from the function at the edge, and written
// with one API call per upload, no stack deployment; a pull request's
// keys are its own (pr-<n>...), and its files its own prefix (pr-<n>/).
// Its limits (CloudFront quotas, late 2026): a value holds at most 1 KB,
// a key 512 bytes, a store 5 MB, and one UpdateKeys call writes at most 50
// keys. A table (rules and headers, some 2 KB for this site) is therefore
// cut into pieces of PreviewPieceSize bytes under versioned keys, and its
// head key, written last, names the version and the number of pieces.
const (
	PreviewRequestFile  = "preview-request.js"
	PreviewResponseFile = "preview-response.js"
	PreviewKeysFile     = "preview-keys.json"
	// PreviewPieceSize is the key value store's largest value.
	PreviewPieceSize = 1024
	// MaxPreviewPieces bounds what a function reads per request (the
	// production function's own rules must fit its 10 KB of code).
	MaxPreviewPieces = 16
)

var (
	//go:embed preview.js
	previewJS string
	//go:embed preview-request.js
	previewRequestJS string
	//go:embed preview-response.js
	previewResponseJS string
)

// PreviewFunctions returns the previews' viewer request and viewer
// response functions. The previews' domain is left for the stack to fill
// in (DOMAIN in the code): one build's functions serve every preview.
func PreviewFunctions() (request, response []byte, err error) {
	pieces := strconv.Itoa(MaxPreviewPieces)
	request = []byte(strings.Replace(previewRequestJS, "/*MAX_PIECES*/0", pieces, 1) + previewJS + routingJS)
	names, err := json.Marshal(PreviewHeaderNames())
	if err != nil {
		return nil, nil, err
	}
	response = []byte(strings.NewReplacer("/*MAX_PIECES*/0", pieces, "/*HEADERS*/{}", string(names)).Replace(previewResponseJS) + previewJS)
	for name, code := range map[string][]byte{PreviewRequestFile: request, PreviewResponseFile: response} {
		if len(code) > MaxViewerRequestSize {
			return nil, nil, fmt.Errorf("%s: %d bytes, over CloudFront's limit of %d", name, len(code), MaxViewerRequestSize)
		}
	}
	return request, response, nil
}

// PreviewHeaderNames are the response headers a preview's table may set,
// lower-cased, each mapped to 1 (the response function's lookup): the
// names of the security headers every build gives, Cache-Control aside
// (each file carries its own). A table comes from the pull request's own
// build, which the pull request can change: whatever else it names (a
// cookie for every preview's domain, CORS, Location) is dropped.
func PreviewHeaderNames() map[string]int {
	names := map[string]int{}
	for name := range routing.SecurityHeaders(routing.Policy{}) {
		if !strings.EqualFold(name, "Cache-Control") {
			names[strings.ToLower(name)] = 1
		}
	}
	return names
}

// previewTable is what a preview's functions read: the production
// function's rules, and the headers of every answer ("/*" of the manifest
// but Cache-Control, which each file carries as it does in production).
type previewTable struct {
	rules
	Headers map[string]string `json:"headers"`
}

// PreviewKeys returns the key value store entries of pull request pr's
// table, in the format CloudFront imports ({"data": [{"key", "value"}]}):
// the pieces "pr-<n>.<version>.<i>", then the head "pr-<n>", whose value
// is "<version> <pieces>". The version is the table's digest, so an
// unchanged table rewrites the same keys.
func PreviewKeys(pr int, m *routing.Manifest, files []string) ([]byte, error) {
	if pr < 1 {
		return nil, fmt.Errorf("preview table: pull request %d", pr)
	}
	r, err := rulesOf(m, files)
	if err != nil {
		return nil, fmt.Errorf("preview table: %w", err)
	}
	t := previewTable{rules: r, Headers: map[string]string{}}
	for _, h := range m.Headers {
		if h.For != "/*" {
			continue
		}
		for k, v := range h.Values {
			if !strings.EqualFold(k, "Cache-Control") {
				t.Headers[k] = v
			}
		}
	}
	data, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	// Pieces are cut at any byte: ASCII only, so that none splits a
	// character.
	data = asciiJSON(data)
	sum := sha256.Sum256(data)
	version := hex.EncodeToString(sum[:6])
	type entry struct {
		Key   string `json:"key"`
		Value string `json:"value"`
	}
	var entries []entry
	head := "pr-" + strconv.Itoa(pr)
	for i := 0; len(data) > 0; i++ {
		n := min(len(data), PreviewPieceSize)
		entries = append(entries, entry{Key: fmt.Sprintf("%s.%s.%d", head, version, i), Value: string(data[:n])})
		data = data[n:]
	}
	if len(entries) > MaxPreviewPieces {
		return nil, fmt.Errorf("preview table: %d pieces of %d bytes, over the %d a preview's function reads (fewer redirects, or prefix rewrites)", len(entries), PreviewPieceSize, MaxPreviewPieces)
	}
	entries = append(entries, entry{Key: head, Value: fmt.Sprintf("%s %d", version, len(entries))})
	out, err := json.MarshalIndent(struct {
		Data []entry `json:"data"`
	}{entries}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// asciiJSON escapes every non-ASCII character of a JSON text as \uXXXX
// (outside strings JSON has none).
func asciiJSON(data []byte) []byte {
	var b strings.Builder
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		data = data[size:]
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case r > 0xFFFF:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return []byte(b.String())
}
