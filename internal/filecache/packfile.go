package filecache

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Packfile is one kind of product kept as one file, the entries of the
// last build one after another, instead of a file per entry (Dir): read
// whole on first use, written whole, beside its place and renamed in,
// when a build keeps other entries than it holds (KeepOnly).
//
// A build of a thousand articles keeps a render of each page and a share
// image of each article: as files, 2,300 of them created on every build
// from an empty cache, at 0.2 to 2 ms each on a build machine's disk
// (ext4 in a VM), more than reading or writing their 38 MB at once. The
// price is a whole rewrite when one entry changes (make dev's edit of one
// page: the 20 MB of those thousand pages, 10 to 30 ms).
//
// As with Dir, it can only save work: a pack that is missing, cut short
// or damaged (its checksum) is an empty one, and a pack lost to another
// build writing the same folder at once costs the entries, not a build.
// Its name includes the build's own version (Version). It is safe for
// concurrent use.
type Packfile struct {
	root, kind string
	version    string // Version(), but in tests

	mu     sync.Mutex
	read   bool
	onDisk map[string][]byte // the entries of the pack as read or last written
	fresh  map[string][]byte // Put since
}

// NewPackfile returns the products of kind under root, kept in one file
// of root/kind. A root of "" keeps nothing.
func NewPackfile(root, kind string) *Packfile {
	return &Packfile{root: root, kind: kind, version: Version(), fresh: map[string][]byte{}}
}

// packMagic starts every pack; the version of its format is in it.
const packMagic = "vozia-site pack 1\n"

func (p *Packfile) dir() string { return filepath.Join(p.root, p.kind) }

// path is the pack of this build's version.
func (p *Packfile) path() string {
	sum := sha256.Sum256([]byte(p.version + "\x00" + p.kind))
	return filepath.Join(p.dir(), hex.EncodeToString(sum[:])+".pack")
}

// load reads the pack once; p.mu is held.
func (p *Packfile) load() {
	if p.read {
		return
	}
	p.read = true
	p.onDisk = map[string][]byte{}
	if p.root == "" {
		return
	}
	data, err := os.ReadFile(p.path())
	if err != nil {
		return
	}
	if entries, ok := parsePack(data); ok {
		p.onDisk = entries
	}
}

// parsePack reads a pack: its magic, its entries as key and bytes
// (Pack's framing), and the CRC-32C of both. The entries are slices of
// data.
func parsePack(data []byte) (map[string][]byte, bool) {
	if len(data) < len(packMagic)+4 || string(data[:len(packMagic)]) != packMagic {
		return nil, false
	}
	body, sum := data[:len(data)-4], binary.BigEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, false
	}
	parts, ok := Unpack(body[len(packMagic):])
	if !ok || len(parts)%2 != 0 {
		return nil, false
	}
	out := make(map[string][]byte, len(parts)/2)
	for i := 0; i < len(parts); i += 2 {
		out[string(parts[i])] = parts[i+1]
	}
	return out, true
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Get returns the entry of key, if the pack or a Put since has one.
func (p *Packfile) Get(key string) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if data, ok := p.fresh[key]; ok {
		return data, true
	}
	p.load()
	data, ok := p.onDisk[key]
	return data, ok
}

// Put adds the entry of key; the pack is written by the next KeepOnly.
// data must not change afterwards.
func (p *Packfile) Put(key string, data []byte) {
	if p.root == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fresh[key] = data
}

// keptVersions is how many versions' packs a folder keeps. cmd/build,
// cmd/check and cmd/dev are three binaries, so three versions (Version)
// whenever the code is not a clean commit's: each keeps its own pack
// beside the others', rather than deleting theirs at every build (make
// dev's first build would render every page again after a make check).
const keptVersions = 4

// KeepOnly makes the pack hold the entries of keys (those it has, or that
// were Put since), and no other, writing it only if that changes it.
// The folder keeps the packs of the keptVersions versions written last,
// this one's among them, and no other file (an entry of the old one-file
// format, a write cut short).
func (p *Packfile) KeepOnly(keys []string) {
	if p.root == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.load()
	keep := make(map[string][]byte, len(keys))
	changed := false
	for _, k := range keys {
		if data, ok := p.fresh[k]; ok {
			keep[k] = data
			changed = true
		} else if data, ok := p.onDisk[k]; ok {
			keep[k] = data
		}
	}
	changed = changed || len(keep) != len(p.onDisk)
	p.fresh = map[string][]byte{}
	if !changed {
		return
	}
	p.onDisk = keep
	if os.MkdirAll(p.dir(), 0o755) != nil {
		return
	}
	if writePack(p.dir(), p.path(), keep) != nil {
		return
	}
	p.prune()
}

// prune removes from the folder every file but the packs of the
// keptVersions versions written last (this one's first) and the writes
// under way (".new-" files younger than a minute: another build's).
func (p *Packfile) prune() {
	type pack struct {
		name string
		mod  time.Time
	}
	var packs []pack
	entries, _ := os.ReadDir(p.dir())
	for _, e := range entries {
		name := filepath.Join(p.dir(), e.Name())
		fi, err := e.Info()
		switch {
		case err != nil || name == p.path():
		case strings.HasPrefix(e.Name(), ".new-"):
			if time.Since(fi.ModTime()) > time.Minute {
				os.Remove(name)
			}
		case filepath.Ext(name) == ".pack":
			packs = append(packs, pack{name, fi.ModTime()})
		default:
			os.Remove(name)
		}
	}
	slices.SortFunc(packs, func(a, b pack) int { return b.mod.Compare(a.mod) })
	for i, pk := range packs {
		if i >= keptVersions-1 {
			os.Remove(pk.name)
		}
	}
}

// writePack writes the entries, by key order, to a file beside path and
// renames it to path.
func writePack(dir, path string, entries map[string][]byte) error {
	f, err := os.CreateTemp(dir, ".new-*")
	if err != nil {
		return err
	}
	sum := crc32.New(castagnoli)
	w := bufio.NewWriterSize(io.MultiWriter(f, sum), 1<<20)
	keys := slices.Sorted(maps.Keys(entries))
	w.WriteString(packMagic)
	var n [binary.MaxVarintLen64]byte
	w.Write(binary.AppendUvarint(n[:0], uint64(2*len(keys))))
	for _, k := range keys {
		for _, part := range [][]byte{[]byte(k), entries[k]} {
			w.Write(binary.AppendUvarint(n[:0], uint64(len(part))))
			w.Write(part)
		}
	}
	err = w.Flush()
	if err == nil {
		_, err = f.Write(binary.BigEndian.AppendUint32(nil, sum.Sum32()))
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Empty says whether the folder holds no pack at all, of any build.
func (p *Packfile) Empty() bool {
	return Dir{root: p.root, kind: p.kind}.Empty()
}

// Keys are the keys of the pack on disk now, sorted (for tests and
// tools: a build reads the pack once).
func (p *Packfile) Keys() []string {
	fresh := &Packfile{root: p.root, kind: p.kind, version: p.version}
	fresh.mu.Lock()
	defer fresh.mu.Unlock()
	fresh.load()
	return slices.Sorted(maps.Keys(fresh.onDisk))
}
