package devserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"

	"golang.org/x/net/netutil"
)

// Limits bound what clients can hold of the server. Without them a body
// sent a byte at a time, or a kept-alive connection that never sends
// another request, holds its connection (a file descriptor and a goroutine)
// for ever, and enough of them stop the site from answering anyone.
type Limits struct {
	// ReadHeader bounds reading a request's headers; read the whole
	// request, body included (a trickled contact form body is cut).
	ReadHeader, Read time.Duration
	// Write bounds writing the answer, from the end of the request's
	// headers on.
	Write time.Duration
	// Idle is how long a kept-alive connection may wait for its next request.
	Idle time.Duration
	// MaxHeaderBytes caps a request's headers (answer 431 beyond).
	MaxHeaderBytes int
	// MaxConns caps the connections served at once; past it new ones wait
	// in the kernel's accept queue until the timeouts above free a place,
	// so a flood of stalled connections slows the site down for a few
	// seconds instead of exhausting the file descriptors.
	MaxConns int
	// MaxConnsPerAddr caps the connections of one source address: past
	// it the server closes its new ones at once, so one client holding
	// its connections open (idle, or stalled within the timeouts, and
	// opened again as they are closed) cannot take every place of
	// MaxConns and keep everyone else waiting. A browser opens six or so.
	// Zero: no cap.
	MaxConnsPerAddr int
}

// DefaultLimits are generous for a browser on any network, and for the
// cookies a developer's localhost collects, yet bound every connection.
func DefaultLimits() Limits {
	return Limits{
		ReadHeader:      10 * time.Second,
		Read:            30 * time.Second,
		Write:           30 * time.Second,
		Idle:            60 * time.Second,
		MaxHeaderBytes:  64 << 10,
		MaxConns:        1000,
		MaxConnsPerAddr: 100,
	}
}

// Listen listens on addr and serves at most l.MaxConns connections at
// once, at most l.MaxConnsPerAddr of them from one source address.
func Listen(addr string, l Limits) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		// One line that says what to do, not a stack of wrapped errors.
		return nil, fmt.Errorf("%s is already in use (another make serve or make dev?): choose another address with -addr 127.0.0.1:8081 (make serve ADDR=127.0.0.1:8081, make dev ADDR=...)", addr)
	}
	if err != nil {
		return nil, err
	}
	return netutil.LimitListener(&perAddrListener{Listener: ln, max: l.MaxConnsPerAddr, open: map[string]int{}}, l.MaxConns), nil
}

// perAddrListener closes, as it accepts them, the connections of a source
// address that holds max already (Limits.MaxConnsPerAddr).
type perAddrListener struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int
}

func (l *perAddrListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
		l.mu.Lock()
		if l.max > 0 && l.open[addr] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &perAddrConn{Conn: c, release: sync.OnceFunc(func() {
			l.mu.Lock()
			if l.open[addr]--; l.open[addr] == 0 {
				delete(l.open, addr)
			}
			l.mu.Unlock()
		})}, nil
	}
}

// perAddrConn gives its address's place back when closed.
type perAddrConn struct {
	net.Conn
	release func()
}

func (c *perAddrConn) Close() error {
	c.release()
	return c.Conn.Close()
}

// NewServer returns the server of h with every limit of l.
//
// The read and write timeouts are deadlines on the connection, set when a
// request's headers have been read. A long-lived answer, such as the live
// reload's Server-Sent Events stream, lifts them for its own request and
// only for it, before it starts streaming:
//
//	rc := http.NewResponseController(w)
//	rc.SetWriteDeadline(time.Time{}) // or now plus a while, renewed on each event
//	rc.SetReadDeadline(time.Time{})  // else the read timeout cancels r.Context()
//
// Every other request keeps the bounds, and the next request on the same
// connection gets them back.
func NewServer(h http.Handler, l Limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    l.MaxHeaderBytes,
	}
}

// Serve serves ln with srv until ctx is done, then shuts down gracefully
// (open answers get five seconds).
func Serve(ctx context.Context, ln net.Listener, srv *http.Server) error {
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
