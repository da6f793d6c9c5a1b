package markdown

import (
	"bytes"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
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

// TestCodeContrast reads every colour of the code blocks' stylesheet
// against the backgrounds it is shown on: the block's, a marked line's
// ({hl_lines}), and a token's own where it sets one. Each is readable
// text, 4.5:1 at least (WCAG AA; code is set small), but whitespace's,
// which draws nothing.
func TestCodeContrast(t *testing.T) {
	rule := regexp.MustCompile(`^/\* (\w+) \*/ [^{]+\{([^}]*)\}`)
	prop := func(decls, name string) string {
		m := regexp.MustCompile(`(?:^|[;\s])` + name + `:\s*(#[0-9a-fA-F]{6})`).FindStringSubmatch(decls)
		if m == nil {
			return ""
		}
		return m[1]
	}
	type colours struct{ fg, bg string }
	rules := map[string]colours{}
	for _, line := range strings.Split(string(HighlightCSS()), "\n") {
		if m := rule.FindStringSubmatch(line); m != nil {
			rules[m[1]] = colours{prop(m[2], "color"), prop(m[2], "background-color")}
		}
	}
	block, marked := rules["PreWrapper"].bg, rules["LineHighlight"].bg
	if block == "" || marked == "" {
		t.Fatalf("the stylesheet sets no background for the block (%q) or a marked line (%q)", block, marked)
	}
	checked := 0
	for name, c := range rules {
		if c.fg == "" || name == "TextWhitespace" {
			continue
		}
		backgrounds := []string{block, marked}
		if c.bg != "" {
			backgrounds = []string{c.bg}
		}
		for _, bg := range backgrounds {
			checked++
			if r := contrast(c.fg, bg); r < 4.5 {
				t.Errorf("%s: %s on %s is %.2f:1, want 4.5:1", name, c.fg, bg, r)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d colours read from the stylesheet", checked)
	}
}

// contrast is WCAG's contrast ratio of two colours written #rrggbb.
func contrast(a, b string) float64 {
	luminance := func(hex string) float64 {
		var l float64
		for i, w := range []float64{0.2126, 0.7152, 0.0722} {
			v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
			c := float64(v) / 255
			if c <= 0.03928 {
				c /= 12.92
			} else {
				c = math.Pow((c+0.055)/1.055, 2.4)
			}
			l += w * c
		}
		return l
	}
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
