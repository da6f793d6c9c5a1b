package cdn

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/vozia/site/internal/routing"
)

// ViewerRequestFile is the CloudFront Function's name beside routes.json.
const ViewerRequestFile = "viewer-request.js"

// MaxViewerRequestSize is CloudFront Functions' limit on a function's code.
const MaxViewerRequestSize = 10 * 1024

// The production function is viewer-request.js, which holds the rules,
// followed by routing.js, which applies them; a preview's functions share
// routing.js (preview.go).
var (
	//go:embed viewer-request.js
	viewerRequestJS string
	//go:embed routing.js
	routingJS string
)

// manifestPath is what a path in the manifest may hold: the function
// compares and writes these as they are, so they must need no escaping.
var manifestPath = regexp.MustCompile(`^/[A-Za-z0-9._~/-]*$`)

// ViewerRequest returns the routing manifest as a CloudFront Function
// (cloudfront-js-2.0, viewer request): the same rules, in the same order,
// as cmd/serve. The function cannot look into the bucket, so where the
// manifest says "the file if it exists", it decides from the path: a last
// segment with a dot is a file, anything else a directory with an
// index.html; a missing object becomes the distribution's 404 page. Files
// is the site's file list (paths relative to the root); only the files
// that a rewrite would otherwise shadow are written into the function.
func ViewerRequest(m *routing.Manifest, files []string) ([]byte, error) {
	r, err := rulesOf(m, files)
	if err != nil {
		return nil, fmt.Errorf("viewer request function: %w", err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	code := strings.Replace(viewerRequestJS, "/*RULES*/{}", string(data), 1) + routingJS
	if len(code) > MaxViewerRequestSize {
		return nil, fmt.Errorf("viewer request function: %d bytes, over CloudFront's limit of %d (fewer redirects, or prefix rewrites)", len(code), MaxViewerRequestSize)
	}
	return []byte(code), nil
}

// rules is the manifest as the function's route() reads it (routing.js):
// the production function holds it in its code, a preview reads it from
// the key value store (preview.go).
type rules struct {
	Slash     bool              `json:"slash"`
	Redirects map[string][2]any `json:"redirects"`
	Rewrites  [][2]string       `json:"rewrites"`
	Files     map[string]int    `json:"files"`
	Missing   string            `json:"missing"`
}

func rulesOf(m *routing.Manifest, files []string) (rules, error) {
	r := rules{Slash: m.TrailingSlash == "remove", Redirects: map[string][2]any{}, Rewrites: [][2]string{}, Files: map[string]int{}}
	var errs []string
	check := func(what, p string) {
		if !manifestPath.MatchString(p) {
			errs = append(errs, fmt.Sprintf("%s %q: the CDN function takes only plain paths (/[A-Za-z0-9._~/-]*)", what, p))
		}
	}
	for _, rd := range m.Redirects {
		check("redirect", rd.From)
		if !strings.HasPrefix(rd.To, "https://") {
			check("redirect target", rd.To)
		}
		if rd.Status != 301 && rd.Status != 302 {
			errs = append(errs, fmt.Sprintf("redirect %q: status %d (301 or 302)", rd.From, rd.Status))
		}
		r.Redirects[rd.From] = [2]any{rd.To, rd.Status}
	}
	for _, rw := range m.Rewrites {
		prefix, ok := strings.CutSuffix(rw.From, "/*")
		if !ok {
			errs = append(errs, fmt.Sprintf("rewrite %q: only prefix rewrites (/dir/*) are supported", rw.From))
			continue
		}
		check("rewrite", prefix)
		check("rewrite target", rw.To)
		r.Rewrites = append(r.Rewrites, [2]string{prefix + "/", rw.To})
		// A file below the prefix is served before the rewrite applies.
		for _, f := range files {
			f = "/" + strings.TrimPrefix(f, "/")
			if !strings.HasPrefix(f, prefix+"/") {
				continue
			}
			r.Files[f] = 1
			if dir, ok := strings.CutSuffix(f, "/index.html"); ok {
				r.Files[dir] = 1
			}
		}
	}
	check("not-found file", m.NotFound.File)
	if path.Ext(m.NotFound.File) == "" {
		errs = append(errs, fmt.Sprintf("not-found file %q: must be a file", m.NotFound.File))
	}
	// A file's name used as a directory: no upload of a file tree can
	// create that key.
	r.Missing = m.NotFound.File + "/refused"
	if len(errs) > 0 {
		slices.Sort(errs)
		return rules{}, errors.New(strings.Join(errs, "; "))
	}
	return r, nil
}
