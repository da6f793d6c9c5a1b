// Package contentroot opens the content tree the one way the build may
// read it, whoever committed it:
//
//   - every file is opened inside the tree (os.Root): no name, and no
//     symbolic link, leads out of it;
//   - no file is read through a symbolic link, even one that stays inside
//     (a link is refused at its own name, so that what an editor sees in
//     the tree is what the build reads);
//   - only regular files and directories are read (a named pipe would
//     stall the build, a device would never end);
//   - no file larger than MaxFileSize is read.
//
// Strict gives the same rules to any fs.FS that can report links
// (io/fs.ReadLinkFS: os.DirFS, os.Root.FS, fstest.MapFS), so that the
// build applies them whatever tree it is handed; Open adds os.Root, which
// holds even if a file changes between the check and the read.
//
// A tree opened with Open is also the one place that knows where the tree
// is on disk (FS.Dir): the build hands one value around, the files and,
// for git and for the names in its problems, their folder. Dir says it of
// any tree, "" for one that is not on disk (a test's fstest.MapFS).
//
// It imports no other package of this project.
package contentroot

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// MaxFileSize is the largest file the build reads from content/. Each kind
// has its own, smaller limit (an image's is 40 MB); this one holds for
// any file, before a stage looks at it.
const MaxFileSize = 64 << 20

var (
	// ErrSymlink is the error of a name that is, or passes through, a
	// symbolic link.
	ErrSymlink = errors.New("a symbolic link: the build reads no file through a link; put the file itself in content/")
	// ErrNotRegular is the error of a name that is neither a file nor a
	// directory (a named pipe, a device, a socket).
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge is the error of a file over MaxFileSize.
	ErrTooLarge = fmt.Errorf("over %d MB, the largest file the build reads", MaxFileSize>>20)
)

// FS is a content tree opened with Open; Close releases it.
type FS struct {
	strict
	root *os.Root
	dir  string
}

// Open opens the content tree at dir.
func Open(dir string) (*FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &FS{strict: strict{root.FS().(linkFS)}, root: root, dir: dir}, nil
}

// Dir is the folder the tree was opened at, as Open was given it.
func (f *FS) Dir() string { return f.dir }

// Dir is where fsys is on disk: its folder if Open opened it, "" for any
// other tree.
func Dir(fsys fs.FS) string {
	if f, ok := fsys.(*FS); ok {
		return f.dir
	}
	return ""
}

// Close releases the tree.
func (f *FS) Close() error { return f.root.Close() }

type linkFS interface {
	fs.FS
	fs.ReadLinkFS
}

// Strict returns fsys with the rules of the package. A tree that cannot
// report its links (it implements no io/fs.ReadLinkFS) has none, and is
// returned with the other rules.
func Strict(fsys fs.FS) fs.FS {
	switch f := fsys.(type) {
	case *FS, strict:
		return fsys
	case linkFS:
		return strict{f}
	}
	return strict{noLinks{fsys}}
}

// strict implements the rules on top of a tree that reports its links.
type strict struct{ fsys linkFS }

// check refuses a name that is, or passes through, a link, or that is not
// a regular file or directory. It returns the name's own information.
func (s strict) check(op, name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	var info fs.FileInfo
	for i := 0; ; {
		j := strings.IndexByte(name[i:], '/')
		prefix := name
		if j >= 0 {
			prefix = name[:i+j]
		}
		var err error
		info, err = s.fsys.Lstat(prefix)
		if err != nil {
			return nil, &fs.PathError{Op: op, Path: name, Err: unwrap(err)}
		}
		switch mode := info.Mode(); {
		case mode&fs.ModeSymlink != 0:
			return nil, &fs.PathError{Op: op, Path: prefix, Err: ErrSymlink}
		case !mode.IsDir() && !mode.IsRegular():
			return nil, &fs.PathError{Op: op, Path: prefix, Err: ErrNotRegular}
		}
		if j < 0 {
			return info, nil
		}
		i += j + 1
	}
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (s strict) Open(name string) (fs.File, error) {
	info, err := s.check("open", name)
	if err != nil {
		return nil, err
	}
	if info.Mode().IsRegular() && info.Size() > MaxFileSize {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrTooLarge}
	}
	return s.fsys.Open(name)
}

func (s strict) Stat(name string) (fs.FileInfo, error) { return s.check("stat", name) }

// Lstat reports a link as a link, which Stat refuses.
func (s strict) Lstat(name string) (fs.FileInfo, error) { return s.fsys.Lstat(name) }

func (s strict) ReadLink(name string) (string, error) { return s.fsys.ReadLink(name) }

func (s strict) ReadFile(name string) ([]byte, error) {
	f, err := s.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size was checked, but a file may grow while it is read.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err == nil && len(data) > MaxFileSize {
		err = &fs.PathError{Op: "read", Path: name, Err: ErrTooLarge}
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}

// ReadDir lists a directory as it is: a link is listed as a link (its
// type says so), and refused when opened.
func (s strict) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		if _, err := s.check("readdir", name); err != nil {
			return nil, err
		}
	}
	return fs.ReadDir(s.fsys, name)
}

// noLinks is a tree without links: every name is its own.
type noLinks struct{ fs.FS }

func (n noLinks) Lstat(name string) (fs.FileInfo, error) { return fs.Stat(n.FS, name) }
func (n noLinks) ReadLink(name string) (string, error) {
	return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
}

// Refusal is the message of a file that content names but the build
// will not read (a link, a pipe, a file too large), or "" when the file
// is just missing or unreadable for another reason.
func Refusal(err error) string {
	var pe *fs.PathError
	for _, e := range []error{ErrSymlink, ErrNotRegular, ErrTooLarge} {
		if errors.Is(err, e) && errors.As(err, &pe) {
			return fmt.Sprintf("%s is %v", pe.Path, pe.Err)
		}
	}
	return ""
}
