// Package sitefixture makes the large site of the build benchmarks: a
// content tree plus generated articles (or Markdown pages). BenchmarkBuild1000Routes and
// the Node comparison of make bench (bench/) build the same one.
// It also puts a content tree in a git repository of its own
// (Committed), for the tests of what git's HEAD has published.
package sitefixture

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"testing/fstest"
	"time"

	"gopkg.in/yaml.v3"

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

// benchTags are the topics of the generated articles: each article has two
// different ones, so every tag page lists about a quarter of them.
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
		// Two tags apart: the second is 1 to 7 places after the first,
		// the offset moving every 8 articles (a tag twice is warned of).
		k := len(benchTags)
		t1, t2 := benchTags[i%k], benchTags[(i+1+(i/k)%(k-1))%k]
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

// photos holds the photos AddPhotos made, by size and seed: the same
// ones come back on every call (its seeds start again), and a photo of
// 2400x1600 takes a tenth of a second of CPU to draw and encode.
var photos sync.Map // photoKey -> []byte

type photoKey struct {
	w, h int
	seed uint64
}

// photoJPEG is the photo w by h of seed, as a JPEG, made once a process.
func photoJPEG(w, h int, seed uint64) []byte {
	k := photoKey{w, h, seed}
	if b, ok := photos.Load(k); ok {
		return b.([]byte)
	}
	b, _ := photos.LoadOrStore(k, imagetest.JPEG(imagetest.Photo(w, h, seed), 90, 1+int(seed%2)*5))
	return b.([]byte)
}

// AddPhotos turns the content's images into photos, as an editor's
// camera would give them: each article's cover (one for an article that
// shows the site's plain cover), each case study's image,
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
		return photoJPEG(w, h, seed)
	}
	// replace makes the image at src (relative to dir when not a site
	// path) a photo, and returns the src to write.
	replace := func(dir, src, name string, w, h int) string {
		file := strings.TrimPrefix(src, "/")
		if !strings.HasPrefix(src, "/") {
			file = path.Join(dir, src)
		}
		if isJPEG(src) && fsys[file] != nil {
			fsys[file] = &fstest.MapFile{Data: photo(w, h)}
			return src
		}
		fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: photo(w, h)}
		return name
	}
	for _, p := range slices.Sorted(maps.Keys(fsys)) {
		switch {
		case strings.HasPrefix(p, "articles/") && strings.HasSuffix(p, ".md"):
			name := "/images/photos/" + strings.TrimSuffix(path.Base(strings.TrimSuffix(p, "/index.md")), ".md") + ".jpg"
			fsys[p] = &fstest.MapFile{Data: editFrontMatter(fsys[p].Data, func(front *yaml.Node) {
				if src := value(value(front, "cover"), "src"); src != nil {
					src.Value = replace(path.Dir(p), src.Value, name, 2400, 1600)
				} else if value(front, "cover") == nil { // the site's plain cover: a photo in its place
					fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: photo(2400, 1600)}
					front.Content = append(front.Content, scalar("cover"), &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
						scalar("src"), scalar(name), scalar("alt"), scalar("A photo")}})
				}
			})}
		case p == "collections/case-studies.yaml":
			n := 0
			fsys[p] = &fstest.MapFile{Data: editYAML(fsys[p].Data, func(root *yaml.Node) {
				for _, cs := range root.Content {
					if src := value(value(cs, "image"), "src"); src != nil && isImage(src.Value) {
						n++
						src.Value = replace("", src.Value, fmt.Sprintf("/images/photos/case-study-%d.jpg", n), 2400, 1600)
					}
				}
			})}
		case p == "collections/founders.yaml" || p == "collections/authors.yaml":
			// A portrait after each entry's first field, its name or key,
			// in place of any it has.
			n := 0
			fsys[p] = &fstest.MapFile{Data: editYAML(fsys[p].Data, func(root *yaml.Node) {
				for _, e := range root.Content {
					if e.Kind != yaml.MappingNode || len(e.Content) < 2 || e.Content[0].Value != "name" && e.Content[0].Value != "key" {
						continue
					}
					for i := 0; i+1 < len(e.Content); i += 2 {
						if e.Content[i].Value == "photo" {
							e.Content = slices.Delete(e.Content, i, i+2)
							break
						}
					}
					n++
					name := fmt.Sprintf("/images/photos/%s-%d.jpg", strings.TrimSuffix(path.Base(p), ".yaml"), n)
					fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: photo(1200, 1200)}
					portrait := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
						scalar("src"), scalar(name), scalar("alt"), scalar("Portrait of " + e.Content[1].Value)}}
					e.Content = slices.Insert(e.Content, 2, scalar("photo"), portrait)
				}
			})}
		}
	}
}

// editYAML decodes a YAML document, lets edit change its nodes, and
// encodes it again: an edit by structure, whatever the text's layout
// (flow or block, quoted or not). A document that does not parse is left
// as it is, for the build to report.
func editYAML(data []byte, edit func(root *yaml.Node)) []byte {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return data
	}
	edit(doc.Content[0])
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return data
	}
	enc.Close()
	return b.Bytes()
}

// editFrontMatter is editYAML on a Markdown file's front matter.
func editFrontMatter(data []byte, edit func(front *yaml.Node)) []byte {
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	if !ok {
		return data
	}
	front, body, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		return data
	}
	return slices.Concat([]byte("---\n"), editYAML(append(front, '\n'), edit), []byte("---\n"), body)
}

// value is the value of key in mapping m, or nil.
func value(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func isJPEG(src string) bool {
	ext := strings.ToLower(path.Ext(src))
	return ext == ".jpg" || ext == ".jpeg"
}

func isImage(src string) bool {
	switch strings.ToLower(path.Ext(src)) {
	case ".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".avif":
		return true
	}
	return false
}
