// Package articlefiles makes the files the articles add beside their pages:
// each article's share image (generator/shareimage, drawn from its card)
// and the feeds of the article index (generator/feed), each entry carrying
// the article's body as its page shows it, every address absolute
// (content.Text.Absolute; its pictures written by generator/pictures with
// their files absolute). (The files beside an article folder's index.md
// are published as images or downloads.)
package articlefiles

import (
	"crypto/sha256"
	"fmt"
	"image/color"
	"io/fs"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/feed"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/shareimage"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/parallel"
)

// File is one file of the site root.
type File = atomicdir.File

// Feeds are the feeds of the article index, as site.Feeds lists them.
func Feeds(site *content.Site) ([]File, error) {
	if len(site.Articles) == 0 {
		return nil, nil
	}
	var out []File
	cfg := site.Config
	index := site.Pages[site.ArticleIndex]
	f := feed.Feed{
		Title: head.Title(cfg, index.Route.Title), Description: index.Route.Description, Publisher: cfg.Brand,
		SiteURL: head.URL(cfg, site.ArticleIndex), BaseURL: string(cfg.BaseURL),
		Icon: head.URL(cfg, cfg.Organization.Logo), Language: cfg.Language,
	}
	for _, a := range site.Articles {
		if a.Status != "" {
			continue // a draft or scheduled article (make dev): no reader sees it yet
		}
		url := head.URL(cfg, a.Path)
		f.Entries = append(f.Entries, feed.Entry{
			URL: url, Title: a.Front.Title, Summary: a.Front.Description, HTML: body(a, string(cfg.BaseURL), url),
			Published: string(a.Front.Date), Updated: a.Modified(),
			Author: feed.Author{Name: a.Author.Name, URL: string(a.Author.URL)}, Tags: a.Front.Tags,
			Image: head.URL(cfg, a.ShareImage),
		})
	}
	for _, fl := range site.Feeds {
		p := strings.TrimPrefix(fl.Path, "/")
		switch fl.Type {
		case "application/atom+xml":
			out = append(out, File{Path: p, Data: feed.Atom(f, head.URL(cfg, fl.Path))})
		case "application/feed+json":
			out = append(out, File{Path: p, Data: feed.JSON(f, head.URL(cfg, fl.Path))})
		default:
			return nil, fmt.Errorf("no writer for the feed type %q", fl.Type)
		}
	}
	return out, nil
}

// Shares draws the articles' share images build after build, keeping the
// last build's by the card they show (the card is all an image depends
// on): in memory, and with a cache directory in one pack on disk
// (filecache.Packfile), for the next process.
type Shares struct {
	disk *filecache.Packfile
	last map[string][]byte
}

// NewShares returns Shares that keep their images under cacheDir too
// (none when empty).
func NewShares(cacheDir string) *Shares {
	return &Shares{disk: filecache.NewPackfile(cacheDir, "share")}
}

// Draw returns each article's share image: the card (title, author,
// date), on the site's dark background, or, for an article whose front
// matter says share: cover, over its cover photo (fsys holds the cover),
// framed as its page frames it.
func (sh *Shares) Draw(site *content.Site, fsys fs.FS, accent color.RGBA) []File {
	cfg := site.Config
	type job struct {
		path  string
		card  shareimage.Card
		key   string
		cover *imagefiles.Source
	}
	jobs := make([]job, len(site.Articles))
	for i, a := range site.Articles {
		card := shareimage.Card{
			Title: a.Front.Title, Author: a.Author.Name, Brand: cfg.Brand,
			Date: dateLabel(a), Accent: accent,
		}
		// The disk cache names it by the build's version too
		// (internal/filecache): a change to the drawing misses.
		key := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%v", card.Title, card.Author, card.Date, card.Brand, card.Accent)
		var cover *imagefiles.Source
		if a.Front.Share == "cover" && a.Cover.Crop != nil {
			if data, err := fs.ReadFile(fsys, a.Cover.File()); err == nil { // else reported by load.Site
				cover = &imagefiles.Source{Name: a.Cover.File(), Data: data, Crop: a.Cover.Crop}
				sum := sha256.Sum256(data)
				key += fmt.Sprintf("\x00%x\x00%s", sum, a.Cover.Crop)
			}
		}
		jobs[i] = job{strings.TrimPrefix(a.ShareImage, "/"), card, key, cover}
	}
	out := make([]File, len(jobs))
	parallel.For(len(jobs), 0, func(i int) {
		j := jobs[i]
		data := sh.last[j.key]
		if data == nil {
			data, _ = sh.disk.Get(j.key)
		}
		if data == nil {
			data = shareimage.PNG(j.card)
			if j.cover != nil {
				if photo, err := imagefiles.Decode(*j.cover); err == nil { // else reported by the image stage
					data = shareimage.OnPhoto(j.card, photo)
				}
			}
			sh.disk.Put(j.key, data)
		}
		out[i] = File{Path: j.path, Data: data}
	})
	shares := make(map[string][]byte, len(jobs))
	keys := make([]string, len(jobs))
	for i, j := range jobs {
		shares[j.key] = out[i].Data
		keys[i] = j.key
	}
	sh.last = shares
	sh.disk.KeepOnly(keys)
	return out
}

// body is the article's body as its page shows it, with every address
// absolute, site paths against base and fragments against url, the
// article's own address: a feed reader has no page to resolve them
// against. An article without a page (LoadedArticle.Shown) shows its text
// without its images, which only a page has processed.
func body(a *content.LoadedArticle, base, url string) string {
	if a.Shown == nil {
		return a.Text.Absolute(nil, nil, base, url)
	}
	return a.Shown.Text.Absolute(a.Shown.Images, pictures.Absolute(base), base, url)
}

// dateLabel is the article's date as its page shows it.
func dateLabel(a *content.LoadedArticle) string {
	if a.Shown != nil {
		return a.Shown.DateLabel
	}
	return string(a.Front.Date)
}
