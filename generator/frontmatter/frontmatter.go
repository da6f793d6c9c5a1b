// Package frontmatter splits a Markdown file (a .md page, an article) into
// its front matter, the YAML between a first line "---" and the next, and
// its text, with the line the text starts on, so that the problems of
// either are placed in the file as the editor wrote it. It says, too,
// where the text starts in a file whose front matter was never closed,
// the place to write the missing "---".
package frontmatter

import (
	"regexp"
	"strings"
)

// Split is src's front matter and text, and the line of src the text
// starts on; ok is false where src does not open and close one.
func Split(src []byte) (front, body []byte, bodyLine int, ok bool) {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	if !strings.HasPrefix(s, "---\n") {
		return nil, nil, 0, false
	}
	rest := s[len("---\n"):]
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		return nil, nil, 0, false
	}
	front = []byte(rest[:end+1])
	b := rest[end+len("\n---\n"):]
	bodyLine = 1 + strings.Count(s[:len(s)-len(b)], "\n")
	return front, []byte(b), bodyLine, true
}

// yamlLine is a line a front matter may hold: a key, a line indented
// under one, a list entry, a comment, or none. A Markdown heading
// ("# Cookie Policy", a page's usual first line) reads as a comment in
// YAML, but is taken for the text: a comment is rare in a front matter,
// and the "---" written after the heading hid it from the page.
var yamlLine = regexp.MustCompile(`^(|\s.*|[A-Za-z][\w-]*:( .*)?|- .*|#[^# ].*|#)$`)

// Unclosed is the line where the text starts in src whose front matter is
// opened but never closed (its first line that no front matter holds), or
// 0.
func Unclosed(src []byte) int {
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	if lines[0] != "---" {
		return 0
	}
	for i, line := range lines[1:] {
		if line == "---" {
			return 0
		}
		if !yamlLine.MatchString(line) {
			return i + 2
		}
	}
	return 0
}
