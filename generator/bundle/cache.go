package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
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
// The digest covers each input's bytes, the names in each folder of the
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
// of "" keeps nothing (make dev, whose esbuild contexts rebuild
// incrementally, and which hashes nothing then).
func NewCache(root, kind string) Cache {
	return Cache{filecache.New(root, kind, ".esbuild"), root != ""}
}

// entry is what the cache keeps of one build.
type entry struct {
	Inputs  []string // as the metafile names them, relative to the working dir
	Digest  string
	Outputs []output
}

type output struct {
	Path string
	Data []byte
}

// Get returns the outputs of the build in dir (its AbsWorkingDir) that key
// names, when the cache holds them for its inputs as they are now.
func (c Cache) Get(key, dir string) ([]api.OutputFile, bool) {
	out, _, ok := c.get(key, dir)
	return out, ok
}

// get is Get, which also returns the build's inputs, as the metafile
// names them.
func (c Cache) get(key, dir string) ([]api.OutputFile, []string, bool) {
	if !c.on {
		return nil, nil, false
	}
	data, ok := c.dir.Get(key)
	if !ok {
		return nil, nil, false
	}
	var e entry
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&e) != nil {
		return nil, nil, false
	}
	if d, err := digest(dir, e.Inputs); err != nil || d != e.Digest {
		return nil, nil, false
	}
	out := make([]api.OutputFile, len(e.Outputs))
	for i, f := range e.Outputs {
		out[i] = api.OutputFile{Path: f.Path, Contents: f.Data}
	}
	return out, e.Inputs, true
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
	e := entry{}
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
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(e) == nil {
		c.dir.Put(key, buf.Bytes())
	}
}

// KeepOnly removes every entry but those of keys.
func (c Cache) KeepOnly(keys ...string) { c.dir.KeepOnly(keys) }

// digest hashes the inputs of a build in dir (see Cache). An input that is
// not a file of dir (a plugin's namespace) is an error: that build is not
// cached.
func digest(dir string, inputs []string) (string, error) {
	h := sha256.New()
	folders := map[string]bool{}
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
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		h.Write([]byte{0})
		return nil
	}
	for _, in := range inputs {
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
