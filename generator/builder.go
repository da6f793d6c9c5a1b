package generator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"sync"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/articles"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/filecache"
)

// Builder builds the same site again and again, as `make dev` does after
// every save, keeping warm what the last build made:
//
//   - the esbuild contexts, so that a frontend edit re-parses only the
//     files that changed, and no bundling at all until FrontendChanged;
//   - the goja pool, kept for as long as the server bundle is unchanged;
//   - every rendered page, keyed by what a render depends on (the server
//     bundle, the site data, the page data and the URL), so that a content
//     edit re-renders only the pages whose data changed, an edit to shared
//     data (site.yaml, layout.yaml, the route table) re-renders them all,
//     and a frontend edit that changes the server bundle re-renders all;
//     with Options.CacheDir the renders are kept on disk too, for the next
//     process (internal/filecache);
//   - the drawn site files (icons, share image), redrawn only when the
//     brand changes, and the sitemap's dates from git, read once.
//
// Everything else (loading content, page data, documents, link check)
// runs every time: it is cheap, and it is the same code as the cold build,
// which is a Builder used once (Build). A Builder is safe for use by one
// goroutine at a time; Build serialises callers.
type Builder struct {
	opt Options

	mu            sync.Mutex
	bundler       *bundle.Bundler
	bundle        *bundle.Result
	frontendStale bool
	pool          *prerender.Renderer
	poolFor       [32]byte
	renders       map[[32]byte]string
	cache         renderStore
	reused        int
	brand         *sitefiles.Brand
	brandFiles    []sitefiles.File
	lastmod       map[string]string
	pictures      *pictures.Pictures
	shares        *articles.Shares
	// admin are the web editor's files, made for the bundle adminFor.
	admin    []admin.File
	adminFor *bundle.Result
}

// renderStore keeps renders by key beyond the Builder's own memory: on
// disk under Options.CacheDir (internal/filecache, whose entries are
// named by the build's version too), or nowhere. It can only save work:
// a key names exactly one render of a deterministic bundle.
type renderStore interface {
	Get(key string) ([]byte, bool)
	Put(key string, data []byte)
	KeepOnly(keys []string)
}

// NewBuilder returns a Builder of the site described by opt; nothing is
// built before Build.
func NewBuilder(opt Options) *Builder {
	return &Builder{opt: opt, renders: map[[32]byte]string{}, cache: filecache.New(opt.CacheDir, "render", ".html")}
}

// Build builds the site from its sources as they are now. Stats.Reused
// says how many pages were not rendered again.
func (bld *Builder) Build(ctx context.Context) (*Result, error) {
	bld.mu.Lock()
	defer bld.mu.Unlock()
	bld.reused = 0
	res, err := bld.build(ctx, bld.opt)
	if err != nil {
		return nil, err
	}
	res.Stats.Reused = bld.reused
	if bld.pictures != nil {
		res.Stats.ImagesEncoded = bld.pictures.Encoded()
	}
	return res, nil
}

// FrontendChanged tells the Builder that files under the frontend
// directory changed: the next Build rebuilds the bundles.
func (bld *Builder) FrontendChanged() {
	bld.mu.Lock()
	bld.frontendStale = true
	bld.mu.Unlock()
}

// Close frees the esbuild contexts.
func (bld *Builder) Close() {
	bld.mu.Lock()
	defer bld.mu.Unlock()
	if bld.bundler != nil {
		bld.bundler.Dispose()
		bld.bundler = nil
	}
}

// bundles returns the bundles, rebuilt if the frontend changed, and hands
// the server bundle to onServer as soon as it is ready (at once when the
// bundles are not rebuilt); onServer is not called if it fails.
func (bld *Builder) bundles(opt Options, onServer func(server []byte)) (*bundle.Result, error) {
	if bld.bundle != nil && !bld.frontendStale {
		onServer(bld.bundle.Server)
		return bld.bundle, nil
	}
	if bld.bundler == nil {
		b, err := bundle.New(opt.FrontendDir)
		if err != nil {
			return nil, err
		}
		bld.bundler = b
	}
	// Marked fresh before bundling: an edit arriving during Rebuild marks
	// it stale again. A failed build stays stale and is retried next time.
	bld.frontendStale = false
	res, err := bld.bundler.Rebuild(onServer)
	if err != nil {
		bld.frontendStale = true
		return nil, err
	}
	bld.bundle = res
	return res, nil
}

func (bld *Builder) renderer(server []byte, workers int) (*prerender.Renderer, error) {
	sum := sha256.Sum256(server)
	if bld.pool != nil && sum == bld.poolFor {
		return bld.pool, nil
	}
	r, err := prerender.New(server, workers)
	if err != nil {
		return nil, err
	}
	bld.pool, bld.poolFor = r, sum
	return r, nil
}

// render renders the jobs whose inputs it has not rendered before (in this
// Builder or, with a cache directory, in any build that used it), and
// forgets the renders this build no longer uses. r is asked for only when
// a page must be rendered.
func (bld *Builder) render(r func() (*prerender.Renderer, error), server []byte, jobs []prerender.Job) ([]prerender.Result, error) {
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
		if html, ok := bld.renders[keys[i]]; ok {
			out[i] = prerender.Result{HTML: html}
			bld.reused++
			continue
		}
		if html, ok := bld.cache.Get(hex.EncodeToString(keys[i][:])); ok {
			out[i] = prerender.Result{HTML: string(html)}
			bld.reused++
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
		if bld.opt.Whole {
			render = func(jobs []prerender.Job) ([]prerender.Result, error) { return renderer.RenderAllGrouped(jobs, 0) }
		}
		fresh, err := render(todo)
		if err != nil {
			return nil, err
		}
		for k, i := range at {
			out[i] = fresh[k]
			bld.cache.Put(hex.EncodeToString(keys[i][:]), []byte(fresh[k].HTML))
		}
	}
	renders := make(map[[32]byte]string, len(jobs))
	for i := range jobs {
		renders[keys[i]] = out[i].HTML
	}
	bld.renders = renders
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = hex.EncodeToString(k[:])
	}
	bld.cache.KeepOnly(names)
	return out, nil
}

func hashOf(b []byte) []byte {
	sum := sha256.Sum256(b)
	return sum[:]
}

func (bld *Builder) sitefiles(b sitefiles.Brand) []sitefiles.File {
	if bld.brand == nil || *bld.brand != b {
		bld.brand, bld.brandFiles = &b, sitefiles.Files(b)
	}
	return bld.brandFiles
}

// lastModified reads the dates from git once: they change with commits,
// not with the edits of a session. Without a directory there are none.
func (bld *Builder) lastModified(ctx context.Context, dir string) map[string]string {
	if dir == "" {
		return map[string]string{}
	}
	if bld.lastmod == nil {
		bld.lastmod = sitemap.LastModified(ctx, dir)
	}
	return bld.lastmod
}

// articleFiles are the articles' share images, drawn again only when
// their card changed, and the feeds.
func (bld *Builder) articleFiles(site *content.Site, fsys fs.FS) (*output, error) {
	if bld.shares == nil {
		bld.shares = articles.NewShares(bld.opt.CacheDir)
	}
	out := &output{}
	for _, f := range bld.shares.Draw(site, fsys, parseHex(string(site.Config.SEO.ThemeColor))) {
		out.add(StageShareImage, f.Path, f.Data)
	}
	feeds, err := articles.Feeds(site)
	if err != nil {
		return nil, err
	}
	for _, f := range feeds {
		out.add(StageFeed, f.Path, f.Data)
	}
	return out, nil
}
