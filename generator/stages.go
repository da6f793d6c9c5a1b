package generator

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/document"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/preview"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/generator/templatetext"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/parallel"
	"github.com/vozia/site/internal/problem"
)

// The stages of build, in its order. Each takes what an earlier one
// handed over, as typed values, and adds its files to the output.

// future is a value made on another goroutine: get waits for it, and wait
// (deferred) lets no stage outlive the build that started it.
type future[T any] struct {
	done chan struct{}
	v    T
	err  error
}

func newFuture[T any]() *future[T] { return &future[T]{done: make(chan struct{})} }

// spawn runs f on its own goroutine.
func spawn[T any](f func() (T, error)) *future[T] {
	fu := newFuture[T]()
	go func() { fu.set(f()) }()
	return fu
}

func (f *future[T]) set(v T, err error) { f.v, f.err = v, err; close(f.done) }
func (f *future[T]) get() (T, error)    { <-f.done; return f.v, f.err }
func (f *future[T]) wait()              { <-f.done }

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
					err = checkKinds(content.SectionKinds(), kinds)
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
		err = publishFiles(out, site, opt.Content, pics.Shown)
	}
	if err != nil {
		return nil, problem.Of(err).Prefix(opt.ContentDir)
	}
	return pics, nil
}

func brand(c content.SiteConfig) sitefiles.Brand {
	return sitefiles.Brand{
		Name: c.Brand, Description: c.SEO.Description,
		Accent: parseHex(string(c.SEO.ThemeColor)), ShareImage: c.SEO.Image, Logo: c.Organization.Logo,
	}
}

// pages is the page data stage's hand-over: what each page renders from
// and hydrates from.
type pages struct {
	// jobs are the render inputs of routes, the pages to render.
	jobs   []prerender.Job
	routes []content.Route
	// pageJSON is each page's data as its document embeds it; siteJSON
	// the site data, with the route table's URL.
	pageJSON map[string][]byte
	siteJSON []byte
}

