// Command serve serves a built site exactly as the CDN will, and mounts
// the contact function, so that the whole product runs on one machine with
// nothing to configure:
//
//	go run ./cmd/serve [-addr 127.0.0.1:8080] [-dir dist/site] [-outbox FILE]
//
// It links no part of the builder (no esbuild, goja or goldmark): it reads
// the build's output and the routing rules (internal/routing) only. The
// live mode of make dev, which builds in memory, is cmd/dev.
//
// Routing follows dist/cdn/routes.json (see internal/routing):
// security and cache headers, the trailing-slash 301, redirects, files and
// <path>/index.html, rewrites (/services/*), and 404.html with status 404.
// Text above 1 KB is sent brotli- or gzip-encoded as the request accepts,
// with Vary: Accept-Encoding, a strong ETag per encoding, Range and 304s
// (internal/devserver/compress.go); several ranges only as CloudFront serves
// them (ascending, apart) and at most 8, else the whole file. The security
// headers of the manifest are on every answer, as the CDN's response
// headers policy puts them: refused methods and the contact function's
// answers included.
// POST /api/contact is the contact function with the outbox mailer; its
// CONTACT_* environment variables apply (functions/contact/README.md).
//
// Like make dev, it answers only the Host of its own address, localhost and
// 127.0.0.1 (any other gets 403): a DNS-rebinding page cannot read the site
// or write enquiries to the outbox.
//
// Every connection is bounded (see devserver.Limits): slow or stalled clients are
// cut off, and at most 1,000 connections are served at once.
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
	"syscall"

	"github.com/vozia/site/functions/contact"
	"github.com/vozia/site/functions/contact/outbox"
	"github.com/vozia/site/internal/contactform"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/routing"
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
	outboxFile := fs.String("outbox", "", "`file` the contact function appends enquiries to (default: CONTACT_OUTBOX or "+contact.DefaultOutboxPath+")")
	if err := fs.Parse(args); err != nil {
		return err
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
	// The products an enquiry may name are the served site's.
	if err := contactFn.LoadEnquiries(filepath.Join(routing.CDNDir(*dir), contactform.EnquiriesFile)); err != nil {
		ln.Close()
		return err
	}
	// Only its own address, localhost and 127.0.0.1 are answered, as make
	// dev answers them: a page elsewhere whose name rebinds to 127.0.0.1
	// would otherwise read the site and post enquiries as same-origin.
	h, err := devserver.New(ctx, devserver.Options{Dir: *dir, Contact: contactFn, Hosts: []string{ln.Addr().String()}})
	if err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(stdout, "open http://%s (serving %s; contact function at /api/contact)\n", ln.Addr(), *dir)
	return devserver.Serve(ctx, ln, devserver.NewServer(h, devserver.DefaultLimits()))
}
