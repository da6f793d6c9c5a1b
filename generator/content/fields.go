package content

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
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
func (p Pos) Errorf(format string, args ...any) Error { return p.errorf(format, args...) }

func (p Pos) errorf(format string, args ...any) Error {
	return Error{File: p.File, Line: p.Line, Col: p.Col, Message: fmt.Sprintf(format, args...)}
}

// fieldError is a problem Validate finds with one field of its record,
// or with one item of a list field: the decoder reports it where that is
// written. Validate returns several joined (errors.Join).
type fieldError struct {
	field string
	item  int // -1: the field as a whole
	msg   string
}

func (e fieldError) Error() string { return e.msg }

// AtField is a problem with a field, reported at its value.
func AtField(field, format string, args ...any) error {
	return fieldError{field: field, item: -1, msg: fmt.Sprintf(format, args...)}
}

// inField places err, when not nil, at field.
func inField(field string, err error) error {
	if err == nil {
		return nil
	}
	return fieldError{field: field, item: -1, msg: err.Error()}
}

// AtItem is a problem with item i of a list field, reported at the item.
func AtItem(field string, i int, format string, args ...any) error {
	return fieldError{field: field, item: i, msg: fmt.Sprintf(format, args...)}
}

// DidYouMean returns " (did you mean \"x\"?)" naming the closest of the
// candidates to s, or "" when none is close.
func DidYouMean(s string, candidates []string) string { return didYouMean(s, candidates) }

func didYouMean(s string, candidates []string) string {
	best := Closest(s, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Closest is the first of the candidates nearest to s, ignoring case, or
// "" when none is near: within an edit distance that grows with the
// word (2 for short words, a third of a long one), so that a long
// misspelt name still finds its field or kind. Every "did you mean" of
// the content's messages, for keys, kinds and values, uses it.
func Closest(s string, candidates []string) string {
	best, bestD := "", max(3, len(s)/3+1)
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func joinQuoted(names []string) string {
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

// yamlKey is the key a struct field has in the YAML: its yaml tag when it
// has one (a field the editor writes but the app never reads is
// `yaml:"months" json:"-"`), else its json tag, as encoding/json names it;
// ok is false for a field that is not content (`yaml:"-"`, or json "-"
// without a yaml tag).
func yamlKey(f reflect.StructField) (name, opts string, ok bool) {
	if !f.IsExported() {
		return "", "", false
	}
	tag, hasYAML := f.Tag.Lookup("yaml")
	if !hasYAML {
		tag = f.Tag.Get("json")
	}
	name, opts, _ = strings.Cut(tag, ",")
	if name == "-" {
		return "", "", false
	}
	return name, opts, true
}
