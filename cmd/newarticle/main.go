// Command article starts a new article, as `hugo new` does: it writes
// content/articles/<slug>/index.md, the slug made from the title, in the
// folder form, so that its photos sit beside it. The front matter is filled
// in: today's date, the author (the first of collections/authors.yaml
// unless named), the tags, draft: true, and the cover: the given file,
// copied beside the article as cover.<ext>, or none, and the site shows
// its plain cover until the editor adds one (a comment says how). The
// tags the other articles use are listed in a comment. It prints the
// file's path and the address to open in make dev. The draft shows in make
// dev, with a banner, and nowhere else until draft: true is removed.
//
//	go run ./cmd/newarticle -title "Why patients answer a call" [-cover photo.jpg] [-tags a,b] [-author key] [-content content]
//	make article TITLE="Why patients answer a call" [COVER=photo.jpg] [TAGS=a,b] [AUTHOR=key]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/generator/load"
)

func main() {
	if err := run(os.Args[1:], time.Now(), os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "article:", err)
		os.Exit(1)
	}
}

func run(args []string, now time.Time, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("article", flag.ContinueOnError)
	fl.SetOutput(stderr)
	title := fl.String("title", "", "the article's title (required)")
	cover := fl.String("cover", "", "a photo or drawing `file` for the cover, copied beside the article")
	tagList := fl.String("tags", "", "the article's tags, comma-separated (voice-ai,healthcare)")
	authorKey := fl.String("author", "", "the author's `key` in collections/authors.yaml (default: the first)")
	dir := fl.String("content", "content", "the content directory")
	addr := fl.String("addr", "127.0.0.1:8080", "the `address` make dev serves on (its ADDR), for the link printed")
	if err := fl.Parse(args); err != nil {
		return err
	}
	slug := field.Slugify(*title)
	if slug == "" {
		return errors.New(`give the article a title: make article TITLE="Why patients answer a call"`)
	}
	author, err := pickAuthor(filepath.Join(*dir, content.AuthorsFile), *authorKey)
	if err != nil {
		return err
	}
	var tags []string
	for _, t := range strings.Split(*tagList, ",") {
		if t = field.Slugify(t); t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	folder := filepath.Join(*dir, "articles", slug)
	file := filepath.Join(folder, "index.md")
	for _, f := range []string{filepath.Join(*dir, "articles", slug+".md"), folder} {
		if _, err := os.Stat(f); err == nil {
			return fmt.Errorf("%s already exists: choose another title", f)
		}
	}
	// The cover line: the photo given, copied beside the article, or a
	// comment that says how to add one.
	coverLine := fmt.Sprintf("# cover: {src: photo.jpg, alt: %q} # a photo beside this file; without one, the site's plain cover", content.PlaceholderAlt)
	var coverSrc string
	var coverData []byte
	if *cover != "" {
		ext := strings.ToLower(filepath.Ext(*cover))
		if ext == ".jpeg" {
			ext = ".jpg"
		}
		if !slices.Contains(strings.Split(imagefiles.Accept, ","), ext) {
			return fmt.Errorf("cover %q: the cover is a JPEG, PNG, WebP or SVG file", *cover)
		}
		if coverData, err = os.ReadFile(*cover); err != nil {
			return fmt.Errorf("cover: %w", err)
		}
		coverSrc = "cover" + ext
		coverLine = fmt.Sprintf("cover: {src: %s, alt: %q}", coverSrc, content.PlaceholderAlt)
	}

	// What the rest of the content knows: the articles' address, their
	// tags, and the addresses already taken by a redirect or an alias.
	known := existing(*dir)
	address := known.index + "/" + slug
	tagsLine := "[" + strings.Join(tags, ", ") + "]"
	tagsNote := "lowercase words joined by hyphens"
	if len(known.tags) > 0 {
		tagsNote = "tags in use: " + strings.Join(known.tags, ", ")
	}
	text := fmt.Sprintf(`---
title: %s
description: %s
date: %s
author: %s
tags: %s # %s
%s
draft: true # delete this line to publish
---
%s
`, strconv.Quote(*title), content.PlaceholderDescription, now.Format(time.DateOnly), author, tagsLine, tagsNote, coverLine,
		strings.Join(content.PlaceholderBody, "\n\n"))
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return err
	}
	if coverSrc != "" {
		if err := os.WriteFile(filepath.Join(folder, coverSrc), coverData, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return err
	}
	if by, ok := known.taken[address]; ok {
		fmt.Fprintf(stderr, "warning: %s is already %s: the build refuses the article until that goes, or choose another title\n", address, by)
	}
	fmt.Fprintln(stdout, file)
	// A new tag shows as its slug until it is named (an editor's trial
	// read "multilingual", lower-case, on the pages, and only the guide
	// said why).
	for _, t := range tags {
		named := filepath.Join(*dir, content.TagsFolder, t+".yaml")
		if _, err := os.Stat(named); errors.Is(err, fs.ErrNotExist) {
			// The name offered is in the tags' sentence case ("Night shifts").
			shown := content.UnnamedTag(t)
			fmt.Fprintf(stdout, "tag %q is new: pages show it as %q until %s names it (name: %s)\n", t, shown, named, strings.ToUpper(shown[:1])+shown[1:])
		}
	}
	fmt.Fprintf(stdout, "open http://%s%s in make dev\n", *addr, address)
	return nil
}

// pickAuthor returns key, checked against the authors, or the first one.
func pickAuthor(file, key string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("%s: an article needs an author: %w", file, err)
	}
	var authors []struct {
		Key string `yaml:"key"`
	}
	if err := yaml.Unmarshal(data, &authors); err != nil || len(authors) == 0 || authors[0].Key == "" {
		return "", fmt.Errorf("%s: no author with a key: %v", file, err)
	}
	if key == "" {
		return authors[0].Key, nil
	}
	var keys []string
	for _, a := range authors {
		if a.Key == key {
			return key, nil
		}
		keys = append(keys, a.Key)
	}
	return "", fmt.Errorf("author %q is not in %s%s; the authors are %s. A new author: add them to %s first, with a key, a name and a role:\n\n  - {key: %s, name: \"Their Name\", role: \"Their role\"}\n",
		key, file, field.DidYouMean(key, keys), strings.Join(keys, ", "), file, key)
}

