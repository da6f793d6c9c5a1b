package generator

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/document"
	"github.com/vozia/site/generator/guard"
	"github.com/vozia/site/generator/headerfit"
	"github.com/vozia/site/generator/internal/bundling"
	"github.com/vozia/site/generator/internal/future"
	"github.com/vozia/site/generator/internal/stage"
	"github.com/vozia/site/generator/links"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/generator/pagedata"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/prpreview"
	"github.com/vozia/site/generator/publish"
	"github.com/vozia/site/generator/published"
	"github.com/vozia/site/generator/resolve"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/problem"
)

// The stages of build, in its order. Each takes what an earlier one
// handed over, as typed values, and adds its files to the output.

// loadSite reads and validates the content, and derives the site from it.
func loadSite(tree fs.FS, lc loadConfig, now time.Time) (*content.Site, error) {
	site, err := load.SiteWith(tree, load.Options{Now: now, Drafts: lc.drafts})
	if err != nil {
		return nil, problem.Of(err).Prefix(contentroot.Dir(tree))
	}
	live := string(site.Config.BaseURL)
	err = site.Config.Override(lc.overrides)
	if lc.preview != nil {
		err = errors.Join(err, lc.preview.Validate(), prpreview.CrossSite(live, lc.overrides.BaseURL))
		lc.preview.Form(&site.Layout.ContactForm)
	}
	if err != nil {
		return nil, err
	}
	resolve.Finish(site, now)
	return site, nil
}

// assets adds the browser bundle's files and returns its stylesheet, to
// be inlined.
func assets(bd *bundling.Run, out *output.Files) (*bundle.Result, []byte, error) {
	b, err := bd.Bundles()
	if err != nil {
		return nil, nil, err
	}
	style, err := document.InlineStyle(b)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range b.Assets {
		if "/"+a.Path != b.Stylesheet { // the stylesheet is inlined (generator/document)
			out.Add(output.StageBundle, a.Path, a.Data)
		}
	}
	return b, style, nil
}

// documents assembles the pages (generator/document), and the redirect
// routes' static pages; it hands the check the pages' documents. shared
// holds what every page of the build has the same (NoIndex, LiveScript,
// Banner).
func documents(site *content.Site, shared document.Params, pg pagedata.Pages, rendered []prerender.Result, b *bundle.Result, style []byte, pics *pictures.Result, out *output.Files) guard.Pages {
	shared.Site, shared.SiteJSON, shared.Script, shared.Style, shared.KindAssets = site, pg.SiteJSON, b.Script, style, document.KindAssets(b)
	pages := document.Pages(shared, len(pg.Routes), func(i int, p *document.Params) {
		p.Route, p.Body, p.PageJSON = pg.Routes[i], rendered[i].HTML, pg.PageJSON[pg.Routes[i].Path]
		p.Preload = pictures.Preload(pics.Leads[p.Route.Path])
		p.Players = document.Players(site.Pages[p.Route.Path], b.Players)
		p.Kinds = document.LazyKinds(site.Pages[p.Route.Path], b.Kinds)
	})
	d := guard.Pages{HTML: make(map[string][]byte, len(pages)), Opaque: make(map[string][]links.Span, len(pages))}
	for _, doc := range pages {
		d.HTML[doc.Route.Path], d.Opaque[doc.Route.Path] = doc.HTML, doc.Opaque
		out.Add(output.StageDocument, doc.File, doc.HTML)
		out.Seen(doc.File, doc.WithSiteData(pg.RenderSite)...)
	}
	for _, doc := range document.Redirects(shared) {
		out.Add(output.StageRedirect, doc.File, doc.HTML)
	}
	return d
}

// addGenerated adds the files made beside the pages: the site files
// (icons, manifest), the articles' share images and feeds, sitemap.xml
// and robots.txt.
func addGenerated(site *content.Site, now time.Time, pv *prpreview.Preview, siteFiles *future.Future[[]sitefiles.File], articleFiles *future.Future[*output.Files], lastmod *future.Future[map[string]string], out *output.Files) error {
	sf, _ := siteFiles.Get()
	for _, f := range sf {
		out.Add(output.StageSiteFiles, strings.TrimPrefix(f.Path, "/"), f.Data)
	}
	af, err := articleFiles.Get()
	if err != nil {
		return err
	}
	out.Merge(af)
	if txt := sitefiles.SiteSecurityTxt(site, now); txt != nil {
		out.Add(output.StageSiteFiles, sitefiles.SecurityTxtPath, txt)
	}
	dates, _ := lastmod.Get()
	xml, robots := sitemap.Files(site, dates, pv)
	out.Add(output.StageSitemap, "sitemap.xml", xml)
	out.Add(output.StageSitemap, "robots.txt", robots)
	return nil
}

