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
	"unicode"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Kind is how serious a problem is.
type Kind string

const (
	// KindError refuses the build (the zero Kind).
	KindError Kind = ""
	// KindWarning is reported beside a build that goes on (a content file
	// nothing shows, which is not published).
	KindWarning Kind = "warning"
)

// Problem is one thing wrong with a build's input.
type Problem struct {
	// Kind is error (the zero value) or warning.
	Kind Kind `json:"kind,omitempty"`
	// File, Line and Col locate it (1-based); File is empty when nothing
	// in a file causes it. Col counts bytes where a problem is made (Go's
	// and esbuild's way), characters once WithSources has read its line
	// (an editor's way: "Café {x}" has {x} at column 6, not 7). Files are
	// slash-separated, relative to the tree they come from (content/, the
	// repository) until Prefix puts that tree's directory in front.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
	// Length is how far from Col the offending text runs (a field's
	// value, a link), counted as Col is; 0 is a point. The terminal
	// underlines it.
	Length int `json:"length,omitempty"`
	// Message says what is wrong.
	Message string `json:"message"`
	// Source is the offending line of the file, when it could be read.
	Source string `json:"source,omitempty"`
	// Detail is the rest of a multi-line report (a mapped stack trace).
	Detail string `json:"detail,omitempty"`
	// Notes say more: what was meant, the other place of a clash, the
	// way out. Each is one line.
	Notes []string `json:"notes,omitempty"`
	// Entry and Field say where the problem is as the web editor shows it
	// (the entry's title in its list, the labels down to the field), for
	// make dev's overlay and terminal, under file:line:col.
	Entry string `json:"entry,omitempty"`
	Field string `json:"field,omitempty"`
	// Missing is the key of a required field that the mapping at
	// Line:Col (where its first key is) lacks: the web editor's field is
	// that one, not the first key's.
	Missing string `json:"missing,omitempty"`
}

// Error is "file:line:col: message", the form editors and CI logs jump to;
// a warning says so before its message. File and message are outside
// text (a file's name, a value quoted from it), printed through Text.
func (p Problem) Error() string {
	msg := Text(p.Message)
	if p.Kind == KindWarning {
		msg = "warning: " + msg
	}
	if p.File == "" {
		return msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", Text(p.File), p.Line, p.Col, msg)
}

// Text is s made safe to print as part of one line of a terminal or a CI
// log. A file name, a path or a value comes from content/, which anyone
// who can open a pull request writes, and is read where it is printed:
//
//   - a line break, a carriage return or any other control character
//     (ESC starts the terminal's escape sequences: colours, titles,
//     clearing the screen) is written as a Go escape, \n, \x1b;
//   - the bidirectional marks, embeddings, overrides and isolates
//     (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) and the line
//     and paragraph separators, which make a name read in another order
//     or on another line, as \u202e;
//   - GitHub Actions reads a line that starts with "::" (after spaces) as
//     a workflow command, and "##[" anywhere in it as one of the older
//     form: such a colon or bracket is written as \x3a or \x5b.
//
// A tab is kept (source lines are aligned on it); anything else is as
// it was, so an ordinary message reads unchanged.
func Text(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				fmt.Fprintf(&b, `\x%02x`, s[i]) // a byte that is not UTF-8
				continue
			}
			b.WriteRune(r)
		case r == '\t':
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80 && unicode.IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unicode.IsControl(r) || unsafeMark(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	out = strings.ReplaceAll(out, "##[", `##\x5b`)
	// GitHub's runner trims every Unicode space (.NET's TrimStart) before
	// it looks for a command, so a no-break or ideographic space in front
	// of :: hides nothing.
	if t := strings.TrimLeftFunc(out, unicode.IsSpace); strings.HasPrefix(t, "::") {
		out = out[:len(out)-len(t)] + `\x3a` + t[1:]
	}
	return out
}

// clean reports whether Text leaves s as it is.
func clean(s string) bool {
	for _, r := range s {
		if r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && (unicode.IsControl(r) || unsafeMark(r) || r == utf8.RuneError)) {
			return false
		}
	}
	return !strings.Contains(s, "##[") && !strings.HasPrefix(strings.TrimLeftFunc(s, unicode.IsSpace), "::")
}

func unsafeMark(r rune) bool {
	return r == '\u200e' || r == '\u200f' || r == '\u061c' || r == '\u2028' || r == '\u2029' ||
		'\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069'
}

// Escaped returns the list with every text Text escaped, for a reader
// that shows it as it is (the dev server's dialog): file, message,
// source line, notes, the entry and field, and each line of the detail.
func (l List) Escaped() List {
	out := slices.Clone(l)
	for i, p := range out {
		p.File, p.Message, p.Source = Text(p.File), Text(p.Message), Text(p.Source)
		p.Entry, p.Field = Text(p.Entry), Text(p.Field)
		if p.Notes != nil {
			p.Notes = slices.Clone(p.Notes)
			for j, n := range p.Notes {
				p.Notes[j] = Text(n)
			}
		}
		p.Detail = TextLines(p.Detail)
		out[i] = p
	}
	return out
}

// TextLines is Text of each line of s, its line breaks kept: a report
// of several lines from outside (a checker's output, a stack trace).
func TextLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Text(l)
	}
	return strings.Join(lines, "\n")
}

// List is every problem of one build or stage.
type List []Problem

