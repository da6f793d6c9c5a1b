// Package generator is the build: it runs the stages below, overlapping
// where they can, and returns the whole site as data, which only the
// command writes to disk.
//
//  1. load.Site reads and validates content/ (every error, with its
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
//     (generator/articles), sitefiles, sitemap.xml, robots.txt and
//     the routing manifest (cdn/routes.json) and the same rules as a
//     CloudFront Function (cdn/viewer-request.js, both generator/cdn) are
//     added, with the functions of the pull request previews
//     (cdn/preview-*.js) and, in a preview's build (package preview), its
//     routing table (cdn/preview-keys.json).
//  7. linkcheck rejects the build if any page links to nowhere, and
//     templatetext if any shows template text ("{claim:", "undefined").
//
// Builder.build runs them as named stages (stages.go), each handing the
// next a typed value; what runs beside the others is a future.
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
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/linkcheck"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/preview"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/templatetext"
	"github.com/vozia/site/internal/atomicdir"
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
	siteFiles := spawn(func() ([]sitefiles.File, error) { return bld.sitefiles(brand(site.Config)), nil })
	defer siteFiles.wait()
	articleFiles := spawn(func() (*output, error) { return bld.articleFiles(site, opt.Content) })
	defer articleFiles.wait()

	data := pageData(site, opt.Preview != nil, out)
	rendered, renderTime, err := bld.renderPages(opt, bd, data.jobs)
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
	if err := check(site, opt, docs, pics, out); err != nil {
		return nil, err
	}
	res, err := routingFiles(site, opt, style, out)
	if err != nil {
		return nil, err
	}
	res.Jobs = data.jobs
	res.Stats = stats(data.routes, rendered, b, renderTime, time.Since(start))
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
	StageAdmin      Stage = "admin"      // the web editor under admin/ (generator/admin)
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
