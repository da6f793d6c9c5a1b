package decode

// The syntax errors of YAML, placed where the editor made them.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/vozia/site/generator/content"
)

// syntaxError locates a YAML syntax error. yaml.v3 names a line (often
// the one where the enclosing block starts rather than the one at
// fault), or none; the column, and the line when there is none, are found
// in the text for the errors editors make.
func syntaxError(file string, data []byte, err error) content.Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	lines := strings.Split(string(data), "\n")
	text := func(l int) string {
		if l >= 1 && l <= len(lines) {
			return lines[l-1]
		}
		return ""
	}
	col := 0
	switch {
	case errors.Is(err, io.EOF):
		msg = "empty document"
	case strings.Contains(msg, "control characters are not allowed"), strings.Contains(msg, "invalid leading UTF-8 octet"), strings.Contains(msg, "incomplete UTF-8 octet sequence"), strings.Contains(msg, "invalid trailing UTF-8 octet"):
		if at := BadByte(data); at >= 0 {
			line, col = OffsetLineCol(data, at)
			msg = BadByteMessage(data, at)
		}
	case strings.Contains(msg, "found unknown escape character"):
		if loc := badEscapeRE.FindIndex(data); loc != nil {
			line, col = OffsetLineCol(data, loc[0]+1)
			msg = fmt.Sprintf("unknown escape %q in a double-quoted string: write \\\\ for a backslash, or use single quotes", data[loc[0]+1:loc[1]])
		}
	case strings.HasPrefix(msg, "unknown anchor"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		if i := bytes.Index(data, []byte("*"+name)); i >= 0 {
			line, col = OffsetLineCol(data, i)
		}
		msg += ": define it with &" + name + " before"
	case strings.Contains(msg, "mapping values are not allowed"):
		if line == 0 { // yaml.v3 names no line for a fault on the first
			line = 1
		}
		// Text with ": " in it, read as a second key: the text to quote
		// starts after the line's first key.
		// A line with a single key is instead indented past the key above
		// it, so YAML reads it as more of that key's text.
		if first, last := keyColons(text(line)); last > first {
			col = first + 2 + len(text(line)[first+1:]) - len(strings.TrimLeft(text(line)[first+1:], " "))
			msg = `mapping value is not allowed in this context (quote text that contains ": ")`
		} else if l, c := outOfBlock(lines, line); l > 0 {
			line, col = l, c
			msg = fmt.Sprintf("mapping value is not allowed in this context: this line starts further left than the lines above and below it, so it ends their block and leaves the lines below it nowhere to go; start it in column %d, as they do", c)
			col = len(text(line)) - len(strings.TrimLeft(text(line), " ")) + 1
		} else {
			col = len(text(line)) - len(strings.TrimLeft(text(line), " ")) + 1
			msg = `mapping value is not allowed in this context: this line is indented further than the key above it, so it reads as that key's text; start it in the same column as that key (or quote text that contains ": ")`
		}
	case strings.HasPrefix(msg, "did not find expected"), strings.HasPrefix(msg, "could not find expected"):
		// yaml.v3 names the line where the block starts, or one far below
		// the mistake; the line at fault is the first that breaks a rule
		// of the lines around it (outOfLine, strayLine), else usually the
		// first below it indented to no level of the lines above.
		l, c, hint := outOfLine(lines)
		if sl, sc, shint := strayLine(lines); sl > 0 && (l == 0 || sl < l) {
			l, c, hint = sl, sc, shint
		}
		if l > 0 {
			line, col = l, c
			msg += ": " + hint
		} else if l := misindented(lines, line); l > 0 {
			line = l
		}
	case strings.HasPrefix(msg, "exceeded max depth"):
		msg += ": flatten the data"
	case strings.Contains(msg, "found character that cannot start any token"):
		if i := strings.IndexByte(text(line), '\t'); i >= 0 {
			col = i + 1
			msg += ": indent with spaces, not tabs"
		}
	}
	if line == 0 {
		line = 1
	}
	if col == 0 {
		col = len(text(line)) - len(strings.TrimLeft(text(line), " \t")) + 1
	}
	return content.Error{File: file, Line: line, Col: col, Message: "invalid YAML: " + msg}
}

