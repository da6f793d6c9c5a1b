// Package rendercache renders again only the pages whose render inputs
// changed: a render is kept by the hash of its inputs (the server bundle,
// the site and page JSON, the URL), in memory between the builds of one
// Builder (make dev) and in a Store on disk between processes
// (internal/filecache). Only the renders of the last build are kept.
package rendercache

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/vozia/site/generator/prerender"
)

// Cache keeps the renders of the last build.
type Cache struct {
	renders map[[32]byte]string
	store   Store
	// Reused counts the pages not rendered again.
	Reused int
}

// New returns a cache over store.
func New(store Store) *Cache { return &Cache{renders: map[[32]byte]string{}, store: store} }

// Store keeps renders by key beyond the Cache's own memory: on
// disk under Options.CacheDir (internal/filecache, whose entries are
// named by the build's version too), or nowhere. It can only save work:
// a key names exactly one render of a deterministic bundle.
type Store interface {
	Get(key string) ([]byte, bool)
	Put(key string, data []byte)
	KeepOnly(keys []string)
	// Empty says whether the store holds nothing.
	Empty() bool
}

// Empty says whether the cache holds no render, in memory or in its
// store: the next build renders every page, and the build starts its
// renderer at once rather than when a page is found missing.
func (c *Cache) Empty() bool { return len(c.renders) == 0 && c.store.Empty() }

// Render renders the jobs whose inputs it has not rendered before (in this
// Builder or, with a cache directory, in any build that used it), and
// forgets the renders this build no longer uses. r is asked for only when
// a page must be rendered.
func (c *Cache) Render(r func() (*prerender.Renderer, error), whole bool, server []byte, jobs []prerender.Job) ([]prerender.Result, error) {
	serverSum := sha256.Sum256(server)
	keys := make([][32]byte, len(jobs))
	out := make([]prerender.Result, len(jobs))
	var todo []prerender.Job
	var at []int
	for i, j := range jobs {
		h := sha256.New()
		for _, part := range [][]byte{serverSum[:], hashOf(j.Site), hashOf(j.Page), []byte(j.URL)} {
			h.Write(part)
		}
		h.Sum(keys[i][:0])
		if html, ok := c.renders[keys[i]]; ok {
			out[i] = prerender.Result{HTML: html}
			c.Reused++
			continue
		}
		if html, ok := c.store.Get(hex.EncodeToString(keys[i][:])); ok {
			out[i] = prerender.Result{HTML: string(html)}
			c.Reused++
			continue
		}
		todo = append(todo, j)
		at = append(at, i)
	}
	if len(todo) > 0 {
		renderer, err := r()
		if err != nil {
			return nil, err
		}
		render := renderer.RenderAll
		if whole {
			render = func(jobs []prerender.Job) ([]prerender.Result, error) { return renderer.RenderAllGrouped(jobs, 0) }
		}
		fresh, err := render(todo)
		if err != nil {
			return nil, err
		}
		for k, i := range at {
			out[i] = fresh[k]
			c.store.Put(hex.EncodeToString(keys[i][:]), []byte(fresh[k].HTML))
		}
	}
	renders := make(map[[32]byte]string, len(jobs))
	for i := range jobs {
		renders[keys[i]] = out[i].HTML
	}
	c.renders = renders
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = hex.EncodeToString(k[:])
	}
	c.store.KeepOnly(names)
	return out, nil
}

func hashOf(b []byte) []byte {
	sum := sha256.Sum256(b)
	return sum[:]
}
