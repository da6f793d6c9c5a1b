package decode

import (
	"bytes"
	"cmp"
	"encoding"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/content/fielddoc"
	"github.com/vozia/site/generator/content/sections" // registers the kinds a section decodes into (content.Kinds)
	"github.com/vozia/site/generator/decode/yamlsyntax"
	"github.com/vozia/site/generator/markdown"
	"github.com/vozia/site/internal/problem"
)

var (
	posType       = reflect.TypeOf(field.Pos{})
	sectionType   = reflect.TypeOf(content.Section{})
	linkType      = reflect.TypeOf(field.Link(""))
	validatorType = reflect.TypeOf((*validator)(nil)).Elem()
	textUnmarshal = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
)

// Budgets of a YAML document: whatever an editor writes, decoding it
// takes milliseconds and megabytes. Each is far above what the site's
// content needs (its largest file is a few KB, nested six levels, with no
// alias), and a document over one is refused where it passes it.
const (
	// MaxYAMLBytes is the largest YAML file, or front matter, read.
	MaxYAMLBytes = 1 << 20
	// MaxYAMLDepth is how deeply lists and mappings may nest.
	MaxYAMLDepth = 64
	// MaxYAMLValues is how many values a document may decode to, its
	// aliases expanded (a &anchor repeated with *anchor counts each time).
	MaxYAMLValues = 100_000
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
func decodeYAML(file string, data []byte, v any) []content.Error {
	errs, _ := YAML(file, data, v, nil)
	return errs
}

// decode is decodeYAML that also returns every link (Link value) of the
// document with its position, so that a broken link found after rendering
// is reported where it is written, and that replaces the citations of
// every text with the claims of cite (claims.go): no text leaves the
// decoder with a citation or a placeholder its field does not fill. The
// document is parsed once, by yaml.v3, within the budgets above.
func YAML(file string, data []byte, v any, cite *Citations) ([]content.Error, []content.LinkSource) {
	if len(data) > MaxYAMLBytes {
		line := 1 + bytes.Count(data[:MaxYAMLBytes], []byte("\n"))
		return []content.Error{{File: file, Line: line, Col: 1, Message: fmt.Sprintf("the YAML passes %d KB here: split the file, or move long text to a Markdown page", MaxYAMLBytes>>10)}}, nil
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return []content.Error{syntaxError(file, data, err)}, nil
	}
	d := &decoder{file: file, src: data, cite: cite, sizes: map[*yaml.Node]int{}}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if n, depth := deepest(root, 0); depth > MaxYAMLDepth {
		return []content.Error{{File: file, Line: n.Line, Col: d.col(n), Message: fmt.Sprintf("lists and mappings nest more than %d deep here: flatten the data", MaxYAMLDepth)}}, nil
	}
	if total := d.size(root); d.cycle != nil {
		return []content.Error{{File: file, Line: d.cycle.Line, Col: d.col(d.cycle), Message: fmt.Sprintf("the alias *%s is inside its own anchor &%s: it would repeat without end", d.cycle.Value, d.cycle.Value)}}, nil
	} else if total > MaxYAMLValues {
		n := d.biggestAlias(root)
		return []content.Error{{File: file, Line: n.Line, Col: d.col(n), Message: fmt.Sprintf("the document expands to more than %d values (aliases such as *%s count once per use): write the values out, or repeat fewer", MaxYAMLValues, n.Value)}}, nil
	}
	if line, col, msg := yamlsyntax.FirstLineIndented(strings.Split(string(data), "\n")); msg != "" {
		return []content.Error{{File: file, Line: line, Col: col, Message: msg}}, nil
	}
	if n := d.quoteLeftOpen(root); n != nil {
		return []content.Error{*n}, nil
	}
	d.value(root, reflect.ValueOf(v).Elem(), "")
	d.moved()
	return d.errs, d.links
}

// moved reports a key moved out of its block, to the left, as one
// mistake: YAML reads the last key of a block written at the left edge (or
// at an outer block's column) as a key of the outer mapping, so the key is
// unknown there and missing from its own block, whose checks of that field
// fail too. The unknown key's message says where it belongs, and the
// block's messages about it go.
func (d *decoder) moved() {
	drop := d.drop
	if drop == nil {
		drop = map[int]bool{}
	}
	for _, u := range d.unknown {
		if u.to != nil {
			// Moved right: the outer mapping's missing field is the same
			// mistake.
			for _, m := range d.missing {
				if m.name == u.name && m.path == *u.to {
					drop[m.err] = true
				}
			}
			continue
		}
		var from *reported
		for i, m := range d.missing {
			if m.name == u.name && m.n.Line < u.n.Line && len(m.n.Content) > 0 &&
				d.col(u.n) < d.col(m.n.Content[0]) && (from == nil || m.n.Line > from.n.Line) {
				from = &d.missing[i]
			}
		}
		if from == nil {
			// An optional field: no block misses it, but the block it
			// ends, the value of the key above, may have it.
			if o := d.endedBlock(u); o != nil {
				d.errs[u.err].Message = fmt.Sprintf("unknown field %q in %s: it is a field of %s (its keys start at line %d), which does not have it; start it in column %d, as that mapping's other keys",
					u.name, u.in, d.structName(o.t, o.path), o.n.Line, d.col(o.n.Content[0]))
				// The block's own check of it (a demo that opens a page
				// needs one) is the same mistake.
				for i, e := range d.errs {
					if e.Line == o.n.Line && e.Col == d.col(o.n) && strings.Contains(e.Message, u.name) {
						drop[i] = true
					}
				}
			}
			continue
		}
		if drop[from.err] {
			continue
		}
		d.errs[u.err].Message = fmt.Sprintf("unknown field %q in %s: it belongs to %s (its keys start at line %d), which misses it; start it in column %d, as that mapping's other keys",
			u.name, u.in, from.path, from.n.Line, d.col(from.n.Content[0]))
		// (The block's checks across its fields did not run: it misses a
		// required one, structValue.)
		drop[from.err] = true
	}
	if len(drop) == 0 {
		return
	}
	kept := d.errs[:0]
	for i, e := range d.errs {
		if !drop[i] {
			kept = append(kept, e)
		}
	}
	d.errs = kept
}

// splitEntries reports, as one mistake, an entry of list n split in two
// by a dash typed before one of its keys: each half misses the required
// fields the other has, and between them they have every one. The
// halves' own messages ("missing required field" for both) go.
func (d *decoder) splitEntries(n *yaml.Node, path string) {
	if len(d.missing) == 0 {
		return // every list of valid content
	}
	misses := func(item *yaml.Node) []int {
		var errs []int
		for _, m := range d.missing {
			if m.n == item {
				errs = append(errs, m.err)
			}
		}
		return errs
	}
	for i := 1; i < len(n.Content); i++ {
		a, b := n.Content[i-1], n.Content[i]
		m, ok := d.structs[a]
		if !ok || b.Kind != yaml.MappingNode || a.Style&yaml.FlowStyle != 0 || b.Style&yaml.FlowStyle != 0 || len(b.Content) == 0 {
			continue
		}
		aErrs, bErrs := misses(a), misses(b)
		if len(aErrs) == 0 || len(bErrs) == 0 {
			continue
		}
		keys := map[string]bool{}
		disjoint := true
		for _, half := range []*yaml.Node{a, b} {
			for j := 0; j+1 < len(half.Content); j += 2 {
				disjoint = disjoint && !keys[half.Content[j].Value]
				keys[half.Content[j].Value] = true
			}
		}
		whole := disjoint
		for name, f := range structFields(m.t) {
			whole = whole && (f.optional || keys[name])
		}
		if !whole {
			continue
		}
		if d.drop == nil {
			d.drop = map[int]bool{}
		}
		for _, e := range append(aErrs, bErrs...) {
			d.drop[e] = true
		}
		first := b.Content[0]
		d.errorf(first, "%s[%d]: this entry and the one above it (line %d) each lack fields the other has, and together make one: if they are one entry, remove the \"- \" before %q (a dash begins a new entry)", path, i, a.Line, first.Value+":")
		i++ // b is spoken for
	}
}

// endedBlock is the innermost mapping that ends where unknown key u
// starts, to the right of u's column, and has a field named u but not the
// key: the mappings along the last lines of the value of the key above u.
// A block's last key written further left is read so.
func (d *decoder) endedBlock(u reported) *mapping {
	if u.parent == nil || u.at < 2 {
		return nil
	}
	var found *mapping
	for v := u.parent.Content[u.at-1]; v != nil; {
		switch v.Kind {
		case yaml.MappingNode:
			if m, ok := d.structs[v]; ok && len(v.Content) > 0 && d.col(v.Content[0]) > d.col(u.n) {
				if _, has := structFields(m.t)[u.name]; has && !hasKey(v, u.name) {
					found = &m
				}
			}
			fallthrough
		case yaml.SequenceNode:
			if len(v.Content) == 0 {
				return found
			}
			v = v.Content[len(v.Content)-1]
		default:
			return found
		}
	}
	return found
}

// colonLeftOut is the field that key starts with, followed by a space
// and more words, or "": a key whose ":" was left out.
func colonLeftOut(key string, fields map[string]fieldInfo) string {
	word, rest, ok := strings.Cut(key, " ")
	if _, field := fields[word]; ok && field && strings.TrimSpace(rest) != "" {
		return word
	}
	return ""
}

// blockHas reports whether a value of type t, a mapping, may have key.
func blockHas(t reflect.Type, key string) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Map:
		return true
	case reflect.Struct:
		_, ok := structFields(t)[key]
		return ok
	}
	return false
}

