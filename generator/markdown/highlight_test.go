package markdown

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated files")

const highlightCSSFile = "../../frontend/src/components/article-code.css"

// TestHighlightCSS keeps the stylesheet of the highlighted code blocks in
// step with the chroma style the build highlights with.
func TestHighlightCSS(t *testing.T) {
	want := HighlightCSS()
	if *update {
		if err := os.WriteFile(highlightCSSFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(highlightCSSFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: go test ./generator/markdown -run TestHighlightCSS -update", highlightCSSFile)
	}
}
