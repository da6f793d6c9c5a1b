// Package atomicdir replaces a directory's contents all at once: the new
// tree is written to a temporary directory beside the target and swapped in
// with renames, so a failed or interrupted build never leaves a half-written
// site, and a build that fails before Write leaves the last good one intact.
package atomicdir

import (
	"fmt"
	"os"
	"path/filepath"
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
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
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
