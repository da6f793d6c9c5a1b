package imagefiles

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
)

// diskCache keeps Results in dir/img/<key>/: result.json and the files,
// each under its base name. The zero diskCache (no dir) keeps nothing.
// An entry is written in a folder beside its place and renamed in, so a
// reader never sees half of one; a failed write loses the entry, not the
// build.
type diskCache struct{ dir string }

func (c diskCache) root() string { return filepath.Join(c.dir, "img") }

func (c diskCache) get(key string) *Result {
	if c.dir == "" {
		return nil
	}
	dir := filepath.Join(c.root(), key)
	data, err := os.ReadFile(filepath.Join(dir, "result.json"))
	if err != nil {
		return nil
	}
	var r Result
	if json.Unmarshal(data, &r) != nil || len(r.Variants) == 0 {
		return nil
	}
	r.Files = make(map[string][]byte, len(r.Variants))
	for _, v := range r.Variants {
		b, err := os.ReadFile(filepath.Join(dir, path.Base(v.Path)))
		if err != nil {
			return nil
		}
		r.Files[v.Path] = b
	}
	return &r
}

func (c diskCache) put(key string, r *Result) {
	if c.dir == "" {
		return
	}
	if os.MkdirAll(c.root(), 0o755) != nil {
		return
	}
	tmp, err := os.MkdirTemp(c.root(), ".new-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(tmp)
	data, err := json.Marshal(r)
	if err != nil || os.WriteFile(filepath.Join(tmp, "result.json"), data, 0o644) != nil {
		return
	}
	for p, b := range r.Files {
		if os.WriteFile(filepath.Join(tmp, path.Base(p)), b, 0o644) != nil {
			return
		}
	}
	os.Rename(tmp, filepath.Join(c.root(), key))
}

func (c diskCache) keepOnly(keep map[string]bool) {
	if c.dir == "" {
		return
	}
	entries, _ := os.ReadDir(c.root())
	for _, e := range entries {
		if !keep[e.Name()] {
			os.RemoveAll(filepath.Join(c.root(), e.Name()))
		}
	}
}
