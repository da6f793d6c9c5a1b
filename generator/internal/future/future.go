// Package future is a value made on another goroutine: the build's stages
// that run beside the others hand over their results as futures.
package future

// Future is a value made on another goroutine: Get waits for it, and Wait
// (deferred) lets no stage outlive the build that started it.
type Future[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// New returns a future that Set fulfils.
func New[T any]() *Future[T] { return &Future[T]{done: make(chan struct{})} }

// Spawn runs f on its own goroutine.
func Spawn[T any](f func() (T, error)) *Future[T] {
	fu := New[T]()
	go func() { fu.Set(f()) }()
	return fu
}

// Set fulfils the future; it is called once.
func (f *Future[T]) Set(v T, err error) { f.v, f.err = v, err; close(f.done) }

// Get waits for the value.
func (f *Future[T]) Get() (T, error) { <-f.done; return f.v, f.err }

// Wait waits for the value and drops it.
func (f *Future[T]) Wait() { <-f.done }
