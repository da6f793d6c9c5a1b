package generator

import (
	"crypto/sha256"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/prerender"
)

// bundles returns the bundles, rebuilt if the frontend changed, and hands
// the server bundle to onServer as soon as it is ready (at once when the
// bundles are not rebuilt); onServer is not called if it fails.
func (bld *Builder) bundles(bc bundleConfig, onServer func(server []byte)) (*bundle.Result, error) {
	if bld.bundle != nil && !bld.frontendStale {
		onServer(bld.bundle.Server)
		return bld.bundle, nil
	}
	if bld.bundler == nil {
		b, err := bundle.New(bc.frontendDir, bundle.NewCache(bundle.FrontendCache(bc.frontendDir), "bundle"), content.LazyKinds()...)
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
