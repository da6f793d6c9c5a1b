package generator

import (
	"context"
	"io/fs"
	"path/filepath"
	"runtime"
	"time"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/articlefiles"
	"github.com/vozia/site/generator/content/siteconfig"
	"github.com/vozia/site/generator/internal/bundling"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prpreview"
	"github.com/vozia/site/generator/published"
	"github.com/vozia/site/generator/rendercache"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/routing"
)

// config is the Options turned, once, when the Builder is made, into what
// each stage takes (as esbuild turns its BuildOptions into its own
// config): no stage is handed the Options whole. The content is one value,
// its files and, through contentroot.Dir, its folder; the cache folder
// reaches the Builder's caches here and nowhere else.
type config struct {
	// content reads no file through a link, and no file that is not a
	// regular one, whatever tree the build is handed (internal/contentroot).
	content fs.FS
	// now is Options.Now; zero is the clock at each build.
	now     time.Time
	load    loadConfig
	bundle  bundling.Config
	preview *prpreview.Preview
	// liveScript and ready are make dev's: the reload script every
	// document loads, and the call once pending images are encoded.
	liveScript string
	ready      func()
	// noEditor leaves the web editor out (Options.NoEditor).
	noEditor bool
	// published is Options.Published.
	published string
}

// loadConfig is what loading the content takes beside the tree.
type loadConfig struct {
	drafts    bool
	overrides siteconfig.Overrides
	preview   *prpreview.Preview
}

func configOf(opt Options) config {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return config{
		content: contentroot.Strict(opt.Content),
		now:     opt.Now,
		load: loadConfig{drafts: opt.Drafts, preview: opt.Preview, overrides: siteconfig.Overrides{
			BaseURL: opt.BaseURL, ContactURL: opt.ContactURL, AnalyticsID: opt.AnalyticsID, Preview: opt.Preview != nil,
		}},
		bundle:     bundling.Config{FrontendDir: opt.FrontendDir, Workers: workers, Warm: opt.LiveScript != "", Whole: opt.Whole},
		preview:    opt.Preview,
		liveScript: opt.LiveScript,
		ready:      opt.ImagesReady,
		noEditor:   opt.NoEditor,
		published:  opt.Published,
	}
}

// NewBuilder returns a Builder of the site described by opt; nothing is
// built before Build.
func NewBuilder(opt Options) *Builder {
	return &Builder{
		cfg:      configOf(opt),
		renders:  rendercache.New(filecache.NewPackfile(opt.CacheDir, "render")),
		admin:    admin.Cache{},
		head:     published.NewCache(opt.CacheDir),
		lastmod:  sitemap.NewDates(opt.CacheDir),
		pictures: pictures.New(opt.CacheDir),
		shares:   articlefiles.NewShares(opt.CacheDir),
		brand:    sitefiles.NewCache(opt.CacheDir),
	}
}

// Build builds the site from its sources as they are now. Stats.Reused
// says how many pages were not rendered again.
func (bld *Builder) Build(ctx context.Context) (*Result, error) {
	bld.mu.Lock()
	defer bld.mu.Unlock()
	bld.renders.Reused = 0
	res, err := bld.build(ctx, bld.cfg)
	if err != nil {
		return nil, err
	}
	res.Stats.Reused = bld.renders.Reused
	res.Stats.ImagesEncoded = bld.pictures.Encoded()
	return res, nil
}

// FrontendChanged tells the Builder that files under the frontend
// directory changed: the next Build rebuilds the bundles.
func (bld *Builder) FrontendChanged() {
	bld.mu.Lock()
	bld.bundling.Bundles.Changed()
	bld.mu.Unlock()
}

// Close frees the esbuild contexts.
func (bld *Builder) Close() {
	bld.mu.Lock()
	defer bld.mu.Unlock()
	bld.bundling.Bundles.Close()
}

// Build runs every stage and returns the files, or every problem found.
// It is a Builder used once: the cold build and `make dev`'s warm rebuilds
// are the same code.
func Build(ctx context.Context, opt Options) (*Result, error) {
	bld := NewBuilder(opt)
	defer bld.Close()
	return bld.Build(ctx)
}

// WriteTo replaces siteDir and its routing.CDNDir with the build's files,
// each all at once (see atomicdir): a failure leaves the previous output
// whole. Build never writes; the commands and tests call WriteTo.
func (r *Result) WriteTo(siteDir string) error { return r.WriteKept(siteDir, "") }

// WriteKept is WriteTo, which keeps the site's files in cacheDir (none
// when empty) by their bytes' hash, so that the next build links each file
// it would write unchanged from there (atomicdir.WriteKept) instead of
// writing it again, whatever its output folder.
func (r *Result) WriteKept(siteDir, cacheDir string) error {
	kept := ""
	if cacheDir != "" {
		kept = filepath.Join(cacheDir, "output")
	}
	if err := atomicdir.WriteKept(siteDir, r.Site, kept); err != nil {
		return err
	}
	return atomicdir.Write(routing.CDNDir(siteDir), r.CDN)
}