// hasKey reports whether mapping n has key.
func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// movedRight is the innermost mapping around the one being decoded that
// has a field named key, or nil, and that key where the mapping has it
// already: the key, unknown where it is, was moved right into a block
// below its own (the last key of a page indented under its last section,
// say), or written there a second time.
func (d *decoder) movedRight(key string) (*mapping, *yaml.Node) {
	for i := len(d.outer) - 2; i >= 0; i-- {
		o := &d.outer[i]
		if _, ok := structFields(o.t)[key]; !ok {
			continue
		}
		if len(o.n.Content) == 0 {
			return nil, nil
		}
		for j := 0; j+1 < len(o.n.Content); j += 2 {
			if o.n.Content[j].Value == key {
				return o, o.n.Content[j]
			}
		}
		return o, nil
	}
	return nil, nil
}

// quoteLeftOpen is the first quoted text under n that swallowed lines
// reading as keys (yamlsyntax.QuoteLeftOpen), as an error, or nil.
func (d *decoder) quoteLeftOpen(n *yaml.Node) *content.Error {
	if line, col, msg, ok := yamlsyntax.QuoteLeftOpen(d.src, d.lines(), n); ok {
		return &content.Error{File: d.file, Line: line, Col: col, Message: "invalid YAML: " + msg}
	}
	for _, c := range n.Content {
		if e := d.quoteLeftOpen(c); e != nil {
			return e
		}
	}
	return nil
}

// deepest is the deepest node under n (not following aliases, which
// cannot nest deeper than their anchor) and its depth; it stops one level
// past the budget.
func deepest(n *yaml.Node, depth int) (*yaml.Node, int) {
	best, bestDepth := n, depth
	if depth > MaxYAMLDepth {
		return best, bestDepth
	}
	for _, c := range n.Content {
		if d, dd := deepest(c, depth+1); dd > bestDepth {
			best, bestDepth = d, dd
			if dd > MaxYAMLDepth {
				break
			}
		}
	}
	return best, bestDepth
}

// size is how many values n decodes to, its aliases expanded, computed
// once per node; it saturates past the budget.
func (d *decoder) size(n *yaml.Node) int {
	if s, ok := d.sizes[n]; ok {
		if s < 0 { // n holds itself through an alias
			d.cycle = cmp.Or(d.cycle, d.inAlias)
			return MaxYAMLValues + 1
		}
		return s
	}
	d.sizes[n] = -1
	s := 1
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		outer := d.inAlias
		d.inAlias = n
		s = d.size(n.Alias)
		d.inAlias = outer
	}
	for _, c := range n.Content {
		s = min(s+d.size(c), MaxYAMLValues+1)
	}
	d.sizes[n] = s
	return s
}

