package content

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	goccy "github.com/goccy/go-yaml"
	goccyparser "github.com/goccy/go-yaml/parser"
	"gopkg.in/yaml.v3"
)

// Pos is where a record starts in its source file. A struct that embeds a
// field of this type tagged `json:"-"` gets it filled by the decoder, so that
// cross-record checks (duplicate paths, dangling references) can point at
// the record they reject.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) errorf(format string, args ...any) Error {
	return Error{File: p.File, Line: p.Line, Col: p.Col, Message: fmt.Sprintf(format, args...)}
}

// validator is implemented by content types that check their own fields once
// decoded. The error is reported at the record's position.
type validator interface{ Validate() error }

var (
	posType       = reflect.TypeOf(Pos{})
	sectionType   = reflect.TypeOf(Section{})
	linkType      = reflect.TypeOf(Link(""))
	validatorType = reflect.TypeOf((*validator)(nil)).Elem()
	textUnmarshal = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	yamlLineRE    = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
)

// decodeYAML strictly decodes one YAML document into v (a pointer) and
// returns every problem found, each at its line and column.
//
// yaml.v3's own strict mode (Decoder.KnownFields) reports lines without
// columns and stops at the first type error of a kind, so the decoder walks
// the node tree itself: keys are the `json` tag names (one name for YAML,
// JSON and the generated TypeScript), every field is required unless its tag
// says omitempty, unknown keys and duplicate keys are errors, and each
// decoded struct's Validate method runs.
func decodeYAML(file string, data []byte, v any) []Error {
	errs, _ := decode(file, data, v, nil)
	return errs
}

// decode is decodeYAML that also returns every link (Link value) of the
// document with its position, so that a broken link found after rendering
// is reported where it is written, and that replaces the citations of
// every text with the claims of cite (claims.go): no text leaves the
// decoder with a citation or a placeholder its field does not fill.
func decode(file string, data []byte, v any, cite *citations) ([]Error, []LinkSource) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return []Error{syntaxError(file, data, err)}, nil
	}
	d := &decoder{file: file, src: data, cite: cite}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	d.value(root, reflect.ValueOf(v).Elem(), "")
	return d.errs, d.links
}

// LinkSource is a link written in content and where it is written.
type LinkSource struct {
	Href string
	Pos  Pos
}

// syntaxError locates a YAML syntax error. yaml.v3 names only a line, and
// often the line where the enclosing block starts rather than the one at
// fault, so the document is parsed again with goccy/go-yaml, whose parser
// points at the offending token's line and column.
func syntaxError(file string, data []byte, err error) Error {
	var se *goccy.SyntaxError
	if _, perr := goccyparser.ParseBytes(data, 0); errors.As(perr, &se) && se.Token != nil {
		msg := se.Message
		if strings.Contains(msg, "mapping value is not allowed") {
			msg += ` (quote text that contains ": ")`
		}
		return Error{File: file, Line: se.Token.Position.Line, Col: se.Token.Position.Column, Message: "invalid YAML: " + msg}
	}
	msg := err.Error()
	line := 1
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else if errors.Is(err, io.EOF) {
		msg = "empty document"
	}
	return Error{File: file, Line: line, Col: 1, Message: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

type decoder struct {
	file  string
	src   []byte
	errs  []Error
	links []LinkSource
	cite  *citations
	// Where the decoder is: the placeholders the current field fills (its
	// fill tag), whether it is under a Results field or inside sample
	// data (claims.go).
	fills        []string
	inResults    bool
	illustrative bool
}

// text resolves the citations of string scalar n and checks what is left
// for placeholders; each mistake is reported where it is written.
func (d *decoder) text(n *yaml.Node) string {
	if d.cite == nil {
		return n.Value
	}
	out, problems := d.cite.cite(n.Value, d.inResults, d.illustrative)
	problems = append(problems, placeholders(blankCitations(n.Value), d.fills)...)
	for _, p := range problems {
		at := d.offsetPos(n, p.offset)
		d.errs = append(d.errs, Error{File: d.file, Line: at.Line, Col: at.Col, Message: p.msg})
	}
	return out
}

// offsetPos is where byte offset i of scalar n's text is written: exact
// for a text on one line and a literal block, the line's start elsewhere
// (folding and quoting change where a text's lines break).
func (d *decoder) offsetPos(n *yaml.Node, i int) Pos {
	p := d.textStart(n)
	i = max(0, min(i, len(n.Value)))
	before := n.Value[:i]
	nl := strings.Count(before, "\n")
	switch {
	case nl == 0 && n.Style&yaml.FoldedStyle == 0:
		p.Col += i
	case n.Style&yaml.LiteralStyle != 0:
		p.Line += nl
		p.Col += len(before) - strings.LastIndexByte(before, '\n') - 1
	}
	return p
}

// textStart is where the first character of scalar n's text is written,
// and its column the one every line of a block scalar's text starts at
// ("body: |" then lines indented by two spaces: the line after, column 3).
func (d *decoder) textStart(n *yaml.Node) Pos {
	p := Pos{File: d.file, Line: n.Line, Col: n.Column}
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		lines := strings.Split(string(d.src), "\n")
		p.Line++
		for _, l := range lines[min(n.Line, len(lines)):] {
			if t := strings.TrimLeft(l, " "); t != "" {
				p.Col = len(l) - len(t) + 1
				break
			}
		}
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		p.Col++
	}
	return p
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, Error{File: d.file, Line: n.Line, Col: n.Column, Message: fmt.Sprintf(format, args...)})
}