// routingFiles are the CDN's files (generator/cdn): the routing manifest
// and the same rules as CloudFront Functions, with the previews'.
func routingFiles(site *content.Site, pv *prpreview.Preview, contentDir string, inline cdn.Inline, out *output.Files) (*Result, error) {
	paths := out.Paths()
	slices.Sort(paths)
	m, cdnFiles, err := cdn.Files(site, inline, paths, pv)
	if err != nil {
		return nil, err
	}
	return &Result{Site: out.Sorted(), Stages: out.Stages(), Warnings: site.Warnings.AsWarnings().Prefix(contentDir), Note: site.HeldNote(contentDir), Manifest: m, CDN: cdnFiles}, nil
}

func (bld *Builder) build(ctx context.Context, cfg config) (*Result, error) {
	start := time.Now()
	now, tree, dir := cfg.now, cfg.content, contentroot.Dir(cfg.content)
	if now.IsZero() {
		now = start
	}
	// The bundles, the goja pool and git's history (lastmod) do not depend
	// on the content: they run while it loads. A build waits for every
	// stage it started before it returns, so that none outlives it on the
	// Builder's fields.
	bd := bld.bundling.Start(cfg.bundle, bld.renders)
	defer bd.Wait()
	type gone struct {
		routes []content.Route
		warn   content.ErrorList
	}
	var lastmod *future.Future[map[string]string]
	var head *future.Future[gone]
	stage.Run("history", func() {
		lastmod = future.Spawn(func() (map[string]string, error) { return bld.lastmod.Of(ctx, dir), nil })
		head = future.Spawn(func() (gone, error) {
			if cfg.preview != nil { // a preview publishes nothing
				return gone{}, nil
			}
			r, w := bld.head.Routes(ctx, dir, cfg.published, now)
			return gone{r, w}, nil
		})
	})
	defer lastmod.Wait()
	defer head.Wait()

	var site *content.Site
	var err error
	if stage.Run("content", func() { site, err = loadSite(tree, cfg.load, now) }); err != nil {
		return nil, err
	}
	site.Warnings = append(append(site.Warnings, guard.LinksToRedirects(site)...), guard.DraftsAtRedirects(site)...).Sorted()
	out := &output.Files{}
	var pics *pictures.Result
	if stage.Run("images", func() { pics, err = publish.Images(ctx, bld.pictures, site, tree, cfg.ready, out) }); err != nil {
		// Without its images no page renders; the links are checked from
		// the route table instead, so that one save says all it can.
		return nil, append(problem.Of(err), guard.Links(site).Prefix(dir)...).Sorted()
	}
	// The site files are drawn, and the articles' share images and feeds
	// made, while the pages render: a thousand share images drawn beside
	// the render fill the cores while the runtimes start.
	var siteFiles *future.Future[[]sitefiles.File]
	var articleFiles *future.Future[*output.Files]
	stage.Run("site files, share images and feeds", func() {
		siteFiles = future.Spawn(func() ([]sitefiles.File, error) { return bld.brand.Files(sitefiles.BrandOf(site.Config)), nil })
		articleFiles = future.Spawn(func() (*output.Files, error) { return bld.shares.Files(site, tree) })
	})
	defer siteFiles.Wait()
	defer articleFiles.Wait()

	// The web editor (/admin/), linked from no page and not in the
	// sitemap, is made while the pages render (it needs none of them).
	var editor *admin.Pending
	if !cfg.noEditor {
		editor = bld.admin.Start(cfg.bundle.FrontendDir, cfg.liveScript, bd.Bundles, site)
		defer editor.Wait()
	}
	var data pagedata.Pages
	stage.Run("page data", func() { data = pageData(site, cfg.preview != nil, out) })
	var rendered []prerender.Result
	var renderTime time.Duration
	if stage.Run("render", func() {
		rendered, renderTime, err = bd.Render(data.Jobs)
	}); err != nil {
		return nil, err
	}
	b, style, err := assets(bd, out)
	if err != nil {
		return nil, err
	}
	// The header's collapse follows its labels (generator/headerfit).
	style = slices.Concat(style, []byte(headerfit.CSS(site.Layout.Nav, site.Config.Brand)))
	if editor != nil {
		if err := editor.AddTo(out, cfg.load.drafts); err != nil {
			return nil, err
		}
	}
	shared := document.Params{NoIndex: cfg.preview != nil, LiveScript: cfg.liveScript}
	if cfg.preview != nil {
		shared.Banner = cfg.preview.Banner()
	}
	var docs guard.Pages
	stage.Run("documents", func() {
		docs = documents(site, shared, data, rendered, b, style, pics, out)
		err = addGenerated(site, now, cfg.preview, siteFiles, articleFiles, lastmod, out)
	})
	if err != nil {
		return nil, err
	}
	// A link to an address published at HEAD that no longer answers says
	// how to keep that address: asked only of a broken link, so that a
	// good build still reads HEAD's addresses last.
	var goneAt map[string]published.Moved
	moved := func(p string) (guard.Moved, bool) {
		if goneAt == nil {
			goneAt = map[string]published.Moved{}
			if g, _ := head.Get(); g.routes != nil {
				goneAt = published.GoneByAddress(g.routes, site.Routes, cfg.published, tree, site.Unpublished)
			}
		}
		m, ok := goneAt[p]
		if !ok {
			return guard.Moved{}, false
		}
		return guard.Moved{Note: problem.List{m.Problem}.Prefix(dir)[0].Error(), To: m.To}, true
	}
	if stage.Run("checks", func() { err = checkPages(site, dir, docs, pics, out, moved) }); err != nil {
		return nil, err
	}
	// An address published at HEAD (or at the revision named as live)
	// that this site no longer answers: a warning (an error), read last,
	// so that the pages render while git and the load of that content run.
	dropped := 0
	if g, _ := head.Get(); g.routes != nil || g.warn != nil {
		gone := published.Gone(g.routes, site.Routes, cfg.published, tree, site.Unpublished)
		dropped = len(gone)
		if cfg.published != "" {
			// Named as what is live: an address gone is a broken link for
			// everyone who kept it, and a check that cannot be made
			// (the revision is not in the clone) is no check.
			var errs content.ErrorList
			for _, p := range g.warn {
				if p.Kind == problem.KindError {
					errs = append(errs, p)
				}
			}
			if errs = append(errs, gone...); len(errs) > 0 {
				return nil, problem.Of(errs.Sorted()).Prefix(dir)
			}
		}
		site.Warnings = append(append(site.Warnings, g.warn...), gone...).Sorted()
	}
	var res *Result
	inline := cdn.Inline{Styles: document.InlineStyles(site, style, b), Scripts: document.InlineScripts()}
	if stage.Run("routing", func() { res, err = routingFiles(site, cfg.preview, dir, inline, out) }); err != nil {
		return nil, err
	}
	res.Jobs = data.Jobs
	res.Dropped = dropped
	res.Processing = pics.PendingFrom
	res.Changed, bld.last = output.Changed(bld.last, out), out
	res.Stats = Stats{Bundle: b, Render: renderTime, Total: time.Since(start), Images: pics.Encoded}
	res.Stats.Routes = make([]RouteStat, len(data.Routes))
	for i, rt := range data.Routes {
		res.Stats.Routes[i] = RouteStat{Path: rt.Path, File: cdn.DocumentFile(rt), Render: rendered[i].Time}
		r := &res.Stats.Routes[i]
		for _, k := range document.LazyKinds(site.Pages[rt.Path], b.Kinds) {
			r.Scripts = append(r.Scripts, k.Script)
			if len(k.StyleData) > 0 {
				r.Styles = append(r.Styles, k.StyleData)
			}
		}
		r.Scripts = append(r.Scripts, document.Players(site.Pages[rt.Path], b.Players)...)
	}
	return res, nil
}

// checkPages refuses a build whose pages would mislead a visitor
// (generator/guard), before anything is written.
func checkPages(site *content.Site, contentDir string, pages guard.Pages, pics *pictures.Result, out *output.Files, moved func(string) (guard.Moved, bool)) error {
	pages.Files = slices.Clone(pics.Pending)
	for _, p := range out.Paths() {
		pages.Files = append(pages.Files, "/"+p)
	}
	return guard.Site(site, pages, contentDir, moved)
}

// pageData makes each page's data and the route table (generator/pagedata).
func pageData(site *content.Site, noindex bool, out *output.Files) pagedata.Pages {
	pg := pagedata.Make(site, noindex)
	for _, f := range pg.Files {
		out.Add(output.StageData, f.Path, f.Data)
	}
	return pg
}
