package content

import (
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Claims: every marketing figure of the site is written once, in
// collections/claims.yaml, with what qualifies it ("up to", "our goal"),
// and cited wherever it shows:
//
//	{claim:key}        the claim as a phrase, qualifier included ("up to a 65% cost reduction";
//	                   capitalised when it opens a text)
//	{claim:key.value}  its figure as a stat shows it ("Up to 65%")
//	{claim:key.label}  what the figure measures ("lower cost on routine contacts")
//
// Load replaces the citations in every page and collection record, and
// refuses an unknown key, a percentage written out by hand outside an
// illustrative mock (it would drift from the claim), and a goal cited
// among a case study's results (a goal is not a result).

// Claim is one marketing figure. Kind is "result" (achieved), "goal" (aimed
// for: never shown as a result) or "fact" (about the market, not us).
type Claim struct {
	Key   string `json:"key"`
	Kind  string `json:"kind"`
	Value string `json:"value"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

var claimKinds = []string{"result", "goal", "fact"}

var claimKey = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (c Claim) Validate() error {
	if !claimKey.MatchString(c.Key) {
		return fmt.Errorf("key %q: use lower-case words joined by hyphens", c.Key)
	}
	if !slices.Contains(claimKinds, c.Kind) {
		return fmt.Errorf("kind %q must be one of %s", c.Kind, joinQuoted(claimKinds))
	}
	if claimRef.MatchString(c.Text + c.Value + c.Label) {
		return fmt.Errorf("claim %q cites another claim", c.Key)
	}
	return nil
}

// claimRef is a citation; claimPercent a figure written out by hand.
var (
	claimRef     = regexp.MustCompile(`\{claim:([a-z0-9-]+)(?:\.(value|label))?\}`)
	claimPercent = regexp.MustCompile(`\d[\d.,]*\s?%`)
)

// illustrative are the types whose figures are sample data of a mock,
// labelled as such on the page, not claims.
var illustrative = map[reflect.Type]bool{
	reflect.TypeOf(Dashboard{}):             true,
	reflect.TypeOf(PulseDashboardSection{}): true,
	reflect.TypeOf(MarkdownSection{}):       true, // legal text, not marketing
}

// resultsField names the string lists that state results.
const resultsField = "Results"

// citeClaims replaces the citations of every page section and collection
// record and reports what is wrong with them.
func (l *loader) citeClaims(s *Site) {
	claims := map[string]Claim{}
	for _, c := range s.Collections.Claims {
		if _, dup := claims[c.Key]; dup {
			l.errs = append(l.errs, Error{File: CollectionFile("claims"), Line: 1, Col: 1, Message: fmt.Sprintf("claim %q is defined twice", c.Key)})
		}
		claims[c.Key] = c
	}
	cite := func(pos Pos, v reflect.Value) {
		var problems []string
		walkStrings(v, "", func(field func() string, inResults bool, str string) string {
			// Both patterns need a '%' or a '{'. Most strings (an article's
			// whole HTML among them) have neither: running the expressions
			// over them was a third of loading a thousand articles.
			if strings.IndexByte(str, '%') < 0 && strings.IndexByte(str, '{') < 0 {
				return str
			}
			for _, m := range claimPercent.FindAllString(claimRef.ReplaceAllString(str, ""), -1) {
				problems = append(problems, fmt.Sprintf("%s: the figure %q is written out: cite its claim from %s as {claim:key}", field(), m, CollectionFile("claims")))
			}
			var out strings.Builder
			last := 0
			for _, m := range claimRef.FindAllStringSubmatchIndex(str, -1) {
				out.WriteString(str[last:m[0]])
				last = m[1]
				key, part := str[m[2]:m[3]], ""
				if m[4] >= 0 {
					part = str[m[4]:m[5]]
				}
				c, ok := claims[key]
				if !ok {
					problems = append(problems, fmt.Sprintf("%s: unknown claim %q%s", field(), key, didYouMean(key, keys(claims))))
					out.WriteString(str[m[0]:m[1]])
					continue
				}
				if inResults && c.Kind == "goal" {
					problems = append(problems, fmt.Sprintf("%s: claim %q is a goal, not a result", field(), c.Key))
				}
				cited := map[string]string{"": c.Text, "value": c.Value, "label": c.Label}[part]
				if m[0] == 0 && part == "" { // a phrase that opens a text opens a sentence
					r, n := utf8.DecodeRuneInString(cited)
					cited = string(unicode.ToUpper(r)) + cited[n:]
				}
				out.WriteString(cited)
			}
			out.WriteString(str[last:])
			return out.String()
		})
		for _, p := range problems {
			l.errs = append(l.errs, pos.errorf("%s", p))
		}
	}
	for _, p := range s.Pages {
		for i := range p.Sections {
			sec := &p.Sections[i]
			cite(sec.Pos, reflect.ValueOf(sec.Value))
		}
	}
	for _, name := range sortedKeys(collectionFiles) {
		if name == "claims" {
			continue
		}
		cite(Pos{File: collectionFiles[name].file, Line: 1, Col: 1}, reflect.ValueOf(collectionFiles[name].ptr(&s.Collections)))
	}
}

func keys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// walkStrings calls f on every settable string reachable from v (pointers,
// structs, slices), except inside illustrative types, and stores what f
// returns. inResults is true under a field named Results. field names the
// string's place (path.field[2].name); it is built only when asked for:
// a thousand articles hold a hundred thousand strings, and naming each
// one up front was most of the walk.
func walkStrings(v reflect.Value, path string, f func(field func() string, inResults bool, s string) string) {
	var walk func(v reflect.Value, at *fieldPath, results bool)
	walk = func(v reflect.Value, at *fieldPath, results bool) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), at, results)
			}
		case reflect.Struct:
			if illustrative[v.Type()] {
				return
			}
			for i := 0; i < v.NumField(); i++ {
				ft := v.Type().Field(i)
				if !ft.IsExported() {
					continue
				}
				walk(v.Field(i), &fieldPath{parent: at, typ: v.Type(), index: i}, results || ft.Name == resultsField)
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), &fieldPath{parent: at, index: i}, results)
			}
		case reflect.String:
			if v.CanSet() {
				if out := f(at.String, results, v.String()); out != v.String() {
					v.SetString(out)
				}
			}
		}
	}
	walk(v, &fieldPath{root: path}, false)
}

// fieldPath is a place in a value: a root, field index of its parent
// struct type typ, or (typ nil) element index of its parent.
type fieldPath struct {
	parent *fieldPath
	root   string
	typ    reflect.Type
	index  int
}

func (p *fieldPath) String() string {
	switch {
	case p.parent == nil:
		return p.root
	case p.typ == nil:
		return fmt.Sprintf("%s[%d]", p.parent.String(), p.index)
	}
	f := p.typ.Field(p.index)
	name, _, _ := yamlKey(f)
	if name == "" {
		name = f.Name
	}
	return strings.TrimPrefix(p.parent.String()+"."+name, ".")
}
