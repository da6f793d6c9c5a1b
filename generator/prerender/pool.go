package prerender

import (
	"crypto/sha256"
	"sync"

	"github.com/vozia/site/generator/internal/future"
)

// Pool keeps a Renderer between the builds of a session, made again only
// for a new server bundle. The zero Pool is ready to use, and safe for
// concurrent use.
type Pool struct {
	mu      sync.Mutex
	server  [32]byte
	workers int
	r       *future.Future[*Renderer]
}

// Renderer returns the Renderer of server (New), the last one when server
// has not changed, or the one Prepare is making of it.
func (p *Pool) Renderer(server []byte, workers int) (*Renderer, error) {
	return p.of(server, workers, false).Get()
}

// Prepare starts making the Renderer of server, its runtimes too, in the
// background, unless the pool has it already: a build hands it the server
// bundle that the bundle cache holds while it checks that bundle's inputs
// (bundle.CachedServer), so that goja has parsed, compiled and run it by
// the time the check ends. If the check finds the bundle stale, Renderer
// makes the new one and Prepare's work is lost.
func (p *Pool) Prepare(server []byte, workers int) {
	p.of(server, workers, true)
}

// Empty says whether the pool has no Renderer, made or under way.
func (p *Pool) Empty() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.r == nil
}

func (p *Pool) of(server []byte, workers int, start bool) *future.Future[*Renderer] {
	if workers < 1 {
		workers = 1
	}
	sum := sha256.Sum256(server)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.r == nil || sum != p.server || workers != p.workers {
		p.server, p.workers = sum, workers
		p.r = future.Spawn(func() (*Renderer, error) {
			r, err := New(server, workers)
			if err == nil && start {
				go r.Start() // whoever renders waits for it, and gets its error
			}
			return r, err
		})
	}
	return p.r
}
