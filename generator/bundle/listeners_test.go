package bundle

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAppListensBeforeReact: a listener of the app's on the document, its
// root element or body, or the window (all above React's root), for an
// event React takes as a visitor's discrete input (a key, a press, focus),
// listens in the capture phase. Until the visitor's first click, React
// stops such an event at its root when it happens inside a part still in
// the server's HTML (frontend/src/lib/hydration), and a listener in the
// bubble phase never hears it: Enter on a sample call's line, before any
// click, played nothing. A listener that must run after the page's own
// handlers says why on the line above, starting "// bubble:", and its
// event must be a click, which React lets through (a click releases the
// parts and hydrates the one pressed).
func TestAppListensBeforeReact(t *testing.T) {
	discrete := regexp.MustCompile(`\b(document(?:\.body|\.documentElement)?|window|globalThis|self)\.addEventListener\(\s*"(keydown|keyup|keypress|click|auxclick|dblclick|contextmenu|pointerdown|pointerup|mousedown|mouseup|touchstart|touchend|focusin|focusout|input|change|beforeinput|submit|copy|cut|paste|dragstart|drop)"`)
	// The third argument true: useCapture.
	capturing := regexp.MustCompile(`,\s*true\s*,?\s*\)$`)
	checked := 0
	err := filepath.WalkDir("../../frontend/src", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx")) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		src := string(data)
		for _, m := range discrete.FindAllStringSubmatchIndex(src, -1) {
			checked++
			call := src[m[0]:callEnd(src, m[1])]
			if strings.Contains(call, "capture: true") || capturing.MatchString(call) {
				continue
			}
			line := strings.Count(src[:m[0]], "\n") + 1
			if above := commentAbove(src, m[0]); strings.HasPrefix(above, "// bubble:") && src[m[4]:m[5]] == "click" {
				continue
			}
			t.Errorf("%s:%d: %s listens to %q in the bubble phase, where React stops it inside a part still in server HTML: listen in the capture phase", path, line, src[m[2]:m[3]], src[m[4]:m[5]])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no listener of the document or the window found in frontend/src: the pattern no longer matches the app's code")
	}
}

// callEnd is the index just past the parenthesis that closes the call
// whose arguments begin at from.
func callEnd(src string, from int) int {
	depth := 1
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(src)
}

// commentAbove is the first line of the run of comment lines just above
// the line that holds at.
func commentAbove(src string, at int) string {
	lines := strings.Split(src[:at], "\n")
	first := ""
	for i := len(lines) - 2; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "//") {
			break
		}
		first = l
	}
	return first
}
