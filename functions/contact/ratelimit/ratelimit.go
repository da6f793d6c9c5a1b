// Package ratelimit limits how often one source may call the contact
// function: a token bucket per source IP, held in memory.
//
// A bucket holds at most burst tokens and refills at perMinute tokens a
// minute; each request takes one, and a request that finds none is refused
// with the time until the next token (the caller's Retry-After). A wall
// clock that steps back refills nothing and punishes no one.
//
// The buckets live in the process, so the limit holds per process: per
// Lambda instance in production. That is enough for its purpose, which is to
// stop one client from flooding the inbox; the function's reserved
// concurrency caps the number of instances and so the total rate and cost
// (and a WAF rate rule in front of the CDN bounds each source across all
// instances).
//
// A source is what [Source] makes of an address: an IPv4 address as it is
// (an IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address by its
// /64, since one host usually owns a whole /64 and can pick any address in
// it, and every unparsable address as one shared source.
//
// At most [MaxSources] sources are remembered, so that a spray of addresses
// cannot grow the memory without bound. To make room the limiter forgets
// refilled buckets first (they carry no information), then those closest to
// full, and never one with less than a token left, since forgetting it would
// hand its source a fresh burst: while every place holds such a source,
// newcomers share one bucket until the first of them has a token again.
package ratelimit

import (
	"cmp"
	"math"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// Limiter is a token bucket per source. It is safe for concurrent use; a nil
// *Limiter allows everything.
type Limiter struct {
	perSec float64 // tokens added per second
	burst  float64 // bucket size
	max    int     // sources remembered at most

	mu      sync.Mutex
	buckets map[netip.Addr]bucket
	// overflow is the one bucket that sources share while every place in
	// buckets holds a source over its limit, until evictableAt.
	overflow    bucket
	evictableAt time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// MaxSources bounds a Limiter's memory under a spray of source addresses.
const MaxSources = 10000

// New returns a limiter of perMinute tokens a minute up to burst (at least
// one), or nil, meaning no limit, when perMinute is 0.
func New(perMinute float64, burst int) *Limiter {
	if perMinute <= 0 {
		return nil
	}
	return &Limiter{
		perSec:   perMinute / 60,
		burst:    float64(max(burst, 1)),
		max:      MaxSources,
		buckets:  make(map[netip.Addr]bucket),
		overflow: bucket{tokens: float64(max(burst, 1))},
	}
}

// Allow takes a token from src's bucket at now. When there is none it
// reports how long until there will be one.
func (l *Limiter) Allow(src netip.Addr, now time.Time) (ok bool, retryAfter time.Duration) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()

	b, found := l.buckets[src]
	if !found {
		if len(l.buckets) >= l.max {
			l.evict(now)
		}
		if len(l.buckets) >= l.max {
			// Every source remembered is over its limit: a flood from
			// more sources than the limiter holds. Forgetting one of them
			// would hand it a fresh burst, so newcomers share one bucket
			// until a place frees up.
			return l.take(&l.overflow, now)
		}
		b = bucket{tokens: l.burst, last: now}
	}
	ok, retryAfter = l.take(&b, now)
	l.buckets[src] = b
	return ok, retryAfter
}

// take refills b up to now and takes a token from it if it has one.
func (l *Limiter) take(b *bucket, now time.Time) (bool, time.Duration) {
	b.tokens = l.refill(*b, now)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration(math.Ceil((1 - b.tokens) / l.perSec * float64(time.Second)))
}

func (l *Limiter) refill(b bucket, now time.Time) float64 {
	elapsed := now.Sub(b.last).Seconds()
	if elapsed < 0 { // the wall clock stepped back; do not punish anyone for it
		elapsed = 0
	}
	return min(l.burst, b.tokens+elapsed*l.perSec)
}

// evict makes room for new sources without ever forgetting one that is over
// its limit. First go the buckets that have refilled: they carry no
// information. If that frees less than a quarter of the places, the
// buckets closest to full go next (the least recently seen first among
// equals), since forgetting them gives their sources the fewest tokens
// back; a bucket with less than a token left is never forgotten. When only
// those remain, evict notes when the first of them will have a token again
// and does nothing until then, so that a flood does not cost a scan of
// every bucket per request.
func (l *Limiter) evict(now time.Time) {
	if now.Before(l.evictableAt) {
		return
	}
	type candidate struct {
		src    netip.Addr
		tokens float64
		last   time.Time
	}
	var partial []candidate
	next := time.Time{}
	for k, b := range l.buckets {
		switch t := l.refill(b, now); {
		case t >= l.burst:
			delete(l.buckets, k)
		case t >= 1:
			partial = append(partial, candidate{k, t, b.last})
		default:
			at := now.Add(time.Duration((1 - t) / l.perSec * float64(time.Second)))
			if next.IsZero() || at.Before(next) {
				next = at
			}
		}
	}
	slices.SortFunc(partial, func(a, b candidate) int {
		if c := cmp.Compare(b.tokens, a.tokens); c != 0 {
			return c
		}
		return a.last.Compare(b.last)
	})
	for _, c := range partial {
		if len(l.buckets) < l.max*3/4 {
			break
		}
		delete(l.buckets, c.src)
	}
	if len(l.buckets) >= l.max {
		l.evictableAt = next
	}
}

// Source maps a source IP to its bucket. An IPv6 host usually owns a whole
// /64 and can pick any address in it, so a /64 counts as one source.
// Unparsable sources share the zero key.
func Source(ip string) netip.Addr {
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
