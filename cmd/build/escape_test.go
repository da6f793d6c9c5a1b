package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// hostileNames are content file names a pull request can commit, each
// made to be read as something else where the build's problems are
// printed: a GitHub Actions workflow command on a line of its own, an
// ANSI escape that recolours or rewrites the terminal, a bidirectional
// override that shows "a.png" for a.svg, and the runner's older ##[ form.
var hostileNames = []string{
	"n\n::error title=x::y.svg",
	"\x1b[31m.svg",
	"a\u202egnp.svg",
	"::warning file=a::b.svg",
	"##[error]c.svg",
	"d\u2066e\u200ff.svg",
	"bell\a\r.svg",
}

// TestOutsideTextIsPrintedEscaped builds a site holding files with hostile
// names with the real command, and reads what it prints where CI logs and
// terminals read it: no line is a workflow command, no escape or
// bidirectional mark reaches the output raw, and each name is still told,
// escaped.
func TestOutsideTextIsPrintedEscaped(t *testing.T) {
	content := copyContent(t)
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>` + "\n")
	for _, name := range hostileNames {
		if err := os.WriteFile(filepath.Join(content, "images", name), svg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"-out", filepath.Join(t.TempDir(), "site"), "-content", content, "-frontend", "../../frontend"}, &stdout, &stderr)
	if err != nil {
		stderr.WriteString(err.Error() + "\n") // as main prints it
	}
	out := stderr.String() + stdout.String()
	for i, line := range strings.Split(out, "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(trimmed, "::") || strings.Contains(line, "##[") {
			t.Errorf("line %d is a workflow command: %q", i+1, line)
		}
		for _, r := range line {
			if r != '\t' && (unicode.IsControl(r) || bidi(r)) {
				t.Errorf("line %d holds %U raw: %q", i+1, r, line)
				break
			}
		}
	}
	for _, want := range []string{`n\n::error title=x::y.svg`, `\x1b[31m.svg`, `a\u202egnp.svg`, `d\u2066e\u200ff.svg`} {
		if !strings.Contains(out, want) {
			t.Errorf("the output does not name %s, escaped:\n%s", want, out)
		}
	}
	if t.Failed() {
		t.Logf("stderr and stdout:\n%s", out)
	}
}

func bidi(r rune) bool {
	return '\u202a' <= r && r <= '\u202e' || '\u2066' <= r && r <= '\u2069' || r == '\u200e' || r == '\u200f' || r == '\u061c'
}
