package decode

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// syntaxError reads yaml.v3's error text back (yamlLineRE and the message
// fragments of its switch), since yaml.v3 has no typed syntax error. Each
// case is a mistake an editor makes: yaml.v3's text for it, exactly as
// syntaxError expects it, and the problem syntaxError makes of it. A
// yaml.v3 that words an error otherwise fails the first check, before
// editors get problems without their line or hint.
func TestYAMLSyntaxErrorText(t *testing.T) {
	tests := []struct {
		name, in string
		raw      string // yaml.v3's error text
		at       string // line:col of the problem
		message  string // the start of its message
	}{
		{"colon in text", "title: Home\n  name: x: y\n",
			"yaml: line 2: mapping values are not allowed in this context",
			"2:9", `invalid YAML: this text holds ": ", which reads as a second key: put the text in quotes`},
		{"colon in text on the first line", "title: a: b\n",
			"yaml: mapping values are not allowed in this context",
			"1:8", `invalid YAML: this text holds ": ", which reads as a second key: put the text in quotes`},
		{"line indented past its key", "title: Home\nname: Home\n  more: x\n",
			"yaml: line 3: mapping values are not allowed in this context",
			"3:3", "invalid YAML: this line is indented further"},
		{"list item out of line", "list:\n  - a\n - b\n",
			"yaml: line 2: did not find expected key",
			"3:2", "invalid YAML: this entry starts in column 2, and the entries of its list above it in column 3"},
		{"a mapping's opening brace left out", "a: 1\nb: label: Home, href: /}\n",
			"yaml: line 2: mapping values are not allowed in this context",
			"2:4", `invalid YAML: this text ends with "}" and holds keys: write "{" before its first key`},
		{"a mapping in parentheses", "a: 1\nb: (label: Home, href: /)\n",
			"yaml: line 2: mapping values are not allowed in this context",
			"2:4", `invalid YAML: a list of keys in one line is written in "{…}", not "(…)"`},
		// A list's first entry without its dash, the entries below with
		// theirs: YAML stops at the first dash, or names the list's key.
		{"a first entry without its dash, its keys in the dashes' column", "b: 1\nlist:\n  id: a\n  label: A\n  - id: b\n    label: B\n",
			"yaml: line 2: did not find expected key",
			"3:3", `invalid YAML: this list's first entry has no dash, the entries below it have (line 5): write "- " before "id:", and start the entry's other keys in column 5, under it`},
		{"a first entry without its dash, its keys where the dash put them", "b: 1\nlist:\n    id: a\n    label: A\n  - id: b\n    label: B\n",
			"yaml: line 4: did not find expected key",
			"3:5", `invalid YAML: this list's first entry has no dash, the entries below it have (line 5): write "- " in column 3, before "id:", as they do`},
		{"a section written as its kind, its fields below", "sections:\n  - hero\n    heading: Hi\n",
			"yaml: line 3: mapping values are not allowed in this context",
			"2:5", `invalid YAML: a section starts with its kind: write "kind: hero"`},
		{"a file's key moved right into a list's dashes", "list:\n  - a: 1\n    b: 2\n  c: 3\n",
			"yaml: line 1: did not find expected '-' indicator",
			"4:3", `invalid YAML: this key is in the column of the dash of its list item, outside the item; start it in the column of the item's first key (column 5), or, if it is a key of the mapping the list is in, in column 1, as "list" at line 1`},
		{"a list's first entry indented, with its lines", "title: x\nsections:\n    - kind: a\n      b: 1\n  - kind: c\n",
			"yaml: line 4: did not find expected key",
			"3:5", `invalid YAML: this entry, the first of its list, starts in column 5, and the entries below it in column 3 (from line 5): start it, with its lines, in column 3`},
		{"a list's entries indented, the last not", "title: x\nsections:\n    - kind: a\n    - kind: b\n  - kind: c\n",
			"yaml: line 4: did not find expected key",
			"5:3", `invalid YAML: this entry starts in column 3, and the entries of its list above it in column 5 (from line 3): start them all in one column, either moving this one to column 5 or those above, with their lines, to column 3`},
		{"unclosed flow list", "a: [1, 2\n",
			"yaml: line 1: did not find expected ',' or ']'",
			"1:4", "invalid YAML: the \"[\" opened here is not closed on this line: end the line with \"]\""},
		{"unknown anchor", "a: 1\nb: *nope\n",
			"yaml: unknown anchor 'nope' referenced",
			"2:4", "invalid YAML: unknown anchor 'nope' referenced: define it with &nope before"},
		{"unknown escape", "a: 1\nb: \"x\\qy\"\n",
			"yaml: line 2: found unknown escape character",
			"2:7", `invalid YAML: unknown escape "q" in a double-quoted string`},
		// Columns count bytes, as every position of the build does (the
		// terminal shows characters): é is two.
		{"unknown escape after an accent", "a: 1\nb: \"é\\qy\"\n",
			"yaml: line 2: found unknown escape character",
			"2:8", `invalid YAML: unknown escape "q" in a double-quoted string`},
		{"control character", "a: 1\nb: x\x07y\n",
			"yaml: control characters are not allowed",
			"2:5", "invalid YAML: control character U+0007"},
		{"invalid UTF-8", "a: 1\nb: \xff\n",
			"yaml: invalid leading UTF-8 octet",
			"2:4", "invalid YAML: invalid UTF-8"},
		{"tab indent", "a:\n\tb: c\n",
			"yaml: line 2: found character that cannot start any token",
			"2:1", "invalid YAML: indent with spaces, not tabs: start it in column 3"},
		{"key without its colon", "a:\n  b: 1\n  c 2\n  d: 3\n",
			"yaml: line 3: could not find expected ':'",
			"3:3", `invalid YAML: no ":" after the key`},
		{"quote not closed", "a:\n  b: \"x\n  c: \"y\"\n",
			"yaml: line 1: did not find expected key",
			"2:6", "invalid YAML: the quote opened here is not closed on this line"},
		{"key under a quoted value", "a:\n  b: \"x\"\n   c: y\n",
			"yaml: line 1: did not find expected key",
			"3:4", "invalid YAML: this line is indented further than the key above it (line 2), which has its value already; start it in column 3"},
		{"key out of its block", "a:\n  b: x\nc: y\n  d: z\n",
			"yaml: line 4: mapping values are not allowed in this context",
			"3:1", "invalid YAML: this line starts further left than the lines above and below it"},
		{"too deep", "a: " + strings.Repeat("[", 20_000) + strings.Repeat("]", 20_000) + "\n",
			"yaml: exceeded max depth of 10000",
			"1:1", "invalid YAML: exceeded max depth of 10000: flatten the data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n yaml.Node
			err := yaml.NewDecoder(bytes.NewReader([]byte(tt.in))).Decode(&n)
			if err == nil {
				t.Fatal("yaml.v3 accepted it")
			}
			if err.Error() != tt.raw {
				t.Errorf("yaml.v3 says %q; syntaxError expects %q", err, tt.raw)
			}
			p := syntaxError("f.yaml", []byte(tt.in), err)
			if at := fmt.Sprintf("%d:%d", p.Line, p.Col); at != tt.at || !strings.HasPrefix(p.Message, tt.message) {
				t.Errorf("problem at %s: %s; want at %s: %s...", at, p.Message, tt.at, tt.message)
			}
		})
	}
}

