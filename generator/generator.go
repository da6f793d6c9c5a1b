// Package generator is the build: it runs the stages below, overlapping
// where they can, and returns the whole site as data, which only the
// command writes to disk.
//
//  1. load.Site reads and validates content/ (every error, with its
//     file:line:col); the build's options override some of site.yaml
//     (content.Overrides).
//  2. bundle makes the server bundle of frontend/, then the browser
//     bundle; the render starts as soon as the server bundle is compiled.
//  3. pagedata turns each page's data into JSON: embedded in its HTML for the first
//     load, and written content-hashed under /data/ for client-side
//     navigations. The site data (config, layout copy) is embedded in
//     every page; the route table is one more hashed JSON file, which the
//     client fetches once, after the first page has loaded.
//  4. prerender renders every route in a pool of goja runtimes;
//     rendercache keeps the renders whose inputs did not change.
//  5. head writes each <head>; document assembles the page around the body.
//  6. The redirect pages (/blog), the articles' share images and feeds
//     (generator/articlefiles), sitefiles, sitemap.xml, robots.txt and
//     the routing manifest (cdn/routes.json) and the same rules as a
//     CloudFront Function (cdn/viewer-request.js, both generator/cdn) are
//     added, with the functions of the pull request previews
//     (cdn/preview-*.js) and, in a preview's build (package prpreview), its
//     routing table (cdn/preview-keys.json).
//  7. guard rejects the build if any page links to nowhere (links)
//     or shows template text (templatetext), or a redirect takes a
//     published file's address.
//
// Builder.build runs them as named stages (stages.go), each handing the
// next a typed value; what runs beside the others is a future
// (generator/internal/future), and every stage adds its files to one
// collector that names the stage of each (generator/output). The files
// depend one way: generator.go holds the types (Options, Result, Builder),
// builder.go the Builder's entry points and the one place where the
// Options become each stage's own config, stages.go the stages, which use
// reuse.go (what a Builder keeps between builds).
//
// Two builds of the same inputs give byte-identical files.
package generator

import (
	"io/fs"
	"sync"
	"time"

	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/articlefiles"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/internal/bundling"
	"github.com/vozia/site/generator/output"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/generator/prpreview"
	"github.com/vozia/site/generator/published"
	"github.com/vozia/site/generator/rendercache"
	"github.com/vozia/site/generator/sitefiles"
	"github.com/vozia/site/generator/sitemap"
	"github.com/vozia/site/internal/atomicdir"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/routing"
)

// Options are the inputs of one build.
type Options struct {
	// Content is the content tree (content/). Opened with
	// contentroot.Open, it also says where it is on disk: git's dates
	// (sitemap lastmod) and the addresses published at HEAD are read from
	// there, and problems name their files under it.
	Content fs.FS
	// FrontendDir holds package.json, node_modules and src/.
	FrontendDir string
	// BaseURL, ContactURL and AnalyticsID override site.yaml's baseURL,
	// contactEndpoint and analytics.measurementID when not empty.
	BaseURL, ContactURL, AnalyticsID string
	// CacheDir, when not empty, keeps the renders, bundles and encoded
	// images on disk between builds (internal/filecache; filecache.Folder
	// is the commands' default): a page whose render inputs are unchanged
	// since the last build that used it is not rendered again.
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
	// LiveScript, in make dev, is the URL of the live-reload script, which
	// every HTML document then loads from its head (document.LiveTag).
	LiveScript string
	// NoEditor builds the site without the web editor (/admin/): what
	// the editor costs a build, measured (make bench).
	NoEditor bool
	// Published is the git revision whose content the live site was
	// built from (CI: the pull request's base, the commit before a push).
	// An address it answered that this build no longer does refuses the
	// build. Empty: the addresses at git's HEAD, and a warning, so that an
	// edit not yet committed is told of a rename it made (make dev, a
	// build by hand).
	Published string
	// Preview, when set, builds the preview of a pull request: a banner
	// on every page, robots.txt and X-Robots-Tag saying noindex, no
	// analytics (package prpreview).
	Preview *prpreview.Preview
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
	Stages map[string]output.Stage
	// Warnings are what the build reports without refusing (content files
	// that nothing shows or links to, which are not published).
	Warnings problem.List
	// Note, when content links to a scheduled article, is one line that
	// says which links show as their words until which day (not a
	// problem: they become links on the article's day); "" otherwise.
	Note string
	// Dropped counts the warnings that are addresses the last commit
	// answered and this content does not, when no Published revision is
	// named: CI names main as published, and refuses them.
	Dropped int
	Stats   Stats
	// Changed are the files of Site that a reader finds different from
	// the Builder's last build, added and removed ones included, sorted
	// (output.Changed): make dev reloads the pages among them. A page that
	// differs only in the route table's hashed name, which changes with any
	// page's data, has not changed. Nil after a Builder's first build.
	Changed []string
	// Jobs are the render inputs (URL, site and page JSON), in the order
	// of Stats.Routes; make bench hands them to the Node comparison.
	Jobs []prerender.Job
	// Processing are the photos still being encoded (with
	// Options.ImagesReady): for each site path of their sizes, the
	// original's file under the content tree.
	Processing map[string]string
}

