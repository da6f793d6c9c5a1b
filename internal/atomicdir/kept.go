package atomicdir

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/vozia/site/internal/parallel"
)

// recordsFile is the list of Kept's files, each with what the file system
// said of it when the last WriteKept was done with it.
const recordsFile = "files.txt"

// WriteKept is Write, keeping every file it writes in the folder kept
// (the build's cache), named by the SHA-256 of its bytes, as a hard link
// to the file it wrote; a later WriteKept puts a file whose bytes are kept
// there in place as another link instead of writing the bytes again.
// Writing the bytes of an unchanged site afresh was a quarter of its
// build's time (1,000 articles, 150 MB), as much as reading them back
// to compare would be.
//
// A kept file is taken only if the file system says it is the file last
// written or taken: the same inode, size, mode and modification time as
// recorded at the end of the last WriteKept (not its change time, which
// moves whenever an output linked to it is deleted: make bench deletes
// each). A write to it in place moves its modification time; one that
// puts the time back as it was (touch -r) is not seen. Otherwise,
// and where links cannot be made (another file system), the file is
// written as Write writes it: the tree holds exactly files either way.
// Each file of the tree shares its inode with the kept one, so a file
// changed in place under dir changes the kept one: the next WriteKept
// sees that and writes it afresh. A file with From is linked to that
// file instead, and not kept. The folder holds the files of the last
// WriteKept only; kept "" is Write.
func WriteKept(dir string, files []File, kept string) error {
	if kept == "" {
		return Write(dir, files)
	}
	if err := os.MkdirAll(kept, 0o755); err != nil {
		return Write(dir, files)
	}
	// A file with From is linked to its own and not kept (no name).
	names := make([]string, len(files))
	parallel.For(len(files), 0, func(i int) {
		if files[i].From == "" {
			sum := sha256.Sum256(files[i].Data)
			names[i] = hex.EncodeToString(sum[:])
		}
	})
	var last map[string]id
	if data, err := os.ReadFile(filepath.Join(kept, recordsFile)); err == nil {
		last = parseRecords(data)
	}
	reuse := func(i int, to string) bool {
		if names[i] == "" {
			return false
		}
		r, ok := last[names[i]]
		if !ok || r.size != int64(len(files[i].Data)) {
			return false
		}
		from := filepath.Join(kept, names[i])
		fi, err := os.Lstat(from)
		if err != nil {
			return false
		}
		if got, ok := fileID(fi); !ok || got != r {
			return false
		}
		return os.Link(from, to) == nil
	}
	// A file written afresh is kept as a link made beside its name and
	// renamed over it, so that a reader never takes half of one.
	wrote := func(i int, at string) {
		if names[i] == "" {
			return
		}
		tmp := filepath.Join(kept, ".new-"+names[i]+fmt.Sprint(i))
		if os.Link(at, tmp) == nil && os.Rename(tmp, filepath.Join(kept, names[i])) != nil {
			os.Remove(tmp)
		}
	}
	if err := write(dir, files, reuse, wrote); err != nil {
		return err
	}
	// The records are read once the tree is in place.
	want := map[string]bool{recordsFile: true}
	for _, n := range names {
		if n != "" {
			want[n] = true
		}
	}
	entries, _ := os.ReadDir(kept)
	for _, e := range entries {
		if !want[e.Name()] {
			os.Remove(filepath.Join(kept, e.Name()))
		}
	}
	distinct := make([]string, 0, len(want))
	for n := range want {
		if n != recordsFile {
			distinct = append(distinct, n)
		}
	}
	recs := make([]string, len(distinct))
	parallel.For(len(distinct), writers, func(i int) {
		if fi, err := os.Lstat(filepath.Join(kept, distinct[i])); err == nil {
			if r, ok := fileID(fi); ok {
				recs[i] = fmt.Sprintf("%s %d %d %d %d\n", distinct[i], r.ino, r.size, r.mode, r.mtime)
			}
		}
	})
	tmp, err := os.CreateTemp(kept, ".new-records-*")
	if err != nil {
		return nil // the output is whole; the next write only writes more
	}
	_, err = tmp.WriteString(strings.Join(recs, ""))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(kept, recordsFile))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return nil
}

// id is what the file system says of a file: a file with the same id has
// not been written or changed in mode since.
type id struct {
	ino, size, mtime int64
	mode             uint32
}

// parseRecords reads what WriteKept recorded, by file name; a line it
// cannot read is left out (its file is written).
func parseRecords(data []byte) map[string]id {
	out := map[string]id{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var name string
		var r id
		if n, err := fmt.Sscanf(sc.Text(), "%s %d %d %d %d", &name, &r.ino, &r.size, &r.mode, &r.mtime); err == nil && n == 5 {
			out[name] = r
		}
	}
	return out
}
