// Package problem is the one type in which every stage of the build
// reports what is wrong: content (YAML, Markdown), the bundles (esbuild's
// messages), the prerender (a render error mapped through the source map)
// and the link check. A problem carries its place (file, line, column),
// the offending source line and the message, as esbuild's Msg/Location
// and Hugo's herrors.FileError do, so that the terminal printer and the
// dev server's error dialog show the same thing and no stage reads
// another's error text back.
//
// It imports no other package of this project.
package problem

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Problem is one thing wrong with a build's input.
type Problem struct {
	// File, Line and Col locate it (1-based); File is empty when nothing
	// in a file causes it. Files are slash-separated, relative to the
	// tree they come from (content/, the repository) until Prefix puts
	// that tree's directory in front.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
	// Message says what is wrong.
	Message string `json:"message"`
	// Source is the offending line of the file, when it could be read.
	Source string `json:"source,omitempty"`
	// Detail is the rest of a multi-line report (a mapped stack trace).
	Detail string `json:"detail,omitempty"`
}

// Error is "file:line:col: message", the form editors and CI logs jump to.
func (p Problem) Error() string {
	if p.File == "" {
		return p.Message
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Message)
}

// List is every problem of one build or stage.
type List []Problem

func (l List) Error() string {
	lines := make([]string, len(l))
	for i, p := range l {
		lines[i] = p.Error()
		if p.Detail != "" {
			lines[i] += "\n" + indent(p.Detail, "\t")
		}
	}
	return strings.Join(lines, "\n")
}

// Sorted returns the list sorted by file and position, without repeats.
func (l List) Sorted() List {
	s := slices.Clone(l)
	slices.SortStableFunc(s, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Message, b.Message))
	})
	return slices.Compact(s)
}

// Prefix returns the list with dir in front of every file name, for
// paths relative to the working directory.
func (l List) Prefix(dir string) List {
	out := make(List, len(l))
	for i, p := range l {
		if p.File != "" {
			p.File = path.Join(filepath.ToSlash(dir), p.File)
		}
		out[i] = p
	}
	return out
}

// WithSources fills in the Source line of every problem whose file can be
// read from disk.
func (l List) WithSources() List {
	out := slices.Clone(l)
	for i, p := range out {
		if p.File != "" && p.Source == "" && p.Line > 0 {
			out[i].Source = sourceLine(filepath.FromSlash(p.File), p.Line)
		}
	}
	return out
}

// Of returns the problems err holds: every Problem and List it wraps, or
// joins, in order; a plain error becomes one problem without a place.
func Of(err error) List {
	if err == nil {
		return nil
	}
	switch e := err.(type) {
	case List:
		return slices.Clone(e)
	case Problem:
		return List{e}
	case *Problem:
		return List{*e}
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		var out List
		for _, e := range joined.Unwrap() {
			out = append(out, Of(e)...)
		}
		return out
	}
	if inner := errors.Unwrap(err); inner != nil {
		// A wrapper adds context ("server bundle: …"): keep it in front of
		// each inner message, so no word of the report is lost.
		in := Of(inner)
		if ctx, ok := strings.CutSuffix(err.Error(), inner.Error()); ok && ctx != "" {
			for i := range in {
				in[i].Message = ctx + in[i].Message
			}
		}
		return in
	}
	return List{{Message: err.Error()}}
}

// Print writes the problems as the terminal shows them: each as
// "file:line:col: message", then its source line and detail, indented.
func Print(w io.Writer, l List) {
	for _, p := range l {
		fmt.Fprintln(w, p.Error())
		if p.Source != "" {
			fmt.Fprintf(w, "    %d | %s\n", p.Line, p.Source)
		}
		if p.Detail != "" {
			fmt.Fprintln(w, indent(p.Detail, "    "))
		}
	}
}

func indent(s, by string) string { return by + strings.ReplaceAll(s, "\n", "\n"+by) }

// sourceLine returns line n (1-based) of a file, or "".
//
// Only a regular file is read, never through a symbolic link: the problem
// may be that the file is a link, to /proc/self/environ for one, whose
// "line" would print the build's secrets in its log.
func sourceLine(file string, n int) string {
	if info, err := os.Lstat(file); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return "" // replaced by something else since
	}
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return strings.TrimRight(sc.Text(), "\r")
		}
	}
	return ""
}