// Builder builds the same site again and again, as `make dev` does after
// every save, keeping warm what the last build made:
//
//   - the esbuild contexts, so that a frontend edit re-parses only the
//     files that changed, and no bundling at all until FrontendChanged;
//   - the goja pool, kept for as long as the server bundle is unchanged;
//   - every rendered page, keyed by what a render depends on (the server
//     bundle, the site data, the page data and the URL), so that a content
//     edit re-renders only the pages whose data changed, an edit to shared
//     data (site.yaml, layout.yaml, the route table) re-renders them all,
//     and a frontend edit that changes the server bundle re-renders all;
//     with Options.CacheDir the renders are kept on disk too, for the next
//     process (internal/filecache);
//   - the drawn site files (icons, share image), redrawn only when the
//     brand changes, and the sitemap's dates from git, read once;
//   - the files of the last build, to say what the next one changed
//     (Result.Changed).
//
// Everything else (loading content, page data, documents, link check)
// runs every time: it is cheap, and it is the same code as the cold build,
// which is a Builder used once (Build). A Builder is safe for use by one
// goroutine at a time; Build serialises callers.
type Builder struct {
	cfg config

	mu sync.Mutex
	// bundling keeps the esbuild session and the goja pool.
	bundling bundling.Kept
	renders  *rendercache.Cache
	brand    sitefiles.Cache
	lastmod  sitemap.Dates
	// head is the route table of the content at git's HEAD (published),
	// read again when HEAD or the day changes.
	head     published.Cache
	pictures *pictures.Pictures
	shares   *articlefiles.Shares
	// admin keeps the web editor's files for the last bundle.
	admin admin.Cache
	// last are the files of the last build, for Result.Changed.
	last *output.Files
}

// Stats are the build's own figures, as data: cmd/build prints them in its
// summary (with the gzip sizes, which it measures), make dev counts the
// pages it rendered.
type Stats struct {
	// Routes are the rendered pages, in the order of Result.Jobs.
	Routes []RouteStat
	// Bundle is the browser bundle: its files, the stylesheet (inlined
	// into every page, so not in Result.Site) among them, and the URLs of
	// the entry and of the stylesheet.
	Bundle        *bundle.Result
	Render, Total time.Duration
	// Reused is the number of pages a Builder did not need to render
	// again (their inputs were unchanged).
	Reused int
	// ImagesEncoded is the number of originals the Builder has encoded
	// since it was made (not found in its caches).
	ImagesEncoded int
	// Images are the originals this build processed: each one's files,
	// bytes and encoding time, or that it came from the cache.
	Images []pictures.Encoded
}

// RouteStat is one rendered page: its path, its file in Result.Site, its
// render time (zero when it was not rendered again), and what it loads
// beside what every page does: the site paths of its lazy kinds' modules
// and players, and its lazy kinds' inlined CSS.
type RouteStat struct {
	Path, File string
	Render     time.Duration
	Scripts    []string
	Styles     [][]byte
}
