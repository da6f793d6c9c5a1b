package contact

import (
	"math"
	"net/netip"
	"sync"
	"time"
)

// limiter is a token bucket per source, held in memory: the limit applies per
// process (per Lambda instance). That is enough for its purpose, which is to
// stop one client from flooding the inbox; the function's reserved
// concurrency bounds the number of instances and so the total.
type limiter struct {
	perSec float64 // tokens added per second
	burst  float64 // bucket size
	max    int     // sources remembered before idle ones are forgotten

	mu      sync.Mutex
	buckets map[netip.Addr]bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxSources bounds the limiter's memory under a spray of source addresses.
const maxSources = 10000

// newLimiter returns nil, meaning no limit, when perMinute is 0.
func newLimiter(perMinute float64, burst int) *limiter {
	if perMinute <= 0 {
		return nil
	}
	return &limiter{
		perSec:  perMinute / 60,
		burst:   float64(max(burst, 1)),
		max:     maxSources,
		buckets: make(map[netip.Addr]bucket),
	}
}

// allow takes a token from src's bucket at now. When there is none it
// reports how long until there will be one.
func (l *limiter) allow(src netip.Addr, now time.Time) (ok bool, retryAfter time.Duration) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()

	b, found := l.buckets[src]
	if !found {
		if len(l.buckets) >= l.max {
			l.forget(now)
		}
		b = bucket{tokens: l.burst, last: now}
	}
	b.tokens = l.refill(b, now)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		l.buckets[src] = b
		return true, 0
	}
	l.buckets[src] = b
	wait := time.Duration(math.Ceil((1 - b.tokens) / l.perSec * float64(time.Second)))
	return false, wait
}

func (l *limiter) refill(b bucket, now time.Time) float64 {
	elapsed := now.Sub(b.last).Seconds()
	if elapsed < 0 { // the wall clock stepped back; do not punish anyone for it
		elapsed = 0
	}
	return min(l.burst, b.tokens+elapsed*l.perSec)
}

// forget drops the sources whose buckets have refilled (they carry no
// information), and if that is not enough, arbitrary ones: a flood from many
// addresses must not grow memory without bound, and forgetting a source only
// gives it a fresh burst.
func (l *limiter) forget(now time.Time) {
	for k, b := range l.buckets {
		if l.refill(b, now) >= l.burst {
			delete(l.buckets, k)
		}
	}
	for k := range l.buckets {
		if len(l.buckets) < l.max*3/4 {
			break
		}
		delete(l.buckets, k)
	}
}

// sourceKey maps a source IP to its bucket. An IPv6 host usually owns a whole
// /64 and can pick any address in it, so a /64 counts as one source.
// Unparsable sources share the zero key.
func sourceKey(ip string) netip.Addr {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return netip.Addr{}
	}
	a = a.WithZone("").Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.Addr()
	}
	return a
}
