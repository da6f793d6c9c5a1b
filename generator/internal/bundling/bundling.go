// Package bundling is a build's bundle stage, run beside the others from
// the build's start (generator's stages.go), and the goja pool that
// renders with its server bundle.
//
// The server bundle is built first and handed over (nil if the bundles
// failed before it); the kinds it renders are read from it as soon as it
// is (Renderer.SectionKinds), or from the kinds kept for its bytes
// (prerender.Kinds), and the pages render while the browser bundle
// builds. The goja pool starts from the server bundle when the kinds are
// not kept, when the render cache is empty (every page will render) or in
// make dev (whose next edit renders at once), else only when a page is not
// in the render cache: a build whose pages all are never starts it. When
// it starts at once, in a process's first build, it starts on the server
// bundle the app's cache last kept, while the bundle stage checks that
// bundle against the sources (prerender.Pool.Prepare): a stale one is
// replaced, its work lost. Each goroutine keeps to its own fields; the
// pool is started once, by whichever asks first.
package bundling

import (
	"sync"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/guard"
	"github.com/vozia/site/generator/internal/future"
	"github.com/vozia/site/generator/internal/stage"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/rendercache"
	"github.com/vozia/site/internal/problem"
)

// Config is what the bundles, the goja pool and the render take. The
// bundles are kept with the app (bundle.FrontendCache), not in the site's
// cache.
type Config struct {
	FrontendDir string
	Workers     int
	// Warm starts the goja pool with every new server bundle, whether or
	// not a page needs it yet (make dev, whose next edit renders at once).
	Warm bool
	// Whole renders every page whole, without splicing it into a shared
	// layout (generator.Options.Whole).
	Whole bool
}

// Kept is what a Builder keeps of this stage between builds: the esbuild
// session and the goja pool.
type Kept struct {
	Bundles bundle.Session
	Pool    prerender.Pool
}

// Run is the stage under way.
type Run struct {
	cfg     Config
	renders *rendercache.Cache
	server  *future.Future[[]byte]
	kinds   *future.Future[[]string]
	// renderer starts the pool if it is not yet, and waits for it.
	renderer func() (*prerender.Renderer, error)
	bundles  *future.Future[*bundle.Result]
}

// Start starts the stage. renders is the Builder's render cache, which
// Render renders through: when it is empty, every page will render, and
// the pool starts at once.
func (k *Kept) Start(cfg Config, renders *rendercache.Cache) *Run {
	// The pool starts with the server bundle whatever the kinds kept say
	// when every page will render, or the next edit will.
	eager := cfg.Warm || renders.Empty()
	run := &Run{cfg: cfg, renders: renders, server: future.New[[]byte](), kinds: future.New[[]string](), bundles: future.New[*bundle.Result]()}
	run.renderer = sync.OnceValues(func() (*prerender.Renderer, error) {
		server, err := run.server.Get()
		if server == nil {
			return nil, err
		}
		var r *prerender.Renderer
		stage.Run("render", func() {
			if r, err = k.Pool.Renderer(server, cfg.Workers); err == nil {
				err = r.Start()
			}
		})
		return r, err
	})
	// A process's first build that renders starts goja on the server
	// bundle the cache holds while the bundle stage checks it is current:
	// goja's parse, compile and first run of the bundle are the longest
	// path to the first render. In the stage marks of a cold build the
	// first runtime was ready some 70 ms sooner; on 2 cores, which the
	// build keeps busy throughout, the whole build took as long as before
	// (docs/measurements.md): the time is won where a core is free.
	if eager && k.Pool.Empty() {
		if server := bundle.CachedServer(cfg.FrontendDir); server != nil {
			k.Pool.Prepare(server, cfg.Workers)
		}
	}
	known := prerender.NewKinds(bundle.FrontendCache(cfg.FrontendDir))
	go stage.Run("bundle", func() {
		handed := false
		b, err := k.Bundles.Bundles(cfg.FrontendDir, content.LazyKinds(), func(server []byte) {
			handed = true
			run.server.Set(server, nil)
			go stage.Run("render", func() {
				if kinds, ok := known.Of(server); ok && !eager {
					run.kinds.Set(kinds, nil)
					return
				}
				r, err := run.renderer()
				var kinds []string
				if err == nil {
					kinds, err = r.SectionKinds()
				}
				if err == nil {
					known.Keep(server, kinds)
				}
				run.kinds.Set(kinds, err)
			})
		})
		if !handed {
			run.server.Set(nil, err)
			run.kinds.Set(nil, err)
		}
		run.bundles.Set(b, err)
	})
	return run
}

// Wait waits until every part of the stage has ended: a build waits for
// every stage it started before it returns, so that none outlives it on
// the Builder's fields.
func (run *Run) Wait() { run.server.Wait(); run.kinds.Wait(); run.bundles.Wait() }

// Bundles waits for the bundles.
func (run *Run) Bundles() (*bundle.Result, error) { return run.bundles.Get() }

// Render renders the jobs with the pool, or takes them from the render
// cache, and says how long that took. Its problems are placed in the
// app's sources, under Config.FrontendDir.
func (run *Run) Render(jobs []prerender.Job) ([]prerender.Result, time.Duration, error) {
	server, _ := run.server.Get()
	if server == nil {
		_, err := run.bundles.Get()
		return nil, 0, err
	}
	// A bundle that lacks a kind fails whether or not a page uses it, and
	// before any page renders; also when every page is in the render cache.
	kinds, err := run.kinds.Get()
	if err == nil {
		err = guard.Kinds(content.SectionKinds(), kinds)
	}
	if err != nil {
		return nil, 0, problem.Of(err).Prefix(run.cfg.FrontendDir)
	}
	start := time.Now()
	rendered, err := run.renders.Render(run.renderer, run.cfg.Whole, server, jobs)
	if err != nil {
		return nil, 0, problem.Of(err).Prefix(run.cfg.FrontendDir)
	}
	return rendered, time.Since(start), nil
}
