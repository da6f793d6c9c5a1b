package generator

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/check"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/document"
	"github.com/vozia/site/generator/internal/future"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/generator/pagedata"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/preview"
	"github.com/vozia/site/generator/publish"
	"github.com/vozia/site/generator/published"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/contentroot"
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
	server   *future.Future[[]byte]
	renderer *future.Future[*prerender.Renderer]
	bundles  *future.Future[*bundle.Result]
}

func (bld *Builder) startBundles(opt Options) bundling {
	bd := bundling{future.New[[]byte](), future.New[*prerender.Renderer](), future.New[*bundle.Result]()}
	go func() {
		handed := false
		b, err := bld.bundles(opt, func(server []byte) {
			handed = true
			bd.server.Set(server, nil)
			go func() {
				r, err := bld.renderer(server, opt.Workers)
				var kinds []string
				if err == nil {
					kinds, err = r.SectionKinds()
				}
				if err == nil {
					err = check.Kinds(content.SectionKinds(), kinds)
				}
				bd.renderer.Set(r, err)
			}()
		})
		if !handed {
			bd.server.Set(nil, err)
			bd.renderer.Set(nil, err)
		}
		bd.bundles.Set(b, err)
	}()
	return bd
}

func (bd bundling) wait() { bd.server.Wait(); bd.renderer.Wait(); bd.bundles.Wait() }

// loadSite reads and validates the content, and derives the site from it.
func loadSite(opt Options) (*content.Site, error) {
	site, err := load.SiteWith(opt.Content, load.Options{Now: opt.Now, Drafts: opt.Drafts})
	if err != nil {
		return nil, problem.Of(err).Prefix(opt.ContentDir)
	}
	live := string(site.Config.BaseURL)
	err = site.Config.Override(content.Overrides{
		BaseURL: opt.BaseURL, ContactURL: opt.ContactURL, AnalyticsID: opt.AnalyticsID, Preview: opt.Preview != nil,
	})
	if opt.Preview != nil {
		err = errors.Join(err, opt.Preview.Validate(), preview.CrossSite(live, opt.BaseURL))
		opt.Preview.Form(&site.Layout.ContactForm)
	}
	if err != nil {
		return nil, err
	}
	load.Finish(site, opt.Now)
	return site, nil
}

