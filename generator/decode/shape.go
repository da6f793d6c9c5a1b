package decode

import (
	"encoding"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"gopkg.in/yaml.v3"
)

// A field written in another shape than its own (a text where a list
// belongs, a list where one text does, fields where a text does, …) is
// refused with what was written and what to type instead, in the words
// of the guide's rules: "expected a list" alone named the place but left
// an editor guessing at the brackets or dashes (2 December 2026).

// wrongShape refuses n, written where a value of type t belongs.
func (d *decoder) wrongShape(n *yaml.Node, t reflect.Type, path string) {
	msg := fmt.Sprintf("%sexpected %s%s, got %s", fieldWhere(path), shapeName(t), d.inStruct(t, path), kindName(n))
	if line, col := d.swallowedEntry(n); line > 0 && t.Kind() == reflect.Slice {
		// A list whose first entry lost its dash: YAML reads the entries
		// below as that entry's text, over several lines.
		d.errorf(n, "%s: this list's first entry has no dash, the entries below it have (line %d): write \"- \" before it, in column %d as they do", msg, line, col)
		return
	}
	if r := d.remedy(n, t, path); r != "" {
		msg += ": " + r
	}
	d.errorf(n, "%s", msg)
}

// swallowedEntry is the line and column of the first dash that plain
// text n, over several lines, reads as its own words ("- Themes ranked"),
// or 0: the entries below a first entry without its dash.
func (d *decoder) swallowedEntry(n *yaml.Node) (line, col int) {
	if n.Kind != yaml.ScalarNode || n.Style != 0 {
		return 0, 0
	}
	for j := n.Line + 1; j <= len(d.lines()); j++ {
		raw := d.line(j)
		text := strings.TrimSpace(raw)
		if text == "" {
			continue
		}
		if !strings.Contains(n.Value, text) {
			return 0, 0
		}
		if strings.HasPrefix(text, "- ") {
			return j, len(raw) - len(strings.TrimLeft(raw, " ")) + 1
		}
	}
	return 0, 0
}

// shapeName is what a value of type t is, as a message names it.
func shapeName(t reflect.Type) string {
	switch {
	case t == content.SectionType:
		return "a section (a mapping with a kind: key)"
	case reflect.PointerTo(t).Implements(textUnmarshal) || t.Kind() == reflect.String:
		return "a text"
	case t.Kind() == reflect.Slice:
		return "a list"
	case t.Kind() == reflect.Map:
		return "a mapping"
	case t.Kind() == reflect.Struct:
		fields := fieldsOf(t)
		if len(fields) > 3 {
			fields = append(fields[:3], "…")
		}
		return "a mapping of fields (" + strings.Join(fields, ", ") + ")"
	case t.Kind() == reflect.Pointer:
		return shapeName(t.Elem())
	}
	return typeName(t)
}

// remedy says what to type instead of n where a value of type t belongs,
// or "" where the message says enough.
func (d *decoder) remedy(n *yaml.Node, t reflect.Type, path string) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	key := lastKey(path)
	flow := n.Style&yaml.FlowStyle != 0
	switch {
	case t == content.SectionType:
		if n.Kind == yaml.ScalarNode {
			if _, ok := content.KindNamed(n.Value); ok {
				return fmt.Sprintf("write \"- kind: %s\", and its fields on the lines below, lined up under \"kind\"", n.Value)
			}
			return fmt.Sprintf("a section starts with \"- kind: \" and its kind (%s), its fields on the lines below", field.JoinQuoted(content.SectionKinds()))
		}
	case reflect.PointerTo(t).Implements(textUnmarshal) || t.Kind() == reflect.String:
		switch {
		case n.Kind == yaml.SequenceNode && flow:
			return "a text needs no [ ]; one that starts with \"[\" goes in quotes"
		case n.Kind == yaml.SequenceNode:
			return fmt.Sprintf("write the text on the line of %s, after the \": \", with no \"- \"", keyWord(key))
		case n.Kind == yaml.MappingNode && flow && !d.braced(n):
			// "a: b" inside [ ], which YAML reads as a mapping of one key.
			return fmt.Sprintf("a text with \": \" in it goes in quotes: %s", flowEntry(nodeWords(n)))
		case n.Kind == yaml.MappingNode && flow:
			return "a text needs no { }; one that starts with \"{\" goes in quotes"
		case n.Kind == yaml.MappingNode:
			return fmt.Sprintf("write the text on the line of %s, after the \": \"; a text with \": \" in it goes in quotes", keyWord(key))
		}
	case t.Kind() == reflect.Slice:
		elem := t.Elem()
		for elem.Kind() == reflect.Pointer {
			elem = elem.Elem()
		}
		entry := "- …"
		if elem == content.SectionType {
			entry = "- kind: …"
		} else if elem.Kind() == reflect.Struct {
			if fields := fieldsOf(elem); len(fields) > 0 {
				entry = "- " + fields[0] + ": …"
			}
		}
		switch {
		case n.Kind == yaml.ScalarNode && n.Tag != "!!null" && (elem.Kind() == reflect.String || reflect.PointerTo(elem).Implements(textUnmarshal)):
			entries := strings.Split(n.Value, ", ")
			for i, e := range entries {
				entries[i] = flowEntry(e)
			}
			return fmt.Sprintf("write [%s], or each entry on a line of its own below %s, after \"- \"", strings.Join(entries, ", "), keyWord(key))
		case n.Kind == yaml.MappingNode && flow:
			return "put the entry in [ ], or on a line of its own below, after \"- \""
		case n.Kind == yaml.MappingNode:
			first := n
			if len(n.Content) > 0 {
				first = n.Content[0]
			}
			return fmt.Sprintf("each entry starts with \"- \": write it before %q at line %d, and line up the entry's other fields under it", first.Value+":", first.Line)
		default:
			return fmt.Sprintf("write each entry on a line of its own below %s, starting with \"%s\"", keyWord(key), entry)
		}
	case t.Kind() == reflect.Struct || t.Kind() == reflect.Map:
		switch {
		case n.Kind == yaml.SequenceNode && flow:
			return "it is one mapping: leave out the [ ]"
		case n.Kind == yaml.SequenceNode:
			return "it is one mapping, not a list: leave out the \"- \" before its fields"
		case t.Kind() == reflect.Struct && n.Kind == yaml.ScalarNode && n.Tag != "!!null" && meantAs(t, n.Value) != nil:
			fields := meantAs(t, n.Value)
			if key == "" {
				return fmt.Sprintf("write it as {%s}", strings.Join(fields, ", "))
			}
			return fmt.Sprintf("write its fields on the lines below %s, two spaces further in: %s", keyWord(key), strings.Join(fields, ", then "))
		case t.Kind() == reflect.Struct:
			fields := fieldsOf(t)
			if len(fields) > 3 {
				fields = fields[:3]
			}
			if key == "" {
				return fmt.Sprintf("write its fields after the \"- \", one a line, lined up under the first: - %s: …", strings.Join(fields, ": …, "))
			}
			return fmt.Sprintf("write its fields on the lines below %s, two spaces further in, as %s: …", keyWord(key), strings.Join(fields, ": …, "))
		default:
			return fmt.Sprintf("write its fields on the lines below %s, two spaces further in, each as name: text", keyWord(key))
		}
	case n.Kind != yaml.ScalarNode:
		return fmt.Sprintf("write it on the line of %s, after the \": \"", keyWord(key))
	}
	return ""
}