// biggestAlias is the alias under n that expands to the most values: the
// one to point at when a document is over its budget.
func (d *decoder) biggestAlias(n *yaml.Node) *yaml.Node {
	var best *yaml.Node
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.AliasNode && (best == nil || d.size(n) > d.size(best)) {
			best = n
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	if best == nil {
		return n
	}
	return best
}

// syntaxError places a YAML syntax error where the editor made it
// (yamlsyntax), and names a character content may not hold (BadByte).
func syntaxError(file string, data []byte, err error) content.Error {
	if at := BadByte(data); at >= 0 && yamlsyntax.BadCharacter(err) {
		line, col := yamlsyntax.OffsetLineCol(data, at)
		return content.Error{File: file, Line: line, Col: col, Message: "invalid YAML: " + BadByteMessage(data, at)}
	}
	return yamlsyntax.Error(file, data, err)
}

type decoder struct {
	file string
	src  []byte
	// lineStarts are the offsets of src's lines (lines).
	lineStarts []int
	errs       []content.Error
	links      []content.LinkSource
	cite       *Citations
	// sizes are the expanded sizes of the nodes (size), -1 while one is
	// counted; inAlias is the alias being counted, cycle the first alias
	// found inside its own anchor.
	sizes          map[*yaml.Node]int
	inAlias, cycle *yaml.Node
	// Where the decoder is: the placeholders the current field fills (its
	// fill tag), whether it is under a Results field or inside sample
	// data (claims.go).
	fills        []string
	inResults    bool
	illustrative bool
	// markdown: the current field is Markdown (a markdown section's body),
	// where [text](/path) is a link; anywhere else it is shown as written.
	markdown bool
	// unknown are the unknown keys reported, missing the required fields
	// reported missing, each with its error's index (moved).
	unknown []reported
	missing []reported
	// outer are the mappings of fields being decoded, outermost first.
	outer []mapping
	// structs are the mappings of fields decoded, by node (moved).
	structs map[*yaml.Node]mapping
	// drop are the errors, by index, that another one says (moved
	// removes them).
	drop map[int]bool
	// checked counts the problems the checks of whole mappings found
	// (Validate), which drop no value.
	checked int
}

// mapping is a mapping of struct t's fields at path, being decoded.
type mapping struct {
	t    reflect.Type
	n    *yaml.Node
	path string
}

// reported is a key reported unknown, or a field reported missing from
// the mapping n (its path; name the field), and its error's index.
type reported struct {
	n          *yaml.Node
	path, name string
	in         string // the mapping, named for the editor (structName)
	err        int
	// to is the path of the outer mapping an unknown key is a field of,
	// which lacks it: the key moved right into a block below (movedRight).
	to *string
	// parent is the mapping an unknown key is in, at is the key's index
	// in its Content.
	parent *yaml.Node
	at     int
}

// markdownLink is a Markdown link or image as an editor writes one.
var markdownLink = regexp.MustCompile(`!?\[[^\]\n]+\]\([^)\s]+\)`)

// markdownStrong is Markdown's strong emphasis as an editor writes it:
// **words**, starting and ending with no space. (Not __words__, which a
// name in code, such as __init__, also is.)
var markdownStrong = regexp.MustCompile(`\*\*[^*\s](?:[^*\n]*[^*\s])?\*\*`)

// text resolves the citations of string scalar n and checks what is left
// for placeholders; each mistake is reported where it is written.
func (d *decoder) text(n *yaml.Node) string {
	if !d.markdown && strings.Contains(n.Value, "](") {
		if m := markdownLink.FindStringIndex(n.Value); m != nil {
			at := d.offsetPos(n, m[0])
			d.errs = append(d.errs, content.Error{File: d.file, Line: at.Line, Col: at.Col, Message: fmt.Sprintf(
				"%q is Markdown, and this field is plain text: visitors would see the brackets; write the words alone (a link goes in a Markdown text, such as an article's body, or in a field of its own, such as href)", n.Value[m[0]:m[1]])})
		}
	}
	if !d.markdown && strings.Contains(n.Value, "**") {
		if m := markdownStrong.FindStringIndex(n.Value); m != nil {
			// A warning: the web editor saves what its plain fields are given.
			d.warnf(d.offsetPos(n, m[0]), "%q is Markdown, and this field is plain text: visitors see the asterisks; write the words alone (emphasis goes in a Markdown text, such as an article's body)", n.Value[m[0]:m[1]])
		}
	}
	d.cutByComment(n)
	d.entryJoined(n)
	if q, i, ok := strayQuote(n); ok {
		d.warnf(d.offsetPos(n, i), "this text ends with a %c that no quote opens, and the page shows it: if it is a slip, remove it; if it belongs to the text, put the whole value in %s quotes, and this warning goes", q, yamlsyntax.OtherQuotes(q))
	}
	if d.cite == nil {
		return n.Value
	}
	out, problems := d.cite.Cite(n.Value, d.inResults, d.illustrative)
	problems = append(problems, d.textProblems(n.Value)...)
	for _, p := range problems {
		at := d.offsetPos(n, p.Offset)
		d.errs = append(d.errs, content.Error{File: d.file, Line: at.Line, Col: at.Col, Message: p.Msg})
	}
	return out
}

// cutByComment reports a plain text cut short by a comment on its line:
// YAML reads a "#" after a space as the start of a comment, so "Our #1
// question" is the text "Our". A "#" followed by a word ("#1", "#tag")
// is refused: nobody starts a note so, and the web editor quotes such a
// text. A "# " note after a text is warned of, for it may be a note.
func (d *decoder) cutByComment(n *yaml.Node) {
	if n.Style != 0 || n.LineComment == "" || n.Line < 1 || n.Line > len(d.lines()) {
		return
	}
	i := strings.Index(d.line(n.Line), n.LineComment)
	if i < 0 {
		return
	}
	at := field.Pos{File: d.file, Line: n.Line, Col: i + 1}
	cut := strings.TrimRight(n.LineComment, "\r\n")
	if len(cut) > 1 && cut[1] != ' ' && cut[1] != '#' {
		d.errs = append(d.errs, content.Error{File: d.file, Line: at.Line, Col: at.Col, Message: fmt.Sprintf(
			"the text stops before %q: a \"#\" after a space starts a comment, so the page shows %q; quote the whole value to keep it", cut, n.Value)})
		return
	}
	d.warnf(at, "the text stops before %q: a \"#\" after a space starts a comment, which the page does not show; if it belongs to the text, quote the whole value (a note of your own goes best on a line of its own)", cut)
}

// entryJoined warns of a list entry indented past the entry above it,
// whose text is plain: YAML reads the line as more of that text, joined to
// it with a space ("Follow-up questions - Over 30 languages"), and the page
// shows one entry. A warning, not an error: the web editor may fold a long
// text before a " - " in it.
func (d *decoder) entryJoined(n *yaml.Node) {
	if n.Style != 0 || !strings.Contains(n.Value, " - ") || n.Line < 1 || n.Line > len(d.lines()) {
		return
	}
	first := d.line(n.Line)
	dash := strings.LastIndex(first[:min(max(d.col(n)-1, 0), len(first))], "- ")
	if dash < 0 || strings.TrimSpace(first[:dash]) != "" {
		return // not a list entry's text
	}
	for j := n.Line + 1; j <= len(d.lines()); j++ {
		line := d.line(j)
		t := strings.TrimLeft(line, " ")
		if t == "" {
			continue
		}
		if !strings.Contains(n.Value, strings.TrimSpace(t)) {
			return // past the text
		}
		if strings.HasPrefix(t, "- ") {
			d.warnf(field.Pos{File: d.file, Line: j, Col: len(line) - len(t) + 1}, "this line is indented past the entry above it (line %d), so YAML reads it as more of that entry's text, and the page shows the two as one: start it in column %d, as that entry", n.Line, dash+1)
			return
		}
	}
}

// strayQuote is the quote that ends unquoted text n with none to open it,
// and its offset: what is left of quoting a value when its opening quote is
// deleted, or of a closing quote typed twice. YAML reads
// it as part of the text, which the page would show. It is a warning, not
// an error: the web editor writes such a text unquoted when its words end
// so, and the build accepts what the editor writes. A plural's apostrophe
// ending a sentence ("the work of our partners'") and feet and inches
// (6' 2") are left alone, and a
// value that means its quote says so by being quoted: the check reads
// plain text only.
func strayQuote(n *yaml.Node) (byte, int, bool) {
	v := strings.TrimRight(n.Value, " ")
	if n.Style != 0 || v == "" {
		return 0, 0, false
	}
	q := v[len(v)-1]
	if q != '"' && q != '\'' || quotes(v, q)%2 == 0 {
		return 0, 0, false
	}
	// A plural's apostrophe only in a sentence: a heading or label of a
	// few words ("Case Studies'") is a name, never an elided possessive.
	if before := v[:len(v)-1]; before != "" && (q == '\'' && strings.HasSuffix(strings.ToLower(before), "s") && len(strings.Fields(before)) > 4 || strings.IndexByte("0123456789", before[len(before)-1]) >= 0) {
		return 0, 0, false
	}
	return q, len(v) - 1, true
}

// quotes counts the quotes q of s that may open or close a quotation: an
// apostrophe inside a word (we'll, l'équipe) is neither.
func quotes(s string, q byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != q {
			continue
		}
		if q == '\'' && yamlsyntax.InWord(s, i) {
			continue
		}
		n++
	}
	return n
}

