package frontmatter

import "testing"

// TestUnclosed: where a front matter left open says its text starts, the
// "---" written there closes it with every field inside and the whole
// text outside, a Markdown heading included.
func TestUnclosed(t *testing.T) {
	tests := []struct {
		name, src string
		want      int
	}{
		{"a paragraph", "---\ntitle: A\ntags: [x]\n\nIt depends.\n", 5},
		{"a heading", "---\ntitle: A\ncover:\n  src: /a.png\n\n# Cookie Policy\n\nText.\n", 6},
		{"a smaller heading", "---\ntitle: A\n## Why\n", 3},
		{"closed", "---\ntitle: A\n---\n# Cookie Policy\n", 0},
		{"none", "# Cookie Policy\n", 0},
	}
	for _, tt := range tests {
		if got := Unclosed([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: text at line %d, want %d", tt.name, got, tt.want)
		}
	}
}
