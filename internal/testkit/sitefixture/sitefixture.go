// Package sitefixture makes the large site of the build benchmarks: a
// content tree plus generated articles (or Markdown pages). BenchmarkBuild1000Routes and
// the Node comparison of make bench (bench/) build the same one.
package sitefixture

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"github.com/vozia/site/internal/testkit/imagetest"
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
// The articles bring their own author (added to collections/authors.yaml)
// and cover, so that no edit of the content's authors or images breaks
// them; the content tree must have an article index (the shipped content
// has).
func AddArticles(fsys fstest.MapFS, n int) {
	const author, cover = "bench-author", "/images/articles/bench-cover.svg"
	authors := []byte(nil)
	if f := fsys["collections/authors.yaml"]; f != nil {
		authors = append(authors, f.Data...)
	}
	fsys["collections/authors.yaml"] = &fstest.MapFile{Data: append(authors, "\n- key: "+author+"\n  name: Bench Author\n  role: Writer\n"...)}
	fsys[strings.TrimPrefix(cover, "/")] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#0b1f33"/></svg>`)}
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

// AddPhotos turns the content's images into photos, as an editor's
// camera would give them: each article's cover, each case study's image,
// and a portrait for every founder and author (a field they may leave
// out). The photos are generated (imagetest.Photo: gradients and noise,
// EXIF with a GPS position and, every other one, a sideways orientation),
// 2400x1600 for covers and case studies, 1200x1200 for portraits. make
// lighthouse-photos measures the pages that show them. Whatever the
// content has (a drawing, a photo already, a file beside an article), the
// result is the same: a JPEG that is a photo. A JPEG an editor committed
// is replaced in place, so that every reference to it stays right.
func AddPhotos(fsys fstest.MapFS) {
	seed := uint64(0)
	photo := func(w, h int) []byte {
		seed++
		return imagetest.JPEG(imagetest.Photo(w, h, seed), 90, 1+int(seed%2)*5)
	}
	imgSrc := regexp.MustCompile(`(src: *"?)([^,}\s"]+\.(?i:svg|png|jpe?g|webp|gif|avif))`)
	jpeg := regexp.MustCompile(`(?i)\.jpe?g$`)
	// replace makes the image at src (relative to dir when not a site
	// path) a photo, and returns the src to write.
	replace := func(dir, src, name string, w, h int) string {
		file := strings.TrimPrefix(src, "/")
		if !strings.HasPrefix(src, "/") {
			file = path.Join(dir, src)
		}
		if jpeg.MatchString(src) && fsys[file] != nil {
			fsys[file] = &fstest.MapFile{Data: photo(w, h)}
			return src
		}
		fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: photo(w, h)}
		return name
	}
	for _, p := range slices.Sorted(maps.Keys(fsys)) {
		switch {
		case strings.HasPrefix(p, "articles/") && strings.HasSuffix(p, ".md"):
			// The first image named is the cover (front matter comes first).
			data := string(fsys[p].Data)
			m := imgSrc.FindStringSubmatchIndex(data)
			if m == nil {
				continue
			}
			name := "/images/photos/" + strings.TrimSuffix(path.Base(strings.TrimSuffix(p, "/index.md")), ".md") + ".jpg"
			src := replace(path.Dir(p), data[m[4]:m[5]], name, 2400, 1600)
			fsys[p] = &fstest.MapFile{Data: []byte(data[:m[4]] + src + data[m[5]:])}
		case p == "collections/case-studies.yaml":
			n := 0
			fsys[p] = &fstest.MapFile{Data: imgSrc.ReplaceAllFunc(fsys[p].Data, func(b []byte) []byte {
				n++
				sub := imgSrc.FindSubmatch(b)
				src := replace("", string(sub[2]), fmt.Sprintf("/images/photos/case-study-%d.jpg", n), 2400, 1600)
				return append(slices.Clone(sub[1]), src...)
			})}
		case p == "collections/founders.yaml" || p == "collections/authors.yaml":
			// A portrait after each entry's first line, in place of any it
			// has (in flow or block form).
			n := 0
			data := regexp.MustCompile(`(?m)^  photo:.*\n(?:    .*\n)*`).ReplaceAll(fsys[p].Data, nil)
			entry := regexp.MustCompile(`(?m)^- (?:name|key): *(.+)\n`)
			fsys[p] = &fstest.MapFile{Data: entry.ReplaceAllFunc(data, func(b []byte) []byte {
				n++
				name := fmt.Sprintf("/images/photos/%s-%d.jpg", strings.TrimSuffix(path.Base(p), ".yaml"), n)
				fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: photo(1200, 1200)}
				who := strings.TrimSpace(entry.FindStringSubmatch(string(b))[1])
				return fmt.Appendf(slices.Clone(b), "  photo: {src: %s, alt: \"Portrait of %s\"}\n", name, strings.Trim(who, `"`))
			})}
		}
	}
}
