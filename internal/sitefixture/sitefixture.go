// Package sitefixture makes the large site of the build benchmarks: a
// content tree plus generated articles (or Markdown pages). BenchmarkBuild1000Routes and
// the Node comparison of make bench (bench/) build the same one.
package sitefixture

import (
	"fmt"
	"io/fs"
	"testing/fstest"
	"time"
)

// Copy reads a content tree into a MapFS.
func Copy(src fs.FS) (fstest.MapFS, error) {
	out := fstest.MapFS{}
	err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(src, p)
		out[p] = &fstest.MapFile{Data: data}
		return err
	})
	return out, err
}

// AddPages adds n Markdown pages, /generated/page-0 to /generated/page-(n-1),
// each a heading, a subheading, a paragraph with a link and a list.
func AddPages(fsys fstest.MapFS, n int) {
	for i := range n {
		md := fmt.Sprintf("pages/generated/page-%d.md", i)
		fsys[md] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: Generated page %d\ndescription: A generated page for the benchmark.\n---\n# Generated page %d\n\n## Details\n\nSome text about page %d, and a link [home](/).\n\n- one\n- two\n- three\n", i, i, i)}
	}
}

// benchTags are the topics of the generated articles: each article has two,
// so every tag page lists a quarter of them.
var benchTags = []string{"voice-ai", "text-ai", "healthcare", "pulse", "research", "infrastructure", "consulting", "retail"}

// AddArticles adds n articles, articles/bench-0000.md onwards, one a day
// from 2024-01-01 (all published by the time the benchmarks run), each
// with two tags, a table of contents, a table, a footnote, a highlighted
// code block and a link: the site then has n article pages, the index's
// pages (12 articles each), a page per tag, feeds and share images.
// The content tree must have an article index and the cover and author it
// names (the shipped content has).
func AddArticles(fsys fstest.MapFS, n int, author, cover string) {
	for i := range n {
		date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(time.DateOnly)
		t1, t2 := benchTags[i%len(benchTags)], benchTags[(i/len(benchTags)+i+1)%len(benchTags)]
		md := fmt.Sprintf("articles/bench-%04d.md", i)
		fsys[md] = &fstest.MapFile{Data: fmt.Appendf(nil, `---
title: Generated article %d about %s
description: A generated article for the benchmark, number %d.
date: %s
author: %s
tags: [%s, %s]
cover: {src: %s, alt: The default cover}
---
An introduction to article %d, with a [link home](/).

## First part

Some text about %s.[^note]

## Second part

| Step | Who |
|------|-----|
| Ask | Agent |

## Third part

`+"```go\nfmt.Println(%d)\n```"+`

[^note]: A footnote.
`, i, t1, i, date, author, t1, t2, cover, i, t2, i)}
	}
}
