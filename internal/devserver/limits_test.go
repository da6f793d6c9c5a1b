package devserver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testLimits are the server's limits scaled down so that each attack below
// plays out in a few seconds, yet wide enough that a loaded machine still
// serves an honest request within them. Every test talks to 127.0.0.1
// only, with a bounded number of connections, and gives up after patience.
var testLimits = Limits{
	ReadHeader:      time.Second,
	Read:            1500 * time.Millisecond,
	Write:           1500 * time.Millisecond,
	Idle:            time.Second,
	MaxHeaderBytes:  8 << 10,
	MaxConns:        16,
	MaxConnsPerAddr: 16,
}

// patience is how long a test waits for what must happen: far longer than
// any limit above, so that a loaded machine does not fail a test, and short
// enough that a server without the limit fails it in reasonable time.
const patience = 15 * time.Second

// startServer serves the devserver of a tiny site with lim and returns its
// address; the server and its connections are closed when the test ends.
// open counts the connections the server holds at any moment, and maxOpen
// the most it ever held.
func startServer(t *testing.T, lim Limits, h http.Handler) (addr string, maxOpen func() int64) {
	t.Helper()
	if h == nil {
		root := t.TempDir()
		for p, s := range map[string]string{
			"site/index.html": "home",
			"site/404.html":   "not found",
			"cdn/routes.json": `{"trailingSlash":"remove","redirects":[],"rewrites":[],"notFound":{"file":"/404.html","status":404},"headers":[]}`,
		} {
			os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
			os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
		}
		var err error
		// The contact function stands in as a handler that reads its
		// body, as the real one does.
		drain := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.Copy(io.Discard, r.Body) })
		h, err = New(context.Background(), Options{Dir: filepath.Join(root, "site"), Contact: drain})
		if err != nil {
			t.Fatal(err)
		}
	}
	ln, err := Listen("127.0.0.1:0", lim)
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(h, lim)
	cl := &countingListener{Listener: ln}
	go srv.Serve(cl)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), cl.most.Load
}

// countingListener counts the connections the server holds, at the
// listener that enforces the cap: a connection stops counting just before
// its Close frees its place for the next one. (Counted through the
// server's ConnState hooks instead, a closed connection is still counted
// for a moment after its place went to the next: a loaded machine saw 17
// of 16.)
type countingListener struct {
	net.Listener
	open, most atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	n := l.open.Add(1)
	for m := l.most.Load(); n > m && !l.most.CompareAndSwap(m, n); m = l.most.Load() {
	}
	return &countedConn{Conn: c, l: l}, nil
}

type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(patience))
	return c
}

// closedByServer reads c until the server closes it, and fails the test if
// the server held it open all the patience long.
func closedByServer(t *testing.T, c net.Conn, what string) {
	t.Helper()
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("%s: the server still held the connection after %v", what, patience)
	}
}

// A body sent one byte at a time must not hold a connection for ever.
func TestTrickledBodyIsCut(t *testing.T) {
	t.Parallel()
	addr, _ := startServer(t, testLimits, nil)
	c := dial(t, addr)
	const size = 2000
	fmt.Fprintf(c, "POST /api/contact HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", addr, size)
	var sent atomic.Int64
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for range size {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if _, err := c.Write([]byte{' '}); err != nil {
				return
			}
			sent.Add(1)
		}
	}()
	closedByServer(t, c, "trickled body")
	if n := sent.Load(); n >= size {
		t.Errorf("the whole trickled body (%d bytes) was read; want the connection cut first", n)
	}
}

// Headers sent one line at a time must not hold a connection for ever.
func TestTrickledHeadersAreCut(t *testing.T) {
	t.Parallel()
	addr, _ := startServer(t, testLimits, nil)
	c := dial(t, addr)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n", addr)
	go func() {
		for i := 0; ; i++ {
			time.Sleep(20 * time.Millisecond)
			if _, err := fmt.Fprintf(c, "X-%d: a\r\n", i); err != nil {
				return
			}
		}
	}()
	closedByServer(t, c, "trickled headers")
}

// A keep-alive connection that sends nothing more is closed.
func TestIdleConnectionIsClosed(t *testing.T) {
	t.Parallel()
	addr, _ := startServer(t, testLimits, nil)
	c := dial(t, addr)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	if res.StatusCode != 200 || res.Close {
		t.Fatalf("status %d, close %v; want 200 on a connection kept alive", res.StatusCode, res.Close)
	}
	_, err = io.Copy(io.Discard, br)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("idle keep-alive connection still open after %v", patience)
	}
}

// Headers over the limit are refused before any handler runs.
func TestHugeHeadersAreRefused(t *testing.T) {
	t.Parallel()
	addr, _ := startServer(t, testLimits, nil)
	c := dial(t, addr)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", addr, strings.Repeat("a", 64<<10))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: status %d, want 431", res.StatusCode)
	}
}

