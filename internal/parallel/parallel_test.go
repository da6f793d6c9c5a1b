package parallel

import (
	"sync/atomic"
	"testing"
)

func TestForCallsEachOnceWithinTheBound(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		var running, most atomic.Int32
		seen := make([]atomic.Int32, 50)
		For(len(seen), workers, func(i int) {
			now := running.Add(1)
			for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
			}
			seen[i].Add(1)
			running.Add(-1)
		})
		for i := range seen {
			if n := seen[i].Load(); n != 1 {
				t.Errorf("workers %d: f(%d) called %d times", workers, i, n)
			}
		}
		if workers >= 1 && int(most.Load()) > workers {
			t.Errorf("workers %d: %d calls ran at once", workers, most.Load())
		}
	}
	For(0, 4, func(int) { t.Error("f called for n = 0") })
}
