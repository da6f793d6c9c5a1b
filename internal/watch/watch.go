// Package watch reports changes below directory trees, in batches, as
// `make dev` needs them.
//
// inotify (and fsnotify over it) watches single directories, so a Watcher
// adds every directory below its roots, and every directory created later
// (a new folder of pages), reporting the files already inside it, which
// were created before its watch existed. It watches directories, not
// files, so that editors that save by writing a temporary file and
// renaming it over the original (vim, JetBrains, many formatters) are
// seen like any other write.
//
// Editors and tools save in bursts (a write, a chmod, a rename, a second
// file): events are gathered until the trees have been quiet for a short
// while and delivered as one batch of paths. Editors' own scratch files
// (dot files, "file~", vim's .swp and 4913 probes, Emacs's #file#) and
// sed -i's are ignored.
package watch

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watcher watches directory trees.
type Watcher struct {
	fsw   *fsnotify.Watcher
	quiet time.Duration
}

// New watches every directory below the roots. quiet is how long the trees
// must be still before a batch is delivered.
func New(quiet time.Duration, roots ...string) (*Watcher, error) {
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fsw: fsw, quiet: quiet}
	for _, r := range roots {
		if _, err := w.addTree(r); err != nil {
			fsw.Close()
			return nil, err
		}
	}
	return w, nil
}

// addTree watches dir and every directory below it, and returns the files
// found there.
func (w *Watcher) addTree(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && ignored(p) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return w.fsw.Add(p)
		}
		files = append(files, p)
		return nil
	})
	return files, err
}

// Run delivers batches of changed paths (sorted, each once) to changed,
// one call at a time, until ctx is done. Changes made while changed runs
// are gathered into the next batch, so a slow consumer sees every change
// but fewer, larger batches.
func (w *Watcher) Run(ctx context.Context, changed func([]string)) error {
	defer w.fsw.Close()
	// Settled batches wait in ready, merged, until the consumer is free.
	var mu sync.Mutex
	ready := map[string]bool{}
	wake := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range wake {
			mu.Lock()
			b := make([]string, 0, len(ready))
			for p := range ready {
				b = append(b, p)
			}
			clear(ready)
			mu.Unlock()
			if len(b) > 0 {
				slices.Sort(b)
				changed(b)
			}
		}
	}()
	defer func() { close(wake); <-done }()

	pending := map[string]bool{}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.fsw.Errors:
			// An overflowing kernel queue loses events: the batch names
			// no file, and the consumer rebuilds everything.
			if err == fsnotify.ErrEventOverflow {
				pending[""] = true
				timer.Reset(w.quiet)
			}
		case ev := <-w.fsw.Events:
			if ignored(ev.Name) || ev.Op == fsnotify.Chmod {
				continue
			}
			pending[ev.Name] = true
			if ev.Has(fsnotify.Rename) || ev.Has(fsnotify.Remove) {
				// A directory moved away keeps its watches, which go on
				// naming its old path: drop them, and the Create of its
				// new name (if it stays in the tree) watches it afresh.
				w.forget(ev.Name)
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					files, _ := w.addTree(ev.Name)
					for _, f := range files {
						pending[f] = true
					}
				}
			}
			timer.Reset(w.quiet)
		case <-timer.C:
			mu.Lock()
			for p := range pending {
				ready[p] = true
			}
			mu.Unlock()
			clear(pending)
			select {
			case wake <- struct{}{}:
			default: // the consumer will find these with the batch it is due
			}
		}
	}
}

// forget stops watching dir and every directory below it, if watched.
func (w *Watcher) forget(dir string) {
	prefix := dir + string(filepath.Separator)
	for _, p := range w.fsw.WatchList() {
		if p == dir || strings.HasPrefix(p, prefix) {
			w.fsw.Remove(p)
		}
	}
}

// ignored reports whether a path is an editor's scratch file, or a
// tool's: GNU sed -i writes the new text to sedXXXXXX beside the file and
// renames it over the file (an editor's trial: make dev built while it was
// there, and refused it as "not a page"); Emacs autosaves to #file#.
func ignored(p string) bool {
	name := filepath.Base(p)
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		strings.HasSuffix(name, ".swp") || strings.HasSuffix(name, ".swx") || name == "4913" ||
		len(name) == len("sedXXXXXX") && strings.HasPrefix(name, "sed") && !strings.Contains(name, ".") ||
		len(name) > 2 && strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#")
}