// pageData makes the page data, hashed, and the client's view of the
// route table. The render is given each page without its head: the
// document's head is written by generator/head, and the app reads it only
// after a client-side navigation. Parsing it in goja was a sixth of an
// article's render. The pages' JSON is made on every core: the render
// waits for it. With noindex (a preview) every page's head says noindex.
func pageData(site *content.Site, noindex bool, out *output) pages {
	bodies, data := make([][]byte, len(site.Routes)), make([][]byte, len(site.Routes))
	parallel.For(len(site.Routes), 0, func(i int) {
		rt := site.Routes[i]
		if p := site.Pages[rt.Path]; p != nil {
			fields := head.Fields(head.Page{Site: site.Config, Route: rt, Reviews: site.Collections.Reviews, Path: rt.Path, NoIndex: noindex || !rt.Indexable()})
			var err error
			bodies[i], data[i], err = content.PageBody{Path: rt.Path, Sections: p.Sections, Collections: p.Collections}.Marshal(fields)
			if err != nil {
				panic(err) // our own types, which marshal
			}
		}
	})
	pg := pages{pageJSON: map[string][]byte{}}
	renderJSON := map[string][]byte{}
	var clientRoutes []content.ClientRoute
	for i, rt := range site.Routes {
		cr := clientRoute(rt)
		if d := data[i]; d != nil {
			pg.pageJSON[rt.Path] = d
			renderJSON[rt.Path] = bodies[i]
			cr.Data = "/" + out.add(StageData, hashedName("data/"+slug(rt.Path), ".json", d), d)
		}
		clientRoutes = append(clientRoutes, cr)
	}
	routesJSON := mustJSON(clientRoutes)
	siteData := content.SiteData{Config: site.Config, Layout: site.Layout}
	// The app renders from the site data without the route table's URL:
	// the server never fetches the table, and its URL changes with any
	// page's data, which would make every render depend on every page (a
	// Builder re-renders only the pages whose render inputs changed).
	renderSite := mustJSON(siteData)
	siteData.RoutesURL = "/" + out.add(StageData, hashedName("data/routes", ".json", routesJSON), routesJSON)
	pg.siteJSON = mustJSON(siteData)
	for _, rt := range site.Routes {
		if rt.Redirect == "" {
			pg.jobs = append(pg.jobs, prerender.Job{URL: rt.Path, Site: renderSite, Page: renderJSON[rt.Path]})
			pg.routes = append(pg.routes, rt)
		}
	}
	return pg
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
	rendered, err := bld.render(bd.renderer.get, server, jobs)
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
func documents(site *content.Site, opt Options, pg pages, rendered []prerender.Result, b *bundle.Result, style []byte, pics *pictures.Result, out *output) docs {
	var banner string
	if opt.Preview != nil {
		banner = opt.Preview.Banner()
	}
	made := make([][]byte, len(pg.routes))
	opaque := make([][]linkcheck.Span, len(pg.routes))
	parallel.For(len(pg.routes), 0, func(i int) {
		rt := pg.routes[i]
		made[i], opaque[i] = document.Page(document.Params{
			Site: site, Route: rt, Body: rendered[i].HTML, SiteJSON: pg.siteJSON, PageJSON: pg.pageJSON[rt.Path],
			Script: b.Script, Style: style, Preload: pictures.Preload(pics.Leads[rt.Path], rendered[i].HTML), Banner: banner, NoIndex: opt.Preview != nil,
		})
	})
	d := docs{html: make(map[string][]byte, len(pg.routes)), opaque: make(map[string][]linkcheck.Span, len(pg.routes))}
	for i, rt := range pg.routes {
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
	var entries []sitemap.Entry
	// make dev's drafts and scheduled articles are not there for search
	// engines to find: the sitemap is the one the site will have.
	unpublished := map[string]bool{}
	for _, a := range site.Articles {
		if a.Status != "" {
			unpublished[a.Path] = true
		}
	}
	for _, rt := range site.Routes {
		if rt.Indexable() && !unpublished[rt.Path] {
			mod := rt.LastMod // an article's updated or date, or its index's newest
			if mod == "" {
				mod = sitemap.Latest(dates, sourceFiles(site.Pages[rt.Path])...)
			}
			entries = append(entries, sitemap.Entry{Loc: head.URL(site.Config, rt.Path), LastMod: mod})
		}
	}
	out.add(StageSitemap, "sitemap.xml", sitemap.XML(entries))
	if opt.Preview != nil {
		out.add(StageSitemap, "robots.txt", preview.Robots(opt.Preview.PR))
	} else {
		out.add(StageSitemap, "robots.txt", sitemap.Robots(head.URL(site.Config, "/sitemap.xml")))
	}
	return nil
}

// check refuses the build if a link of a page lands nowhere (linkcheck)
// or a page shows template text (templatetext: placeholders are resolved
// when content is decoded; this catches what reaches a page another way).
func check(site *content.Site, opt Options, d docs, pics *pictures.Result, out *output) error {
	files := map[string]bool{}
	for _, f := range out.files {
		files["/"+f.Path] = true
	}
	for _, p := range pics.Pending {
		files[p] = true
	}
	// A redirect (routing.yaml's, or an alias) from the address of a file
	// the build writes (/robots.txt, /sitemap.xml, a feed, a share image)
	// would put its page where the file is: refused where it is written.
	var taken content.ErrorList
	for _, rt := range site.Routes {
		if rt.Redirect != "" && files[rt.Path] {
			taken = append(taken, content.Error{File: rt.Pos.File, Line: rt.Pos.Line, Col: rt.Pos.Col,
				Message: fmt.Sprintf("%q is the address of a file the site publishes: a redirect or alias from it would take the file's place; remove it", rt.Path)})
		}
	}
	if len(taken) > 0 {
		return taken.Sorted().Prefix(opt.ContentDir)
	}
	problems := linkcheck.Check(linkcheck.Site{Pages: d.html, Opaque: d.opaque, Files: files, Resolve: site.Resolver(), Routes: pagePaths(site)})
	if len(problems) > 0 {
		return linkErrors(site, problems).Prefix(opt.ContentDir)
	}
	if shown := templatetext.Check(d.html); len(shown) > 0 {
		return templateErrors(site, shown).Prefix(opt.ContentDir)
	}
	return nil
}

// routingFiles are the CDN's files (generator/cdn): the routing manifest
// and the same rules as CloudFront Functions, with the previews'.
func routingFiles(site *content.Site, opt Options, style []byte, out *output) (*Result, error) {
	m := cdn.Manifest(site, style)
	if opt.Preview != nil {
		m.Headers[0].Values["X-Robots-Tag"] = preview.RobotsTag
	}
	sorted := out.sorted()
	paths := make([]string, len(sorted))
	for i, f := range sorted {
		paths[i] = f.Path
	}
	viewerRequest, err := cdn.ViewerRequest(m, paths)
	if err != nil {
		return nil, err
	}
	// Every build writes the previews' functions too, so that the previews'
	// stack is deployed from main's build; a preview's build adds its table.
	previewRequest, previewResponse, err := cdn.PreviewFunctions()
	if err != nil {
		return nil, err
	}
	cdnFiles := []File{
		{Path: "routes.json", Data: m.Marshal()}, {Path: cdn.ViewerRequestFile, Data: viewerRequest},
		{Path: cdn.PreviewRequestFile, Data: previewRequest}, {Path: cdn.PreviewResponseFile, Data: previewResponse},
	}
	if opt.Preview != nil {
		keys, err := cdn.PreviewKeys(opt.Preview.PR, m, paths)
		if err != nil {
			return nil, err
		}
		cdnFiles = append(cdnFiles, File{Path: cdn.PreviewKeysFile, Data: keys})
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
