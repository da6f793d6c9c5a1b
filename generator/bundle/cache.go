package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/internal/filecache"
)

// Cache keeps esbuild's outputs on disk between builds (cmd/build -cache),
// each entry with the list of files the build read (esbuild's metafile)
// and a digest of them: a build whose inputs are all unchanged takes its
// outputs from the entry instead of parsing them again. Parsing is most of
// the work of an unchanged site's build (react-dom alone is parsed for the
// browser, the server and the web editor), and it is the same work every
// time.
//
// The digest covers each input's bytes (a package's file in node_modules
// by its size and modification time instead: the lock file, whose bytes
// it covers, decides the packages' versions, and an edit by hand changes
// the time; hashing react-dom and the rest on every build took 45 ms of
// an unchanged site's 0.35 s), the names in each folder of the
// app's own sources that holds one and in the folders above it (a new
// file may change what an import resolves to), and the app's package.json, lock file and tsconfig.json
// (which decide how packages resolve). The options are the caller's code,
// so the build's own version, in every entry's name, covers them; the key
// names everything else that differs between two builds of one code (the
// build, the app's folder, the stdin contents). A miss or a damaged entry
// only costs the build; two builds with and without the cache give the
// same bytes.
type Cache struct {
	dir filecache.Dir
	on  bool
}

// NewCache returns the cache of the builds named kind under root; a root
// of "" keeps nothing.
func NewCache(root, kind string) Cache {
	return Cache{filecache.New(root, kind, ".esbuild"), root != ""}
}

// FrontendCache is where the builds of the app in frontendDir keep what
// they make from it alone (its bundles, the web editor's modules), beside
// the packages they are made from: node_modules/.cache/vozia-site, as
// other tools keep theirs, emptied by npm ci with the rest. The app's
// sources change far less often than the content, so every build of the
// site, whatever its output and its own cache folder (cmd/build -cache,
// which keeps what it makes from the content), and every test, takes them
// from there while their inputs are unchanged. Each entry is checked
// against its inputs' bytes (Cache), so where it was made does not matter.
func FrontendCache(frontendDir string) string {
	return filepath.Join(frontendDir, "node_modules", ".cache", "vozia-site")
}

// entry is what the cache keeps of one build.
type entry struct {
	Inputs  []string // as the metafile names them, relative to the working dir
	Digest  string
	Outputs []output
	// Meta is the build's metafile: what a caller reads of its outputs
	// (the lazy kinds' entries and stylesheets) comes back with them.
	Meta string
}

type output struct {
	Path string
	Data []byte
}

// Get returns the result of the build in dir (its AbsWorkingDir) that
// key names, its outputs and its metafile, when the cache holds them for
// its inputs as they are now.
func (c Cache) Get(key, dir string) (api.BuildResult, bool) {
	e, ok := c.entry(key)
	if !ok {
		return api.BuildResult{}, false
	}
	if d, err := digest(dir, e.Inputs); err != nil || d != e.Digest {
		return api.BuildResult{}, false
	}
	return e.result(), true
}

// Peek is Get without the check of the inputs: what the build last kept
// under key, which may be stale.
func (c Cache) Peek(key string) (api.BuildResult, bool) {
	e, ok := c.entry(key)
	if !ok {
		return api.BuildResult{}, false
	}
	return e.result(), true
}

func (c Cache) entry(key string) (entry, bool) {
	if !c.on {
		return entry{}, false
	}
	data, ok := c.dir.Get(key)
	if !ok {
		return entry{}, false
	}
	e, ok := decodeEntry(data)
	return e, ok && e.Meta != ""
}

func (e entry) result() api.BuildResult {
	out := make([]api.OutputFile, len(e.Outputs))
	for i, f := range e.Outputs {
		out[i] = api.OutputFile{Path: f.Path, Contents: f.Data}
	}
	return api.BuildResult{OutputFiles: out, Metafile: e.Meta}
}

