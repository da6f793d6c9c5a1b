package contact

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Outbox is the local Mailer: it appends each enquiry as one JSON line
//
//	{"id":"...","received":"2026-01-02T15:04:05.123Z","name":"...","email":"...",
//	 "phone":"...","companySize":"51-250","message":"..."}
//
// to a file and fsyncs before Send returns, so that an enquiry the form was
// told about survives a crash of the server or the machine.
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

// OpenOutbox opens (creating it and its directory if need be) the file at
// path for appending. The file is readable by its owner only: it holds
// personal data.
func OpenOutbox(path string) (*Outbox, error) {
	if path == "" {
		return nil, errors.New("outbox: no path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return &Outbox{path: path, f: f}, nil
}

// Path is the file the outbox appends to.
func (o *Outbox) Path() string { return o.path }

// Send appends e as one line and returns once it is on disk.
func (o *Outbox) Send(_ context.Context, e Enquiry) error {
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
	if err := o.append(line); err != nil {
		o.mu.Unlock()
		return fmt.Errorf("outbox: %w", err)
	}
	o.written++
	mine := o.written
	o.mu.Unlock()

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
