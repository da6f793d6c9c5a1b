package ratelimit

import (
	"fmt"
	"net/netip"
	"testing"
	"time"
)

func TestLimiterRefillsAtTheConfiguredRate(t *testing.T) {
	l := New(6, 2) // one token every 10 s, two at most
	src := netip.MustParseAddr("192.0.2.1")
	t0 := time.Date(2026, 1, 12, 9, 0, 0, 0, time.UTC)

	steps := []struct {
		name      string
		at        time.Duration
		wantOK    bool
		wantRetry time.Duration
	}{
		{"burst 1", 0, true, 0},
		{"burst 2", 0, true, 0},
		{"empty", 0, false, 10 * time.Second},
		{"part refilled", 4 * time.Second, false, 6 * time.Second},
		{"one token back", 10 * time.Second, true, 0},
		{"empty again", 10 * time.Second, false, 10 * time.Second},
		{"long idle refills only to the burst", time.Hour, true, 0},
		{"second of the burst", time.Hour, true, 0},
		{"no third", time.Hour, false, 10 * time.Second},
		{"clock stepped back", time.Hour - time.Minute, false, 10 * time.Second},
	}
	for _, s := range steps {
		ok, retry := l.Allow(src, t0.Add(s.at))
		if ok != s.wantOK || retry != s.wantRetry {
			t.Errorf("%s: allow = %v, retry %v; want %v, %v", s.name, ok, retry, s.wantOK, s.wantRetry)
		}
	}
}

func TestLimiterOffAtZeroRate(t *testing.T) {
	l := New(0, 1)
	for range 1000 {
		if ok, _ := l.Allow(netip.Addr{}, time.Now()); !ok {
			t.Fatal("refused with the limiter off")
		}
	}
}

func TestLimiterMemoryIsBounded(t *testing.T) {
	l := New(1, 1)
	l.max = 100
	t0 := time.Date(2026, 1, 12, 9, 0, 0, 0, time.UTC)
	for i := range 1000 {
		l.Allow(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), t0)
	}
	if n := len(l.buckets); n > 100 {
		t.Errorf("%d sources remembered; want at most 100", n)
	}
	// Idle sources are forgotten first: once everyone has refilled, a new
	// source clears them all out.
	l.max = len(l.buckets)
	l.Allow(netip.MustParseAddr("192.0.2.1"), t0.Add(time.Hour))
	if n := len(l.buckets); n != 1 {
		t.Errorf("%d sources remembered after all went idle; want only the new one", n)
	}
}

func TestSourceKey(t *testing.T) {
	tests := []struct{ ip, want string }{
		{"192.0.2.1", "192.0.2.1"},
		{"::ffff:192.0.2.1", "192.0.2.1"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::"},
		{"2001:db8:1:2::1", "2001:db8:1:2::"},
		{"fe80::1%eth0", "fe80::"},
		{"", "invalid IP"},
		{"not an ip", "invalid IP"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.ip), func(t *testing.T) {
			if got := Source(tt.ip).String(); got != tt.want {
				t.Errorf("Source(%q) = %s; want %s", tt.ip, got, tt.want)
			}
		})
	}
}

// When every place holds a source over its limit, no one is forgotten:
// newcomers share one bucket until the first remembered source has a token
// again, and then take its place.
func TestLimiterFullOfExhaustedSources(t *testing.T) {
	l := New(6, 2) // one token every 10 s, two at most
	l.max = 100
	t0 := time.Date(2026, 1, 12, 9, 0, 0, 0, time.UTC)
	src := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}) }
	for i := range l.max {
		l.Allow(src(i), t0)
		l.Allow(src(i), t0)
		if ok, _ := l.Allow(src(i), t0); ok {
			t.Fatalf("source %d allowed past its burst", i)
		}
	}
	accepted := 0
	for i := range 50 {
		if ok, _ := l.Allow(src(1000+i), t0.Add(time.Second)); ok {
			accepted++
		}
	}
	if accepted != 2 {
		t.Errorf("50 newcomers while the limiter is full of exhausted sources: %d accepted; want the one shared burst of 2", accepted)
	}
	for i := range l.max {
		if ok, _ := l.Allow(src(i), t0.Add(2*time.Second)); ok {
			t.Fatalf("exhausted source %d forgotten", i)
		}
	}
	if n := len(l.buckets); n > l.max {
		t.Errorf("%d sources remembered; want at most %d", n, l.max)
	}
	// Ten seconds on, each remembered source has a token again: a
	// newcomer gets a place of its own, and its full burst.
	later := t0.Add(12 * time.Second)
	for range 2 {
		if ok, _ := l.Allow(src(5000), later); !ok {
			t.Error("a newcomer refused once places could be freed")
		}
	}
}

// At its real size, a flood of newcomers after a crowd of exhausted sources
// keeps the memory within MaxSources and forgets none of the crowd.
func TestLimiterAtMaxSources(t *testing.T) {
	l := New(1, 2) // one token a minute: none comes back during the flood
	t0 := time.Date(2026, 1, 12, 9, 0, 0, 0, time.UTC)
	crowd := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{198, 51, 100, byte(i)}) }
	for i := range 100 {
		for range 3 {
			l.Allow(crowd(i), t0)
		}
	}
	now := t0
	for i := range MaxSources {
		now = now.Add(time.Millisecond) // the flood takes 10 s in all
		l.Allow(netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)}), now)
	}
	if n := len(l.buckets); n > MaxSources {
		t.Errorf("%d sources remembered; want at most %d", n, MaxSources)
	}
	for i := range 100 {
		if ok, _ := l.Allow(crowd(i), now); ok {
			t.Errorf("exhausted source %d forgotten in the flood", i)
		}
	}
}
