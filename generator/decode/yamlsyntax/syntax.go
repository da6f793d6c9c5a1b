package yamlsyntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
)

// Error locates a YAML syntax error. yaml.v3 names a line (often
// the one where the enclosing block starts rather than the one at
// fault), or none; the column, and the line when there is none, are found
// in the text for the errors editors make.
func Error(file string, data []byte, err error) content.Error {
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
	case BadCharacter(err):
		// The caller names the character (decode.BadByte), which only it
		// knows content may not hold; yaml.v3 names no column.
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
	case strings.HasPrefix(msg, "exceeded max depth"):
		msg += ": flatten the data"
	default:
		// yaml.v3 names the line where the block starts, or one far below
		// the mistake: the line at fault is the first that breaks the
		// structure of the lines above it (strayLine, and outOfLine for a
		// list's entries), else the one yaml.v3 names.
		l, c, hint := strayLine(lines)
		if strings.HasPrefix(msg, "did not find expected") || strings.HasPrefix(msg, "could not find expected") {
			// On the same line, strayLine's reading of the line itself (a
			// dash or colon without its space, a tab, a quote) goes first.
			sure := slices.ContainsFunc([]string{`a list entry's "-"`, `a key's ":"`, "indent with spaces", "the quote opened"}, func(p string) bool { return strings.HasPrefix(hint, p) })
			if ol, oc, ohint := outOfLine(lines); ol > 0 && (l == 0 || ol < l || ol == l && !sure) {
				l, c, hint = ol, oc, ohint
			}
		}
		// A list whose first entry lost its dash: the lines named above
		// lie inside the key's block (or are its key).
		if dl, dc, dhint, opener := dashlessEntry(lines); dl > 0 && (l == 0 || l >= opener) {
			l, c, hint = dl, dc, dhint
		}
		switch {
		// Where the line is read, its reading is the message: yaml.v3's
		// words for what its parser met ("did not find expected key",
		// "mapping values are not allowed in this context") say nothing an
		// editor can act on, and led every message they stood in.
		case l > 0:
			line, col = l, c
			msg = hint
		case strings.Contains(msg, "mapping values are not allowed"):
			if line == 0 { // yaml.v3 names no line for a fault on the first
				line = 1
			}
			// Text with ": " in it, read as a second key: the text to
			// quote starts after the line's first key.
			if first, last := keyColons(text(line)); last > first {
				col = first + 2 + len(text(line)[first+1:]) - len(strings.TrimLeft(text(line)[first+1:], " "))
				msg = `this text holds ": ", which reads as a second key: put the text in quotes`
				// Keys in a text ending with "}" or ")": a mapping whose
				// "{" is left out, or written in parentheses.
				switch v := strings.TrimSpace(text(line)[first+1:]); {
				case strings.HasPrefix(v, "(") && strings.HasSuffix(v, ")"):
					msg = `a list of keys in one line is written in "{…}", not "(…)"`
				case strings.HasSuffix(v, "}") && !strings.Contains(v, "{"):
					msg = `this text ends with "}" and holds keys: write "{" before its first key`
				}
			} else {
				col = len(text(line)) - len(strings.TrimLeft(text(line), " ")) + 1
				msg = `this line is indented further than the key above it, so it reads as that key's text; start it in the same column as that key (or quote text that contains ": ")`
			}
		case strings.HasPrefix(msg, "did not find expected"), strings.HasPrefix(msg, "could not find expected"):
			if l := misindented(lines, line); l > 0 {
				line = l
			}
		case strings.Contains(msg, "found character that cannot start any token"):
			if i := strings.IndexByte(text(line), '\t'); i >= 0 {
				col = i + 1
				msg += ": indent with spaces, not tabs" + tabFix(lines, line-1)
			}
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

// BadCharacter reports whether err is yaml.v3's refusal of a character
// (a control character, or bytes that are not UTF-8).
func BadCharacter(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "control characters are not allowed") || strings.Contains(msg, "invalid leading UTF-8 octet") ||
		strings.Contains(msg, "incomplete UTF-8 octet sequence") || strings.Contains(msg, "invalid trailing UTF-8 octet")
}

// OffsetLineCol is where byte offset i of data is, 1-based, the column
// counted in bytes, as every position of the build counts it (the
// terminal shows characters: problem.List.WithSources).
func OffsetLineCol(data []byte, i int) (int, int) {
	before := data[:i]
	return 1 + bytes.Count(before, []byte("\n")), i - bytes.LastIndexByte(before, '\n')
}

// InWord reports whether byte i of s stands between two letters, as the
// apostrophe of "we'll" or "l'équipe" does: it neither opens nor closes a
// quotation.
func InWord(s string, i int) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i+1:])
	return unicode.IsLetter(before) && unicode.IsLetter(after)
}

