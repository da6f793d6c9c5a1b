package decode

import (
	"fmt"
	"unicode/utf8"
)

// Text in content (YAML strings, front matter, Markdown) holds no control
// character but the tab and the line break, no invalid UTF-8, no Unicode
// noncharacter and no invisible bidirectional control: each would reach
// a page's <title>, its JSON and the feeds as it is, where it can hide or
// reorder what a reader sees, or break a parser downstream.

// badRune is what is wrong with r in text, or "" when r may stand there;
// breaks says whether line breaks and tabs may (prose, not keys).
func badRune(r rune, breaks bool) string {
	switch {
	case r == '\t' || r == '\n':
		if breaks {
			return ""
		}
		return fmt.Sprintf("control character %U", r)
	case r == utf8.RuneError:
		return "invalid UTF-8 (save the file as UTF-8)"
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return fmt.Sprintf("control character %U", r)
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return fmt.Sprintf("noncharacter %U", r)
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return fmt.Sprintf("invisible direction control %U", r)
	case r == 0xfeff, r == 0x2028, r == 0x2029:
		return fmt.Sprintf("invisible character %U", r)
	}
	return ""
}

// BadText is the byte offset of the first character of s that may not
// stand in text, and what it is; -1 when there is none.
func BadText(s string, breaks bool) (int, string) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || r != utf8.RuneError {
			if msg := badRune(r, breaks); msg != "" {
				return i, msg
			}
		}
		i += n
	}
	return -1, ""
}

// textHint says what to do about a character badText found.
const textHint = "remove it (tabs and line breaks are the only control characters text may hold)"
