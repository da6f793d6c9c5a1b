package main

import (
	"os"
	"path/filepath"
	"strings"
)

// articleFront is a good article's front matter; its body starts on line 9.
const articleFront = "---\ntitle: T\ndescription: D.\ndate: 2026-01-01\nauthor: ana\ntags: [voice-ai]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\n"

// article writes articles/x.md with body after a good front matter.
func article(body string) func(dir string) error {
	return func(dir string) error { return writeFile(dir, "articles/x.md", []byte(articleFront+body)) }
}

// file writes name with data.
func file(name, data string) func(dir string) error {
	return func(dir string) error { return writeFile(dir, name, []byte(data)) }
}

// textInputs are the worst inputs of the budgets of YAML (aliases, depth,
// values, size) and Markdown (size, brackets per paragraph, quotes and
// lists per line), over each budget and, for Markdown's shape, within.
var textInputs = []input{
	{
		// The reproduction: layout.yaml's menu, a group of a
		// thousand links through an alias, the group a thousand times (13
		// KB); before, killed by timeout 300 at 3.8 GB.
		name: "yaml-aliases-1000x1000",
		write: func(dir string) error {
			p := filepath.Join(dir, "layout.yaml")
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s := string(data)
			start, end := strings.Index(s, "  items:\n"), strings.Index(s, "  demoLabel:")
			g := "  items:\n    - &g {label: G, items: [&l {label: L, href: /about}" + strings.Repeat(", *l", 999) + "]}\n" + strings.Repeat("    - *g\n", 999)
			return os.WriteFile(p, []byte(s[:start]+g+s[end:]), 0o644)
		},
		want: "expands to more than 100000 values",
	},
	{
		// An alias inside its own anchor: before, a fatal stack overflow.
		name:  "yaml-alias-cycle",
		write: file("articles/x.md", strings.Replace(articleFront, "tags: [voice-ai]", "tags: &t [a, *t]", 1)+"Body.\n"),
		want:  "inside its own anchor",
	},
	{
		// The reproduction: front matter of 100,000 [ then ]
		// (200 KB); before, 129 s and 15 GB in the second parse.
		name:  "yaml-front-depth-100000",
		write: file("articles/x.md", "---\ntitle: "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)+"\n---\nBody.\n"),
		want:  "front matter passes 64 KB",
	},
	{
		// The same in a page, as much as its 1 MB holds.
		name:  "yaml-page-depth-500000",
		write: file("pages/deep.yaml", "title: "+strings.Repeat("[", 500_000)+strings.Repeat("]", 500_000)+"\n"),
		want:  "exceeded max depth of 10000",
	},
	{
		// Mappings nested within yaml.v3's limit, past the build's.
		name:  "yaml-page-depth-9000",
		write: file("pages/deep.yaml", "title: "+strings.Repeat("{a: ", 9_000)+"x"+strings.Repeat("}", 9_000)+"\n"),
		want:  "nest more than 64 deep",
	},
	{
		// As many values as 1 MB of YAML holds.
		name:  "yaml-values-500000",
		write: file("pages/big.yaml", "title: ["+strings.Repeat("1,", 500_000)+"1]\n"),
		want:  "expands to more than 100000 values",
	},
	{
		name: "yaml-file-16mb",
		write: func(dir string) error {
			p := filepath.Join(dir, "site.yaml")
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(p, append(data, strings.Repeat("# a comment line\n", 1<<20)...), 0o644)
		},
		want: "the file passes 1024 KB",
	},
	{
		name:  "article-16mb",
		write: article(strings.Repeat("A line of an article that goes on and on.\n", 400_000)),
		want:  "the file passes 512 KB",
	},
	{
		name:  "front-matter-200kb",
		write: file("articles/x.md", "---\ntitle: T\n"+strings.Repeat("# padding the front matter\n", 8000)+"---\nBody.\n"),
		want:  "front matter passes 64 KB",
	},
	{
		// One paragraph of unclosed links as large as an article may be:
		// before the budget, 64 KB of them took 24 s.
		name:  "markdown-brackets-512kb",
		write: article(strings.Repeat("[a](", 131_000) + "\n"),
		want:  `more than 200 "["`,
	},
	{
		// A line of quotes as long as an article may be: 64 KB took 8 s.
		name:  "markdown-quotes-512kb",
		write: article(strings.Repeat("> ", 260_000) + "x\n"),
		want:  "more than 8 quotes",
	},
	{
		// Within: 512 KB of paragraphs of 200 unclosed links each.
		name:  "markdown-brackets-within",
		write: article(strings.Repeat(strings.Repeat("[a](", 200)+"\n\n", 640)),
	},
	{
		// Within: 512 KB of lines of 8 quotes and lists each.
		name:  "markdown-nesting-within",
		write: article(strings.Repeat(strings.Repeat("> - ", 4)+"x\n", 29_000)),
	},
	{
		// Within: 512 KB of emphasis delimiters.
		name:  "markdown-emphasis-within",
		write: article(strings.Repeat("*_", 260_000) + "\n"),
	},
}
