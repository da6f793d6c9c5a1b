package generator

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/check"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/document"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/pagedata"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/publish"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/parallel"
	"github.com/vozia/site/internal/problem"
)

// The stages of build, in its order. Each takes what an earlier one
// handed over, as typed values, and adds its files to the output.

func withDefaults(opt Options) Options {
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	// Whatever tree the build is handed, it reads no file through a link
	// and no file that is not a regular one (internal/contentroot).
	opt.Content = contentroot.Strict(opt.Content)
	return opt
}

// bundling is the bundle stage under way. The server bundle is built
// first and handed over (nil if the bundles failed before it); the goja
// pool starts from it, and the pages render while the browser bundle
// builds. A build whose pages are all in its render cache never waits for
// the pool. Each goroutine keeps to its own Builder fields.
type bundling struct {
	server   *future[[]byte]
	renderer *future[*prerender.Renderer]
	bundles  *future[*bundle.Result]
}

func (bld *Builder) startBundles(opt Options) bundling {
	bd := bundling{newFuture[[]byte](), newFuture[*prerender.Renderer](), newFuture[*bundle.Result]()}
	go func() {
		handed := false
		b, err := bld.bundles(opt, func(server []byte) {
			handed = true
			bd.server.set(server, nil)
			go func() {
				r, err := bld.renderer(server, opt.Workers)
				var kinds []string
				if err == nil {
					kinds, err = r.SectionKinds()
				}
				if err == nil {
					err = check.Kinds(content.SectionKinds(), kinds)
				}
				bd.renderer.set(r, err)
			}()
		})
		if !handed {
			bd.server.set(nil, err)
			bd.renderer.set(nil, err)
		}
		bd.bundles.set(b, err)
	}()
	return bd
}

func (bd bundling) wait() { bd.server.wait(); bd.renderer.wait(); bd.bundles.wait() }

// loadSite reads and validates the content, and derives the site from it.
func loadSite(opt Options) (*content.Site, error) {
	site, err := load.SiteWith(opt.Content, load.Options{Now: opt.Now, Drafts: opt.Drafts})
	if err != nil {
		return nil, problem.Of(err).Prefix(opt.ContentDir)
	}
	if err := applyOverrides(&site.Config, opt); err != nil {
		return nil, err
	}
	if opt.Preview != nil {
		opt.Preview.Form(&site.Layout.ContactForm)
	}
	site.Finish(opt.Now)
	return site, nil
}

// images processes the photos (generator/pictures) and publishes them,
// the SVGs and the downloads.
func (bld *Builder) images(ctx context.Context, site *content.Site, opt Options, out *output) (*pictures.Result, error) {
	if bld.pictures == nil {
		bld.pictures = pictures.New(opt.CacheDir)
	}
	pics, err := bld.pictures.Process(ctx, site, opt.Content, opt.ImagesReady)
	if err == nil {
		for _, f := range pics.Files {
			out.add(StageImage, f.Path, f.Data)
		}
		var files []publish.File
		files, err = publish.Files(site, opt.Content, pics.Shown)
		for _, f := range files {
			stage := StageDownload
			if f.SVG {
				stage = StageSVG
			}
			out.add(stage, f.Path, f.Data)
		}
	}
	if err != nil {
		return nil, problem.Of(err).Prefix(opt.ContentDir)
	}
	return pics, nil
}

func brandOf(c content.SiteConfig) sitefiles.Brand {
	return sitefiles.Brand{
		Name: c.Brand, Description: c.SEO.Description,
		Accent: parseHex(string(c.SEO.ThemeColor)), ShareImage: c.SEO.Image, Logo: c.Organization.Logo,
	}
}

// renderPages renders the jobs (prerender), or takes them from the
// Builder's caches.
func (bld *Builder) renderPages(opt Options, bd bundling, jobs []prerender.Job) ([]prerender.Result, time.Duration, error) {
	server, _ := bd.server.get()
	if server == nil {
		_, err := bd.bundles.get()
		return nil, 0, err
	}
	start := time.Now()
	rendered, err := bld.renders.Render(bd.renderer.get, opt.Whole, server, jobs)
	if err != nil {
		// The render's problems are placed in the app's sources.
		return nil, 0, problem.Of(err).Prefix(opt.FrontendDir)
	}
	took := time.Since(start)
	// Also when every page came from the render cache: a bundle that
	// lacks a kind fails whether or not a page uses it.
	if _, err := bd.renderer.get(); err != nil {
		return nil, 0, problem.Of(err).Prefix(opt.FrontendDir)
	}
	return rendered, took, nil
}