// An implier is a struct one of whose fields, set, implies the value of
// another (siteconfig.Demo: a page implies "opens: page").
type implier interface {
	Implied(field string) map[string]string
}

// meantAs is the mapping an editor meant by writing text where a value of
// struct t belongs, one "key: value" a field: the one field of t whose
// type reads text ("demo: /demo" is the demo's page, "- /services" an
// action's href), the values that field implies, and "key: …" for the
// other required fields; nil where no field or several read it.
func meantAs(t reflect.Type, text string) []string {
	var meant string
	for _, name := range fieldsOf(t) {
		ft := t.FieldByIndex(structFields(t)[name].index).Type
		if ft.Kind() == reflect.String && reflect.PointerTo(ft).Implements(textUnmarshal) &&
			reflect.New(ft).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)) == nil {
			if meant != "" {
				return nil
			}
			meant = name
		}
	}
	if meant == "" {
		return nil
	}
	var implied map[string]string
	if i, ok := reflect.New(t).Interface().(implier); ok {
		implied = i.Implied(meant)
	}
	var lines []string
	for _, name := range fieldsOf(t) {
		switch f := structFields(t)[name]; {
		case name == meant:
			lines = append(lines, name+": "+flowEntry(text))
		case implied[name] != "":
			lines = append(lines, name+": "+implied[name])
		case !f.optional:
			lines = append(lines, name+": …")
		}
	}
	return lines
}

// braced reports whether mapping n is written in braces where it starts.
func (d *decoder) braced(n *yaml.Node) bool {
	line, col := d.line(n.Line), d.col(n)
	return col >= 1 && col <= len(line) && line[col-1] == '{'
}

// nodeWords is mapping n of one key, "a: b", as its words were written.
func nodeWords(n *yaml.Node) string {
	if len(n.Content) != 2 {
		return ""
	}
	return n.Content[0].Value + ": " + n.Content[1].Value
}

// flowEntry is text s as an entry of a list in brackets: as it is, or in
// double quotes where YAML would read it as something else there.
func flowEntry(s string) string {
	if s == "" || strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.ContainsAny(s, ",[]{}") || strings.ContainsAny(s[:1], `"'&*!|>%@`+"`") {
		return strconv.Quote(s)
	}
	return s
}

// lastKey is the last key of a field path ("actions" of
// "sections[0].actions"), or "" for an entry of a list.
func lastKey(path string) string {
	last := path[strings.LastIndexByte(path, '.')+1:]
	if strings.HasSuffix(last, "]") {
		return ""
	}
	return last
}

// keyWord names the key a remedy points at: "keywords:", or the entry.
func keyWord(key string) string {
	if key == "" {
		return "the entry's dash"
	}
	return fmt.Sprintf("%q", key+":")
}

// fieldsOf is the keys of struct t (structFields), the required first,
// each group in the order the type declares them (the guide's order).
func fieldsOf(t reflect.Type) []string {
	fields := structFields(t)
	return slices.SortedFunc(maps.Keys(fields), func(a, b string) int {
		fa, fb := fields[a], fields[b]
		switch {
		case fa.optional == fb.optional:
			return slices.Compare(fa.index, fb.index)
		case fa.optional:
			return 1
		}
		return -1
	})
}