type known struct {
	index string
	tags  []string
	// taken says, for each address a redirect or an alias answers, which.
	taken map[string]string
}

// existing reads what it can of the content: it is there to help, and a
// mistake elsewhere in the content is make dev's to report.
func existing(dir string) known {
	k := known{index: "/insights", taken: map[string]string{}}
	site, err := load.SiteWith(os.DirFS(dir), load.Options{Drafts: true})
	if err == nil {
		if site.ArticleIndex != "" {
			k.index = site.ArticleIndex
		}
		for _, r := range site.Routes {
			if r.Redirect != "" {
				what := "an alias in " + r.File
				if r.File == content.RoutingFile {
					what = "a redirect of " + content.RoutingFile
				}
				k.taken[r.Path] = fmt.Sprintf("%s (to %s)", what, r.Redirect)
			}
		}
	}
	// The tags, from every article's front matter, even if the site does
	// not load.
	fsys := os.DirFS(dir)
	fs.WalkDir(fsys, "articles", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return nil
		}
		data, _ := fs.ReadFile(fsys, p)
		parts := bytes.SplitN(data, []byte("---\n"), 3)
		if len(parts) < 3 {
			return nil
		}
		var front struct {
			Tags []string `yaml:"tags"`
		}
		yaml.Unmarshal(parts[1], &front)
		for _, t := range front.Tags {
			if !slices.Contains(k.tags, t) {
				k.tags = append(k.tags, t)
			}
		}
		return nil
	})
	slices.Sort(k.tags)
	return k
}
