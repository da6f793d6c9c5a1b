// Command serve serves a built site exactly as the CDN will, and mounts
// the contact function, so that the whole product runs on one machine with
// nothing to configure:
//
//	go run ./cmd/serve [-addr 127.0.0.1:8080] [-dir dist/site] [-outbox FILE]
//	go run ./cmd/serve -watch [-content content] [-frontend frontend] [-addr ...] [-outbox FILE]
//
// With -watch (make dev) it serves no directory: it builds content/ and
// frontend/ in memory, rebuilds on every save and live-reloads the open
// pages, or shows them the build's problems (see watch.go).
//
// Routing follows dist/cdn/routes.json (see generator.RoutingManifest):
// security and cache headers, the trailing-slash 301, redirects, files and
// <path>/index.html, rewrites (/services/*), and 404.html with status 404.
// Text above 1 KB is sent brotli- or gzip-encoded as the request accepts,
// with Vary: Accept-Encoding, a strong ETag per encoding, Range and 304s
// (internal/devserver/compress.go).
// POST /api/contact is the contact function with the outbox mailer; its
// CONTACT_* environment variables apply (functions/contact/README.md).
//
// Every connection is bounded (see limits): slow or stalled clients are
// cut off, and at most 1,000 connections are served at once.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"golang.org/x/net/netutil"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/internal/devserver"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `address`")
	dir := fs.String("dir", "dist/site", "site `dir` to serve; the routing manifest is read from ../cdn/routes.json")
	outbox := fs.String("outbox", "", "`file` the contact function appends enquiries to (default: CONTACT_OUTBOX or "+contact.DefaultOutboxPath+")")
	watch := fs.Bool("watch", false, "build -content and -frontend in memory instead of serving -dir, rebuild on change and live-reload the open pages")
	contentDir := fs.String("content", "content", "content `dir` to build and watch, with -watch")
	frontendDir := fs.String("frontend", "frontend", "frontend `dir` to build and watch (its src/), with -watch")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := listen(*addr, defaultLimits())
	if err != nil {
		return err
	}
	var live *devserver.Live
	if *watch {
		live = devserver.NewLive()
	}
	h, err := devserver.New(ctx, devserver.Options{
		Dir: *dir, Outbox: *outbox, Log: stderr, Live: live,
		Origins: []string{"http://" + ln.Addr().String()},
	})
	if err != nil {
		ln.Close()
		return err
	}
	srv := newServer(h, defaultLimits())
	if live != nil {
		srv.RegisterOnShutdown(live.Close)
		fmt.Fprintf(stdout, "open http://%s (building %s and %s in memory, rebuilt on save; contact function at /api/contact)\n", ln.Addr(), *contentDir, filepath.Join(*frontendDir, "src"))
		go func() {
			if err := develop(ctx, live, *contentDir, *frontendDir, stdout); err != nil {
				fmt.Fprintln(stderr, err)
			}
		}()
	} else {
		fmt.Fprintf(stdout, "open http://%s (serving %s; contact function at /api/contact)\n", ln.Addr(), *dir)
	}
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

// limits bound what clients can hold of the server. Without them a body
// sent a byte at a time, or a kept-alive connection that never sends
// another request, holds its connection (a file descriptor and a goroutine)
// for ever, and enough of them stop the site from answering anyone.
type limits struct {
	// readHeader bounds reading a request's headers; read the whole
	// request, body included (a trickled contact form body is cut).
	readHeader, read time.Duration
	// write bounds writing the answer, from the end of the request's
	// headers on.
	write time.Duration
	// idle is how long a kept-alive connection may wait for its next request.
	idle time.Duration
	// maxHeaderBytes caps a request's headers (answer 431 beyond).
	maxHeaderBytes int
	// maxConns caps the connections served at once; past it new ones wait
	// in the kernel's accept queue until the timeouts above free a place,
	// so a flood of stalled connections slows the site down for a few
	// seconds instead of exhausting the file descriptors.
	maxConns int
}

// defaultLimits are generous for a browser on any network, and for the
// cookies a developer's localhost collects, yet bound every connection.
func defaultLimits() limits {
	return limits{
		readHeader:     10 * time.Second,
		read:           30 * time.Second,
		write:          30 * time.Second,
		idle:           60 * time.Second,
		maxHeaderBytes: 64 << 10,
		maxConns:       1000,
	}
}

// listen listens on addr and serves at most l.maxConns connections at once.
func listen(addr string, l limits) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		// One line that says what to do, not a stack of wrapped errors.
		return nil, fmt.Errorf("%s is already in use (another make serve or make dev?): choose another address with -addr 127.0.0.1:8081 (make serve ADDR=127.0.0.1:8081, make dev ADDR=...)", addr)
	}
	if err != nil {
		return nil, err
	}
	return netutil.LimitListener(ln, l.maxConns), nil
}

// newServer returns the server of h with every limit of l.
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
func newServer(h http.Handler, l limits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.readHeader,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    l.maxHeaderBytes,
	}
}
