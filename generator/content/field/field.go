// Package field is what one field of content is checked with, alone: the
// values a field holds, each refusing a wrong spelling as it is decoded
// (a link, an absolute URL, an endpoint, an e-mail address, a date, a
// colour, an icon, a site path, a file name), and the problem a record's
// Validate reports with one of its fields or list items (AtField, AtItem),
// which the decoder (generator/decode) places where that field is
// written, worded with the nearest name for a "did you mean" (Closest).
//
// It imports no other part of content, so that each file's records
// (generator/content, and the files of their own: siteconfig, security)
// are written in the same values and report alike.
package field

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vozia/site/internal/problem"
)

// Pos is where a record starts in its source file. A struct that embeds a
// field of this type tagged `json:"-"` gets it filled by the decoder, so that
// cross-record checks (duplicate paths, dangling references) can point at
// the record they reject.
type Pos struct {
	File      string
	Line, Col int
}

// Errorf is a problem at p.
func (p Pos) Errorf(format string, args ...any) problem.Problem {
	return problem.Problem{File: p.File, Line: p.Line, Col: p.Col, Message: fmt.Sprintf(format, args...)}
}

// Error is a problem Validate finds with one field of its record, or with
// one item of a list field: the decoder reports it where that is written.
// Validate returns several joined (errors.Join).
type Error struct {
	field string
	item  int // -1: the field as a whole
	msg   string
}

func (e Error) Error() string { return e.msg }

// Field is the field's key; Item the item of a list field, -1 for the
// field as a whole; Message the problem.
func (e Error) Field() string   { return e.field }
func (e Error) Item() int       { return e.item }
func (e Error) Message() string { return e.msg }

// AtField is a problem with a field, reported at its value.
func AtField(field, format string, args ...any) error {
	return Error{field: field, item: -1, msg: fmt.Sprintf(format, args...)}
}

// InField places err, when not nil, at field.
func InField(field string, err error) error {
	if err == nil {
		return nil
	}
	return Error{field: field, item: -1, msg: err.Error()}
}

// AtItem is a problem with item i of a list field, reported at the item.
func AtItem(field string, i int, format string, args ...any) error {
	return Error{field: field, item: i, msg: fmt.Sprintf(format, args...)}
}

// DidYouMean returns " (did you mean \"x\"?)" naming the closest of the
// candidates to s, or "" when none is close.
func DidYouMean(s string, candidates []string) string {
	best := Closest(s, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Closest is the first of the candidates nearest to s, ignoring case, or
// "" when none is near: within an edit distance that grows with the
// word (2 for short words, a third of a long one), so that a long
// misspelt name still finds its field or kind; else one that is the
// start of s, or starts with s (a name written in full, or cut short). Every "did you mean" of
// the content's messages, for keys, kinds and values, uses it.
func Closest(s string, candidates []string) string {
	best, bestD := "", max(3, len(s)/3+1)
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" {
		return best
	}
	// Else the longest candidate of three letters or more that starts s,
	// or that s starts: "microphone" finds "mic", "doc" finds "document".
	for _, c := range candidates {
		lc, ls := strings.ToLower(c), strings.ToLower(s)
		if len(c) >= 3 && len(s) >= 3 && (strings.HasPrefix(ls, lc) || strings.HasPrefix(lc, ls)) && len(c) > len(best) {
			best = c
		}
	}
	return best
}

// JoinQuoted is "a", "b", "c": the choices a message offers.
func JoinQuoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