// slipPage and slipLayout are files as the site's are written: a page
// with sections, cards and actions; the shared layout's navigation.
const slipPage = `# A page.
title: Conversational AI Platform
description: "Dialogue manager and APIs, built for GDPR."
name: Platform

sections:
  - kind: hero
    eyebrow: Platform
    heading: One platform behind every agent
    intro: A dialogue manager and open APIs.
    actions:
      - {label: Request a Demo, site: demo}
      - {label: See integrations, href: "#integrations", secondary: true}
  - kind: cards
    id: components
    heading: Core components
    cards:
      - icon: layers
        title: Dialogue manager
        text: Orchestrates every conversation.
      - icon: brain
        title: NLP modules
        text: Speech recognition in over 30 languages.
      - icon: chart
        title: Analytics dashboard
        text: Live volumes and outcomes.
  - kind: cards
    id: security
    heading: "Enterprise-grade security"
    cards:
      - icon: shield
        title: GDPR
        text: EU data residency.
`

const slipLayout = `# The layout.
nav:
  label: Main
  home: {label: Home, href: /}
  items:
    - label: Solutions
      items:
        - {label: Voice AI, href: /solutions/voice-ai}
        - {label: Text AI, href: /solutions/text-ai}
    - {label: Platform, href: /platform}
footer:
  tagline: Agents that answer.
`

// slipFAQ is a collection written as the site's are: a list at the left edge.
const slipFAQ = `# The FAQ.
- question: What do the agents do?
  answer: They answer calls and messages.
- question: How long does a launch take?
  answer: Two to four weeks.
`