var badEscapeRE = regexp.MustCompile(`\\[^0abt\tnvfre "/\\N_LPxuU\n]`)

// keyColons are the indexes of the first and last ":" of line that end
// a key (are followed by a space or end the line), outside quotes and
// comments; -1 when none.
func keyColons(line string) (first, last int) {
	first, last = -1, -1
	outsideQuotes(line, func(i int) {
		if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ') {
			if first < 0 {
				first = i
			}
			last = i
		}
	})
	return first, last
}

// outsideQuotes calls fn with the index of each byte of line that is
// outside quotes, up to a comment.
func outsideQuotes(line string, fn func(i int)) {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return
		default:
			fn(i)
		}
	}
}

// misindented is the first line from line on (1-based) that is indented
// less than the line before it and to none of the levels of the lines
// above it; 0 when there is none.
func misindented(lines []string, line int) int {
	levels := map[int]bool{}
	prev := -1
	for i := max(line-1, 0); i < len(lines); i++ {
		t := strings.TrimLeft(lines[i], " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		indent := len(lines[i]) - len(t)
		if prev >= 0 && indent < prev && !levels[indent] {
			return i + 1
		}
		levels[indent] = true
		// A list item's content is indented past its "- ".
		for rest := t; strings.HasPrefix(rest, "- "); {
			rest = strings.TrimLeft(rest[1:], " ")
			levels[len(lines[i])-len(rest)] = true
		}
		prev = indent
	}
	return 0
}

// outOfLine finds the list mistakes that yaml.v3 reports at the start of
// the block, or at the file's first line: a list entry ("- ") indented
// further than the entry above it; an entry in the column of the keys of
// the item above it; and a key of a list item written in the column of
// the item's dash instead of its first key's. It returns the line, the
// column and what to do, or 0.
func outOfLine(lines []string) (line, col int, hint string) {
	type seen struct {
		n, indent int
		text      string
		item      bool
	}
	lastAt := map[int]*seen{}
	var prev *seen
	// lastAt is, per indent, the last line (or item's first key) seen at
	// that indent in the blocks still open. runBefore is, per indent, the
	// line before the run of "- " items at that indent (nil at the file's
	// start): a key in the dash's column belongs there only if that line
	// is a key opening the list.
	runBefore := map[int]*seen{}
	inRun := map[int]bool{}
	for i, raw := range lines {
		t := strings.TrimLeft(raw, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		item := strings.HasPrefix(t, "- ") || t == "-"
		cur := &seen{n: i + 1, indent: len(raw) - len(t), text: t, item: item}
		if prev != nil && item && cur.indent > prev.indent && !strings.HasSuffix(strings.TrimRight(prev.text, " "), ":") {
			return cur.n, cur.indent + 1, fmt.Sprintf("this entry is indented further than the entry above it (line %d), so it does not start a new entry of that list; start it in the column of that entry (column %d)", prev.n, prev.indent+1)
		}
		if la := lastAt[cur.indent]; item && la != nil && !la.item && prev.indent > cur.indent {
			// An entry in the column of the keys of the item above: a
			// list's entries line up with its other entries.
			for d := cur.indent - 1; d >= 0; d-- {
				if up := lastAt[d]; up != nil && up.item {
					return cur.n, cur.indent + 1, fmt.Sprintf("this entry is in the column of the keys of the item above it, not of the list's entries; start it in the column of the entry at line %d (column %d)", up.n, d+1)
				}
			}
		}
		if item {
			if !inRun[cur.indent] {
				runBefore[cur.indent] = prev
				inRun[cur.indent] = true
			}
		} else if inRun[cur.indent] {
			if before := runBefore[cur.indent]; before == nil || before.indent != cur.indent || !strings.HasSuffix(strings.TrimRight(before.text, " "), ":") {
				first, _ := keyColons(t)
				if first > 0 {
					return cur.n, cur.indent + 1, fmt.Sprintf("this key is in the column of the dash of its list item, outside the item; start it in the column of the item's first key (column %d)", cur.indent+3)
				}
			}
		}
		// Lines further left end the runs and blocks deeper than them.
		for d := range inRun {
			if d > cur.indent || (d == cur.indent && !item) {
				delete(inRun, d)
			}
		}
		for d := range lastAt {
			if d > cur.indent {
				delete(lastAt, d)
			}
		}
		lastAt[cur.indent] = cur
		// A list item's first key starts a block past its dash.
		for rest, d := t, cur.indent; strings.HasPrefix(rest, "- "); {
			trimmed := strings.TrimLeft(rest[1:], " ")
			d += len(rest) - len(trimmed)
			rest = trimmed
			lastAt[d] = &seen{n: cur.n, indent: d, text: rest}
		}
		prev = cur
	}
	return 0, 0, ""
}

// outOfBlock is the line above line (1-based), and the column its
// neighbours start in, when that line alone starts further left than the
// lines on both sides of it: a key moved out of its block, after which
// the block's next line, indented as before, has no key to belong to.
// 0 when the lines are otherwise.
func outOfBlock(lines []string, line int) (int, int) {
	// A line's indent counts an entry's dash as indent: "- a: 1" holds
	// a key in column 3, as the lines below it.
	indent := func(l int) (int, bool) {
		t := strings.TrimLeft(lines[l], " ")
		for strings.HasPrefix(t, "- ") {
			t = strings.TrimLeft(t[1:], " ")
		}
		return len(lines[l]) - len(t), t != "" && t[0] != '#'
	}
	if line < 1 || line > len(lines) {
		return 0, 0
	}
	var near []int // the significant lines above line, nearest first
	for l := line - 2; l >= 0 && len(near) < 2; l-- {
		if _, ok := indent(l); ok {
			near = append(near, l)
		}
	}
	if len(near) < 2 {
		return 0, 0
	}
	if first, _ := keyColons(lines[line-1]); first < 0 {
		return 0, 0 // not a key: more of a text
	}
	at, _ := indent(line - 1)
	stray, _ := indent(near[0])
	before, _ := indent(near[1])
	if stray < at && before == at && !strings.HasSuffix(strings.TrimRight(lines[near[0]], " "), ":") {
		return near[0] + 1, at + 1
	}
	return 0, 0
}

// strayLine finds the first line that breaks a rule of the lines around
// it where yaml.v3 names another line, or a cryptic fault: a key indented
// further than the key above it when that key has its value already (a
// quoted text, a list in brackets); a line indented less than the line
// above it to no column of the blocks still open; a line in the column of
// its mapping's keys with no ":" after its key; a quote not closed on its
// line whose text, read on, ends in the middle of a later line. It
// returns the line, the column and what to do, or 0. Block texts ("|",
// ">") and lists or mappings in brackets over several lines are skipped;
// a quoted text over several lines that ends at the end of a line is
// read as the valid YAML it is.
func strayLine(lines []string) (line, col int, hint string) {
	type key struct {
		n int
		// col is where the line's key, or its entry's text, starts
		// (0-based); indent where the line starts.
		col, indent int
		// open: the key has no value on its line (a block follows);
		// done: its value is quoted or in brackets, and complete.
		open, done bool
	}
	var prev *key
	var open []int // the columns of the blocks still open, innermost last
	textAt := -1   // inside a block text of a key at this column
	depth := 0     // brackets still open, over lines
	for i := 0; i < len(lines); i++ {
		raw := lines[i]
		t := strings.TrimLeft(raw, " ")
		indent := len(raw) - len(t)
		if t == "" || t[0] == '#' || strings.HasPrefix(t, "---") || strings.HasPrefix(t, "\t") {
			continue
		}
		if textAt >= 0 {
			if indent > textAt {
				continue
			}
			textAt = -1
		}
		if depth > 0 {
			depth += brackets(t)
			continue
		}
		rest, c := t, indent
		item := false
		for strings.HasPrefix(rest, "- ") || rest == "-" {
			item = true
			r := strings.TrimLeft(rest[1:], " ")
			c += len(rest) - len(r)
			rest = r
		}
		for len(open) > 0 && open[len(open)-1] > indent {
			open = open[:len(open)-1]
		}
		if prev != nil && indent < prev.indent && (len(open) == 0 || open[len(open)-1] != indent) {
			return i + 1, indent + 1, fmt.Sprintf("this line is indented less than the key above it (line %d, column %d), to no column of the lines above it; start it in column %d to keep it in that block, or in the column of a key further up", prev.n, prev.col+1, prev.col+1)
		}
		first, _ := keyColons(rest)
		value := rest
		if first >= 0 {
			value = strings.TrimLeft(rest[first+1:], " ")
		}
		if prev != nil && !item && first >= 0 && indent > prev.col && !prev.open && prev.done {
			return i + 1, indent + 1, fmt.Sprintf("this line is indented further than the key above it (line %d), which has its value already; start it in column %d, as that key", prev.n, prev.col+1)
		}
		if prev != nil && !item && first < 0 {
			if indent > prev.col {
				continue // more of the text above, plain over lines
			}
			if !strings.ContainsAny(rest[:1], `"'[{&*!|>`) {
				return i + 1, indent + 1, `no ":" after the key: write the key, a colon and a space, then its value (key: value)`
			}
		}
		cur := &key{n: i + 1, col: c, indent: indent, open: first >= 0 && (value == "" || value[0] == '#')}
		if item && first < 0 {
			cur.col = indent // an entry's plain text goes on past its dash
		}
		switch {
		case value == "":
		case value[0] == '"' || value[0] == '\'':
			if end := closeQuote(value); end >= 0 {
				cur.done = true
				break
			}
			// Read on, as YAML does, to the line that closes it.
			j := i + 1
			for ; j < len(lines); j++ {
				if end := closeQuote(string(value[0]) + strings.TrimLeft(lines[j], " ")); end >= 0 {
					break
				}
			}
			if j == len(lines) || !endsLine(strings.TrimLeft(lines[j], " "), value[0]) {
				return i + 1, len(raw) - len(value) + 1, fmt.Sprintf("the quote opened here is not closed on this line: end the text with %c, or write it without quotes", value[0])
			}
			i, cur.done = j, true
		case value[0] == '[' || value[0] == '{':
			depth = brackets(value)
			cur.done = depth == 0
		case value[0] == '|' || value[0] == '>':
			textAt = indent
			if item {
				textAt = c - 1
			}
		}
		open = append(open, indent)
		if c != indent {
			open = append(open, c)
		}
		prev = cur
	}
	return 0, 0, ""
}

// closeQuote is the index in s, which starts with a quote, of the quote
// that closes it, or -1: in double quotes a backslash escapes the next
// character; in single quotes two quotes stand for one.
func closeQuote(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			i++
		case s[i] == q && q == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == q:
			return i
		}
	}
	return -1
}

// endsLine is whether the quote that closes a quoted text on line t (read
// from its start) ends the line, but for a comment.
func endsLine(t string, q byte) bool {
	end := closeQuote(string(q) + t)
	after := strings.TrimLeft(t[end:], " ")
	return after == "" || after[0] == '#'
}

// brackets is how many more brackets t opens than it closes, outside
// quotes.
func brackets(t string) int {
	n := 0
	outsideQuotes(t, func(i int) {
		switch t[i] {
		case '[', '{':
			n++
		case ']', '}':
			n--
		}
	})
	return n
}
