// Package editorplace says where a problem is as the web editor shows it:
// the entry, by the title the editor's list gives it, and the field, by
// the labels the editor shows on the way to it ("Sections › Hero ›
// Heading"). The build's problems carry file:line:col, which the terminal
// and CI jump to; an editor in /admin/ sees no file and no line, so make
// dev's overlay names the entry and the field as well.
//
// The labels come from the generated editor configuration
// (frontend/admin/config.yml, generator/codegen), the only place they are
// written: a field is found by walking the problem's place in the file
// (the YAML key path of the value at line:col) down the configuration's
// fields. A place the configuration does not describe is left unnamed,
// never guessed.
package editorplace

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/internal/problem"
)

// Describe returns the problems with Entry and Field set for each whose
// file the editor opens. contentDir is the content directory as it
// starts the problems' file names ("content"); read reads a problem's
// file by that name.
func Describe(config []byte, contentDir string, read func(file string) ([]byte, error), l problem.List) problem.List {
	var cfg struct {
		Collections []map[string]any `yaml:"collections"`
	}
	if yaml.Unmarshal(config, &cfg) != nil {
		return l
	}
	out := make(problem.List, len(l))
	for i, p := range l {
		out[i] = p
		if p.File == "" {
			continue
		}
		rel, ok := strings.CutPrefix(path.Clean(p.File), path.Clean(contentDir)+"/")
		if !ok {
			continue
		}
		entry := find(cfg.Collections, "content/"+rel)
		if entry == nil {
			continue
		}
		data, err := read(p.File)
		if err != nil {
			continue
		}
		out[i].Entry, out[i].Field = entry.place(data, p.Line, p.Col, p.Missing)
	}
	return out
}

// entry is the configuration of the editor's entry for one file: a file
// of a files collection (titled by its label), or a file of a folder
// collection (titled by its summary).
type entry struct {
	label   string
	summary string
	fields  []any
}

func find(collections []map[string]any, file string) *entry {
	for _, c := range collections {
		if files, ok := c["files"].([]any); ok {
			for _, f := range files {
				f, _ := f.(map[string]any)
				if f["file"] == file {
					fields, _ := f["fields"].([]any)
					return &entry{label: str(f["label"]), fields: fields}
				}
			}
			continue
		}
		folder, ext := str(c["folder"]), str(c["extension"])
		if folder == "" || !strings.HasPrefix(file, folder+"/") || ext != "" && path.Ext(file) != "."+ext {
			continue
		}
		fields, _ := c["fields"].([]any)
		summary := str(c["summary"])
		if summary == "" {
			summary = "{{" + str(c["identifier_field"]) + "}}"
		}
		return &entry{summary: summary, fields: fields}
	}
	return nil
}

// place is the entry's title and the field at line:col of its file; with
// missing, the field of that key in the mapping at line:col, which lacks
// it.
func (e *entry) place(data []byte, line, col int, missing string) (title, field string) {
	body, offset, markdown := data, 0, false
	if fm, ok := bytes.CutPrefix(data, []byte("---\n")); ok {
		if end := bytes.Index(fm, []byte("\n---")); end >= 0 {
			body, offset, markdown = fm[:end+1], 1, true
		}
	}
	var doc yaml.Node
	if yaml.Unmarshal(body, &doc) != nil || len(doc.Content) == 0 {
		return e.label, ""
	}
	root := doc.Content[0]
	title = e.label
	if title == "" {
		title = summary(e.summary, root)
	}
	if markdown && line > offset+bytes.Count(body, []byte("\n"))+1 {
		return title, fieldLabel(e.fields, "body")
	}
	c := charCol(data, line, col)
	keys := pathTo(root, line-offset, c)
	switch {
	case missing != "" && c == 1:
		// A key missing at a line's start is one of the top: a required
		// field the file lacks, or a key a fix adds above the line it is
		// placed on (an alias, above the --- that closes the front
		// matter), whatever that line holds.
		keys = []step{{key: missing}}
	case missing != "":
		// The mapping starts where its first key does: the missing field
		// is that key's sibling. An empty mapping ({}) has no key there.
		if n := len(keys); n > 0 && keys[n-1].key != "" && keys[n-1].node.Line == line-offset && keys[n-1].node.Column == c {
			keys = keys[:n-1]
		}
		keys = append(keys, step{key: missing})
	}
	return title, strings.Join(labels(e.fields, root, keys), " › ")
}

// charCol is byte column col of line in data as yaml.v3 counts columns,
// in characters (a problem's column counts bytes: problem.Problem).
func charCol(data []byte, line, col int) int {
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return col
		}
		data = data[i+1:]
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	if col < 1 || col-1 > len(data) {
		return col
	}
	return utf8.RuneCount(data[:col-1]) + 1
}

