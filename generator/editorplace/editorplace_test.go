package editorplace

import (
	"os"
	"testing"

	"github.com/vozia/site/internal/problem"
)

const config = `
collections:
  - name: pages
    folder: content/pages
    extension: yaml
    summary: "{{fields.name | default('{{fields.title}}')}}"
    fields:
      - {name: title, label: Title, widget: string}
      - {name: name, label: Name, widget: string}
      - name: sections
        label: Sections
        label_singular: Section
        widget: list
        typeKey: kind
        types:
          - name: hero
            label: Hero
            summary: '{{fields.heading}}'
            fields:
              - {name: heading, label: Heading, widget: string}
              - name: image
                label: Image
                widget: object
                fields:
                  - {name: src, label: Image, widget: image}
                  - {name: alt, label: Text alternative, widget: string}
  - name: articles
    folder: content/articles
    extension: md
    summary: "{{title}} ({{date}})"
    fields:
      - {name: title, label: Title, widget: string}
      - name: cover
        label: Cover
        widget: object
        fields:
          - {name: alt, label: Text alternative, widget: string}
      - {name: body, label: Text, widget: markdown}
      - {name: aliases, label: Aliases, widget: list}
  - name: collections
    files:
      - name: faq
        label: FAQ
        file: content/collections/faq.yaml
        fields:
          - name: items
            label: Questions
            label_singular: Question
            widget: list
            root: true
            fields:
              - {name: question, label: Question, widget: string}
              - {name: answer, label: Answer, widget: markdown}
`

var files = map[string]string{
	"content/pages/platform.yaml":      "title: The platform\nname: Platform\nsections:\n  - kind: hero\n    heading: One agent\n    image: {src: /images/a.jpg, alt: \"\"}\n",
	"content/articles/launch/index.md": "---\ntitle: The launch\ncover: {src: a.jpg, alt: \"\"}\n---\n# The launch\n\nSee [this](/nowhere).\n",
	"content/collections/faq.yaml":     "- question: Why?\n  answer: Because.\n- question: How?\n  answer: |\n    Like [this](/nowhere).\n",
	"content/other.txt":                "text\n",
	"content/pages/voice.yaml":         "title: Voz\nname: Voz\nsections:\n  - kind: hero\n    heading: Voz\n    image: {src: /images/señal—“a”.jpg, alt: \"\", x: 1}\n",
}

func TestDescribe(t *testing.T) {
	read := func(file string) ([]byte, error) {
		if s, ok := files[file]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, tc := range []struct {
		name         string
		file         string
		line, col    int
		entry, field string
		missing      string // the field the mapping at line:col lacks
	}{
		{"a section's image alt", "content/pages/platform.yaml", 6, 38, "Platform", "Sections › Section 1 (Hero) “One agent” › Image › Text alternative", ""},
		{"a page's title", "content/pages/platform.yaml", 1, 8, "Platform", "Title", ""},
		{"an article's front matter", "content/articles/launch/index.md", 3, 30, "The launch", "Cover › Text alternative", ""},
		{"an article's body", "content/articles/launch/index.md", 7, 5, "The launch", "Text", ""},
		{"a record of a list file, in a block", "content/collections/faq.yaml", 5, 10, "FAQ", "Questions › Question 2 “How?” › Answer", ""},
		// A problem's column counts bytes: after "señal—“a”" the alt's
		// value is 7 bytes on from where yaml.v3, which counts characters,
		// places it, past the next key.
		{"a value after accents and dashes", "content/pages/voice.yaml", 6, 53, "Voz", "Sections › Section 1 (Hero) “Voz” › Image › Text alternative", ""},
		{"a file the editor does not open", "content/other.txt", 1, 1, "", "", ""},
		{"no file", "", 0, 0, "", "", ""},
		// A missing field is reported at its mapping, where the first key
		// is: the editor's field is the missing one, not the first key.
		{"a field missing from a block mapping", "content/pages/platform.yaml", 4, 5, "Platform", "Sections › Section 1 (Hero) “One agent” › Heading", "heading"},
		{"a field missing from a flow mapping", "content/pages/platform.yaml", 6, 12, "Platform", "Sections › Section 1 (Hero) “One agent” › Image › Text alternative", "alt"},
		// A key to add at the top, placed where it goes: above the line
		// closing the front matter, whatever the line above it holds
		// (a renamed article's alias, below its cover); at the top of a
		// YAML file with no such key.
		{"a key to add above the front matter's end", "content/articles/launch/index.md", 4, 1, "The launch", "Aliases", "aliases"},
		{"a key to add to a YAML file", "content/pages/platform.yaml", 1, 1, "Platform", "Sections", "sections"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Describe([]byte(config), "content", read, problem.List{{File: tc.file, Line: tc.line, Col: tc.col, Message: "m", Missing: tc.missing}})
			if got[0].Entry != tc.entry || got[0].Field != tc.field {
				t.Errorf("got entry %q, field %q; want %q, %q", got[0].Entry, got[0].Field, tc.entry, tc.field)
			}
		})
	}
}
