// Package generator is the build: it runs the stages below, overlapping
// where they can, and returns the whole site as data, which only the
// command writes to disk.
//
//  1. content.Load reads and validates content/ (every error, with its
//     file:line:col).
//  2. bundle makes the server bundle of frontend/, then the browser
//     bundle; the render starts as soon as the server bundle is compiled.
//  3. Each page's data becomes JSON: embedded in its HTML for the first
//     load, and written content-hashed under /data/ for client-side
//     navigations. The site data (config, layout copy) is embedded in
//     every page; the route table is one more hashed JSON file, which the
//     client fetches once, after the first page has loaded.
//  4. prerender renders every route in a pool of goja runtimes.
//  5. head writes each <head>; document assembles the page around the body.
//  6. The redirect pages (/blog), the articles' share images and feeds
//     (articles.go), sitefiles, sitemap.xml, robots.txt and
//     the routing manifest (cdn/routes.json) and the same rules as a
//     CloudFront Function (cdn/viewer-request.js, both generator/cdn) are
//     added, with the functions of the pull request previews
//     (cdn/preview-*.js) and, in a preview's build (package preview), its
//     routing table (cdn/preview-keys.json).
//  7. linkcheck rejects the build if any page links to nowhere, and
//     templatetext if any shows template text ("{claim:", "undefined").
//
// Two builds of the same inputs give byte-identical files.
package generator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/document"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/preview"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/generator/templatetext"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/parallel"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/routing"
)

// Options are the inputs of one build.
type Options struct {
	// Content is the content tree (content/).
	Content fs.FS
	// ContentDir is the same tree on disk, used only to read from git when
	// each file last changed (sitemap lastmod); may be empty.
	ContentDir string
	// FrontendDir holds package.json, node_modules and src/.
	FrontendDir string
	// BaseURL, ContactURL and AnalyticsID override site.yaml's baseURL,
	// contactEndpoint and analytics.measurementID when not empty.
	BaseURL, ContactURL, AnalyticsID string
	// CacheDir, when not empty, keeps the renders on disk between builds
	// (internal/filecache): a page whose render inputs are unchanged since the
	// last build that used it is not rendered again.
	CacheDir string
	// Whole renders every page whole. Otherwise the build renders a layout
	// once for each group of 8 pages or more that share it, and splices
	// each page's own part in (prerender/splice.go): a layout is shared
	// only if its render read nothing of the page's URL or body, which the
	// server bundle notes. Whole is there to measure splicing.
	Whole bool
	// ImagesReady, when set, lets the build go on without the images that
	// are not encoded yet (make dev): it is called once they are, and the
	// next build has them (generator/pictures).
	ImagesReady func()
	// Workers is the number of goja runtimes; 0 means one per CPU.
	Workers int
	// Now is the build time (the copyright year, and the day from which
	// a scheduled article is published); zero means time.Now().
	Now time.Time
	// Drafts builds draft and scheduled articles too, each with a banner
	// saying so (make dev); a production build leaves them out entirely.
	Drafts bool
	// Preview, when set, builds the preview of a pull request: a banner
	// on every page, robots.txt and X-Robots-Tag saying noindex, no
	// analytics (package preview).
	Preview *preview.Preview
}

// File is one output file; Path is relative to its root ("index.html").
// It is the atomic writer's type, so that the output goes to disk, or to
// the live server of make dev, as it is.
type File = atomicdir.File

// Result is the output of a build.
type Result struct {
	// Site is the CDN root (dist/site); CDN holds routes.json (dist/cdn).
	Site, CDN []File
	// Manifest is the routing manifest that CDN holds as routes.json.
	Manifest *routing.Manifest
	// Stages names the stage that made each file of Site, by its path:
	// nothing is published that a stage did not make or check.
	Stages map[string]Stage
	// Warnings are what the build reports without refusing (content files
	// that nothing shows or links to, which are not published).
	Warnings problem.List
	Stats    Stats
	// Jobs are the render inputs (URL, site and page JSON), in the order
	// of Stats.Routes; make bench hands them to the Node comparison.
	Jobs []prerender.Job
}

// Build runs every stage and returns the files, or every problem found.
// It is a Builder used once: the cold build and `make dev`'s warm rebuilds
// are the same code.
func Build(ctx context.Context, opt Options) (*Result, error) {
	bld := NewBuilder(opt)
	defer bld.Close()
	return bld.Build(ctx)
}