// assets adds the browser bundle's files and returns its stylesheet, to
// be inlined.
func assets(bd bundling, out *output) (*bundle.Result, []byte, error) {
	b, err := bd.bundles.get()
	if err != nil {
		return nil, nil, err
	}
	style, err := document.InlineStyle(b)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range b.Assets {
		if "/"+a.Path != b.Stylesheet { // the stylesheet is inlined (generator/document)
			out.add(StageBundle, a.Path, a.Data)
		}
	}
	return b, style, nil
}

// docs are the pages' documents by path, and the ranges of each that the
// link check need not read.
type docs struct {
	html   map[string][]byte
	opaque map[string][]linkcheck.Span
}

// documents assembles the pages (generator/document) on every core: a
// thousand of them are 90 MB of fresh memory to fill. The redirect routes
// get their static page.
func documents(site *content.Site, opt Options, pg pagedata.Pages, rendered []prerender.Result, b *bundle.Result, style []byte, pics *pictures.Result, out *output) docs {
	var banner string
	if opt.Preview != nil {
		banner = opt.Preview.Banner()
	}
	made := make([][]byte, len(pg.Routes))
	opaque := make([][]linkcheck.Span, len(pg.Routes))
	parallel.For(len(pg.Routes), 0, func(i int) {
		rt := pg.Routes[i]
		made[i], opaque[i] = document.Page(document.Params{
			Site: site, Route: rt, Body: rendered[i].HTML, SiteJSON: pg.SiteJSON, PageJSON: pg.PageJSON[rt.Path],
			Script: b.Script, Style: style, Preload: pictures.Preload(pics.Leads[rt.Path]), Banner: banner, NoIndex: opt.Preview != nil,
		})
	})
	d := docs{html: make(map[string][]byte, len(pg.Routes)), opaque: make(map[string][]linkcheck.Span, len(pg.Routes))}
	for i, rt := range pg.Routes {
		d.html[rt.Path], d.opaque[rt.Path] = made[i], opaque[i]
		out.add(StageDocument, cdn.DocumentFile(rt), made[i])
	}
	for _, rt := range site.Routes {
		if rt.Redirect != "" {
			out.add(StageRedirect, cdn.DocumentFile(rt), document.Redirect(site.Config, rt, b.Script))
		}
	}
	return d
}

// addGenerated adds the files made beside the pages: the site files
// (icons, manifest), the articles' share images and feeds, sitemap.xml
// and robots.txt.
func addGenerated(site *content.Site, opt Options, siteFiles *future[[]sitefiles.File], articleFiles *future[*output], lastmod *future[map[string]string], out *output) error {
	sf, _ := siteFiles.get()
	for _, f := range sf {
		out.add(StageSiteFiles, strings.TrimPrefix(f.Path, "/"), f.Data)
	}
	af, err := articleFiles.get()
	if err != nil {
		return err
	}
	out.merge(af)
	dates, _ := lastmod.get()
	xml, robots := sitemap.Files(site, dates, opt.Preview)
	out.add(StageSitemap, "sitemap.xml", xml)
	out.add(StageSitemap, "robots.txt", robots)
	return nil
}

// routingFiles are the CDN's files (generator/cdn): the routing manifest
// and the same rules as CloudFront Functions, with the previews'.
func routingFiles(site *content.Site, opt Options, style []byte, out *output) (*Result, error) {
	sorted := out.sorted()
	paths := make([]string, len(sorted))
	for i, f := range sorted {
		paths[i] = f.Path
	}
	m, cdnFiles, err := cdn.Files(site, style, paths, opt.Preview)
	if err != nil {
		return nil, err
	}
	return &Result{Site: sorted, Stages: out.stages, Warnings: warnings(site.Warnings).Prefix(opt.ContentDir), Manifest: m, CDN: cdnFiles}, nil
}

