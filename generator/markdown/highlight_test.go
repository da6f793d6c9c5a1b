package markdown

import (
	"bytes"
	"os"
	"testing"
)

const highlightCSSFile = "../../frontend/src/components/article-code.css"

// TestHighlightCSS keeps the stylesheet of the highlighted code blocks in
// step with the chroma style the build highlights with.
func TestHighlightCSS(t *testing.T) {
	want := HighlightCSS()
	got, err := os.ReadFile(highlightCSSFile)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run make types", highlightCSSFile)
	}
}
