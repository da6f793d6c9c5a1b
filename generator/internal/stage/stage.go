// Package stage labels the work of a build's stages for the profiler.
package stage

import (
	"context"
	"runtime/pprof"
)

// Run runs f with the profiler's label stage=name, which the goroutines it
// starts inherit: a CPU profile of the build (cmd/build -cpuprofile) says
// what share each stage took, though they overlap (make bench,
// bench/stages).
func Run(name string, f func()) {
	pprof.Do(context.Background(), pprof.Labels("stage", name), func(context.Context) { f() })
}
