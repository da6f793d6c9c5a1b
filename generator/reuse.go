package generator

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"time"

	"github.com/vozia/site/generator/articlefiles"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/published"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/problem"
)

// bundles returns the bundles, rebuilt if the frontend changed, and hands
// the server bundle to onServer as soon as it is ready (at once when the
// bundles are not rebuilt); onServer is not called if it fails.
func (bld *Builder) bundles(bc bundleConfig, onServer func(server []byte)) (*bundle.Result, error) {
	if bld.bundle != nil && !bld.frontendStale {
		onServer(bld.bundle.Server)
		return bld.bundle, nil
	}
	if bld.bundler == nil {
		b, err := bundle.New(bc.frontendDir, bundle.NewCache(bundle.FrontendCache(bc.frontendDir), "bundle"), content.LazyKinds()...)
		if err != nil {
			return nil, err
		}
		bld.bundler = b
	}
	// Marked fresh before bundling: an edit arriving during Rebuild marks
	// it stale again. A failed build stays stale and is retried next time.
	bld.frontendStale = false
	res, err := bld.bundler.Rebuild(onServer)
	if err != nil {
		bld.frontendStale = true
		return nil, err
	}
	bld.bundle = res
	return res, nil
}

func (bld *Builder) renderer(server []byte, workers int) (*prerender.Renderer, error) {
	sum := sha256.Sum256(server)
	if bld.pool != nil && sum == bld.poolFor {
		return bld.pool, nil
	}
	r, err := prerender.New(server, workers)
	if err != nil {
		return nil, err
	}
	bld.pool, bld.poolFor = r, sum
	return r, nil
}

func (bld *Builder) sitefiles(b sitefiles.Brand) []sitefiles.File {
	if bld.brand == nil || *bld.brand != b {
		bld.brand, bld.brandFiles = &b, sitefiles.Files(b)
	}
	return bld.brandFiles
}

// lastModified reads the dates from git once: they change with commits,
// not with the edits of a session. Without a directory there are none.
func (bld *Builder) lastModified(ctx context.Context, dir string) map[string]string {
	if dir == "" {
		return map[string]string{}
	}
	if bld.lastmod == nil {
		bld.lastmod = sitemap.LastModified(ctx, dir)
	}
	return bld.lastmod
}

// publishedRoutes are the routes of the content at git's HEAD, the
// addresses the site has published (generator/published); none for a
// content outside git. A HEAD that does not load (an older
// schema) publishes nothing to compare with: a warning says so.
func (bld *Builder) publishedRoutes(ctx context.Context, dir string, now time.Time) ([]content.Route, content.ErrorList) {
	if dir == "" {
		return nil, nil
	}
	commit, err := published.HeadCommit(ctx, dir)
	if err != nil || commit == "" {
		return nil, nil
	}
	day := now.Format(time.DateOnly)
	if bld.head.Commit != commit || bld.headDay != day {
		head, err := published.AtHead(ctx, dir, now)
		if err != nil {
			return nil, content.ErrorList{{Kind: problem.KindWarning, Message: fmt.Sprintf("the addresses published at git's HEAD are not checked: %v", err)}}
		}
		bld.head, bld.headDay = head, day
	}
	return bld.head.Routes, nil
}

// articleFiles are the articles' share images, drawn again only when
// their card changed, and the feeds.
func (bld *Builder) articleFiles(site *content.Site, fsys fs.FS) (*output.Files, error) {
	out := &output.Files{}
	for _, f := range bld.shares.Draw(site, fsys, site.Config.SEO.ThemeColor.RGBA()) {
		out.Add(output.StageShareImage, f.Path, f.Data)
	}
	feeds, err := articlefiles.Feeds(site)
	if err != nil {
		return nil, err
	}
	for _, f := range feeds {
		out.Add(output.StageFeed, f.Path, f.Data)
	}
	return out, nil
}
