// Package filecache keeps a build's products on disk between builds, in a
// directory that CI caches (cmd/build -cache dir), in a folder per kind of
// product: one file per key (Dir), or, for the kinds a build keeps one of
// per page, every entry in one file (Packfile). Each file is written
// beside its place and renamed in, so that a reader never sees half of
// one.
//
// A cache can only save work, never change the output: a missing or
// unreadable entry is a miss, and a failed write loses the entry, not the
// build. Every entry's name includes the build's own version (Version), so
// that a build of other code never takes what an older one made: no key
// is bumped by hand.
package filecache

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"
	"time"
)

// Dir is one kind of product in a cache directory. The zero Dir (no root)
// keeps nothing.
type Dir struct{ root, kind, ext string }

// New returns the products of kind under root, each file named by its key
// with ext ("render", ".html" keeps root/render/<name>.html).
func New(root, kind, ext string) Dir { return Dir{root, kind, ext} }

// name is the file of key: the key and the build's version, hashed.
func (d Dir) name(key string) string {
	sum := sha256.Sum256([]byte(Version() + "\x00" + key))
	return hex.EncodeToString(sum[:]) + d.ext
}

func (d Dir) dir() string { return filepath.Join(d.root, d.kind) }

// Get returns the entry of key, if there is one.
func (d Dir) Get(key string) ([]byte, bool) {
	b, _, ok := d.GetFile(key)
	return b, ok
}

// GetFile is Get, with the file that holds the entry. The file is never
// changed in place (Put renames a new file over it), so that an output
// may be a hard link to it (atomicdir.File.From).
func (d Dir) GetFile(key string) (data []byte, file string, ok bool) {
	if d.root == "" {
		return nil, "", false
	}
	file = filepath.Join(d.dir(), d.name(key))
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, "", false
	}
	return b, file, true
}

// Put writes the entry of key.
func (d Dir) Put(key string, data []byte) {
	if d.root == "" || os.MkdirAll(d.dir(), 0o755) != nil {
		return
	}
	f, err := os.CreateTemp(d.dir(), ".new-*")
	if err != nil {
		return
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(d.dir(), d.name(key)))
	}
	if err != nil {
		os.Remove(f.Name())
	}
}

// GetJSON decodes the entry of key into v, saying whether there was one
// that decoded.
func (d Dir) GetJSON(key string, v any) bool {
	data, ok := d.Get(key)
	return ok && json.Unmarshal(data, v) == nil
}

// KeepJSON writes v, as JSON, as the entry of key and the folder's only
// one: a value of one input at a time (a commit, a bundle), which the
// next input replaces.
func (d Dir) KeepJSON(key string, v any) {
	if data, err := json.Marshal(v); err == nil {
		d.Put(key, data)
		d.KeepOnly([]string{key})
	}
}

// Empty says whether the folder holds no entry at all, of any build.
func (d Dir) Empty() bool {
	if d.root == "" {
		return true
	}
	f, err := os.Open(d.dir())
	if err != nil {
		return true
	}
	defer f.Close()
	for {
		names, err := f.Readdirnames(64)
		for _, n := range names {
			if n[0] != '.' { // not a write under way
				return false
			}
		}
		if err != nil {
			return true
		}
	}
}

// KeepOnly removes every entry but those of keys: the cache holds one
// build's worth.
func (d Dir) KeepOnly(keys []string) {
	if d.root == "" {
		return
	}
	keep := make(map[string]bool, len(keys))
	for _, k := range keys {
		keep[d.name(k)] = true
	}
	entries, _ := os.ReadDir(d.dir())
	for _, e := range entries {
		if !keep[e.Name()] {
			os.Remove(filepath.Join(d.dir(), e.Name()))
		}
	}
}

// Version is the build's own version: the commit it was built from, when
// the Go toolchain stamped one into a clean tree's build, else the Go
// build ID of the running executable (go run, tests, a tree with changes,
// -buildvcs=false), else a hash of the executable; both of these change
// with any of its code. It is computed once, on first use.
var Version = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" && modified == "false" {
			return rev
		}
	}
	exe, err := os.Executable()
	if err == nil {
		if id := goBuildID(exe); id != "" {
			return id
		}
		var f *os.File
		if f, err = os.Open(exe); err == nil {
			defer f.Close()
			h := sha256.New()
			if _, err = io.Copy(h, f); err == nil {
				return hex.EncodeToString(h.Sum(nil))
			}
		}
	}
	// No way to tell this build from another: nothing is shared.
	return "unknown-" + strconv.FormatInt(time.Now().UnixNano(), 36)
})

// goBuildID is the Go build ID the linker wrote into the ELF executable
// exe (its note .note.go.buildid, as `go tool buildid` reads it), or ""
// where it has none: a hash of the inputs of the link, which changes with
// any code linked in. It is a read of a few hundred bytes, where hashing
// the 45 MB executable took 45 ms of every build's CPU.
func goBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	note, err := s.Data()
	if err != nil || len(note) < 16 {
		return ""
	}
	// An ELF note: the name's and the description's sizes, the type (4),
	// the name "Go" padded to 4 bytes, then the description, the ID.
	nameSize, descSize := f.ByteOrder.Uint32(note), f.ByteOrder.Uint32(note[4:])
	if nameSize != 4 || string(note[12:16]) != "Go\x00\x00" || uint64(len(note)) < 16+uint64(descSize) || descSize == 0 {
		return ""
	}
	return "go-buildid " + string(note[16:16+descSize])
}

// Folder is the build's cache folder, the one place that decides it for
// cmd/build, cmd/check and make dev, so that the three share their encoded
// images and renders: flag when it names one, none for "none", and by
// default dist/cache beside the content folder (contentDir/../dist/cache),
// never inside content/.
func Folder(flag, contentDir string) string {
	switch flag {
	case "":
		return filepath.Join(filepath.Dir(filepath.Clean(contentDir)), "dist", "cache")
	case "none":
		return ""
	}
	return flag
}
