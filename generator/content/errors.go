package content

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Error is one content problem at a place in a file, printed as
// "path:line:col: message" so that editors and CI logs can jump to it.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e Error) Error() string {
	if e.File == "" {
		return e.Msg // a problem of the build that no content file causes
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is every problem of one load, sorted by file and position.
type ErrorList []Error

func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Sorted returns the list sorted by file and position, without repeats.
func (l ErrorList) Sorted() ErrorList { return l.sorted() }

func (l ErrorList) sorted() ErrorList {
	s := slices.Clone(l)
	slices.SortStableFunc(s, func(a, b Error) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Msg, b.Msg))
	})
	return slices.Compact(s)
}

// Prefix returns the list with dir in front of every file name, for
// printing paths relative to the working directory.
func (l ErrorList) Prefix(dir string) error {
	out := make(ErrorList, len(l))
	for i, e := range l {
		if e.File != "" {
			e.File = path.Join(dir, e.File)
		}
		out[i] = e
	}
	return out
}
