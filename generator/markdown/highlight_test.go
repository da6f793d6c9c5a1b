package markdown

import (
	"bytes"
	"os"
	"testing"

	"github.com/vozia/site/generator/markdown/internal/stylexml"
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

// TestCodeStyle keeps codestyle.xml, the style the build highlights with,
// the same as chroma's HighlightStyle.
func TestCodeStyle(t *testing.T) {
	want, err := stylexml.Of(HighlightStyle)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(codeStyleXML, want) {
		t.Fatalf("generator/markdown/%s is stale: run make types", CodeStyleFile)
	}
}
