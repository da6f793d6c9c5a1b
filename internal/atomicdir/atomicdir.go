// Package atomicdir replaces a directory's contents all at once: the new
// tree is written to a temporary directory beside the target and swapped in
// with renames, so a failed or interrupted build never leaves a half-written
// site, and a build that fails before Write leaves the last good one intact.
package atomicdir

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/vozia/site/internal/parallel"
)

// File is one file to write, its Path relative to the directory.
type File struct {
	Path string
	Data []byte
}

// Write makes dir hold exactly files.
func Write(dir string, files []File) (err error) {
	parent, base := filepath.Dir(dir), filepath.Base(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".new-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := writeAll(tmp, files); err != nil {
		return err
	}
	// Move the old tree aside, the new one in, then delete the old one. A
	// crash between the two renames leaves the old tree beside dir, whole.
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old, err = os.MkdirTemp(parent, "."+base+".old-*")
		if err != nil {
			return err
		}
		if err := os.Remove(old); err != nil {
			return err
		}
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("move old %s aside: %w", dir, err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			os.Rename(old, dir)
		}
		return fmt.Errorf("swap in new %s: %w", dir, err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// writers is how many files are written at once. A site is mostly one
// directory per page, and creating them is kernel time: a thousand pages
// were written in a third of the time by eight writers than by one.
const writers = 8

// writeAll writes files under dir, each with its directories, and
// returns the first error.
func writeAll(dir string, files []File) error {
	errs := make([]error, len(files))
	parallel.For(len(files), writers, func(i int) {
		p := filepath.Join(dir, filepath.FromSlash(files[i].Path))
		if errs[i] = os.MkdirAll(filepath.Dir(p), 0o755); errs[i] == nil {
			errs[i] = os.WriteFile(p, files[i].Data, 0o644)
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
