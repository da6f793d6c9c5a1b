// Package outbox is the contact function's local store: the file that
// enquiries sent from a developer's machine go to, which is both the
// store the handler answers after and the mailbox (make serve, make dev,
// the browser tests). Nothing leaves the machine, and nothing needs
// configuring (the path is CONTACT_OUTBOX's, or the servers' -outbox).
//
// Each enquiry is one JSON line, fsynced before the answer:
//
//	{"id":"...","received":"2026-01-02T15:04:05.123Z","name":"...","email":"...",
//	 "phone":"...","companySize":"51-250","message":"..."}
//
// so that an enquiry the form was told about survives a crash of the
// server or the machine. Lines never interleave, a write that fails part
// way is cut off again, and concurrent senders share fsyncs. If the file
// is deleted, moved away (a log rotation) or replaced while the server
// runs, the next enquiry opens the path anew, and one whose line went to a
// file that is no longer at the path gets a 502, never a 200.
package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/vozia/site/functions/contact"
)

// Outbox is the local contact.Store and contact.Mailer: it appends each
// enquiry as one JSON line to a file and fsyncs before Send returns.
//
// If the file is deleted, moved away (a log rotation) or replaced while the
// outbox is open, the next Send opens the file at the path anew, so that a
// line is never written to a file nobody will find again; and a Send whose
// line went to a file that is no longer at the path by the time it is
// durable fails rather than report a delivery no one can read.
type Outbox struct {
	path string

	// mu serialises writes, so each line reaches the file in one piece and
	// lines never interleave.
	mu      sync.Mutex
	f       *os.File
	written uint64 // lines written so far

	// syncMu lets concurrent senders share one fsync: whoever holds it
	// syncs every line written until then, and the others find their line
	// already durable. Under load this turns N fsyncs into a few.
	syncMu sync.Mutex
	synced uint64 // lines known to be on disk
}

// Open opens (creating it and its directory if need be) the file at path
// for appending. The file is readable by its owner only: it holds personal
// data.
func Open(path string) (*Outbox, error) {
	if path == "" {
		return nil, errors.New("outbox: no path")
	}
	f, err := openAppend(path)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return &Outbox{path: path, f: f}, nil
}

// openAppend opens path for appending, creating it and its directory if
// need be. A file it creates is made durable in its directory too, or a
// crash could lose the file along with every line fsynced into it.
func openAppend(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	}
	if err != nil {
		return nil, err
	}
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// atPath reports whether o.path still names f. o.mu is held, or f is no
// longer o.f.
func (o *Outbox) atPath(f *os.File) (bool, error) {
	pst, err := os.Stat(o.path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	fst, err := f.Stat()
	if err != nil {
		return false, err
	}
	return os.SameFile(pst, fst), nil
}

// reopenIfMoved opens o.path anew if it no longer names the open file.
// o.mu is held.
func (o *Outbox) reopenIfMoved() error {
	if ok, err := o.atPath(o.f); ok || err != nil {
		return err
	}
	f, err := openAppend(o.path)
	if err != nil {
		return err
	}
	// Lines still waiting for their fsync in the old file belong to Sends
	// that will see the switch and fail; closing it only makes them fail
	// sooner.
	o.f.Close()
	o.f = f
	return nil
}

// Put appends e to the outbox: locally the outbox is both the store and the
// mailbox.
func (o *Outbox) Put(ctx context.Context, e contact.Enquiry) error { return o.Send(ctx, e) }

// Path is the file the outbox appends to.
func (o *Outbox) Path() string { return o.path }

// Send appends e as one line and returns once it is on disk.
func (o *Outbox) Send(_ context.Context, e contact.Enquiry) error {
	// The context is deliberately ignored: a line half written because the
	// client went away would be worse than a finished one nobody waits for.
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	line = append(line, '\n')

	o.mu.Lock()
	if o.f == nil {
		o.mu.Unlock()
		return errors.New("outbox: closed")
	}
	if err := o.reopenIfMoved(); err != nil {
		o.mu.Unlock()
		return fmt.Errorf("outbox: %w", err)
	}
	if err := o.append(line); err != nil {
		o.mu.Unlock()
		return fmt.Errorf("outbox: %w", err)
	}
	o.written++
	mine, file := o.written, o.f
	o.mu.Unlock()

	if err := o.sync(mine); err != nil {
		return err
	}
	// The line is durable, but only where it was written: if the path
	// has meanwhile come to name another file, or none, nobody will find
	// it, and the visitor must be told to try again.
	if ok, err := o.atPath(file); !ok {
		return fmt.Errorf("outbox: %s was moved or deleted while an enquiry was written to it (%v)", o.path, err)
	}
	return nil
}

// sync returns once line number mine is on disk.
func (o *Outbox) sync(mine uint64) error {
	o.syncMu.Lock()
	defer o.syncMu.Unlock()
	if o.synced >= mine {
		return nil // a concurrent sender's fsync covered this line
	}
	o.mu.Lock()
	f, upTo := o.f, o.written
	o.mu.Unlock()
	if f == nil {
		return errors.New("outbox: closed before the enquiry reached the disk")
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.synced = upTo
	return nil
}

// append writes line at the end of the file. If the write fails part way
// (a full disk), it cuts the fragment off again so that the next line does
// not start in the middle of a broken one. o.mu is held.
func (o *Outbox) append(line []byte) error {
	st, err := o.f.Stat()
	if err != nil {
		return err
	}
	n, err := o.f.Write(line)
	if err != nil && n > 0 {
		if terr := o.f.Truncate(st.Size()); terr != nil {
			return errors.Join(err, terr)
		}
	}
	return err
}

// Close syncs and closes the file. Sends after Close fail.
func (o *Outbox) Close() error {
	o.syncMu.Lock()
	defer o.syncMu.Unlock()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.f == nil {
		return nil
	}
	err := errors.Join(o.f.Sync(), o.f.Close())
	o.f = nil
	return err
}