// value decodes node n into v; field is the dotted path used in messages.
func (d *decoder) value(n *yaml.Node, v reflect.Value, field string) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	where := ""
	if field != "" {
		where = fmt.Sprintf("field %q: ", field)
	}
	if v.CanAddr() && v.Addr().Type().Implements(textUnmarshal) {
		if n.Kind != yaml.ScalarNode {
			d.errorf(n, "%sexpected a string, got %s", where, kindName(n))
			return
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			d.errorf(n, "%s%v", where, err)
		} else if v.Type() == linkType {
			d.links = append(d.links, LinkSource{Href: n.Value, Pos: Pos{File: d.file, Line: n.Line, Col: n.Column}})
		}
		return
	}
	if v.Type() == sectionType {
		d.section(n, v, field)
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if n.Tag == "!!null" {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		d.value(n, v.Elem(), field)
	case reflect.Struct:
		d.structValue(n, v, field)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.errorf(n, "%sexpected a list, got %s", where, kindName(n))
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			d.value(item, s.Index(i), fmt.Sprintf("%s[%d]", field, i))
		}
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.errorf(n, "%sexpected a mapping, got %s", where, kindName(n))
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), len(n.Content)/2)
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if seen[k.Value] {
				d.errorf(k, "duplicate key %q", k.Value)
				continue
			}
			seen[k.Value] = true
			elem := reflect.New(v.Type().Elem()).Elem()
			d.value(val, elem, joinField(field, k.Value))
			m.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), elem)
		}
		v.Set(m)
	default:
		d.scalar(n, v, where)
	}
}

func (d *decoder) scalar(n *yaml.Node, v reflect.Value, where string) {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "%sexpected %s, got %s", where, typeName(v.Type()), kindName(n))
		return
	}
	switch v.Kind() {
	case reflect.String:
		if n.Tag != "!!str" {
			d.errorf(n, "%sexpected a string, got %s %q (quote it)", where, strings.TrimPrefix(n.Tag, "!!"), n.Value)
			return
		}
		v.SetString(d.text(n))
	case reflect.Bool:
		b, err := strconv.ParseBool(n.Value)
		if n.Tag != "!!bool" || err != nil {
			d.errorf(n, "%sexpected true or false, got %q", where, n.Value)
			return
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int64, reflect.Int32:
		i, err := strconv.ParseInt(n.Value, 10, 64)
		if n.Tag != "!!int" || err != nil {
			d.errorf(n, "%sexpected a whole number, got %q", where, n.Value)
			return
		}
		v.SetInt(i)
	case reflect.Float64, reflect.Float32:
		f, err := strconv.ParseFloat(n.Value, 64)
		if (n.Tag != "!!int" && n.Tag != "!!float") || err != nil {
			d.errorf(n, "%sexpected a number, got %q", where, n.Value)
			return
		}
		v.SetFloat(f)
	default:
		panic(fmt.Sprintf("content: unsupported field type %s", v.Type()))
	}
}

