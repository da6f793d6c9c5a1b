package generator

import (
	"path/filepath"

	"github.com/vozia/site/internal/atomicdir"
)

// The output layout: the site root (dist/site) and, beside it, the
// routing manifest (dist/cdn/routes.json). Build never writes; the
// commands and tests call WriteTo, and the server reads ManifestFile.

// CDNDir is the directory of the routing manifest of a site root.
func CDNDir(siteDir string) string { return filepath.Join(filepath.Dir(siteDir), "cdn") }

// ManifestFile is the routing manifest of a site root.
func ManifestFile(siteDir string) string { return filepath.Join(CDNDir(siteDir), "routes.json") }

// WriteTo replaces siteDir and its CDNDir with the build's files, each all
// at once (see atomicdir): a failure leaves the previous output whole.
func (r *Result) WriteTo(siteDir string) error {
	if err := atomicdir.Write(siteDir, asAtomic(r.Site)); err != nil {
		return err
	}
	return atomicdir.Write(CDNDir(siteDir), asAtomic(r.CDN))
}

func asAtomic(fs []File) []atomicdir.File {
	out := make([]atomicdir.File, len(fs))
	for i, f := range fs {
		out[i] = atomicdir.File(f)
	}
	return out
}