// textProblems are the problems of a text that its page would show as
// written (TextProblems); in Markdown, of its prose only: code is shown as
// written, as in an article (markdown.Dialect.Prose).
func (d *decoder) textProblems(s string) []CiteProblem {
	if !d.markdown {
		return TextProblems(s, d.fills)
	}
	prose, at := markdown.Text.Prose([]byte(s))
	problems := TextProblems(prose, d.fills)
	for i := range problems {
		problems[i].Offset = at(problems[i].Offset)
		problems[i].Msg += markdown.CodeHint
	}
	return problems
}

// offsetPos is where byte offset i of scalar n's text is written: where
// the same words are written (writtenAt), whatever the text's style (a
// plain or folded text's lines are folded, a quoted one's escapes read,
// an anchor or a tag may stand before it); else worked out from the text's
// start, exact for a plain text on one line and a literal block.
func (d *decoder) offsetPos(n *yaml.Node, i int) field.Pos {
	i = max(0, min(i, len(n.Value)))
	if at, ok := d.writtenAt(n, i); ok {
		return at
	}
	p := d.textStart(n)
	before := n.Value[:i]
	nl := strings.Count(before, "\n")
	switch {
	case n.Style&yaml.LiteralStyle != 0:
		p.Line += nl
		p.Col += len(before) - strings.LastIndexByte(before, '\n') - 1
	case nl == 0 && n.Style&yaml.FoldedStyle == 0:
		p.Col += i
	}
	return p
}

// writtenAt finds where the text at byte offset i of scalar n is written,
// also where the value is not the source's bytes (a plain or folded text's
// line breaks folded, a quote written twice, escapes read): the same
// words, the same how-many-th time, in the source from where n starts.
// False when they are not found there as written (an escape inside them).
func (d *decoder) writtenAt(n *yaml.Node, i int) (field.Pos, bool) {
	// The mistake's first word: a fold, a quote or an escape may follow.
	tok := n.Value[i:]
	if j := strings.IndexAny(tok, "'\"\\"); j >= 0 {
		tok = tok[:j]
	}
	if j := strings.IndexAny(tok[min(2, len(tok)):], " \t\n"); j >= 0 {
		tok = tok[:j+2]
	}
	if len(tok) < 2 {
		return field.Pos{}, false
	}
	if n.Line < 1 || n.Line > len(d.lines()) {
		return field.Pos{}, false
	}
	k := d.lines()[n.Line-1] + d.col(n) - 1
	for nth := strings.Count(n.Value[:i], tok); ; nth-- {
		j := bytes.Index(d.src[min(k, len(d.src)):], []byte(tok))
		if j < 0 {
			return field.Pos{}, false
		}
		k += j
		if nth == 0 {
			line, col := yamlsyntax.OffsetLineCol(d.src, k)
			return field.Pos{File: d.file, Line: line, Col: col}, true
		}
		k += len(tok)
	}
}