func (d *decoder) structValue(n *yaml.Node, v reflect.Value, field string) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%sexpected a mapping of %s fields, got %s", fieldPrefix(field), t.Name(), kindName(n))
		return
	}
	fields := structFields(t)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		f, ok := fields[k.Value]
		switch {
		case !ok:
			d.errorf(k, "unknown field %q in %s%s", k.Value, t.Name(), suggest(k.Value, fields))
			continue
		case seen[k.Value]:
			d.errorf(k, "duplicate key %q", k.Value)
			continue
		}
		seen[k.Value] = true
		fv := v.FieldByIndex(f.index)
		sf := t.FieldByIndex(f.index)
		fills, inResults, illus := d.fills, d.inResults, d.illustrative
		d.fills = nil
		if tag := sf.Tag.Get("fill"); tag != "" {
			d.fills = strings.Split(tag, ",")
		}
		d.inResults = inResults || sf.Name == resultsField
		d.illustrative = illus || illustrative[t]
		d.value(val, fv, joinField(field, k.Value))
		d.fills, d.inResults, d.illustrative = fills, inResults, illus
		if !f.optional && val.Kind == yaml.ScalarNode && val.Tag == "!!str" && fv.Kind() == reflect.String && strings.TrimSpace(val.Value) == "" {
			d.errorf(val, "field %q must not be blank", joinField(field, k.Value))
		}
		if !f.optional && val.Kind == yaml.SequenceNode && len(val.Content) == 0 {
			d.errorf(val, "field %q needs at least one item", joinField(field, k.Value))
		}
	}
	for _, name := range sortedKeys(fields) {
		if f := fields[name]; !f.optional && !seen[name] {
			d.errorf(n, "%smissing required field %q in %s", fieldPrefix(field), name, t.Name())
		}
	}
	// A Pos field is where the mapping is written, or, tagged at:"key",
	// where the text of the key's value starts.
	for i := 0; i < t.NumField(); i++ {
		if sf := t.Field(i); sf.Type == posType {
			p := Pos{File: d.file, Line: n.Line, Col: n.Column}
			if key := sf.Tag.Get("at"); key != "" {
				for j := 0; j+1 < len(n.Content); j += 2 {
					if n.Content[j].Value == key {
						p = d.textStart(n.Content[j+1])
					}
				}
			}
			v.Field(i).Set(reflect.ValueOf(p))
		}
	}
	if v.CanAddr() && v.Addr().Type().Implements(validatorType) {
		if err := v.Addr().Interface().(validator).Validate(); err != nil {
			d.errorf(n, "%s%v", fieldPrefix(field), err)
		}
	}
}

func fieldPrefix(field string) string {
	if field == "" {
		return ""
	}
	return fmt.Sprintf("%s: ", field)
}

type fieldInfo struct {
	index    []int
	optional bool
}

// structFields maps the YAML key of each field to where it lives; embedded
// structs without a tag contribute their fields, as in encoding/json.
func structFields(t reflect.Type) map[string]fieldInfo {
	out := map[string]fieldInfo{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, ok := yamlKey(f)
		if !ok {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, sub := range structFields(f.Type) {
				out[k] = fieldInfo{index: append([]int{i}, sub.index...), optional: sub.optional}
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = fieldInfo{index: []int{i}, optional: strings.Contains(opts, "omitempty")}
	}
	return out
}

func joinField(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%s %q", strings.TrimPrefix(n.Tag, "!!"), n.Value)
	}
	return "an unexpected node"
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64, reflect.Float32:
		return "a number"
	}
	return t.String()
}

// section decodes one section: its kind: key picks the struct that the
// other keys decode into.
func (d *decoder) section(n *yaml.Node, v reflect.Value, field string) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%sexpected a section (a mapping with a kind: key), got %s", fieldPrefix(field), kindName(n))
		return
	}
	var kindNode *yaml.Node
	rest := &yaml.Node{Kind: yaml.MappingNode, Line: n.Line, Column: n.Column}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "kind" && kindNode == nil {
			kindNode = n.Content[i+1]
			continue
		}
		rest.Content = append(rest.Content, n.Content[i], n.Content[i+1])
	}
	if kindNode == nil {
		d.errorf(n, "%smissing required field \"kind\" (one of: %s)", fieldPrefix(field), joinQuoted(kindNames()))
		return
	}
	k, ok := lookupKind(kindNode.Value)
	if !ok || kindNode.Kind != yaml.ScalarNode {
		d.errorf(kindNode, "unknown section kind %q%s", kindNode.Value, didYouMean(kindNode.Value, kindNames()))
		return
	}
	val := k.new()
	d.structValue(rest, reflect.ValueOf(val).Elem(), field)
	v.Set(reflect.ValueOf(Section{Kind: k.Name, Pos: Pos{File: d.file, Line: n.Line, Col: n.Column}, Value: val}))
}

func kindNames() []string {
	out := make([]string, len(sectionKinds))
	for i, k := range sectionKinds {
		out[i] = k.Name
	}
	return out
}

// DidYouMean returns " (did you mean \"x\"?)" naming the closest of the
// candidates to s, or "" when none is close.
func DidYouMean(s string, candidates []string) string { return didYouMean(s, candidates) }

func didYouMean(s string, candidates []string) string {
	best, bestD := "", max(3, len(s)/3+1)
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func joinQuoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// suggest names the closest known field, so that "titel" says "did you mean
// \"title\"?".
func suggest(key string, fields map[string]fieldInfo) string {
	best, bestD := "", 3
	for _, name := range sortedKeys(fields) {
		if d := editDistance(strings.ToLower(key), strings.ToLower(name)); d < bestD {
			best, bestD = name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
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