func (bld *Builder) build(ctx context.Context, opt Options) (*Result, error) {
	start := time.Now()
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	// Whatever tree the build is handed, it reads no file through a link
	// and no file that is not a regular one (internal/contentroot).
	opt.Content = contentroot.Strict(opt.Content)
	// The bundles, the goja pool and git's history (lastmod) do not depend
	// on the content: they run while it loads. The server bundle is built
	// first and handed over (nil if it failed); the goja pool starts from
	// it, and the pages render while the browser bundle builds. A build
	// whose pages are all in its render cache never waits for the pool.
	// Each goroutine keeps to its own Builder fields.
	serverDone := make(chan []byte, 1)
	type started struct {
		r   *prerender.Renderer
		err error
	}
	rendererDone := make(chan started, 1)
	type bundled struct {
		b   *bundle.Result
		err error
	}
	bundleDone := make(chan bundled, 1)
	go func() {
		handed := false
		b, err := bld.bundles(opt, func(server []byte) {
			handed = true
			serverDone <- server
			go func() {
				r, err := bld.renderer(server, opt.Workers)
				var kinds []string
				if err == nil {
					kinds, err = r.SectionKinds()
				}
				if err == nil {
					err = checkKinds(content.SectionKinds(), kinds)
				}
				rendererDone <- started{r, err}
			}()
		})
		if !handed {
			serverDone <- nil
			rendererDone <- started{err: err}
		}
		bundleDone <- bundled{b, err}
	}()
	lastmodDone := make(chan map[string]string, 1)
	go func() {
		lastmod := map[string]string{}
		if opt.ContentDir != "" {
			lastmod = bld.lastModified(ctx, opt.ContentDir)
		}
		lastmodDone <- lastmod
	}()
	// Returning early leaves no goroutine on the Builder's fields.
	server := sync.OnceValue(func() []byte { return <-serverDone })
	renderer := sync.OnceValue(func() started { return <-rendererDone })
	bundles := sync.OnceValue(func() bundled { return <-bundleDone })
	lastModified := sync.OnceValue(func() map[string]string { return <-lastmodDone })
	defer func() { server(); renderer(); bundles(); lastModified() }()

	site, err := content.LoadWith(opt.Content, content.LoadOptions{Now: opt.Now, Drafts: opt.Drafts})
	if err != nil {
		return nil, problem.Of(err).Prefix(opt.ContentDir)
	}
	if err := applyOverrides(&site.Config, opt); err != nil {
		return nil, err
	}
	site.Finish(opt.Now)
	out := &output{}
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
	// The site files are drawn while the pages render.
	siteFilesDone := make(chan []sitefiles.File, 1)
	go func() {
		siteFilesDone <- bld.sitefiles(sitefiles.Brand{
			Name: site.Config.Brand, Description: site.Config.SEO.Description,
			Accent: parseHex(string(site.Config.SEO.ThemeColor)), ShareImage: site.Config.SEO.Image, Logo: site.Config.Organization.Logo,
		})
	}()
	siteFiles := sync.OnceValue(func() []sitefiles.File { return <-siteFilesDone })
	defer siteFiles() // on every return, as above
	// So are the articles' share images and feeds, which need the content
	// only: a thousand images drawn beside the render fill the cores while
	// the runtimes start and the last pages render.
	type filesOrError struct {
		files *output
		err   error
	}
	articleFilesDone := make(chan filesOrError, 1)
	go func() {
		f, err := bld.articleFiles(site)
		articleFilesDone <- filesOrError{f, err}
	}()
	articleFiles := sync.OnceValue(func() filesOrError { return <-articleFilesDone })
	defer articleFiles()

	// Page data, hashed, and the client's view of the route table. The
	// render is given each page without its head: the document's head is
	// written here (generator/head), and the app reads it only after a
	// client-side navigation. Parsing it in goja was a sixth of an
	// article's render. The pages' JSON is made on every core: the render
	// waits for it.
	bodies, pages := make([][]byte, len(site.Routes)), make([][]byte, len(site.Routes))
	parallel.For(len(site.Routes), 0, func(i int) {
		rt := site.Routes[i]
		if p := site.Pages[rt.Path]; p != nil {
			fields := head.Fields(head.Page{Site: site.Config, Route: rt, Reviews: site.Collections.Reviews, Path: rt.Path, NoIndex: !rt.Indexable()})
			var err error
			bodies[i], pages[i], err = content.PageBody{Path: rt.Path, Sections: p.Sections, Collections: p.Collections}.Marshal(fields)
			if err != nil {
				panic(err) // our own types, which marshal
			}
		}
	})
	pageJSON := map[string][]byte{}
	renderJSON := map[string][]byte{}
	var clientRoutes []content.ClientRoute
	for i, rt := range site.Routes {
		cr := clientRoute(rt)
		if data := pages[i]; data != nil {
			pageJSON[rt.Path] = data
			renderJSON[rt.Path] = bodies[i]
			cr.Data = "/" + out.add(StageData, hashedName("data/"+slug(rt.Path), ".json", data), data)
		}
		clientRoutes = append(clientRoutes, cr)
	}
	routesJSON := mustJSON(clientRoutes)
	siteData := content.SiteData{Config: site.Config, Layout: site.Layout}
	// Render. The app is given the site data without the route table's
	// URL: the server never fetches the table, and its URL changes with
	// any page's data, which would make every render depend on every page
	// (a Builder re-renders only the pages whose render inputs changed).
	renderSite := mustJSON(siteData)
	siteData.RoutesURL = "/" + out.add(StageData, hashedName("data/routes", ".json", routesJSON), routesJSON)
	siteJSON := mustJSON(siteData)
	var jobs []prerender.Job
	var routes []content.Route
	for _, rt := range site.Routes {
		if rt.Redirect == "" {
			jobs = append(jobs, prerender.Job{URL: rt.Path, Site: renderSite, Page: renderJSON[rt.Path]})
			routes = append(routes, rt)
		}
	}
	if server() == nil {
		return nil, bundles().err
	}
	renderStart := time.Now()
	rendered, err := bld.render(func() (*prerender.Renderer, error) { rs := renderer(); return rs.r, rs.err }, server(), jobs)
	if err != nil {
		// The render's problems are placed in the app's sources.
		return nil, problem.Of(err).Prefix(opt.FrontendDir)
	}
	renderTime := time.Since(renderStart)
	// Also when every page came from the render cache: a bundle that
	// lacks a kind fails whether or not a page uses it.
	if rs := renderer(); rs.err != nil {
		return nil, problem.Of(rs.err).Prefix(opt.FrontendDir)
	}

	bd := bundles()
	if bd.err != nil {
		return nil, bd.err
	}
	b := bd.b
	style, err := document.InlineStyle(b)
	if err != nil {
		return nil, err
	}
	for _, a := range b.Assets {
		if "/"+a.Path != b.Stylesheet { // the stylesheet is inlined (document/style.go)
			out.add(StageBundle, a.Path, a.Data)
		}
	}

	// The documents are assembled on every core: a thousand of them are
	// 90 MB of fresh memory to fill.
	var banner string
	if opt.Preview != nil {
		banner = opt.Preview.Banner()
	}
	made := make([][]byte, len(routes))
	opaque := make([][]linkcheck.Span, len(routes))
	parallel.For(len(routes), 0, func(i int) {
		rt := routes[i]
		made[i], opaque[i] = document.Page(document.Params{
			Site: site, Route: rt, Body: rendered[i].HTML, SiteJSON: siteJSON, PageJSON: pageJSON[rt.Path],
			Script: b.Script, Style: style, Preload: pictures.Preload(pics.Leads[rt.Path], rendered[i].HTML), Banner: banner,
		})
	})
	docs := make(map[string][]byte, len(routes))
	opaqueOf := make(map[string][]linkcheck.Span, len(routes))
	for i, rt := range routes {
		docs[rt.Path], opaqueOf[rt.Path] = made[i], opaque[i]
		out.add(StageDocument, cdn.DocumentFile(rt), made[i])
	}
	for _, rt := range site.Routes {
		if rt.Redirect != "" {
			out.add(StageRedirect, cdn.DocumentFile(rt), document.Redirect(site.Config, rt, b.Script))
		}
	}

	// Site files.
	for _, f := range siteFiles() {
		out.add(StageSiteFiles, strings.TrimPrefix(f.Path, "/"), f.Data)
	}
	af := articleFiles()
	if af.err != nil {
		return nil, af.err
	}
	out.merge(af.files)
	lastmod := lastModified()
	var entries []sitemap.Entry
	for _, rt := range site.Routes {
		if rt.Indexable() {
			mod := rt.LastMod // an article's updated or date, or its index's newest
			if mod == "" {
				mod = sitemap.Latest(lastmod, sourceFiles(site.Pages[rt.Path])...)
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

	// Every link of every page must land somewhere.
	files := map[string]bool{}
	for _, f := range out.files {
		files["/"+f.Path] = true
	}
	for _, p := range pics.Pending {
		files[p] = true
	}
	problems := linkcheck.Check(linkcheck.Site{Pages: docs, Opaque: opaqueOf, Files: files, Resolve: site.Resolver(), Routes: pagePaths(site)})
	if len(problems) > 0 {
		return nil, linkErrors(site, problems).Prefix(opt.ContentDir)
	}
	// No page shows template text (placeholders are resolved when content
	// is decoded; this catches what reaches a page another way).
	if shown := templatetext.Check(docs); len(shown) > 0 {
		return nil, templateErrors(site, shown).Prefix(opt.ContentDir)
	}

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
	res := &Result{Site: sorted, Stages: out.stages, Warnings: site.Warnings.Prefix(opt.ContentDir), Manifest: m, CDN: cdnFiles, Jobs: jobs}
	res.Stats = stats(routes, rendered, b, renderTime, time.Since(start))
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
		if err := c.ContactEndpoint.UnmarshalText([]byte(opt.ContactURL)); err != nil {
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

// output collects the files of the site root, each with the stage that
// made it.
type output struct {
	files  []File
	stages map[string]Stage
}

func (o *output) add(stage Stage, p string, data []byte) string {
	if o.stages == nil {
		o.stages = map[string]Stage{}
	}
	o.files = append(o.files, File{Path: p, Data: data})
	o.stages[p] = stage
	return p
}

func (o *output) merge(from *output) {
	for _, f := range from.files {
		o.add(from.stages[f.Path], f.Path, f.Data)
	}
}

func (o *output) sorted() []File {
	s := slices.Clone(o.files)
	slices.SortFunc(s, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return s
}

// Stage names the stage that made an output file.
type Stage string

// The stages that write the site root.
const (
	StageData       Stage = "data"       // page data and the route table (JSON)
	StageBundle     Stage = "bundle"     // the browser bundle (esbuild)
	StageDocument   Stage = "document"   // a route's HTML: prerender and head
	StageRedirect   Stage = "redirect"   // a redirect's page
	StageSiteFiles  Stage = "sitefiles"  // icons, manifest, logo, share image
	StageImage      Stage = "image"      // a photo's sizes and formats (generator/images)
	StageSVG        Stage = "svg"        // an SVG as images.CleanSVG re-wrote it
	StageDownload   Stage = "download"   // a download, as committed, checked (content.Download)
	StageShareImage Stage = "shareimage" // an article's share image
	StageFeed       Stage = "feed"       // the articles' feeds
	StageSitemap    Stage = "sitemap"    // sitemap.xml and robots.txt
)

// clientRoute is a route as the client router sees it (lib/routes.ts),
// before its data URL is known.
func clientRoute(rt content.Route) content.ClientRoute {
	return content.ClientRoute{Path: rt.Path, Prefix: rt.Prefix, Redirect: rt.Redirect, NotFound: rt.NotFound}
}

func slug(p string) string {
	if p == "/" {
		return "home"
	}
	return strings.ReplaceAll(strings.Trim(p, "/"), "/", "-")
}

func hashedName(base, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return base + "-" + hex.EncodeToString(sum[:])[:10] + ext
}

// linkErrors reports each broken link where content writes it, once per
// place however many pages show it (the navigation is on every page);
// a link no content file writes is reported on the page that has it.
func linkErrors(site *content.Site, problems []linkcheck.Problem) problem.List {
	where := map[string][]content.Pos{}
	for _, l := range site.Links {
		where[l.Href] = append(where[l.Href], l.Pos)
	}
	var errs content.ErrorList
	for _, p := range problems {
		msg := fmt.Sprintf("link %q: %s", p.Link, p.Reason)
		if at := where[p.Link]; len(at) > 0 {
			for _, pos := range at {
				errs = append(errs, content.Error{File: pos.File, Line: pos.Line, Col: pos.Col, Message: msg})
			}
			continue
		}
		errs = append(errs, content.Error{Message: "link check: " + p.String()})
	}
	return errs.Sorted()
}

// templateErrors reports template text on a page at the page's file.
func templateErrors(site *content.Site, shown []templatetext.Problem) problem.List {
	var errs content.ErrorList
	for _, p := range shown {
		e := content.Error{Message: "template text: " + p.String()}
		if pg := site.Pages[p.Page]; pg != nil && pg.Route.File != "" {
			e.File, e.Line, e.Col = pg.Route.File, 1, 1
		}
		errs = append(errs, e)
	}
	return errs.Sorted()
}

func pagePaths(site *content.Site) []string {
	var out []string
	for _, r := range site.Routes {
		if r.Redirect == "" && !r.NotFound {
			out = append(out, r.Path)
		}
	}
	return out
}

// sourceFiles are the content files a page is made from, for lastmod.
func sourceFiles(p *content.Page) []string {
	files := []string{"layout.yaml", "site.yaml", p.Route.File}
	for _, c := range p.Reads {
		files = append(files, content.CollectionFile(c))
	}
	return files
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

func parseHex(s string) color.RGBA {
	var c color.RGBA
	c.A = 255
	fmt.Sscanf(strings.TrimPrefix(s, "#"), "%02x%02x%02x", &c.R, &c.G, &c.B)
	return c
}