// textStart is where the first character of scalar n's text is written,
// and its column the one every line of a block scalar's text starts at
// ("body: |" then lines indented by two spaces: the line after, column 3).
func (d *decoder) textStart(n *yaml.Node) field.Pos {
	p := field.Pos{File: d.file, Line: n.Line, Col: d.col(n)}
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		p.Line++
		for _, start := range d.lines()[min(n.Line, len(d.lines())):] {
			l := d.src[start:]
			if j := bytes.IndexByte(l, '\n'); j >= 0 {
				l = l[:j]
			}
			if t := bytes.TrimLeft(l, " "); len(t) > 0 {
				p.Col = len(l) - len(t) + 1
				break
			}
		}
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		p.Col++
	}
	return p
}

// col is the column of node n in bytes, as every position of the build
// counts it (an offset in a text is added to it): yaml.v3 counts
// characters. The terminal shows characters again once it has read the
// line (problem.List.WithSources).
func (d *decoder) col(n *yaml.Node) int {
	if n.Line < 1 || n.Line > len(d.lines()) {
		return n.Column
	}
	rest := d.src[d.lines()[n.Line-1]:]
	i := 0
	for c := 1; c < n.Column && i < len(rest) && rest[i] != '\n'; c++ {
		_, w := utf8.DecodeRune(rest[i:])
		i += w
	}
	return i + 1
}

// lines are the offsets in src where its lines start, made once.
func (d *decoder) lines() []int {
	if d.lineStarts == nil {
		d.lineStarts = []int{0}
		for i, c := range d.src {
			if c == '\n' {
				d.lineStarts = append(d.lineStarts, i+1)
			}
		}
	}
	return d.lineStarts
}

// line is the text of line j (1-based) of the source, without its
// line break.
func (d *decoder) line(j int) string {
	lines := d.lines()
	end := len(d.src)
	if j < len(lines) {
		end = lines[j]
	}
	return strings.TrimRight(string(d.src[lines[j-1]:end]), "\r\n")
}

// warnf reports at at what the page would show as written, most likely a
// slip: a warning, beside the build (problem.KindWarning).
func (d *decoder) warnf(at field.Pos, format string, args ...any) {
	d.errs = append(d.errs, content.Error{Kind: problem.KindWarning, File: d.file, Line: at.Line, Col: at.Col, Message: fmt.Sprintf(format, args...)})
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, content.Error{File: d.file, Line: n.Line, Col: d.col(n), Message: fmt.Sprintf(format, args...)})
}

// value decodes node n into v; path is the dotted path of the field, used in messages.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	where := fieldWhere(path)
	if n.Kind == yaml.ScalarNode {
		if i, msg := BadText(n.Value, true); i >= 0 {
			d.errorf(n, "%s%s at character %d of the text: %s", where, msg, utf8.RuneCountInString(n.Value[:i])+1, textHint)
			return
		}
	}
	if v.CanAddr() && v.Addr().Type().Implements(textUnmarshal) {
		if n.Kind != yaml.ScalarNode {
			d.wrongShape(n, v.Type(), path)
			return
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.Value)); err != nil {
			d.errorf(n, "%s%v", where, err)
		} else if v.Type() == linkType {
			d.links = append(d.links, content.LinkSource{Href: n.Value, Pos: field.Pos{File: d.file, Line: n.Line, Col: d.col(n)}})
		}
		return
	}
	if v.Type() == content.SectionType {
		d.section(n, v, path)
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if n.Tag == "!!null" {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		d.value(n, v.Elem(), path)
	case reflect.Struct:
		d.structValue(n, v, path)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			d.wrongShape(n, v.Type(), path)
			return
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		// An entry written twice, word for word, would show twice: an
		// entry of mappings is refused at the second (and not decoded);
		// a text is warned of, for the web editor saves what its list
		// is given.
		entries := map[string]*yaml.Node{}
		texts := v.Type().Elem().Kind() == reflect.String
		for i, item := range n.Content {
			if item.Kind == yaml.MappingNode || texts && item.Kind == yaml.ScalarNode && item.Value != "" {
				key := item.Value
				if item.Kind == yaml.MappingNode {
					key = nodeText(item)
				}
				if first, ok := entries[key]; !ok {
					entries[key] = item
				} else {
					d.errorf(item, "%s[%d]: this entry repeats the one at line %d word for word: remove one", path, i, first.Line)
					if item.Kind == yaml.MappingNode {
						continue
					}
					d.errs[len(d.errs)-1].Kind = problem.KindWarning
				}
			}
			d.value(item, s.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		d.splitEntries(n, path)
		v.Set(s)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.wrongShape(n, v.Type(), path)
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), len(n.Content)/2)
		seen := map[string]bool{}
		firstOf := duplicated(n)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if msg := badKey(k); msg != "" {
				d.errorf(k, "%s", msg)
				continue
			}
			if seen[k.Value] {
				d.errorf(k, "duplicate key %q: line %d has it already; keep one", k.Value, firstOf[k.Value].Line)
				continue
			}
			seen[k.Value] = true
			elem := reflect.New(v.Type().Elem()).Elem()
			d.value(val, elem, joinField(path, k.Value))
			m.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), elem)
		}
		v.Set(m)
	default:
		d.scalar(n, v, path)
	}
}