// warnings marks the content's warnings as such (problem.KindWarning).
func warnings(l problem.List) problem.List {
	out := slices.Clone(l)
	for i := range out {
		out[i].Kind = problem.KindWarning
	}
	return out
}

func (bld *Builder) build(ctx context.Context, opt Options) (*Result, error) {
	start := time.Now()
	opt = withDefaults(opt)
	// The bundles, the goja pool and git's history (lastmod) do not depend
	// on the content: they run while it loads. A build waits for every
	// stage it started before it returns, so that none outlives it on the
	// Builder's fields.
	bd := bld.startBundles(opt)
	defer bd.wait()
	lastmod := spawn(func() (map[string]string, error) { return bld.lastModified(ctx, opt.ContentDir), nil })
	defer lastmod.wait()

	site, err := loadSite(opt)
	if err != nil {
		return nil, err
	}
	out := &output{}
	pics, err := bld.images(ctx, site, opt, out)
	if err != nil {
		return nil, err
	}
	// The site files are drawn, and the articles' share images and feeds
	// made, while the pages render: a thousand share images drawn beside
	// the render fill the cores while the runtimes start.
	siteFiles := spawn(func() ([]sitefiles.File, error) { return bld.sitefiles(brandOf(site.Config)), nil })
	defer siteFiles.wait()
	articleFiles := spawn(func() (*output, error) { return bld.articleFiles(site, opt.Content) })
	defer articleFiles.wait()

	data := pageData(site, opt.Preview != nil, out)
	rendered, renderTime, err := bld.renderPages(opt, bd, data.Jobs)
	if err != nil {
		return nil, err
	}
	b, style, err := assets(bd, out)
	if err != nil {
		return nil, err
	}
	// The web editor (/admin/): linked from no page, not in the sitemap.
	if err := bld.addAdmin(opt, b, site.Config.Brand, out); err != nil {
		return nil, err
	}
	docs := documents(site, opt, data, rendered, b, style, pics, out)
	if err := addGenerated(site, opt, siteFiles, articleFiles, lastmod, out); err != nil {
		return nil, err
	}
	if err := checkPages(site, opt, docs, pics, out); err != nil {
		return nil, err
	}
	res, err := routingFiles(site, opt, style, out)
	if err != nil {
		return nil, err
	}
	res.Jobs = data.Jobs
	res.Stats = stats(data.Routes, rendered, b, renderTime, time.Since(start))
	res.Stats.Images = pics.Encoded
	return res, nil
}

func applyOverrides(c *content.SiteConfig, opt Options) error {
	var errs []error
	if opt.BaseURL != "" {
		if err := c.BaseURL.UnmarshalText([]byte(opt.BaseURL)); err != nil {
			errs = append(errs, fmt.Errorf("-base-url: %w", err))
		}
	}
	if opt.ContactURL != "" {
		if err := c.ContactEndpoint.SetURL(opt.ContactURL); err != nil {
			errs = append(errs, fmt.Errorf("-contact-url: %w", err))
		}
	}
	if opt.AnalyticsID != "" {
		a := content.Analytics{MeasurementID: opt.AnalyticsID}
		if err := a.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("-analytics-id: %w", err))
		}
		c.Analytics = a
	}
	if opt.Preview != nil {
		if err := opt.Preview.Validate(); err != nil {
			errs = append(errs, err)
		}
		if opt.AnalyticsID != "" {
			errs = append(errs, errors.New("-analytics-id: a preview sends no analytics"))
		}
		c.Analytics = content.Analytics{}
	}
	return errors.Join(errs...)
}

// checkPages refuses a build whose pages would mislead a visitor
// (generator/check), before anything is written.
func checkPages(site *content.Site, opt Options, d docs, pics *pictures.Result, out *output) error {
	files := slices.Clone(pics.Pending)
	for _, f := range out.files {
		files = append(files, "/"+f.Path)
	}
	return check.Site(site, check.Pages{HTML: d.html, Opaque: d.opaque, Files: files}, opt.ContentDir)
}

// pageData makes each page's data and the route table (generator/pagedata).
func pageData(site *content.Site, noindex bool, out *output) pagedata.Pages {
	pg := pagedata.Make(site, noindex)
	for _, f := range pg.Files {
		out.add(StageData, f.Path, f.Data)
	}
	return pg
}