// Put keeps the outputs of a build of o (made with Metafile set) that key
// names. A build with errors, or that read anything but files of the
// working dir, is not kept.
func (c Cache) Put(key string, o api.BuildOptions, r api.BuildResult) {
	if !c.on || len(r.Errors) > 0 || r.Metafile == "" {
		return
	}
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if json.Unmarshal([]byte(r.Metafile), &meta) != nil {
		return
	}
	e := entry{Meta: r.Metafile}
	for in := range meta.Inputs {
		if in == "<stdin>" { // its contents are in the key
			continue
		}
		e.Inputs = append(e.Inputs, in)
	}
	sort.Strings(e.Inputs)
	d, err := digest(o.AbsWorkingDir, e.Inputs)
	if err != nil {
		return
	}
	e.Digest = d
	for _, f := range r.OutputFiles {
		e.Outputs = append(e.Outputs, output{f.Path, f.Contents})
	}
	if data, err := encodeEntry(e); err == nil {
		c.dir.Put(key, data)
	}
}

// encodeEntry keeps e as filecache.Pack parts: what it says of its outputs
// (JSON) and then each output's bytes, which decodeEntry takes back
// without a copy (the app's bundle is hundreds of kilobytes that every
// build reads).
func encodeEntry(e entry) ([]byte, error) {
	head := entryHead{e.Inputs, e.Digest, e.Meta, nil}
	parts := [][]byte{nil}
	for _, o := range e.Outputs {
		head.Paths = append(head.Paths, o.Path)
		parts = append(parts, o.Data)
	}
	h, err := json.Marshal(head)
	parts[0] = h
	return filecache.Pack(parts...), err
}

// entryHead is an entry but its outputs' bytes: their paths, in order.
type entryHead struct {
	Inputs []string
	Digest string
	Meta   string
	Paths  []string
}

// decodeEntry reads what encodeEntry wrote; ok is false for anything else.
func decodeEntry(data []byte) (e entry, ok bool) {
	parts, ok := filecache.Unpack(data)
	if !ok || len(parts) == 0 {
		return entry{}, false
	}
	var head entryHead
	if json.Unmarshal(parts[0], &head) != nil || len(head.Paths) != len(parts)-1 {
		return entry{}, false
	}
	e = entry{Inputs: head.Inputs, Digest: head.Digest, Meta: head.Meta}
	for i, p := range head.Paths {
		e.Outputs = append(e.Outputs, output{p, parts[i+1]})
	}
	return e, true
}

// KeepOnly removes every entry but those of keys.
func (c Cache) KeepOnly(keys ...string) { c.dir.KeepOnly(keys) }

// generated are the namespaces of the modules this package's plugins
// write (lazy.go), each from its name and the build's code alone: an input
// in one is hashed by its name, so that the builds that have them are
// cached too.
var generated = map[string]bool{"lazy-kind": true, "app-css": true}

// digest hashes the inputs of a build in dir (see Cache). An input that is
// not a file of dir (a plugin's namespace) is an error: that build is not
// cached.
func digest(dir string, inputs []string) (string, error) {
	h := sha256.New()
	folders := map[string]bool{}
	// One buffer for every file: io.Copy would take a new 32 KB one per
	// file (a file's WriteTo hides the hash from ReaderFrom), some 300 of
	// them a build.
	buf := make([]byte, 32<<10)
	hashFile := func(name string, mustExist bool) error {
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			if !mustExist && os.IsNotExist(err) {
				fmt.Fprintf(h, "%s\x00none\x00", name)
				return nil
			}
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\x00", name)
		if strings.HasPrefix(name, "node_modules/") {
			st, err := f.Stat()
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%d %d\x00", st.Size(), st.ModTime().UnixNano())
			return nil
		}
		if _, err := io.CopyBuffer(h, struct{ io.Reader }{f}, buf); err != nil {
			return err
		}
		h.Write([]byte{0})
		return nil
	}
	for _, in := range inputs {
		if ns, _, ok := strings.Cut(in, ":"); ok && generated[ns] {
			fmt.Fprintf(h, "%s\x00generated\x00", in)
			continue
		}
		if strings.Contains(in, ":") || path.IsAbs(in) || strings.HasPrefix(in, "../") {
			return "", fmt.Errorf("input %q outside the working dir", in)
		}
		if err := hashFile(in, true); err != nil {
			return "", err
		}
		if !strings.HasPrefix(in, "node_modules/") {
			for f := path.Dir(in); !folders[f]; f = path.Dir(f) {
				folders[f] = true
			}
		}
	}
	for _, name := range []string{"package.json", "package-lock.json", "tsconfig.json"} {
		if err := hashFile(name, false); err != nil {
			return "", err
		}
	}
	names := make([]string, 0, len(folders))
	for f := range folders {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "dir %s\x00", f)
		for _, e := range entries {
			fmt.Fprintf(h, "%s\x00", e.Name())
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
