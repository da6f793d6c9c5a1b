// Command article starts a new article, as `hugo new` does: it writes
// content/articles/<slug>.md, the slug made from the title, with the front
// matter filled in (today's date, the first author of
// collections/authors.yaml, draft: true, the default cover) and prints the
// file's path. The draft shows in make dev, with a banner, and nowhere
// else until draft: true is removed.
//
//	go run ./cmd/article -title "Why patients answer a call" [-content content]
//	make article TITLE="Why patients answer a call"
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/content"
)

// DefaultCover is the cover a new article starts with, until the editor
// draws its own.
const DefaultCover = "/images/articles/default-cover.svg"

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
	dir := fl.String("content", "content", "the content directory")
	if err := fl.Parse(args); err != nil {
		return err
	}
	slug := content.Slugify(*title)
	if slug == "" {
		return errors.New(`give the article a title: make article TITLE="Why patients answer a call"`)
	}
	author, err := firstAuthor(filepath.Join(*dir, content.AuthorsFile))
	if err != nil {
		return err
	}
	file := filepath.Join(*dir, "articles", slug+".md")
	for _, f := range []string{file, filepath.Join(*dir, "articles", slug, "index.md")} {
		if _, err := os.Stat(f); err == nil {
			return fmt.Errorf("%s already exists: choose another title", f)
		}
	}
	text := fmt.Sprintf(`---
title: %s
description: One or two sentences for the cards, the feeds and search results (at most 160 characters).
date: %s
author: %s
tags: []
cover: {src: %s, alt: "Describe the cover for people who cannot see it"}
draft: true
---
The first paragraph: what the reader will learn.

## The first part

Write in Markdown. Three or more parts (## headings) get a table of contents.
`, strconv.Quote(*title), now.Format(time.DateOnly), author, DefaultCover)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Fprintln(stdout, file)
	return nil
}

func firstAuthor(file string) (string, error) {
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
	return authors[0].Key, nil
}