func (l List) Error() string {
	lines := make([]string, len(l))
	for i, p := range l {
		lines[i] = p.Error()
		if p.Detail != "" {
			lines[i] += "\n" + indent(TextLines(p.Detail), "\t")
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
	return slices.CompactFunc(s, equal)
}

func equal(a, b Problem) bool {
	return a.Kind == b.Kind && a.File == b.File && a.Line == b.Line && a.Col == b.Col && a.Length == b.Length &&
		a.Message == b.Message && a.Source == b.Source && a.Detail == b.Detail && slices.Equal(a.Notes, b.Notes) &&
		a.Entry == b.Entry && a.Field == b.Field
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

// AsWarnings returns the list with every problem marked as a warning
// (KindWarning), reported beside a build that goes on.
func (l List) AsWarnings() List {
	out := slices.Clone(l)
	for i := range out {
		out[i].Kind = KindWarning
	}
	return out
}

// WithSources fills in the Source line of every problem whose file can be
// read from disk, and counts its column in that line's characters, as an
// editor counts them, rather than bytes.
func (l List) WithSources() List {
	out := slices.Clone(l)
	for i, p := range out {
		if p.File != "" && p.Source == "" && p.Line > 0 {
			src := sourceLine(filepath.FromSlash(p.File), p.Line)
			out[i].Source = src
			if p.Col > 1 && p.Col-1 <= len(src) {
				out[i].Col = utf8.RuneCountInString(src[:p.Col-1]) + 1
				if p.Length > 0 {
					out[i].Length = utf8.RuneCountInString(src[p.Col-1 : min(len(src), p.Col-1+p.Length)])
				}
			}
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
		// A wrapper's words cannot be told from its inner error's without
		// reading its text back: a stage that adds context to problems
		// does so with Wrap. Problems with a place keep it; anything else
		// is reported in the wrapper's words, every one of them.
		if in := Of(inner); slices.ContainsFunc(in, func(p Problem) bool { return p.File != "" }) {
			return in
		}
	}
	return List{{Message: err.Error()}}
}

// Wrap puts context in front of the message of every problem err holds
// ("server bundle: "), keeping their places: the typed form of
// fmt.Errorf("server bundle: %w", err). Nil stays nil.
func Wrap(context string, err error) error {
	if err == nil {
		return nil
	}
	l := Of(err)
	for i := range l {
		l[i].Message = context + l[i].Message
	}
	return l
}

// Print writes the problems as the terminal shows them: each as
// "file:line:col: message", then its source line with a caret under the
// column (and a tilde under the rest of its Length), where the web editor
// shows it (Entry and Field, when set: make dev's), its notes and its
// detail, indented.
func Print(w io.Writer, l List) {
	for _, p := range l {
		fmt.Fprintln(w, p.Error())
		if p.Source != "" {
			source, col := clip(p.Source, p.Col)
			gutter := fmt.Sprintf("    %d | ", p.Line)
			fmt.Fprintf(w, "%s%s\n", gutter, Text(source))
			if c := caret(source, col, p.Length); c != "" {
				fmt.Fprintf(w, "%s| %s\n", strings.Repeat(" ", len(gutter)-2), c)
			}
		}
		if p.Entry != "" {
			where := p.Entry
			if p.Field != "" {
				where += " › " + p.Field
			}
			fmt.Fprintf(w, "    in the web editor: %s\n", Text(where))
		}
		for _, n := range p.Notes {
			fmt.Fprintf(w, "    note: %s\n", Text(n))
		}
		if p.Detail != "" {
			fmt.Fprintln(w, indent(TextLines(p.Detail), "    "))
		}
	}
}

// MaxSource is how many characters of its source line the terminal
// quotes under a problem: a drawn or minified line (an SVG's path, a
// bundle) runs to thousands.
const MaxSource = 80

// clip is at most MaxSource characters of source around column col (with
// "…" where it was cut), and where col falls in them.
func clip(source string, col int) (string, int) {
	runes := []rune(source)
	if len(runes) <= MaxSource {
		return source, col
	}
	start := 0
	if col-1 > MaxSource/2 { // keep the column in view, a little after the middle
		start = min(col-1-MaxSource/2, len(runes)-MaxSource)
	}
	end := start + MaxSource
	out := string(runes[start:end])
	if start > 0 {
		out = "…" + out
		col = col - start + 1
	}
	if end < len(runes) {
		out += "…"
	}
	return out, col
}

// caret is the line under source that points at column col (1-based, in
// characters): a tab where the source has one, so that it lines up, then
// "^", then "~" for the rest of length. "" when col is outside the line.
// It is as wide as the terminal draws what it stands under (termWidth).
func caret(source string, col, length int) string {
	runes := []rune(source)
	if col < 1 || col > len(runes)+1 {
		return ""
	}
	var b strings.Builder
	for i, part := range strings.Split(string(runes[:col-1]), "\t") {
		if i > 0 {
			b.WriteByte('\t')
		}
		// As wide as Text prints it (\x1b is four).
		b.WriteString(strings.Repeat(" ", termWidth.StringWidth(Text(part))))
	}
	b.WriteByte('^')
	if n := min(length, len(runes)-col+1); n > 1 {
		// At least the caret's own column, under marks that take none.
		b.WriteString(strings.Repeat("~", max(termWidth.StringWidth(Text(string(runes[col-1:col-1+n]))), 1)-1))
	}
	return b.String()
}

// termWidth measures text in a terminal's columns: an emoji or a Chinese,
// Japanese or Korean character takes two, a combining accent none. With
// one column each, the caret stood a column to the left of its place for
// every emoji before it. Characters whose width a terminal chooses by its
// locale ("—", "“") take one, as in most terminals, whatever the locale.
var termWidth = &runewidth.Condition{StrictEmojiNeutral: true}

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
