package generator

import (
	"context"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/rendercache"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/routing"
)

// NewBuilder returns a Builder of the site described by opt; nothing is
// built before Build.
func NewBuilder(opt Options) *Builder {
	return &Builder{opt: opt, renders: rendercache.New(filecache.New(opt.CacheDir, "render", ".html")), admin: admin.Cache{CacheDir: opt.CacheDir}}
}

// Build builds the site from its sources as they are now. Stats.Reused
// says how many pages were not rendered again.
func (bld *Builder) Build(ctx context.Context) (*Result, error) {
	bld.mu.Lock()
	defer bld.mu.Unlock()
	bld.renders.Reused = 0
	res, err := bld.build(ctx, bld.opt)
	if err != nil {
		return nil, err
	}
	res.Stats.Reused = bld.renders.Reused
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
func (r *Result) WriteTo(siteDir string) error {
	if err := atomicdir.Write(siteDir, r.Site); err != nil {
		return err
	}
	return atomicdir.Write(routing.CDNDir(siteDir), r.CDN)
}
