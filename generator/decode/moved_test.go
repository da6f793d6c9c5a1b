package decode

import (
	"fmt"
	"strings"
	"testing"
)

type movedCard struct {
	Title string `yaml:"title"`
	Text  string `yaml:"text,omitempty"`
}

type movedSection struct {
	Kind  string      `yaml:"kind"`
	ID    string      `yaml:"id,omitempty"`
	Cards []movedCard `yaml:"cards,omitempty"`
}

type movedPage struct {
	Title    string         `yaml:"title"`
	Sections []movedSection `yaml:"sections"`
}

// TestKeyMovedToTheLeftEdge: the last key of a block written at the left
// edge, which YAML reads as a key of the file, is named with the block
// it ends, the innermost that has such a field, optional as well as
// required; a key no such block has is only unknown.
func TestKeyMovedToTheLeftEdge(t *testing.T) {
	const page = "title: Home\nsections:\n  - kind: cards\n    cards:\n      - title: One\n        text: First.\n      - title: Two\n"
	tests := []struct {
		name, add string
		want      string
	}{
		{"a card's optional key", "text: Second.\n", "it is a field of cards[1] (its keys start at line 7), which does not have it; start it in column 9, as that mapping's other keys"},
		{"a section's optional key, after its cards", "id: offers\n", "it is a field of sections[0] (its keys start at line 3), which does not have it; start it in column 5, as that mapping's other keys"},
		{"a key of no block", "colour: blue\n", `unknown field "colour" in `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := page + tt.add
			var v movedPage
			errs, _ := YAML("f.yaml", []byte(src), &v, nil)
			if len(errs) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(errs), errs)
			}
			p := errs[0]
			if at, want := fmt.Sprintf("%d:%d", p.Line, p.Col), fmt.Sprintf("%d:1", strings.Count(page, "\n")+1); at != want || !strings.Contains(p.Message, tt.want) {
				t.Errorf("%s: %s\nwant at %s: ...%s...", at, p.Message, want, tt.want)
			}
			if tt.add == "colour: blue\n" && strings.Contains(p.Message, "field of") {
				t.Errorf("a key no block has is named with one: %s", p.Message)
			}
		})
	}
}
