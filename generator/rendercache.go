package generator

import (
	"encoding/hex"
	"os"
	"path/filepath"
)

// renderCache keeps rendered pages on disk, in dir/render, one file per
// render named by its key (the SHA-256 of the server bundle, the site
// data, the page data and the URL), so that `cmd/build -cache dir` renders
// only the pages whose inputs changed since the last build that used dir,
// CI's cache for one. The zero renderCache (no dir) keeps nothing.
//
// The cache can only save work, never change the output: a file that is
// missing or unreadable is a miss, and a key names exactly one render of
// a deterministic bundle. A failed write loses the entry, not the build.
type renderCache struct{ dir string }

// cacheName is the file of a render's key, in dir/render.
func cacheName(key [32]byte) string { return hex.EncodeToString(key[:]) + ".html" }

func (c renderCache) path(key [32]byte) string { return filepath.Join(c.dir, "render", cacheName(key)) }

func (c renderCache) get(key [32]byte) (string, bool) {
	if c.dir == "" {
		return "", false
	}
	b, err := os.ReadFile(c.path(key))
	return string(b), err == nil
}

// put writes the render beside its place and renames it in, so that a
// reader never sees half an entry.
func (c renderCache) put(key [32]byte, html string) {
	if c.dir == "" {
		return
	}
	writeCacheFile(c.path(key), []byte(html))
}

// keepOnly removes the entries of other renders than keys: the cache holds
// one build's worth.
func (c renderCache) keepOnly(keys [][32]byte) {
	if c.dir == "" {
		return
	}
	keep := make(map[string]bool, len(keys))
	for _, k := range keys {
		keep[cacheName(k)] = true
	}
	entries, _ := os.ReadDir(filepath.Join(c.dir, "render"))
	for _, e := range entries {
		if !keep[e.Name()] {
			os.Remove(filepath.Join(c.dir, "render", e.Name()))
		}
	}
}
