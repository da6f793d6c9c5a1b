// Package parallel runs the iterations of a loop side by side: the build's
// stages that handle every page or file (the link check, the gzip sizes of
// the summary, writing the output) spread them over a few goroutines.
package parallel

import (
	"runtime"
	"sync"
)

// For calls f(0), …, f(n-1), at most workers at a time (one per CPU when
// workers < 1), starting them in order of i, and returns when every call
// has returned.
func For(n, workers int, f func(i int)) {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, workers) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
