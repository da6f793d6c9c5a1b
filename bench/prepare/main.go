// Command prepare readies the inputs of the build comparison of make
// bench, outside the timings:
//
//	go run ./bench/prepare -content content [-pages N] [-articles N] [-photos] -out DIR
//
// It writes DIR/content, the content tree plus the generated pages of
// BenchmarkBuild1000Routes (internal/testkit/sitefixture), for cmd/build, and
// DIR/jobs.json, the routes with their site and page JSON and the file
// each page goes to, for the Node pipeline (bench/node). The JSON comes
// from a Go build of the same content, so the Node side gets the same data
// without doing the content work, and no rendered HTML. With -photos it
// writes only the content, for make lighthouse-photos.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

type job struct {
	URL  string `json:"url"`
	File string `json:"file"`
	Site string `json:"site"`
	Page string `json:"page"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "prepare:", err)
		os.Exit(1)
	}
}

func run() error {
	contentDir := flag.String("content", "content", "content `dir`")
	frontendDir := flag.String("frontend", "frontend", "frontend `dir`")
	pages := flag.Int("pages", 0, "generated Markdown pages to add")
	articles := flag.Int("articles", 0, "generated articles to add (by their own author, with their own cover)")
	photos := flag.Bool("photos", false, "turn the drawn covers and case-study images into photos, and give founders and authors portraits (sitefixture.AddPhotos)")
	out := flag.String("out", "", "output `dir`")
	flag.Parse()
	if *out == "" {
		return fmt.Errorf("-out is required")
	}
	fsys, err := sitefixture.Copy(os.DirFS(*contentDir))
	if err != nil {
		return err
	}
	sitefixture.AddPages(fsys, *pages)
	sitefixture.AddArticles(fsys, *articles)
	if *photos {
		sitefixture.AddPhotos(fsys)
	}
	for p, f := range fsys {
		dst := filepath.Join(*out, "content", filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, f.Data, 0o644); err != nil {
			return err
		}
	}
	if *photos {
		return nil // the photo site is for make lighthouse-photos, not the Node comparison
	}
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: *frontendDir, Now: time.Now()})
	if err != nil {
		return err
	}
	jobs := make([]job, len(res.Jobs))
	for i, j := range res.Jobs {
		jobs[i] = job{URL: j.URL, File: res.Stats.Routes[i].File, Site: string(j.Site), Page: string(j.Page)}
	}
	data, err := json.Marshal(jobs)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*out, "jobs.json"), data, 0o644)
}