// TestEditorSlipsPlaced: each slip an editor makes in a page or the
// layout, as the editor's trial made them, is reported at its own line
// and column, with what to do, whatever line yaml.v3 names; a quote left
// open that YAML reads on to a later quote, swallowing keys, is refused
// although it parses.
func TestEditorSlipsPlaced(t *testing.T) {
	tests := []struct {
		name, src, old, new string
		col                 int // of the line at fault, 1-based
		hint                string
	}{
		{"key one space too far", slipPage, "        title: Dialogue manager\n", "         title: Dialogue manager\n", 10, "start it in column 9, as that key"},
		{"key one space short, under an entry", slipPage, "        title: Dialogue manager\n", "       title: Dialogue manager\n", 8, "start it in column 9, as the lines it goes with"},
		{"entry's first key without its colon", slipPage, "  - kind: cards\n    id: components", "  - kind cards\n    id: components", 5, `no ":" after the key`},
		{"card's first key without its colon", slipPage, "      - icon: layers", "      - icon layers", 9, `no ":" after the key`},
		{"file's first key without its colon", slipPage, "title: Conversational", "title Conversational", 1, `no ":" after the key`},
		{"quote open to the end", slipPage, `heading: "Enterprise-grade security"`, `heading: "Enterprise-grade security`, 14, "the quote opened here is not closed on this line"},
		{"quote open to a later quote", slipPage, `built for GDPR."`, `built for GDPR.`, 14, "the quote opened here is not closed on this line"},
		{"quote open, parsed", slipPage, "heading: One platform behind every agent", `heading: "One platform behind every agent`, 14, "the quote opened here is not closed on this line"},
		{"block key at the left edge", slipPage, "    cards:\n      - icon: layers", "cards:\n      - icon: layers", 1, "start it in column 5"},
		{"entry at the left edge", slipPage, "      - icon: brain", "- icon: brain", 1, "start it in column 7, as they do"},
		{"layout entry at the left edge", slipLayout, "    - label: Solutions", "- label: Solutions", 1, "start it in column 5"},
		{"layout's first key at the left edge", slipLayout, "  label: Main", "label: Main", 1, "start it in column 3, as they do"},
		{"tab before a key", slipPage, "        title: Dialogue manager\n", "\ttitle: Dialogue manager\n", 1, "indent with spaces, not tabs: start it in column 9"},
		{"tab after spaces", slipPage, "        title: Dialogue manager\n", "       \ttitle: Dialogue manager\n", 8, "indent with spaces, not tabs: start it in column 9"},
		{"first key of a block one space too far", slipLayout, "  label: Main", "   label: Main", 4, "the first of its block, starts in column 4, and the lines below it in column 3: start it in column 3"},
		{"first key of a block one space short", slipLayout, "  label: Main", " label: Main", 2, "start it in column 3, as they do"},
		{"entry one space too far", slipPage, "  - kind: cards\n    id: components", "   - kind: cards\n    id: components", 4, "start it in column 3 or 5"},
		{"quote open inside brackets", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", `{label: "Voice AI, href: /solutions/voice-ai}`, 19, "the quote opened here is not closed on this line"},
		{"quote open inside an entry's brackets", slipPage, `{label: Request a Demo, site: demo}`, `{label: "Request a Demo, site: demo}`, 17, "the quote opened here is not closed on this line"},
		{"colon without its space", slipPage, "        title: Dialogue manager", "        title:Dialogue manager", 15, `a key's ":" is followed by a space: write "title: Dialogue manager"`},
		{"dash without its space", slipPage, "  - kind: cards\n    id: components", "  -kind: cards\n    id: components", 3, `a list entry's "-" is followed by a space: write "- kind: cards"`},
		{"an entry's key moved left, among its keys", slipPage, "        title: NLP modules", "    title: NLP modules", 5, "start it in column 9, as they do"},
		{"an entry's last key moved left, before the next entry", slipPage, "        text: Orchestrates every conversation.", "    text: Orchestrates every conversation.", 5, "start it in column 9, as the keys of the entries"},
		{"list's first entry one space in", slipFAQ, "- question: What", " - question: What", 2, "this line, the file's first, starts in column 2, and line 4 further left, in column 1: YAML would end the file there and drop line 4 and every line below it; start this line, and the lines of its block, in column 1"},
		{"text starting with a quoted phrase", slipPage, "heading: One platform behind every agent", `heading: "One platform" behind every agent`, 14, "this text starts with a quote, which YAML reads as quoting the whole value, and more text follows the quote that closes it: put the whole value in single quotes"},
		{"an entry list's first entry without its dash, its other keys kept", slipPage, "      - icon: layers", "      icon: layers", 7, `this list's first entry has no dash, the entries below it have (line 21): write "- " before "icon:"`},
		{"a text broken onto a line in its key's column", slipPage, "    actions:\n      - {label: Request a Demo", "    and its tools\n    actions:\n      - {label: Request a Demo", 5, `no ":" after the key: write the key, a colon and a space, then its value (key: value); or, if this line goes on the text of line 10, join it to that line`},
		{"a list's first entry in brackets without its dash", slipPage, "      - {label: Request a Demo", "      {label: Request a Demo", 7, `this list's first entry has no dash, the entries below it have (line 13): write "- " before "{label:"`},
		{"a list file's first entry without its dash", slipFAQ, "- question: What do the agents do?\n  answer:", "question: What do the agents do?\nanswer:", 1, `this list's first entry has no dash, the entries below it have (line 4): write "- " before "question:", and start the entry's other keys in column 3, under it`},
		{"a list file's first entry without its dash, its keys kept", slipFAQ, "- question: What do the agents do?\n  answer:", "  question: What do the agents do?\n  answer:", 3, `this list's first entry has no dash, the entries below it have (line 4): write "- " in column 1, before "question:", as they do`},
		{"an entry's dash left out", slipFAQ, "- question: How long", "question: How long", 1, `this key is in the column of the list's dashes, without one: if it begins a new entry, as "question" does at line 2, write "- " before it; else start it in column 3, as the keys of the entry above`},
		{"closing bracket typed twice", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: Voice AI, href: /solutions/voice-ai}}", 55, `this "}" closes nothing: the "}" in column 54 closes the line's "{" already; remove it`},
		{"closing bracket typed twice, in a key's value", slipLayout, "home: {label: Home, href: /}", "home: {label: Home, href: /}}", 31, `this "}" closes nothing`},
		{"closing bracket typed early", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: Voice AI}, href: /solutions/voice-ai}", 27, `this "}" closes the line's "{", and the line goes on after it: remove it`},
		{"closing bracket of the other kind", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: Voice AI, href: /solutions/voice-ai]}", 54, `this "]" does not close the "{" in column 11, which "}" closes: remove it, or write "}"`},
		{"number sign inside brackets", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: Voice AI #1, href: /solutions/voice-ai}", 28, `a "#" after a space starts a comment, which ends the line before its "{" closes: put the text with the "#" in quotes`},
		{"colon inside a text inside brackets", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: Voice AI: now, href: /solutions/voice-ai}", 27, `this ": " is in the text of a key inside {…}, where it ends the text: put the text in quotes`},
		{"dash left out before brackets", slipLayout, "        - {label: Text AI", "        {label: Text AI", 9, `this entry, in brackets, is in the column of the list's dashes, without one: write "- " before it`},
		{"Markdown's bold starting a text", slipPage, "heading: One platform behind every agent", "heading: **One** platform behind every agent", 14, `a text that starts with "*" reads as a reference in YAML`},
		{"Markdown's bold starting a text in brackets", slipLayout, "{label: Voice AI, href: /solutions/voice-ai}", "{label: **Voice AI**, href: /solutions/voice-ai}", 19, `a text that starts with "*" reads as a reference in YAML`},
		{"a text entry's dash left out", slipPage, "      - {label: See integrations", "      {label: See integrations", 7, `this entry, in brackets, is in the column of the list's dashes, without one: write "- " before it`},
		{"an apostrophe in single quotes", slipPage, "heading: One platform behind every agent", "heading: 'One platform behind every agent's voice'", 14, `the apostrophe inside a word closes the quote opened here: write the text in double quotes instead of single ones`},
		{"closing bracket left out", slipLayout, "home: {label: Home, href: /}", "home: {label: Home, href: /", 9, `the "{" opened here is not closed on this line: end the line with "}"`},
		{"a list file's entry indented whole, under the entry above", slipFAQ, "- question: How long does a launch take?\n  answer:", "  - question: How long does a launch take?\n    answer:", 3, "this entry is in the column of the keys of the item above it, not of the list's entries; start it, with the lines of its block, in the column of the entry at line 2 (column 1)"},

		{"a dash typed before an entry's second key, in its keys' column", slipFAQ, "  answer: They answer calls", "  - answer: They answer calls", 3, `this "- " is in the column of the keys of the entry above it (line 2), where no list opens: if "answer" is a key of that entry, remove the "- "; if it starts a new entry, start it in column 1, as that entry`},
		{"key between the dash's column and the keys'", slipLayout, "      items:\n        - {label: Voice AI", "     items:\n        - {label: Voice AI", 6, "start it in column 7, as the lines it goes with"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.src, tt.old) {
				t.Fatalf("the file lacks %q", tt.old)
			}
			src := strings.Replace(tt.src, tt.old, tt.new, 1)
			want := fmt.Sprintf("f.yaml:%d:%d", strings.Count(src[:strings.Index(src, tt.new)], "\n")+1, tt.col)
			var v any
			errs, _ := YAML("f.yaml", []byte(src), &v, nil)
			if len(errs) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(errs), errs)
			}
			p := errs[0]
			if at := fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col); at != want || !strings.Contains(p.Message, tt.hint) {
				t.Errorf("%s: %s\nwant at %s: ...%s...", at, p.Message, want, tt.hint)
			}
		})
	}
}
