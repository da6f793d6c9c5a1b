package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/feed"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/shareimage"
	"github.com/vozia/site/internal/parallel"
)

// articleFiles are the files the articles add besides their pages: each
// article's share image and the two feeds of the index. (The files beside
// an article folder's index.md are published by the image stage, or as
// downloads: publish.go.)
func (bld *Builder) articleFiles(site *content.Site) (*output, error) {
	out := &output{}
	for _, f := range bld.shareImages(site) {
		out.add(StageShareImage, f.Path, f.Data)
	}
	if len(site.Articles) == 0 {
		return out, nil
	}
	cfg := site.Config
	index := site.Pages[site.ArticleIndex]
	f := feed.Feed{
		Title: head.Title(cfg, index.Route.Title), Description: index.Route.Description, Publisher: cfg.Brand,
		SiteURL: head.URL(cfg, site.ArticleIndex), BaseURL: string(cfg.BaseURL),
		Icon: head.URL(cfg, cfg.Organization.Logo), Language: cfg.Language,
	}
	for _, a := range site.Articles {
		f.Entries = append(f.Entries, feed.Entry{
			URL: head.URL(cfg, a.Path), Title: a.Front.Title, Summary: a.Front.Description, HTML: articleHTML(site, a),
			Published: string(a.Front.Date), Updated: a.Modified(),
			Author: feed.Author{Name: a.Author.Name, URL: string(a.Author.URL)}, Tags: a.Front.Tags,
			Image: head.URL(cfg, a.ShareImage),
		})
	}
	for _, fl := range site.Feeds {
		p := strings.TrimPrefix(fl.Path, "/")
		switch fl.Type {
		case "application/atom+xml":
			out.add(StageFeed, p, feed.Atom(f, head.URL(cfg, fl.Path)))
		case "application/feed+json":
			out.add(StageFeed, p, feed.JSON(f, head.URL(cfg, fl.Path)))
		default:
			return nil, fmt.Errorf("no writer for the feed type %q", fl.Type)
		}
	}
	return out, nil
}

// shareImages draws each article's share image, or takes it from the last
// build (and, with a cache directory, from disk) when its card is the
// same: the card is all an image depends on.
func (bld *Builder) shareImages(site *content.Site) []File {
	cfg := site.Config
	type job struct {
		path string
		card shareimage.Card
		key  string
	}
	jobs := make([]job, len(site.Articles))
	for i, a := range site.Articles {
		card := shareimage.Card{
			Title: a.Front.Title, Author: a.Author.Name, Brand: cfg.Brand,
			Date: dateWords(site, a), Accent: parseHex(string(cfg.SEO.ThemeColor)),
		}
		sum := sha256.Sum256(fmt.Appendf(nil, "share-v3\x00%s\x00%s\x00%s\x00%s\x00%v", card.Title, card.Author, card.Date, card.Brand, card.Accent))
		jobs[i] = job{strings.TrimPrefix(a.ShareImage, "/"), card, hex.EncodeToString(sum[:])}
	}
	out := make([]File, len(jobs))
	parallel.For(len(jobs), 0, func(i int) {
		j := jobs[i]
		data := bld.shares[j.key]
		if data == nil && bld.opt.CacheDir != "" {
			data, _ = os.ReadFile(filepath.Join(bld.opt.CacheDir, "share", j.key+".png"))
		}
		if data == nil {
			data = shareimage.PNG(j.card)
			if bld.opt.CacheDir != "" {
				writeCacheFile(filepath.Join(bld.opt.CacheDir, "share", j.key+".png"), data)
			}
		}
		out[i] = File{Path: j.path, Data: data}
	})
	shares := make(map[string][]byte, len(jobs))
	for i, j := range jobs {
		shares[j.key] = out[i].Data
	}
	bld.shares = shares
	return out
}

// articleSection is the body section of an article's page, as the page
// shows it (claims cited, dates in words).
func articleSection(site *content.Site, a *content.LoadedArticle) *content.ArticleSection {
	if p := site.Pages[a.Path]; p != nil && len(p.Sections) > 0 {
		if s, ok := p.Sections[0].Value.(*content.ArticleSection); ok {
			return s
		}
	}
	return &content.ArticleSection{DateLabel: string(a.Front.Date), HTML: a.HTML}
}

// dateWords is an article's date as its page writes it.
func dateWords(site *content.Site, a *content.LoadedArticle) string {
	return articleSection(site, a).DateLabel
}

// articleHTML is an article's body as its page shows it.
func articleHTML(site *content.Site, a *content.LoadedArticle) string {
	return articleSection(site, a).HTML
}

// writeCacheFile writes a cache entry beside its place and renames it in;
// a failure loses the entry, never the build.
func writeCacheFile(p string, data []byte) {
	if os.MkdirAll(filepath.Dir(p), 0o755) != nil {
		return
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".new-*")
	if err != nil {
		return
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
