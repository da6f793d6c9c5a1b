package yamlsyntax

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestNoStrayLineInValidYAML: the rules that place a syntax error hold
// for every line of valid YAML, written as the site's files and this
// package's tests write it, so that they never blame a line that is
// right: each of the content's and the test sites' files, and texts over
// several lines of every kind.
func TestNoStrayLineInValidYAML(t *testing.T) {
	texts := map[string]string{
		"plain text over lines":                       "a:\n  b: one\n    two\n    three\n  c: d\n",
		"entry text over lines":                       "- one\n  two\n- three\n",
		"quoted over lines":                           "a:\n  b: \"one\n    two\" # note\n  c: 'it''s\n    here'\n  d: e\n",
		"block text":                                  "a:\n  b: |\n    one\n\n      two\n  c: >-\n    x\n- not a list: here\n",
		"brackets over lines":                         "a: [1,\n  2, {b: c,\n d: e}]\nf: g\n",
		"brackets over lines, a comment on the first": "a: [1, # one\n  2]\nb: c\n",
		"entries of mappings":                         "- a: 1\n  b:\n    - c\n    - d: 2\n      e: 3\n- f: 4\n",
		"a list in its key's column":                  "a:\n  b:\n  - c\n  - d: 1\n    e: 2\n  f: g\n",
	}
	for _, root := range []string{"../../../content", "../../../testdata"} {
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
		if l, _, hint, _ := dashlessEntry(lines); l > 0 {
			t.Errorf("%s: valid, but line %d is blamed: %s", name, l, hint)
		}
	}
}