func (d *decoder) scalar(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.ScalarNode {
		d.wrongShape(n, v.Type(), path)
		return
	}
	where := fieldWhere(path)
	switch v.Kind() {
	case reflect.String:
		// The web editor writes YAML 1.2, where 2024-02-15 or 1_000
		// unquoted is a string; yaml.v3 reads them as a timestamp and a
		// number (YAML 1.1). The value is the text as written either way.
		if n.Tag != "!!str" && !yaml12String(n) {
			d.errorf(n, "%sexpected a text, got %s: put it in quotes, \"%s\", so that it is a text", where, kindName(n), n.Value)
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

// blankRemedy is what to do about a required field left blank, in the
// editor's words: the field is one it marks required.
func blankRemedy(key string) string {
	if key == "alt" {
		return "describe what the image shows, for visitors who cannot see it"
	}
	return "fill it in"
}

// structName names a struct in a message: its name in the guide's field
// reference, or, for the files that have none there, what the editor calls them.
// structName names for an editor the mapping whose fields are t's, as the
// file writes it, never by its Go type: a page or its front matter, a
// section by its kind, a mapping under a key by that key ("seo",
// "cards[0]"; the caret shows which), an entry of a list by "the entry",
// and the file itself at its top.
func (d *decoder) structName(t reflect.Type, path string) string {
	switch t {
	case reflect.TypeOf(content.PageFile{}):
		return "the page"
	case reflect.TypeOf(content.MarkdownFront{}), reflect.TypeOf(content.ArticleFront{}):
		return "the front matter"
	}
	for _, k := range content.Kinds() {
		if k.Type() == t {
			return fmt.Sprintf("a section of kind %q", k.Name)
		}
	}
	last := path[strings.LastIndexByte(path, '.')+1:]
	switch {
	case strings.HasPrefix(last, "["):
		return "the entry"
	case last != "":
		return last
	case d.file != "":
		return d.file
	}
	return "the file"
}

// inStruct is " in " and the name of the mapping t when the message has
// no field path before it to say where.
func (d *decoder) inStruct(t reflect.Type, path string) string {
	if path != "" {
		return ""
	}
	return " in " + d.structName(t, path)
}

func (d *decoder) structValue(n *yaml.Node, v reflect.Value, path string) {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		d.wrongShape(n, t, path)
		return
	}
	// A key that is itself a mapping or list: brackets doubled,
	// "{{label: …}}", whose inner mapping YAML reads as the outer one's
	// first key. Said once; its fields would all read as missing.
	for i := 0; i < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.MappingNode || k.Kind == yaml.SequenceNode {
			example := fieldsOf(t)
			example = example[:min(2, len(example))]
			d.errorf(k, "%sthe brackets are doubled, so YAML reads a %s as a key: write one pair, {%s: …}", fieldWhere(path), map[yaml.Kind]string{yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}[k.Kind], strings.Join(example, ": …, "))
			return
		}
	}
	fields := structFields(t)
	seen := map[string]bool{}
	firstOf := duplicated(n)
	newEntry := false // a duplicate said to perhaps begin a new entry
	// misspelt are the fields an unknown key was taken for: a missing
	// field that one names is the same mistake, reported once.
	misspelt := map[string]bool{}
	d.outer = append(d.outer, mapping{t: t, n: n, path: path})
	if d.structs == nil {
		d.structs = map[*yaml.Node]mapping{}
	}
	d.structs[n] = d.outer[len(d.outer)-1]
	// The problems found from here on, but the checks of whole mappings
	// inside it (which drop nothing), make the mapping partial (below).
	refusedBefore, checkedBefore := len(d.errs), d.checked
	// A block whose lines are in its key's column: its key has nothing,
	// and its fields read as this mapping's, unknown here. One message
	// says so, at the key, not one per line.
	type unindented struct {
		k, val *yaml.Node
		err    int // the key's own problem ("got nothing"), or -1
		lines  []*yaml.Node
	}
	var blocks []*unindented
	var empty *unindented // the key just decoded, if it had nothing
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		f, ok := fields[k.Value]
		if ok || badKey(k) != "" {
			empty = nil
		}
		switch {
		case badKey(k) != "":
			d.errorf(k, "%s", badKey(k))
			continue
		case !ok && empty != nil && d.col(k) == d.col(empty.k) && blockHas(v.FieldByIndex(fields[empty.k.Value].index).Type(), k.Value):
			empty.lines = append(empty.lines, k)
			continue
		case !ok && colonLeftOut(k.Value, fields) != "":
			// "{label Use cases, …}": a key's ":" left out, inside braces
			// (on a line of its own it is a syntax error, said there).
			word := colonLeftOut(k.Value, fields)
			d.errorf(k, "%s%q reads as one key, with no \":\" after %q: write \"%s: %s\"", fieldWhere(path), k.Value, word, word, strings.TrimSpace(k.Value[len(word):]))
			misspelt[word] = true
			continue
		case !ok:
			u := reported{n: k, path: path, name: k.Value, in: d.structName(t, path), parent: n, at: i}
			// A key the outer mapping has already is named so only where
			// no field here is a likely misspelling of it.
			if o, has := d.movedRight(k.Value); o != nil && has != nil && suggest(k.Value, fields) == "" {
				d.errorf(k, "unknown field %q in %s: it is a field of %s, which has it already at line %d: keep one, in column %d", k.Value, u.in, d.structName(o.t, o.path), has.Line, d.col(has))
			} else if o != nil && has == nil {
				d.errorf(k, "unknown field %q in %s: it is a field of %s (line %d), which does not have it; start it in column %d, as that mapping's other keys",
					k.Value, u.in, d.structName(o.t, o.path), o.n.Line, d.col(o.n.Content[0]))
				u.to = &o.path
			} else {
				d.errorf(k, "unknown field %q in %s%s", k.Value, u.in, suggest(k.Value, fields))
			}
			u.err = len(d.errs) - 1
			d.unknown = append(d.unknown, u)
			misspelt[closest(k.Value, fields)] = true
			continue
		case seen[k.Value] && newEntry:
			continue // the entry's next keys: its first one's message says it
		case seen[k.Value]:
			// In a list's entry, the key may begin the next entry, its
			// dash left out: said once, at that key.
			entry := ""
			if strings.HasSuffix(path, "]") {
				entry = fmt.Sprintf(", or, if line %d begins the next entry of the list, write \"- \" before its key", k.Line)
				if col := d.col(k); col >= 3 && d.col(n.Content[0]) == col {
					// In the column of the entry's keys: the dash goes in
					// the two spaces before it, where the entries' dashes are.
					entry = fmt.Sprintf(", or, if line %d begins the next entry of the list, write \"- \" in column %d, before its key, as the entries above", k.Line, col-2)
				}
				newEntry = true
			}
			keep := "keep one"
			if ok && f.index != nil && v.Type().FieldByIndex(f.index).Type.Kind() == reflect.Slice {
				// Keeping one list would drop the other's entries (an
				// editor's trial: a second aliases: line for a second
				// rename, the first's alias then lost).
				keep = "put the entries of both in one list"
			}
			d.errorf(k, "%sduplicate key %q: line %d has it already; %s%s", fieldPrefix(path), k.Value, firstOf[k.Value].Line, keep, entry)
			continue
		}
		seen[k.Value] = true
		if firstOf[k.Value] != nil && val.Tag == "!!null" {
			continue // a line written twice: the duplicate's message says it
		}
		fv := v.FieldByIndex(f.index)
		sf := t.FieldByIndex(f.index)
		if val.Kind == yaml.ScalarNode && val.Tag == "!!null" && fv.Kind() == reflect.String && val.Value == "" {
			// A text that starts with "#" is a comment, the key's value
			// nothing ("intro: #1 tip", "color: #0EA5E9").
			if c := strings.TrimSpace(k.LineComment); c != "" && val.Line == k.Line {
				d.errorf(val, "field %q: its text starts with \"#\", which YAML reads as a comment, so the field is empty: quote the whole value (\"%s\")", joinField(path, k.Value), c)
				continue
			}
			// A key left without its text ("eyebrow:"): an optional
			// field is left out so, a required one is blank.
			if !f.optional {
				d.errorf(val, "field %q must not be blank: %s", joinField(path, k.Value), blankRemedy(k.Value))
			}
			continue
		}
		fills, inResults, illus, md := d.fills, d.inResults, d.illustrative, d.markdown
		d.markdown = md || (t == reflect.TypeOf(sections.MarkdownSection{}) && sf.Name == "Body")
		d.fills = nil
		if tag := sf.Tag.Get("fill"); tag != "" {
			d.fills = strings.Split(tag, ",")
		}
		d.inResults = inResults || sf.Name == ResultsField
		d.illustrative = illus || illustrative[t]
		before := len(d.errs)
		d.value(val, fv, joinField(path, k.Value))
		d.fills, d.inResults, d.illustrative, d.markdown = fills, inResults, illus, md
		if val.Kind == yaml.ScalarNode && val.Tag == "!!null" {
			empty = &unindented{k: k, val: val, err: -1}
			if len(d.errs) > before {
				empty.err = len(d.errs) - 1
			}
			blocks = append(blocks, empty)
		}
		if !f.optional && val.Kind == yaml.ScalarNode && val.Tag == "!!str" && fv.Kind() == reflect.String && strings.TrimSpace(val.Value) == "" {
			d.errorf(val, "field %q must not be blank: %s", joinField(path, k.Value), blankRemedy(k.Value))
		}
		if !f.optional && val.Kind == yaml.SequenceNode && len(val.Content) == 0 {
			d.errorf(val, "field %q needs at least one item: add one", joinField(path, k.Value))
		}
	}
	for _, b := range blocks {
		if len(b.lines) == 0 {
			continue
		}
		msg := fmt.Sprintf("field %q has nothing, and its keys below it (from line %d) are in its column, so YAML reads them as fields of %s: start them, with their lines, two spaces further in than %q, in column %d",
			joinField(path, b.k.Value), b.lines[0].Line, d.structName(t, path), b.k.Value+":", d.col(b.k)+2)
		if b.err >= 0 {
			d.errs[b.err].Message = msg
		} else {
			d.errorf(b.val, "%s", msg)
		}
	}
	d.outer = d.outer[:len(d.outer)-1]
	for _, name := range sortedKeys(fields) {
		if f := fields[name]; !f.optional && !seen[name] && !misspelt[name] {
			d.errorf(n, "%smissing required field %q%s%s", fieldPrefix(path), name, d.inStruct(t, path), purpose(f.doc))
			d.errs[len(d.errs)-1].Missing = name
			d.missing = append(d.missing, reported{n: n, path: path, name: name, err: len(d.errs) - 1})
		}
	}
	// A Pos field is where the mapping is written, or, tagged at:"key",
	// where the text of the key's value starts.
	for i := 0; i < t.NumField(); i++ {
		if sf := t.Field(i); sf.Type == posType {
			p := field.Pos{File: d.file, Line: n.Line, Col: d.col(n)}
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
	// A mapping with a key or value refused, or a required field missing,
	// is partial: its checks across fields would judge what the decoder
	// dropped, not what the editor wrote ("href: 42" read as an action
	// with no link at all; an entry split by a stray dash, as a product
	// whose id is ""). They run once the mapping is whole.
	partial := len(d.errs)-refusedBefore > d.checked-checkedBefore
	if !partial && v.CanAddr() && v.Addr().Type().Implements(validatorType) {
		if err := v.Addr().Interface().(validator).Validate(); err != nil {
			for _, e := range splitErrors(err) {
				var fe field.Error
				if errors.As(e, &fe) {
					// One problem a place: a value the decoder refused
					// already (a required field left blank) is not
					// refused again, in other words, by its type.
					if at := fieldNode(n, fe); at == n || !d.reported(at) {
						d.errorf(at, "%s%s", fieldPrefix(path), fe.Message())
						d.checked++
					}
				} else {
					d.errorf(n, "%s%v", fieldPrefix(path), e)
					d.checked++
				}
			}
		}
	}
}

// reported reports whether a problem is already reported where n is.
func (d *decoder) reported(n *yaml.Node) bool {
	col := d.col(n)
	return slices.ContainsFunc(d.errs, func(e content.Error) bool { return e.Line == n.Line && e.Col == col })
}

// fieldNode is where the value of e's field (or its item) of mapping n
// is written; n itself when the field is not written.
func fieldNode(n *yaml.Node, e field.Error) *yaml.Node {
	// The field may be a path through mappings and list items
	// ("footer.columns[1].links[0].href"); n where any step is not written.
	at := n
	for _, step := range strings.Split(e.Field(), ".") {
		key, index := step, -1
		if open := strings.IndexByte(step, '['); open > 0 && strings.HasSuffix(step, "]") {
			if i, err := strconv.Atoi(step[open+1 : len(step)-1]); err == nil {
				key, index = step[:open], i
			}
		}
		val := valueOf(at, key)
		if val == nil {
			return n
		}
		if index >= 0 {
			if val.Kind != yaml.SequenceNode || index >= len(val.Content) {
				return n
			}
			val = val.Content[index]
			if val.Kind == yaml.AliasNode {
				val = val.Alias
			}
		}
		at = val
	}
	if e.Item() >= 0 && at.Kind == yaml.SequenceNode && e.Item() < len(at.Content) {
		return at.Content[e.Item()]
	}
	return at
}

// valueOf is the value of key in mapping n (an alias followed), or nil.
func valueOf(n *yaml.Node, key string) *yaml.Node {
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value != key {
			continue
		}
		if v := n.Content[i+1]; v.Kind != yaml.AliasNode {
			return v
		}
		return n.Content[i+1].Alias
	}
	return nil
}

// badKey is what is wrong with a key's characters, or "".
func badKey(k *yaml.Node) string {
	if i, msg := BadText(k.Value, false); i >= 0 {
		return fmt.Sprintf("key %q: %s: %s", k.Value, msg, textHint)
	}
	return ""
}

// fieldWhere starts a message about the value of field path:
// `field "sections[0].actions": `.
func fieldWhere(path string) string {
	if path == "" {
		return ""
	}
	return fmt.Sprintf("field %q: ", path)
}

func fieldPrefix(path string) string {
	if path == "" {
		return ""
	}
	return fmt.Sprintf("%s: ", path)
}

type fieldInfo struct {
	index    []int
	optional bool
	// doc is what the field is for (fielddoc.Of).
	doc string
}

// structFields maps the YAML key of each field to where it lives; embedded
// structs without a tag contribute their fields, as in encoding/json.
func structFields(t reflect.Type) map[string]fieldInfo {
	out := map[string]fieldInfo{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, ok := content.YAMLKey(f)
		if !ok {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, sub := range structFields(f.Type) {
				out[k] = fieldInfo{index: append([]int{i}, sub.index...), optional: sub.optional, doc: sub.doc}
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = fieldInfo{index: []int{i}, optional: strings.Contains(opts, "omitempty"), doc: fielddoc.Of(t.Name(), f.Name)}
	}
	return out
}

// nodeText is n's content, keys and values, as one text: equal for two
// nodes written alike, whatever their spacing or quotes.
func nodeText(n *yaml.Node) string {
	var b strings.Builder
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		switch n.Kind {
		case yaml.ScalarNode:
			b.WriteString(strconv.Quote(n.Tag + ":" + n.Value))
		case yaml.AliasNode:
			b.WriteString("*" + n.Value)
		default:
			b.WriteByte('(')
			for _, c := range n.Content {
				walk(c)
				b.WriteByte(' ')
			}
			b.WriteByte(')')
		}
	}
	walk(n)
	return b.String()
}

// duplicated maps each key that mapping n holds more than once to its
// first key node.
func duplicated(n *yaml.Node) map[string]*yaml.Node {
	var first, dup map[string]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if first == nil {
			first = map[string]*yaml.Node{}
		}
		if f, ok := first[k.Value]; ok {
			if dup == nil {
				dup = map[string]*yaml.Node{}
			}
			dup[k.Value] = f
		} else {
			first[k.Value] = k
		}
	}
	return dup
}

// purpose is a field's doc as a message ends with it, a sentence of its
// own: " (Heads the table of contents of a long article.)", or "" for a
// field without one.
func purpose(doc string) string {
	if doc == "" {
		return ""
	}
	return " (" + doc + ")"
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
		switch n.Tag {
		case "!!str":
			if v := []rune(n.Value); len(v) > 60 {
				return fmt.Sprintf("the text %q", string(v[:50])+"…")
			}
			return fmt.Sprintf("the text %q", n.Value)
		case "!!int", "!!float":
			return "the number " + n.Value
		case "!!bool":
			return n.Value
		case "!!timestamp":
			return "the date " + n.Value
		}
		return fmt.Sprintf("%s %q", strings.TrimPrefix(n.Tag, "!!"), n.Value)
	}
	return "an unexpected node"
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64, reflect.Float32:
		return "a number"
	}
	return t.String()
}

