package generator

// future is a value made on another goroutine: get waits for it, and wait
// (deferred) lets no stage outlive the build that started it.
type future[T any] struct {
	done chan struct{}
	v    T
	err  error
}

func newFuture[T any]() *future[T] { return &future[T]{done: make(chan struct{})} }

// spawn runs f on its own goroutine.
func spawn[T any](f func() (T, error)) *future[T] {
	fu := newFuture[T]()
	go func() { fu.set(f()) }()
	return fu
}

func (f *future[T]) set(v T, err error) { f.v, f.err = v, err; close(f.done) }

func (f *future[T]) get() (T, error) { <-f.done; return f.v, f.err }

func (f *future[T]) wait() { <-f.done }