// images processes the photos (generator/pictures) and publishes them,
// the SVGs and the downloads.
func (bld *Builder) images(ctx context.Context, site *content.Site, opt Options, out *output.Files) (*pictures.Result, error) {
	if bld.pictures == nil {
		bld.pictures = pictures.New(opt.CacheDir)
	}
	pics, err := bld.pictures.Process(ctx, site, opt.Content, opt.ImagesReady)
	if err == nil {
		for _, f := range pics.Files {
			out.Add(output.StageImage, f.Path, f.Data)
		}
		var files []publish.File
		files, err = publish.Files(site, opt.Content, pics.Shown)
		for _, f := range files {
			stage := output.StageDownload
			if f.SVG {
				stage = output.StageSVG
			}
			out.Add(stage, f.Path, f.Data)
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
		Accent: c.SEO.ThemeColor.RGBA(), ShareImage: c.SEO.Image, Logo: c.Organization.Logo,
	}
}

// renderPages renders the jobs (prerender), or takes them from the
// Builder's caches.
func (bld *Builder) renderPages(opt Options, bd bundling, jobs []prerender.Job) ([]prerender.Result, time.Duration, error) {
	server, _ := bd.server.Get()
	if server == nil {
		_, err := bd.bundles.Get()
		return nil, 0, err
	}
	start := time.Now()
	rendered, err := bld.renders.Render(bd.renderer.Get, opt.Whole, server, jobs)
	if err != nil {
		// The render's problems are placed in the app's sources.
		return nil, 0, problem.Of(err).Prefix(opt.FrontendDir)
	}
	took := time.Since(start)
	// Also when every page came from the render cache: a bundle that
	// lacks a kind fails whether or not a page uses it.
	if _, err := bd.renderer.Get(); err != nil {
		return nil, 0, problem.Of(err).Prefix(opt.FrontendDir)
	}
	return rendered, took, nil
}

// assets adds the browser bundle's files and returns its stylesheet, to
// be inlined.
func assets(bd bundling, out *output.Files) (*bundle.Result, []byte, error) {
	b, err := bd.bundles.Get()
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

// addAdmin adds the web editor's files (generator/admin), made again only
// for a new bundle.
func (bld *Builder) addAdmin(opt Options, b *bundle.Result, brand string, out *output.Files) error {
	files, err := bld.admin.Files(opt.FrontendDir, b, brand, opt.LiveScript)
	for _, f := range files {
		out.Add(output.StageAdmin, f.Path, f.Data)
	}
	return err
}

// securityTxt is the site's security.txt, when security.yaml, the
// security contact and a page with the security section (its Policy)
// exist; nil otherwise.
func securityTxt(site *content.Site, now time.Time) []byte {
	if site.Security == nil || site.Config.SecurityEmail == "" {
		return nil
	}
	for _, r := range site.Routes {
		page := site.Pages[r.Path]
		if page == nil {
			continue
		}
		for _, sec := range page.Sections {
			if _, ok := sec.Value.(*sections.SecuritySection); ok {
				return sitefiles.SecurityTxt(string(site.Config.SecurityEmail), string(site.Config.BaseURL), r.Path, site.Security.ExpiresAt(now))
			}
		}
	}
	return nil
}

// players are the scripts of the players page needs: a sample call's
// only when it has a recording (its transcript alone needs nothing).
func players(page *content.Page, scripts map[string]string) []string {
	if page == nil {
		return nil
	}
	for _, sec := range page.Sections {
		if call, ok := sec.Value.(*sections.SampleCallSection); ok && call.Audio != "" && scripts["sample-call"] != "" {
			return []string{scripts["sample-call"]}
		}
	}
	return nil
}

// lazyKinds are the lazy section kinds page shows, in the order of
// their first section.
func lazyKinds(page *content.Page, kinds map[string]bundle.Kind) []bundle.Kind {
	if page == nil {
		return nil
	}
	var out []bundle.Kind
	for _, sec := range page.Sections {
		if k, ok := kinds[sec.Kind]; ok && !slices.ContainsFunc(out, func(o bundle.Kind) bool { return o.Name == k.Name }) {
			out = append(out, k)
		}
	}
	return out
}

// kindAssets is the JSON of where each lazy kind's files are
// (frontend/src/lib/lazy-kind.tsx), or nil when there is none.
func kindAssets(b *bundle.Result) []byte {
	if len(b.Kinds) == 0 {
		return nil
	}
	type files struct {
		Script string `json:"script"`
		Style  string `json:"style,omitempty"`
	}
	m := map[string]files{}
	for name, k := range b.Kinds {
		m[name] = files{k.Script, k.Style}
	}
	data, _ := json.Marshal(m) // sorted by kind: the same bytes every build
	return data
}

// inlineStyles are the contents of every <style> element of the site's
// pages: the app's stylesheet and that of each lazy kind a page shows,
// which the CSP allows by their hashes. (A client-side navigation links
// a kind's stylesheet as a file of the site instead.)
func inlineStyles(site *content.Site, style []byte, b *bundle.Result) [][]byte {
	out := [][]byte{style}
	shown := map[string]bool{}
	for _, page := range site.Pages {
		for _, k := range lazyKinds(page, b.Kinds) {
			shown[k.Name] = true
		}
	}
	var names []string
	for name := range shown {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if k := b.Kinds[name]; len(k.StyleData) > 0 {
			out = append(out, k.StyleData)
		}
	}
	return out
}

// documents assembles the pages (generator/document), and the redirect
// routes' static pages; it hands the check the pages' documents.
func documents(site *content.Site, opt Options, pg pagedata.Pages, rendered []prerender.Result, b *bundle.Result, style []byte, pics *pictures.Result, out *output.Files) check.Pages {
	shared := document.Params{
		Site: site, SiteJSON: pg.SiteJSON, Script: b.Script, Style: style, NoIndex: opt.Preview != nil, LiveScript: opt.LiveScript,
		KindAssets: kindAssets(b),
	}
	if opt.Preview != nil {
		shared.Banner = opt.Preview.Banner()
	}
	pages := document.Pages(shared, len(pg.Routes), func(i int, p *document.Params) {
		p.Route, p.Body, p.PageJSON = pg.Routes[i], rendered[i].HTML, pg.PageJSON[pg.Routes[i].Path]
		p.Preload = pictures.Preload(pics.Leads[p.Route.Path])
		p.Players = players(site.Pages[p.Route.Path], b.Players)
		p.Kinds = lazyKinds(site.Pages[p.Route.Path], b.Kinds)
	})
	d := check.Pages{HTML: make(map[string][]byte, len(pages)), Opaque: make(map[string][]linkcheck.Span, len(pages))}
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
func addGenerated(site *content.Site, opt Options, siteFiles *future.Future[[]sitefiles.File], articleFiles *future.Future[*output.Files], lastmod *future.Future[map[string]string], out *output.Files) error {
	sf, _ := siteFiles.Get()
	for _, f := range sf {
		out.Add(output.StageSiteFiles, strings.TrimPrefix(f.Path, "/"), f.Data)
	}
	af, err := articleFiles.Get()
	if err != nil {
		return err
	}
	out.Merge(af)
	if txt := securityTxt(site, opt.Now); txt != nil {
		out.Add(output.StageSiteFiles, sitefiles.SecurityTxtPath, txt)
	}
	dates, _ := lastmod.Get()
	xml, robots := sitemap.Files(site, dates, opt.Preview)
	out.Add(output.StageSitemap, "sitemap.xml", xml)
	out.Add(output.StageSitemap, "robots.txt", robots)
	return nil
}

// routingFiles are the CDN's files (generator/cdn): the routing manifest
// and the same rules as CloudFront Functions, with the previews'.
func routingFiles(site *content.Site, opt Options, styles [][]byte, out *output.Files) (*Result, error) {
	paths := out.Paths()
	slices.Sort(paths)
	m, cdnFiles, err := cdn.Files(site, styles, paths, opt.Preview)
	if err != nil {
		return nil, err
	}
	return &Result{Site: out.Sorted(), Stages: out.Stages(), Warnings: site.Warnings.AsWarnings().Prefix(opt.ContentDir), Manifest: m, CDN: cdnFiles}, nil
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
	lastmod := future.Spawn(func() (map[string]string, error) { return bld.lastModified(ctx, opt.ContentDir), nil })
	defer lastmod.Wait()

	type gone struct {
		routes []content.Route
		warn   content.ErrorList
	}
	head := future.Spawn(func() (gone, error) {
		r, w := bld.publishedRoutes(ctx, opt)
		return gone{r, w}, nil
	})
	defer head.Wait()

	site, err := loadSite(opt)
	if err != nil {
		return nil, err
	}
	// An address published at HEAD that this site no longer answers.
	if g, _ := head.Get(); g.routes != nil || g.warn != nil {
		exists := func(file string) bool { _, err := fs.Stat(opt.Content, file); return err == nil }
		site.Warnings = append(append(site.Warnings, g.warn...), published.Gone(g.routes, site.Routes, exists)...).Sorted()
	}
	out := &output.Files{}
	pics, err := bld.images(ctx, site, opt, out)
	if err != nil {
		// Without its images no page renders; the links are checked from
		// the route table instead, so that one save says all it can.
		return nil, append(problem.Of(err), check.Links(site).Prefix(opt.ContentDir)...).Sorted()
	}
	// The site files are drawn, and the articles' share images and feeds
	// made, while the pages render: a thousand share images drawn beside
	// the render fill the cores while the runtimes start.
	siteFiles := future.Spawn(func() ([]sitefiles.File, error) { return bld.sitefiles(brandOf(site.Config)), nil })
	defer siteFiles.Wait()
	articleFiles := future.Spawn(func() (*output.Files, error) { return bld.articleFiles(site, opt.Content) })
	defer articleFiles.Wait()

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
	addAdminRoutes(site, out)
	docs := documents(site, opt, data, rendered, b, style, pics, out)
	if err := addGenerated(site, opt, siteFiles, articleFiles, lastmod, out); err != nil {
		return nil, err
	}
	if err := checkPages(site, opt, docs, pics, out); err != nil {
		return nil, err
	}
	res, err := routingFiles(site, opt, inlineStyles(site, style, b), out)
	if err != nil {
		return nil, err
	}
	res.Jobs = data.Jobs
	res.Processing = pics.PendingFrom
	res.Changed, bld.last = output.Changed(bld.last, out), out
	res.Stats = Stats{Bundle: b, Render: renderTime, Total: time.Since(start), Images: pics.Encoded}
	res.Stats.Routes = make([]RouteStat, len(data.Routes))
	for i, rt := range data.Routes {
		res.Stats.Routes[i] = RouteStat{Path: rt.Path, File: cdn.DocumentFile(rt), Render: rendered[i].Time}
		r := &res.Stats.Routes[i]
		for _, k := range lazyKinds(site.Pages[rt.Path], b.Kinds) {
			r.Scripts = append(r.Scripts, k.Script)
			if len(k.StyleData) > 0 {
				r.Styles = append(r.Styles, k.StyleData)
			}
		}
		r.Scripts = append(r.Scripts, players(site.Pages[rt.Path], b.Players)...)
	}
	return res, nil
}

// checkPages refuses a build whose pages would mislead a visitor
// (generator/check), before anything is written.
func checkPages(site *content.Site, opt Options, pages check.Pages, pics *pictures.Result, out *output.Files) error {
	pages.Files = slices.Clone(pics.Pending)
	for _, p := range out.Paths() {
		pages.Files = append(pages.Files, "/"+p)
	}
	return check.Site(site, pages, opt.ContentDir)
}

// pageData makes each page's data and the route table (generator/pagedata).
func pageData(site *content.Site, noindex bool, out *output.Files) pagedata.Pages {
	pg := pagedata.Make(site, noindex)
	for _, f := range pg.Files {
		out.Add(output.StageData, f.Path, f.Data)
	}
	return pg
}