// section decodes one section: its kind: key picks the struct that the
// other keys decode into.
func (d *decoder) section(n *yaml.Node, v reflect.Value, path string) {
	if n.Kind != yaml.MappingNode {
		d.wrongShape(n, v.Type(), path)
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
		// "- cards:": the kind written as a key.
		if k := n.Content; len(k) > 0 && k[1].Tag == "!!null" {
			if _, ok := content.KindNamed(k[0].Value); ok {
				d.errorf(k[0], "%sa section starts with its kind: write \"kind: %s\"", fieldPrefix(path), k[0].Value)
				return
			}
		}
		d.errorf(n, "%smissing required field \"kind\" (one of: %s)", fieldPrefix(path), field.JoinQuoted(content.SectionKinds()))
		return
	}
	k, ok := content.KindNamed(kindNode.Value)
	if !ok || kindNode.Kind != yaml.ScalarNode {
		d.errorf(kindNode, "unknown section kind %q%s", kindNode.Value, field.DidYouMean(kindNode.Value, content.SectionKinds()))
		return
	}
	val := k.New()
	d.structValue(rest, reflect.ValueOf(val).Elem(), path)
	v.Set(reflect.ValueOf(content.Section{Kind: k.Name, Pos: field.Pos{File: d.file, Line: n.Line, Col: d.col(n)}, Value: val}))
}