// yamlLineRE reads yaml.v3's syntax errors back, the only way to learn
// their line: yaml.v3 returns them as plain errors (no typed error, no
// position), "yaml: line N: message", or "yaml: message" for a fault on
// the first line or none. Error then matches the message to place the
// editors' usual mistakes. If yaml.v3 words them otherwise, problems
// lose their line and hint: TestYAMLSyntaxErrorText pins every form read
// here.
var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

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
// outside quotes, up to and including the "#" of a comment, and returns
// the index of the quote the line leaves open, or -1. A quote opens a
// quoted text only where a text starts (after a space, "[", "{" or ","):
// the one of "We'll" is an apostrophe. In double quotes a backslash
// escapes the next byte.
func outsideQuotes(line string, fn func(i int)) (open int) {
	open = -1
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote, open = 0, -1
			}
		case (c == '"' || c == '\'') && (i == 0 || strings.IndexByte(" [{,", line[i-1]) >= 0):
			quote, open = c, i
		case c == '#' && (i == 0 || line[i-1] == ' '):
			fn(i) // the comment's start, the last byte fn is given
			return -1
		default:
			fn(i)
		}
	}
	return open
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
			// A dash in the column of the entry's keys: most often typed
			// before one of them, so both readings are offered, that one
			// first.
			rest := strings.TrimLeft(t[1:], " ")
			if key, _ := keyColons(rest); prev.item && cur.indent == prev.indent+2 && !strings.HasPrefix(rest, "{") && key > 0 {
				return cur.n, cur.indent + 1, fmt.Sprintf(`this "- " is in the column of the keys of the entry above it (line %d), where no list opens: if %q is a key of that entry, remove the "- "; if it starts a new entry, start it in column %d, as that entry`, prev.n, rest[:key], prev.indent+1)
			}
			return cur.n, cur.indent + 1, fmt.Sprintf("this entry is indented further than the entry above it (line %d), so it does not start a new entry of that list; start it in the column of that entry (column %d)", prev.n, prev.indent+1)
		}
		if la := lastAt[cur.indent]; item && la != nil && !la.item && (prev.indent > cur.indent || prev.indent == cur.indent && !strings.HasSuffix(strings.TrimRight(prev.text, " "), ":")) {
			// An entry in the column of the keys of the item above: a
			// list's entries line up with its other entries. (Right
			// after a key in its column, only where that key has its
			// value: "key:" may open a list in its own column.)
			for d := cur.indent - 1; d >= 0; d-- {
				if up := lastAt[d]; up != nil && up.item {
					return cur.n, cur.indent + 1, fmt.Sprintf("this entry is in the column of the keys of the item above it, not of the list's entries; start it, with the lines of its block, in the column of the entry at line %d (column %d)", up.n, d+1)
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
				if t[0] == '{' || t[0] == '[' {
					return cur.n, cur.indent + 1, `this entry, in brackets, is in the column of the list's dashes, without one: write "- " before it`
				}
				first, _ := keyColons(t)
				if first > 0 {
					// The entries' own first key, without its dash: a new
					// entry, most likely.
					if la := lastAt[cur.indent]; la != nil && la.item {
						entry := strings.TrimLeft(strings.TrimPrefix(la.text, "-"), " ")
						if k, _ := keyColons(entry); k > 0 && entry[:k] == t[:first] {
							return cur.n, cur.indent + 1, fmt.Sprintf(`this key is in the column of the list's dashes, without one: if it begins a new entry, as %q does at line %d, write "- " before it; else start it in column %d, as the keys of the entry above`, t[:first], la.n, cur.indent+3)
						}
					}
					if before != nil && before.indent < cur.indent {
						// Or a key of the mapping the list is in, moved right.
						return cur.n, cur.indent + 1, fmt.Sprintf("this key is in the column of the dash of its list item, outside the item; start it in the column of the item's first key (column %d), or, if it is a key of the mapping the list is in, in column %d, as %q at line %d", cur.indent+3, before.indent+1, strings.TrimSuffix(strings.TrimSpace(before.text), ":"), before.n)
					}
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

// dashlessEntry finds a list whose first entry was written without its
// dash, the entries below it with theirs: under one key (or at the file's
// top), lines of keys, then a "- " that begins with the same key in their
// column (the entry's keys where they were) or two to the left of it (the
// keys kept where the dash would have put them).
// YAML reads the first entry as the key's mapping and stops at the first
// dash, naming a line below or the key; the line at fault is the entry's
// first. It returns that line, the column of its key and what to do, and
// the line of the key that opens the list, or 0.
func dashlessEntry(lines []string) (line, col int, hint string, opener int) {
	type seen struct {
		n, indent int
		text      string
		after     int // the line of the one above it, comments aside
	}
	// The lines that open the blocks above, outermost first: the file's
	// start opens its top-level list (line 0).
	stack := []seen{{indent: -1, text: ":"}}
	first := map[int]seen{}
	items := map[int]bool{} // a "- " seen at that indent in the open blocks
	prev := seen{indent: -1}
	for i, raw := range lines {
		t := strings.TrimLeft(raw, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		cur := seen{n: i + 1, indent: len(raw) - len(t), text: t, after: prev.n}
		for len(stack) > 0 && stack[len(stack)-1].indent >= cur.indent {
			stack = stack[:len(stack)-1]
		}
		// A "- " right below a key with no value, in its column, is that
		// key's list (YAML allows it).
		indentless := prev.indent == cur.indent && strings.HasSuffix(strings.TrimRight(prev.text, " "), ":")
		if strings.HasPrefix(t, "- ") && len(stack) > 0 && !items[cur.indent] && !indentless {
			up := stack[len(stack)-1]
			for d, f := range first {
				// The entry begins with the key the entries below begin with.
				k, _ := keyColons(f.text)
				entry := strings.TrimLeft(t[1:], " ")
				if k <= 0 || !strings.HasPrefix(entry, f.text[:k+1]) || f.after != up.n || !strings.HasSuffix(strings.TrimRight(up.text, " "), ":") {
					continue
				}
				_, keysInDashColumn := first[cur.indent]
				switch {
				case d == cur.indent && (keysPastDash(lines, f.n, f.indent+2) || f.text[0] == '{'):
					return f.n, f.indent + 1, fmt.Sprintf(`this list's first entry has no dash, the entries below it have (line %d): write "- " before %q`, cur.n, f.text[:k+1]), up.n
				case d == cur.indent:
					return f.n, f.indent + 1, fmt.Sprintf(`this list's first entry has no dash, the entries below it have (line %d): write "- " before %q, and start the entry's other keys in column %d, under it`, cur.n, f.text[:k+1], f.indent+3), up.n
				case d == cur.indent+2 && !keysInDashColumn:
					return f.n, f.indent + 1, fmt.Sprintf(`this list's first entry has no dash, the entries below it have (line %d): write "- " in column %d, before %q, as they do`, cur.n, cur.indent+1, f.text[:k+1]), up.n
				}
			}
		}
		for d := range first {
			if d > cur.indent {
				delete(first, d)
			}
		}
		for d := range items {
			if d > cur.indent || d == cur.indent && !strings.HasPrefix(t, "- ") {
				delete(items, d)
			}
		}
		if _, ok := first[cur.indent]; !ok {
			first[cur.indent] = cur
		}
		items[cur.indent] = items[cur.indent] || strings.HasPrefix(t, "- ")
		prev = cur
		if k, last := keyColons(t); k > 0 && last == len(strings.TrimRight(t, " "))-1 {
			stack = append(stack, cur)
		}
	}
	return 0, 0, "", 0
}

// keysPastDash reports whether the line below line n (1-based), comments
// aside, starts in column col+1: an entry's other keys, where its dash
// puts them.
func keysPastDash(lines []string, n, col int) bool {
	for _, raw := range lines[n:] {
		t := strings.TrimLeft(raw, " ")
		if t == "" || t[0] == '#' {
			continue
		}
		return len(raw)-len(t) == col && !strings.HasPrefix(t, "- ")
	}
	return false
}

// strayLine finds the first line that breaks the block structure of the
// lines above it, where yaml.v3 names another line (the block's first, or
// one far below) or says something cryptic. It returns the line, the
// column and what to do, or 0. The rules, each a mistake editors make:
//   - the file's first line indented, a line below it further left
//     (FirstLineIndented);
//   - a tab in a line's indent; a dash, or a key's colon, without the
//     space after it;
//   - a quote not closed on its line whose text, read on as YAML reads
//     it, ends in the middle of a later line, never ends, or swallows
//     lines that read as keys (quoteRunsOn); one left open inside
//     brackets; a list or mapping in brackets not closed on its line, a
//     closing bracket typed twice, of the other kind, or one that closes
//     it early, a "#" or a second ": " inside it (bracketsOnLine);
//   - a text that starts with a quoted phrase, or in single quotes that
//     an apostrophe closes; a text that starts with Markdown's "**";
//   - a line of text where a key belongs, with no ":" after its key; or
//     a list entry's first key without its ":", the entry's other keys
//     below it; a line in a list's column of dashes without one;
//   - a line in no column of the blocks open above it: indented less
//     than the key above it (the columns it lies between are named), or
//     further than a key that has its value already (a quoted text, a
//     list in brackets). Where the column was open before an earlier
//     line that starts further left, that line is the one moved out of
//     its block, and is named instead; where the line above is the first
//     of its block and the lines below go on in this line's column, the
//     first line is.
//
// Block texts ("|", ">") and lists or mappings in brackets over several
// lines are skipped; a plain text over several lines is read as the valid
// YAML it is. TestNoStrayLineInValidYAML checks that no rule blames a line
// of valid YAML.
func strayLine(lines []string) (line, col int, hint string) {
	if l, c, msg := FirstLineIndented(lines); msg != "" {
		return l, c, msg
	}
	type entry struct {
		n, indent int
		// col is where the line's key, or its entry's text, starts
		// (0-based).
		col int
		// open: the key has no value on its line (a block follows);
		// done: its value is quoted or in brackets, and complete;
		// plain: its value is plain text, which may go on below.
		open, done, plain bool
		// openBefore are the columns open before the line; notChild:
		// the line above opened a block, and this line is not in it.
		openBefore []int
		notChild   bool
		// firstChild: the line is the first of the block the line above
		// opened, at parentCol; item: it is a list entry.
		firstChild, item bool
		parentCol        int
	}
	var prev *entry
	var open []int // the columns of the blocks still open, innermost last
	// openDash: whether each column of open holds a list's dashes and no
	// key, where a key cannot go.
	var openDash []bool
	// openAt are the columns open before each line the scan read (nil
	// for the lines of a text or of brackets, which it skips).
	openAt := make([][]int, len(lines))
	textAt := -1 // inside a block text of a key at this column
	depth := 0   // brackets still open, over lines
	// next is the first significant line after line i, its text and
	// indent, or -1.
	next := func(i int) (int, string, int) {
		for j := i + 1; j < len(lines); j++ {
			if t := strings.TrimLeft(lines[j], " "); t != "" && t[0] != '#' {
				return j, t, len(lines[j]) - len(t)
			}
		}
		return -1, "", 0
	}
	for i := 0; i < len(lines); i++ {
		raw := lines[i]
		t := strings.TrimLeft(raw, " ")
		indent := len(raw) - len(t)
		if strings.TrimLeft(t, "\t") == "" || t[0] == '#' || strings.HasPrefix(t, "---") {
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
		if t[0] == '\t' {
			return i + 1, indent + 1, "indent with spaces, not tabs" + tabFix(lines, i)
		}
		rest, c := t, indent
		item := false
		for strings.HasPrefix(rest, "- ") || rest == "-" {
			item = true
			r := strings.TrimLeft(rest[1:], " ")
			c += len(rest) - len(r)
			rest = r
		}
		if strings.HasPrefix(rest, "\t") {
			return i + 1, c + 1, "indent with spaces, not tabs" + tabFix(lines, i)
		}
		if !item && len(rest) > 1 && rest[0] == '-' && rest[1] != ' ' && (rest[1] < '0' || rest[1] > '9') {
			return i + 1, indent + 1, fmt.Sprintf(`a list entry's "-" is followed by a space: write "- %s"`, rest[1:])
		}
		first, _ := keyColons(rest)
		if strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "[") {
			first = -1 // an entry written in brackets: its colons are inside
			// Below an entry in brackets, complete on its line, and right
			// of its dash: the next entry, without its dash.
			if !item && prev != nil && prev.item && prev.done && indent > prev.indent {
				return i + 1, indent + 1, fmt.Sprintf(`this entry, in brackets, has no dash: write "- " before it, in column %d as the entry above (line %d)`, prev.indent+1, prev.n)
			}
		}
		value := rest
		if first >= 0 {
			value = strings.TrimLeft(rest[first+1:], " ")
		}
		special := rest != "" && strings.ContainsAny(rest[:1], `"'[{&*!|>`)
		if !item && first < 0 && prev != nil && indent > prev.col && prev.plain {
			continue // more of the text above, plain over lines
		}
		// A line of text where a key belongs.
		if first < 0 && rest != "" && !special {
			if k := strings.IndexByte(rest, ':'); k > 0 && !strings.Contains(rest[:k], " ") {
				return i + 1, c + k + 2, fmt.Sprintf(`a key's ":" is followed by a space: write "%s: %s"`, rest[:k], strings.TrimLeft(rest[k+1:], " "))
			}
			// In a list's column of dashes: an entry without its dash.
			for j, o := range open {
				if o == indent && openDash[j] && !item {
					if prev != nil && prev.plain {
						// Or a text broken onto a line of its own.
						return i + 1, indent + 1, fmt.Sprintf(`this line is in the column of the list's dashes, without one: if it is a new entry, write "- " before it; if it goes on the text of line %d, join it to that line`, prev.n)
					}
					return i + 1, indent + 1, `this line is in the column of the list's dashes, without one: write "- " before it`
				}
			}
			_, nt, nIndent := next(i)
			nFirst, _ := keyColons(strings.TrimLeft(strings.TrimPrefix(nt, "- "), " "))
			if !item && (prev == nil || indent <= prev.col) || item && nIndent == c && nFirst >= 0 && !strings.HasPrefix(nt, "- ") {
				if _, ok := content.KindNamed(strings.TrimSpace(rest)); ok && item {
					// A section written by its kind alone, its fields below.
					return i + 1, c + 1, fmt.Sprintf(`a section starts with its kind: write "kind: %s"`, strings.TrimSpace(rest))
				}
				if !item && prev != nil && prev.plain && indent == prev.col {
					// Or a text broken onto a line of its own, in its key's
					// column, where YAML looks for the next key.
					return i + 1, c + 1, fmt.Sprintf(`no ":" after the key: write the key, a colon and a space, then its value (key: value); or, if this line goes on the text of line %d, join it to that line`, prev.n)
				}
				return i + 1, c + 1, `no ":" after the key: write the key, a colon and a space, then its value (key: value)`
			}
		}
		// The column the line starts in.
		openBefore, dashBefore := slices.Clone(open), slices.Clone(openDash)
		openAt[i] = openBefore
		for len(open) > 0 && open[len(open)-1] > indent {
			open, openDash = open[:len(open)-1], openDash[:len(openDash)-1]
		}
		inOpen := len(open) > 0 && open[len(open)-1] == indent
		child := prev != nil && prev.open && (indent > prev.col || indent == prev.col && item)
		if prev != nil && !inOpen && !child {
			// The first line of a block sets its column: one out of line
			// with all the lines after it is the one at fault.
			if nj, _, nIndent := next(i); prev.firstChild && item == prev.item && first >= 0 && indent != prev.indent && indent > prev.parentCol &&
				!slices.Contains(prev.openBefore, indent) && nj >= 0 && nIndent == indent {
				return prev.n, prev.indent + 1, fmt.Sprintf("this line, the first of its block, starts in column %d, and the lines below it in column %d: start it in column %d, as they do", prev.indent+1, indent+1, indent+1)
			}
			if indent > prev.col {
				if slices.Contains(prev.openBefore, indent) || prev.notChild {
					// In the column of the lines below, but for an entry
					// among keys, whose dash goes as far left of them as
					// its key is of its dash, and a key among entries,
					// which goes in the column of their keys.
					want, as := indent, "as they do"
					if prev.item && !item {
						want -= prev.col - prev.indent
					} else if !prev.item && item {
						want, as = c, "as the keys of the entries"
					}
					return prev.n, prev.indent + 1, fmt.Sprintf("this line starts further left than the lines above and below it, so it ends their block and leaves the line below it (line %d) nowhere to go; start it in column %d, %s", i+1, want+1, as)
				}
				if prev.done {
					return i + 1, indent + 1, fmt.Sprintf("this line is indented further than the key above it (line %d), which has its value already; start it in column %d, as that key", prev.n, prev.col+1)
				}
				if _, last := keyColons(rest); first >= 0 && last == first { // two: text with ": " (Error)
					return i + 1, indent + 1, fmt.Sprintf("this line is indented further than the key above it (line %d), so it reads as that key's text; start it in column %d, as that key (or quote text that contains \": \")", prev.n, prev.col+1)
				}
			} else {
				// The line that closed this column, if one did, is the one
				// out of place: moved left, out of its block.
				for k := i - 1; k >= 0; k-- {
					kt := strings.TrimLeft(lines[k], " ")
					if kt == "" || kt[0] == '#' {
						continue
					}
					if kIndent := len(lines[k]) - len(kt); kIndent < indent {
						if slices.Contains(openAt[k], indent) {
							// Its own lines below it say where it was: two
							// columns left of them.
							want := indent
							if _, _, childIndent := next(k); childIndent > kIndent {
								want = childIndent - 2
							}
							return k + 1, kIndent + 1, fmt.Sprintf("this line starts further left than the lines above it, so it ends their block and leaves the lines below it that go on in column %d (line %d) nowhere to go; start it in column %d", indent+1, i+1, want+1)
						}
						break
					}
				}
				// The columns it lies between, of the blocks open above it.
				lower, higher := -1, -1
				for j, o := range openBefore {
					if o < indent {
						lower = o
						if !item && dashBefore[j] {
							lower = -1 // a key goes in no list's column of dashes
						}
					} else if higher < 0 {
						higher = o
					}
				}
				// An entry left of the list's entries above it, right of
				// the list's key: the entries above moved right (the
				// list's first entry indented, say), or this one left.
				if k := slices.Index(openBefore, higher); item && k >= 0 && dashBefore[k] && lower >= 0 {
					firstEntry, above := 0, 0
					for k := i - 1; k >= 0; k-- {
						kt := strings.TrimLeft(lines[k], " ")
						if kt == "" || kt[0] == '#' {
							continue
						}
						kIndent := len(lines[k]) - len(kt)
						if kIndent < higher {
							break
						}
						if kIndent == higher && strings.HasPrefix(kt, "-") {
							firstEntry, above = k+1, above+1
						}
					}
					if above == 1 && (indent == lower+2 || indent == lower) {
						// One entry out of line above, this one the list's
						// second, where entries under the list's key go:
						// the first moved right.
						return firstEntry, higher + 1, fmt.Sprintf("this entry, the first of its list, starts in column %d, and the entries below it in column %d (from line %d): start it, with its lines, in column %d", higher+1, indent+1, i+1, indent+1)
					}
					return i + 1, indent + 1, fmt.Sprintf("this entry starts in column %d, and the entries of its list above it in column %d (from line %d): start them all in one column, either moving this one to column %d or those above, with their lines, to column %d", indent+1, higher+1, firstEntry, higher+1, indent+1)
				}
				where := fmt.Sprintf("column %d", higher+1)
				switch {
				case lower >= 0 && higher >= 0:
					where = fmt.Sprintf("column %d or %d", lower+1, higher+1)
				case higher < 0:
					where = fmt.Sprintf("column %d", lower+1)
				}
				return i + 1, indent + 1, fmt.Sprintf("this line is indented less than the key above it (line %d, column %d), to no column of the lines above it; start it in %s, as the lines it goes with", prev.n, prev.col+1, where)
			}
		}
		cur := &entry{n: i + 1, indent: indent, col: c, item: item, openBefore: openBefore, notChild: prev != nil && prev.open && !child, firstChild: child}
		if child {
			cur.parentCol = prev.col
		}
		if !inOpen {
			open, openDash = append(open, indent), append(openDash, item)
		} else if !item {
			openDash[len(openDash)-1] = false
		}
		if c != indent {
			open, openDash = append(open, c), append(openDash, false)
		}
		cur.open = first >= 0 && (value == "" || value[0] == '#')
		switch {
		case cur.open:
		case first < 0 && !special && item:
			cur.plain, cur.col = true, indent // an entry's plain text goes on past its dash
		case strings.HasPrefix(value, "**"):
			return i + 1, len(raw) - len(value) + 1, markdownStars
		case value[0] == '"' || value[0] == '\'':
			end, msg := quoteRunsOn(lines, i, value)
			if msg != "" {
				return i + 1, len(raw) - len(value) + 1, msg
			}
			i, cur.done = end, true
		case value[0] == '[' || value[0] == '{':
			if q := outsideQuotes(value, func(int) {}); q >= 0 {
				return i + 1, len(raw) - len(value) + q + 1, fmt.Sprintf("the quote opened here is not closed on this line: end the text with %c, or write it without quotes", value[q])
			}
			nj, _, nIndent := next(i)
			if col, msg := bracketsOnLine(value, len(raw)-len(value), nj < 0 || nIndent <= indent); msg != "" {
				return i + 1, col + 1, msg
			}
			depth = brackets(value)
			cur.done = depth == 0
		case value[0] == '|' || value[0] == '>':
			textAt = indent
			if item {
				textAt = c - 1
			}
		default:
			cur.plain = true
		}
		prev = cur
	}
	return 0, 0, ""
}

// FirstLineIndented is the file's first line when it is indented and a
// later line starts further left. yaml.v3 reads the file as one block in
// the first line's column and ends it silently at the first line left of
// it: a list file whose first entry is indented keeps that entry and drops
// every later one, without an error. So the check runs on every file, not
// only on one YAML cannot read.
func FirstLineIndented(lines []string) (line, col int, hint string) {
	first, indent := -1, 0
	for i, raw := range lines {
		t := strings.TrimLeft(raw, " ")
		if t == "" || t[0] == '#' || strings.HasPrefix(t, "---") || strings.HasPrefix(t, "...") {
			continue
		}
		switch in := len(raw) - len(t); {
		case first < 0:
			if first, indent = i, in; indent == 0 {
				return 0, 0, ""
			}
		case in < indent:
			// A list's first entry without its dash, the entries below it
			// with theirs, is named so.
			if l, c, hint, _ := dashlessEntry(lines); l == first+1 {
				return l, c, hint
			}
			return first + 1, indent + 1, fmt.Sprintf("this line, the file's first, starts in column %d, and line %d further left, in column %d: YAML would end the file there and drop line %d and every line below it; start this line, and the lines of its block, in column %d", indent+1, i+1, in+1, i+1, in+1)
		}
	}
	return 0, 0, ""
}

// OtherQuotes names the quotes that can hold a text holding quote q.
func OtherQuotes(q byte) string {
	if q == '"' {
		return "single"
	}
	return "double"
}

// markdownStars is what to do about a text that starts with Markdown's
// "**", which YAML reads as a reference to an anchor ("*name").
const markdownStars = `a text that starts with "*" reads as a reference in YAML, and "**" is Markdown's bold, which this text would show as asterisks: write the words alone`

// bracketsOnLine checks a value in brackets that a line begins, at
// column at (0-based): the bracket that closes the first one, when more
// than a comment follows it on the line (a "}" typed twice, or one typed
// early), or the first bracket when the line does not close it and
// nothing below goes on with it (lastLine: the next line starts no
// further right than this one, or there is none). It returns the
// column (0-based) and what to do, or "".
func bracketsOnLine(value string, at int, lastLine bool) (int, string) {
	closers := map[byte]byte{'{': '}', '[': ']'}
	closer := closers[value[0]]
	var opened []int // the brackets open, innermost last
	closed, wrong, comment, colon, stars := -1, -1, -1, -1, -1
	colons := 0 // the ": " of the entry of a mapping in brackets read so far
	outsideQuotes(value, func(j int) {
		if closed >= 0 || wrong >= 0 || colon >= 0 || stars >= 0 {
			return
		}
		switch value[j] {
		case '#':
			comment = j
		case '[', '{':
			opened = append(opened, j)
			colons = 0
		case ']', '}':
			if value[j] != closers[value[opened[len(opened)-1]]] {
				wrong = j
			} else if opened = opened[:len(opened)-1]; len(opened) == 0 {
				closed = j
			}
		case ',':
			colons = 0
		case ':':
			if strings.HasPrefix(value[j+1:], " **") {
				stars = j + 2
			}
			// A second ": " in one entry of a {…}: the text of a key
			// holds one.
			if j+1 < len(value) && value[j+1] == ' ' && value[opened[len(opened)-1]] == '{' {
				if colons++; colons == 2 {
					colon = j
				}
			}
		}
	})
	if stars >= 0 {
		return at + stars, markdownStars
	}
	if colon >= 0 {
		return at + colon, `this ": " is in the text of a key inside {…}, where it ends the text: put the text in quotes`
	}
	if wrong >= 0 {
		open := opened[len(opened)-1]
		return at + wrong, fmt.Sprintf(`this "%c" does not close the "%c" in column %d, which "%c" closes: remove it, or write "%c"`, value[wrong], value[open], at+open+1, closers[value[open]], closers[value[open]])
	}
	if closed < 0 && comment >= 0 && lastLine {
		return at + comment, fmt.Sprintf(`a "#" after a space starts a comment, which ends the line before its "%c" closes: put the text with the "#" in quotes`, value[0])
	}
	if closed < 0 {
		if lastLine {
			return at, fmt.Sprintf(`the "%c" opened here is not closed on this line: end the line with "%c"`, value[0], closer)
		}
		return 0, ""
	}
	rest := value[closed+1:]
	after := strings.TrimLeft(rest, " ")
	if after == "" || after[0] == '#' {
		return 0, ""
	}
	if strings.Trim(after, " ]}") == "" {
		return at + closed + 1 + len(rest) - len(after), fmt.Sprintf(`this "%c" closes nothing: the "%c" in column %d closes the line's "%c" already; remove it`, after[0], value[closed], at+closed+1, value[0])
	}
	return at + closed, fmt.Sprintf(`this "%c" closes the line's "%c", and the line goes on after it: remove it, or move it to the line's end; or, if the text is meant to start with the "%c" (a {claim:…}, "[Optional]"), quote the whole value`, value[closed], value[0], value[0])
}

// quoteRunsOn reads on, as YAML does, a quoted value that line i opens
// and does not close: it returns the line that closes it, or a message
// when the quote is most likely left open by mistake: it never closes, it
// closes in the middle of a line (what follows is then read as YAML), or
// the lines it swallows read as keys or list entries.
func quoteRunsOn(lines []string, i int, value string) (int, string) {
	q := value[0]
	if end := closeQuote(value); end >= 0 {
		if after := strings.TrimLeft(value[end+1:], " "); after != "" && after[0] != '#' && after[0] != ',' && after[0] != '}' && after[0] != ']' {
			// An apostrophe inside a word ends a text in single quotes.
			if q == '\'' && InWord(value, end) {
				return 0, `the apostrophe inside a word closes the quote opened here: write the text in double quotes instead of single ones, or the apostrophe twice ('')`
			}
			// A text that begins with a quoted phrase: YAML reads the
			// quotes as the whole value's.
			return 0, fmt.Sprintf("this text starts with a quote, which YAML reads as quoting the whole value, and more text follows the quote that closes it: put the whole value in %s quotes, or write it without quotes", OtherQuotes(q))
		}
		return i, ""
	}
	left := fmt.Sprintf("the quote opened here is not closed on this line: end the text with %c, or write it without quotes", q)
	for j := i + 1; j < len(lines); j++ {
		t := strings.TrimLeft(lines[j], " ")
		if end := closeQuote(string(q) + t); end >= 0 {
			if !endsLine(t, q) {
				return 0, left
			}
			return j, ""
		}
		if first, _ := keyColons(strings.TrimPrefix(t, "- ")); first >= 0 || strings.HasPrefix(t, "- ") {
			return 0, left + fmt.Sprintf(" (YAML reads on to the next %c, and line %d, which reads as a key, would be its text)", q, j+1)
		}
	}
	return 0, left
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

// QuoteLeftOpen is, for a quoted text n that YAML read over several
// lines, where its quote opens and what to do, when the lines it swallowed
// read as keys or list entries: valid YAML, but a quote left open by
// mistake, whose page would show the keys as its text and lose their
// values. ok is false for any other text.
func QuoteLeftOpen(src []byte, lineStarts []int, n *yaml.Node) (line, col int, msg string, ok bool) {
	if n.Kind != yaml.ScalarNode || n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 || n.Line < 1 || n.Line > len(lineStarts) {
		return 0, 0, "", false
	}
	q := byte('"')
	if n.Style&yaml.SingleQuotedStyle != 0 {
		q = '\''
	}
	start := lineStarts[n.Line-1]
	i := bytes.IndexByte(src[start:], q)
	if i < 0 || bytes.IndexByte(src[start:start+i], '\n') >= 0 {
		return 0, 0, "", false
	}
	// Only the lines up to the closing quote: a file of many quoted
	// texts is read once, not once per text.
	rest := string(src[start+i:])
	end := closeQuote(rest)
	if end < 0 || !strings.Contains(rest[:end], "\n") {
		return 0, 0, "", false
	}
	if nl := strings.IndexByte(rest[end:], '\n'); nl >= 0 {
		end += nl
	} else {
		end = len(rest)
	}
	lines := strings.Split(string(src[start:start+i])+rest[:end], "\n")
	if _, m := quoteRunsOn(lines, 0, lines[0][i:]); strings.Contains(m, "reads as a key") {
		return n.Line, i + 1, m, true
	}
	return 0, 0, "", false
}

// tabFix says in which column line i, indented with a tab, most likely
// starts: that of the line above, or two further where that line opens a
// block (a key ending in ":", or a list entry this line continues).
func tabFix(lines []string, i int) string {
	if i < 0 || i >= len(lines) {
		return ""
	}
	own := strings.TrimLeft(lines[i], " \t")
	for j := i - 1; j >= 0; j-- {
		t := strings.TrimLeft(lines[j], " ")
		if strings.TrimSpace(t) == "" || t[0] == '#' || t[0] == '\t' {
			continue
		}
		n := len(lines[j]) - len(t)
		switch {
		case strings.HasSuffix(strings.TrimRight(t, " "), ":"):
			n += 2
		case strings.HasPrefix(t, "- ") && !strings.HasPrefix(own, "- "):
			n += 2
		}
		return fmt.Sprintf(": start it in column %d", n+1)
	}
	return ": start it in column 1"
}