// step is one step of a key path: a mapping's key, or a sequence's index.
type step struct {
	key   string
	index int
	node  *yaml.Node // the key, or the item for a sequence's step
}

// pathTo is the key path of the last key or scalar that starts at or
// before line:col: the value a problem points at, or the block of text
// (a Markdown body) it points into.
func pathTo(root *yaml.Node, line, col int) []step {
	var best []step
	before := func(n *yaml.Node) bool { return n.Line < line || n.Line == line && n.Column <= col }
	var walk func(n *yaml.Node, at []step)
	walk = func(n *yaml.Node, at []step) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if !before(k) {
					return
				}
				here := append(append([]step(nil), at...), step{key: k.Value, node: k})
				best = here
				walk(v, here)
			}
		case yaml.SequenceNode:
			for i, v := range n.Content {
				if !before(v) {
					return
				}
				here := append(append([]step(nil), at...), step{index: i, node: v})
				best = here
				walk(v, here)
			}
		}
	}
	walk(root, nil)
	return best
}

// labels walks the key path down the configuration's fields, naming each
// step as the editor does: a field by its label, a list's item by its
// summary (or its number), a section by its type's label.
func labels(fields []any, root *yaml.Node, keys []step) []string {
	var out []string
	// A file whose whole content is one list (collections/*.yaml) is the
	// editor's field with root: true.
	if root.Kind == yaml.SequenceNode && len(fields) == 1 {
		f, _ := fields[0].(map[string]any)
		if f["root"] == true {
			return append(append(out, str(f["label"])), listSteps(f, keys)...)
		}
	}
	for len(keys) > 0 {
		f := field(fields, keys[0].key)
		if f == nil {
			return out
		}
		out = append(out, str(f["label"]))
		keys = keys[1:]
		switch {
		case f["widget"] == "list":
			return append(out, listSteps(f, keys)...)
		case f["fields"] != nil:
			fields, _ = f["fields"].([]any)
		default:
			return out
		}
	}
	return out
}

// listSteps names the steps below the list field f: the item, then its
// fields.
func listSteps(f map[string]any, keys []step) []string {
	if len(keys) == 0 || keys[0].node == nil {
		return nil
	}
	item := keys[0]
	fields, _ := f["fields"].([]any)
	name := fmt.Sprintf("%s %d", or(str(f["label_singular"]), "item"), item.index+1)
	if types, ok := f["types"].([]any); ok {
		kind := value(item.node, or(str(f["typeKey"]), "type"))
		for _, t := range types {
			t, _ := t.(map[string]any)
			if t["name"] == kind {
				name = fmt.Sprintf("%s %d (%s)", or(str(f["label_singular"]), "item"), item.index+1, str(t["label"]))
				fields, _ = t["fields"].([]any)
				if s := summary(str(t["summary"]), item.node); s != "" {
					name += " “" + s + "”"
				}
			}
		}
	} else if s := summary(str(f["summary"]), item.node); s != "" {
		name += " “" + s + "”"
	} else if s := or(value(item.node, "name"), value(item.node, "title"), value(item.node, "question"), value(item.node, "key")); s != "" {
		name += " “" + s + "”"
	}
	out := []string{name}
	if fields == nil || item.node.Kind != yaml.MappingNode {
		return out
	}
	return append(out, labels(fields, item.node, keys[1:])...)
}

var fieldRef = regexp.MustCompile(`\{\{\s*(?:fields\.)?([A-Za-z_][\w.]*)`)

// summary is an editor's summary template read as its list shows it, as
// far as a title goes: the first of the fields it names that has a value
// ("{{fields.name | default('{{fields.title}}')}}" is the name, else the
// title).
func summary(template string, n *yaml.Node) string {
	for _, m := range fieldRef.FindAllStringSubmatch(template, -1) {
		if v := value(n, m[1]); v != "" {
			return v
		}
	}
	return ""
}

// value is the text of the scalar at the dotted key of the mapping n.
func value(n *yaml.Node, key string) string {
	for _, k := range strings.Split(key, ".") {
		if n == nil || n.Kind != yaml.MappingNode {
			return ""
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return strings.TrimSpace(n.Value)
}

func field(fields []any, name string) map[string]any {
	for _, f := range fields {
		if f, _ := f.(map[string]any); f["name"] == name {
			return f
		}
	}
	return nil
}

func fieldLabel(fields []any, name string) string { return str(field(fields, name)["label"]) }

func str(v any) string { s, _ := v.(string); return s }

func or(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