// suggest names the closest known field, so that "titel" says "did you mean
// \"title\"?".
func suggest(key string, fields map[string]fieldInfo) string {
	best := closest(key, fields)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// closest is the known field nearest to key, "" when none is near
// (content.Closest).
func closest(key string, fields map[string]fieldInfo) string {
	return field.Closest(key, sortedKeys(fields))
}

// validator is implemented by content types that check their own fields once
// decoded. The error is reported at the record's position.
type validator interface{ Validate() error }

// splitErrors are the errors an errors.Join holds, or err alone.
func splitErrors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// BadByte is the offset of the first character of data that may not
// stand in a content file (\r is allowed: a Windows line break); -1
// when none.
func BadByte(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r != '\r' && !(r == 0xfeff && i == 0) && badRune(r, true) != "" {
			return i
		}
		i += n
	}
	return -1
}

// BadByteMessage says what the character at offset i of data is.
func BadByteMessage(data []byte, i int) string {
	r, _ := utf8.DecodeRune(data[i:])
	return badRune(r, true) + ": " + textHint
}

func sortedKeys[M ~map[string]V, V any](m M) []string { return slices.Sorted(maps.Keys(m)) }

// yaml12Number is a number in YAML 1.2's core schema, which the web
// editor writes.
var yaml12Number = regexp.MustCompile(`^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)

// yaml12String reports whether plain scalar n, which yaml.v3 (YAML 1.1)
// reads as a timestamp or a number, is a string in YAML 1.2.
func yaml12String(n *yaml.Node) bool {
	switch n.Tag {
	case "!!timestamp":
		return true
	case "!!int", "!!float":
		return n.Style == 0 && !yaml12Number.MatchString(n.Value)
	}
	return false
}
