// Command dev is the editor's way in (make dev): it builds content/ and
// frontend/ in memory, serves the result as cmd/serve serves dist/site
// (the same routing, headers and contact function), rebuilds on every
// save and live-reloads the open pages, or shows them the build's problems
// (see watch.go):
//
//	go run ./cmd/dev [-addr 127.0.0.1:8080] [-content content] [-frontend frontend] [-outbox FILE]
//
// It answers only requests addressed to its own address, localhost or
// 127.0.0.1 (devserver.Options.Hosts): a page the editor visits cannot
// rebind its own name to this machine and read the dev site, drafts and
// error dialog included.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/outbox"
	"github.com/vozia/site/internal/devserver"
)

// gcPercent is the dev server's GC target, unless GOGC sets one: React
// allocates a great many short-lived objects per render, and 400 measured
// 1.4x the pages per second of Go's default 100 on a 1,000-page build.
// (cmd/build turns the collector off below a memory limit instead: it
// ends with its build.)
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("dev", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen `address`")
	outboxFile := fs.String("outbox", "", "`file` the contact function appends enquiries to (default: CONTACT_OUTBOX or "+contact.DefaultOutboxPath+")")
	contentDir := fs.String("content", "content", "content `dir` to build and watch")
	frontendDir := fs.String("frontend", "frontend", "frontend `dir` to build and watch (its src/)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	ln, err := devserver.Listen(*addr, devserver.DefaultLimits())
	if err != nil {
		return err
	}
	contactFn, err := outbox.Handler(*outboxFile, []string{"http://" + ln.Addr().String()}, stderr)
	if err != nil {
		ln.Close()
		return err
	}
	live := devserver.NewLive()
	h, err := devserver.New(ctx, devserver.Options{Live: live, Contact: contactFn, Hosts: []string{ln.Addr().String()}})
	if err != nil {
		ln.Close()
		return err
	}
	srv := devserver.NewServer(h, devserver.DefaultLimits())
	srv.RegisterOnShutdown(live.Close)
	fmt.Fprintf(stdout, "open http://%s (building %s and %s in memory, rebuilt on save; contact function at /api/contact)\n", ln.Addr(), *contentDir, filepath.Join(*frontendDir, "src"))
	go func() {
		if err := develop(ctx, live, contactFn, *contentDir, *frontendDir, stdout); err != nil {
			fmt.Fprintln(stderr, err)
		}
	}()
	return devserver.Serve(ctx, ln, srv)
}