// Many clients that connect and then stall, half of them in the middle of
// their headers and half after a first request on a kept-alive connection,
// neither hold more connections than the cap nor stop the site from
// answering.
func TestSiteAnswersWhileConnectionsStall(t *testing.T) {
	t.Parallel()
	addr, maxOpen := startServer(t, testLimits, nil)
	const stalled = 3 * 16
	var wg sync.WaitGroup
	var held atomic.Int64 // stalled connections the server never closed
	for i := range stalled {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(patience))
			if i%2 == 0 {
				fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n", addr) // and never the blank line
			} else {
				fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", addr) // and never another request
			}
			_, err = io.Copy(io.Discard, c)
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				held.Add(1)
			}
		}()
	}
	client := &http.Client{Timeout: patience}
	res, err := client.Get("http://" + addr + "/")
	if err != nil {
		t.Fatalf("with %d connections stalled: %v", stalled, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != "home" {
		t.Errorf("with %d connections stalled: status %d, body %q", stalled, res.StatusCode, body)
	}
	wg.Wait()
	if n := held.Load(); n > 0 {
		t.Errorf("%d of %d stalled connections were still open after %v", n, stalled, patience)
	}
	if n := maxOpen(); n > int64(testLimits.MaxConns) {
		t.Errorf("the server held %d connections at once; want at most %d", n, testLimits.MaxConns)
	}
}

// One client cannot take every place: its connections past
// MaxConnsPerAddr are closed as they arrive, while those it holds stay
// open (stalled within a read timeout longer than the test), and a client
// from another address is served.
func TestOneAddressCannotHoldEveryPlace(t *testing.T) {
	t.Parallel()
	lim := testLimits
	lim.ReadHeader, lim.Read, lim.MaxConnsPerAddr = 2*patience, 2*patience, 4
	addr, maxOpen := startServer(t, lim, nil)
	held := make([]net.Conn, lim.MaxConnsPerAddr)
	for i := range held {
		held[i] = dial(t, addr)
		fmt.Fprintf(held[i], "GET / HTTP/1.1\r\nHost: %s\r\n", addr) // and never the blank line
	}
	for deadline := time.Now().Add(patience); maxOpen() < int64(len(held)); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server accepted %d of %d connections", maxOpen(), len(held))
		}
	}
	closedByServer(t, dial(t, addr), "a connection past the address's share")
	for i, c := range held {
		c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		var ne net.Error
		if _, err := c.Read(make([]byte, 1)); !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("held connection %d was closed (%v): the share should keep it", i, err)
		}
	}
	other := &http.Client{Timeout: patience, Transport: &http.Transport{DialContext: (&net.Dialer{
		LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)},
	}).DialContext}}
	res, err := other.Get("http://" + addr + "/")
	if err != nil {
		t.Fatalf("another address, while one holds its share: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("another address: status %d", res.StatusCode)
	}
}

// A long-lived stream (the live reload's Server-Sent Events) outlives the
// read and write timeouts by lifting its own deadlines, as the comment on
// newServer says; a handler that does not is cut at the write timeout.
func TestStreamCanOutliveTheTimeouts(t *testing.T) {
	t.Parallel()
	const events = 6
	tick := testLimits.Write / 3 // the stream lasts twice the write timeout
	stream := func(lift bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			rc := http.NewResponseController(w)
			if lift {
				if err := rc.SetReadDeadline(time.Time{}); err != nil {
					t.Error(err)
				}
				if err := rc.SetWriteDeadline(time.Time{}); err != nil {
					t.Error(err)
				}
			}
			w.Header().Set("Content-Type", "text/event-stream")
			for i := range events {
				if r.Context().Err() != nil {
					return
				}
				fmt.Fprintf(w, "data: %d\n\n", i)
				if rc.Flush() != nil {
					return
				}
				time.Sleep(tick)
			}
		}
	}
	for _, lift := range []bool{true, false} {
		t.Run(fmt.Sprintf("deadlines lifted %v", lift), func(t *testing.T) {
			t.Parallel()
			addr, _ := startServer(t, testLimits, stream(lift))
			res, err := (&http.Client{Timeout: patience}).Get("http://" + addr + "/events")
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			got := 0
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "data: ") {
					got++
				}
			}
			if lift && got != events {
				t.Errorf("got %d events of %d; the stream was cut (%v)", got, events, sc.Err())
			}
			if !lift && got == events {
				t.Errorf("a stream that kept the server's deadlines ran past the write timeout")
			}
		})
	}
}

// The limits cmd/serve runs with leave nothing unbounded.
func TestDefaultLimitsAreSet(t *testing.T) {
	l := DefaultLimits()
	if l.ReadHeader <= 0 || l.Read <= 0 || l.Write <= 0 || l.Idle <= 0 || l.MaxHeaderBytes <= 0 || l.MaxConns <= 0 || l.MaxConnsPerAddr <= 0 || l.MaxConnsPerAddr >= l.MaxConns {
		t.Errorf("unbounded limit in %+v", l)
	}
	if l.ReadHeader > l.Read {
		t.Errorf("header timeout %v beyond the whole request's %v", l.ReadHeader, l.Read)
	}
}
