package decode

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// syntaxError reads yaml.v3's error text back (yamlLineRE and the message
// fragments of its switch), since yaml.v3 has no typed syntax error. Each
// case is a mistake an editor makes: yaml.v3's text for it, exactly as
// syntaxError expects it, and the problem syntaxError makes of it. A
// yaml.v3 that words an error otherwise fails the first check, before
// editors get problems without their line or hint.
func TestYAMLSyntaxErrorText(t *testing.T) {
	tests := []struct {
		name, in string
		raw      string // yaml.v3's error text
		at       string // line:col of the problem
		message  string // the start of its message
	}{
		{"colon in text", "title: Home\n  name: x: y\n",
			"yaml: line 2: mapping values are not allowed in this context",
			"2:9", `invalid YAML: mapping value is not allowed in this context (quote text that contains ": ")`},
		{"colon in text on the first line", "title: a: b\n",
			"yaml: mapping values are not allowed in this context",
			"1:8", `invalid YAML: mapping value is not allowed in this context (quote text that contains ": ")`},
		{"line indented past its key", "title: Home\nname: Home\n  more: x\n",
			"yaml: line 3: mapping values are not allowed in this context",
			"3:3", "invalid YAML: mapping value is not allowed in this context: this line is indented further"},
		{"list item out of line", "list:\n  - a\n - b\n",
			"yaml: line 2: did not find expected key",
			"3:2", "invalid YAML: did not find expected key"},
		{"unclosed flow list", "a: [1, 2\n",
			"yaml: line 1: did not find expected ',' or ']'",
			"1:1", "invalid YAML: did not find expected ',' or ']'"},
		{"unknown anchor", "a: 1\nb: *nope\n",
			"yaml: unknown anchor 'nope' referenced",
			"2:4", "invalid YAML: unknown anchor 'nope' referenced: define it with &nope before"},
		{"unknown escape", "a: 1\nb: \"x\\qy\"\n",
			"yaml: line 2: found unknown escape character",
			"2:7", `invalid YAML: unknown escape "q" in a double-quoted string`},
		// Columns count bytes, as every position of the build does (the
		// terminal shows characters): é is two.
		{"unknown escape after an accent", "a: 1\nb: \"é\\qy\"\n",
			"yaml: line 2: found unknown escape character",
			"2:8", `invalid YAML: unknown escape "q" in a double-quoted string`},
		{"control character", "a: 1\nb: x\x07y\n",
			"yaml: control characters are not allowed",
			"2:5", "invalid YAML: control character U+0007"},
		{"invalid UTF-8", "a: 1\nb: \xff\n",
			"yaml: invalid leading UTF-8 octet",
			"2:4", "invalid YAML: invalid UTF-8"},
		{"tab indent", "a:\n\tb: c\n",
			"yaml: line 2: found character that cannot start any token",
			"2:1", "invalid YAML: found character that cannot start any token: indent with spaces, not tabs"},
		{"key without its colon", "a:\n  b: 1\n  c 2\n  d: 3\n",
			"yaml: line 3: could not find expected ':'",
			"3:3", `invalid YAML: could not find expected ':': no ":" after the key`},
		{"quote not closed", "a:\n  b: \"x\n  c: \"y\"\n",
			"yaml: line 1: did not find expected key",
			"2:6", "invalid YAML: did not find expected key: the quote opened here is not closed on this line"},
		{"key under a quoted value", "a:\n  b: \"x\"\n   c: y\n",
			"yaml: line 1: did not find expected key",
			"3:4", "invalid YAML: did not find expected key: this line is indented further than the key above it (line 2), which has its value already; start it in column 3"},
		{"key out of its block", "a:\n  b: x\nc: y\n  d: z\n",
			"yaml: line 4: mapping values are not allowed in this context",
			"3:1", "invalid YAML: mapping value is not allowed in this context: this line starts further left than the lines above and below it"},
		{"too deep", "a: " + strings.Repeat("[", 20_000) + strings.Repeat("]", 20_000) + "\n",
			"yaml: exceeded max depth of 10000",
			"1:1", "invalid YAML: exceeded max depth of 10000: flatten the data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n yaml.Node
			err := yaml.NewDecoder(bytes.NewReader([]byte(tt.in))).Decode(&n)
			if err == nil {
				t.Fatal("yaml.v3 accepted it")
			}
			if err.Error() != tt.raw {
				t.Errorf("yaml.v3 says %q; syntaxError expects %q", err, tt.raw)
			}
			p := syntaxError("f.yaml", []byte(tt.in), err)
			if at := fmt.Sprintf("%d:%d", p.Line, p.Col); at != tt.at || !strings.HasPrefix(p.Message, tt.message) {
				t.Errorf("problem at %s: %s; want at %s: %s...", at, p.Message, tt.at, tt.message)
			}
		})
	}
}

// TestNoStrayLineInValidYAML: the rules that place a syntax error hold
// for every line of valid YAML, written as the site's files and this
// package's tests write it, so that they never blame a line that is
// right: each of the content's and the test sites' files, and texts over
// several lines of every kind.
func TestNoStrayLineInValidYAML(t *testing.T) {
	texts := map[string]string{
		"plain text over lines": "a:\n  b: one\n    two\n    three\n  c: d\n",
		"entry text over lines": "- one\n  two\n- three\n",
		"quoted over lines":     "a:\n  b: \"one\n    two\" # note\n  c: 'it''s\n    here'\n  d: e\n",
		"block text":            "a:\n  b: |\n    one\n\n      two\n  c: >-\n    x\n- not a list: here\n",
		"brackets over lines":   "a: [1,\n  2, {b: c,\n d: e}]\nf: g\n",
		"entries of mappings":   "- a: 1\n  b:\n    - c\n    - d: 2\n      e: 3\n- f: 4\n",
	}
	for _, root := range []string{"../../content", "../../testdata"} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				data, _ := os.ReadFile(p)
				texts[p] = string(data)
			}
			return nil
		})
	}
	for name, text := range texts {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(text), &n); err != nil {
			continue // a test's file that is wrong on purpose
		}
		lines := strings.Split(text, "\n")
		if l, _, hint := strayLine(lines); l > 0 {
			t.Errorf("%s: valid, but line %d is blamed: %s", name, l, hint)
		}
		for l := 1; l <= len(lines); l++ {
			if at, _ := outOfBlock(lines, l); at > 0 {
				t.Errorf("%s: valid, but line %d is blamed for line %d", name, at, l)
			}
		}
	}
}
