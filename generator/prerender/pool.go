package prerender

import "crypto/sha256"

// Pool keeps a Renderer between the builds of a session, made again only
// for a new server bundle. The zero Pool is ready to use; it is not safe
// for concurrent use.
type Pool struct {
	r      *Renderer
	server [32]byte
}

// Renderer returns the Renderer of server (New), the last one when server
// has not changed.
func (p *Pool) Renderer(server []byte, workers int) (*Renderer, error) {
	sum := sha256.Sum256(server)
	if p.r != nil && sum == p.server {
		return p.r, nil
	}
	r, err := New(server, workers)
	if err != nil {
		return nil, err
	}
	p.r, p.server = r, sum
	return r, nil
}
