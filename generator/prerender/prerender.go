// Package prerender renders routes to HTML by running the server bundle in
// goja, a pure-Go JavaScript engine.
//
// The bundle is compiled once into a goja.Program shared by a pool of
// runtimes, one per worker (a runtime is not safe for concurrent use). Each
// runtime gets console and URL from goja_nodejs (renderToString needs no
// other web API), then runs the bundle, which defines
// globalThis.renderPage(url, siteJSON, pageJSON[, part]); pages that share
// a layout are rendered in parts and spliced (splice.go).
//
// A render fails, naming the route and the frontend/src location, when the
// bundle throws, when anything is written to console.error or console.warn
// (React's warnings, our own), or when the output is empty (a router that
// cannot parse its URL renders nothing, silently).
package prerender

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja_nodejs/console"
	"github.com/dop251/goja_nodejs/require"
	"github.com/dop251/goja_nodejs/url"

	"github.com/vozia/site/internal/problem"
)

// bundleName is the server bundle's file name in stack traces.
const bundleName = "server.js"

// Job is one page to render.
type Job struct {
	// URL is the location the router sees ("/platform").
	URL string
	// Site and Page are the JSON given to the app (wire.SiteData and
	// wire.PageData).
	Site, Page []byte
}

// Renderer renders pages with a pool of goja runtimes.
type Renderer struct {
	prog    *goja.Program
	src     *sources
	workers int
	pool    chan *worker
	once    sync.Once
	initErr error
	// kinds are the section kinds the bundle renders, read by the first
	// runtime that ran it.
	kinds     []string
	kindsOnce sync.Once
}

// New compiles the server bundle. workers is the size of the pool; the
// runtimes are created on first use.
func New(serverBundle []byte, workers int) (*Renderer, error) {
	if workers < 1 {
		workers = 1
	}
	code, src := splitSourceMap(string(serverBundle))
	ast, err := goja.Parse(bundleName, code, parser.WithDisableSourceMaps)
	if err != nil {
		return nil, fmt.Errorf("server bundle: %w", err)
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, fmt.Errorf("server bundle: %w", err)
	}
	return &Renderer{prog: prog, src: src, workers: workers, pool: make(chan *worker, workers)}, nil
}

// Render renders one page, whole.
func (r *Renderer) Render(j Job) (string, error) { return r.renderPart(j, "") }

func (r *Renderer) renderPart(j Job, part string) (string, error) {
	if err := r.start(); err != nil {
		return "", err
	}
	w := <-r.pool
	defer func() { r.pool <- w }()
	return w.render(j, part)
}

// renderLayout renders the layout part of j's page, and what that render
// read of the page: its URL or its body (splice.go). known is false when
// the bundle does not say.
func (r *Renderer) renderLayout(j Job) (html string, reads []string, known bool, err error) {
	if err := r.start(); err != nil {
		return "", nil, false, err
	}
	w := <-r.pool
	defer func() { r.pool <- w }()
	if html, err = w.render(j, "layout"); err != nil || w.layoutReads == nil {
		return html, nil, false, err
	}
	reads, err = w.layoutReads()
	return html, reads, err == nil, err
}

// renderSpliced renders j's page into g's layout, or whole where g is nil
// or the page does not fit.
func (r *Renderer) renderSpliced(j Job, g *group) (html string, spliced bool, err error) {
	if g != nil && !g.whole() {
		page, err := r.renderPart(j, "page")
		if err != nil {
			return "", false, err
		}
		if l := g.wait(); l != nil {
			if html, ok := l.splice(page); ok {
				return html, true, nil
			}
		}
	}
	html, err = r.Render(j)
	return html, false, err
}

// Start creates the runtimes, each running the bundle, if they are not
// yet, and returns when the first is ready: a build starts them while
// other stages run.
func (r *Renderer) Start() error { return r.start() }

// start creates the runtimes, once, in parallel: each runs the bundle and
// joins the pool when ready, and rendering starts with the first. The
// runtimes run the same program, so the first error is every runtime's.
func (r *Renderer) start() error {
	r.once.Do(func() {
		results := make(chan error, r.workers)
		for range r.workers {
			go func() {
				w, err := newWorker(r.prog, r.src)
				if err == nil {
					r.kindsOnce.Do(func() { r.kinds = w.kinds })
					r.pool <- w
				}
				results <- err
			}()
		}
		r.initErr = <-results
	})
	return r.initErr
}

// SectionKinds are the section kinds the bundle says it renders
// (globalThis.sectionKinds, set by frontend/src/entry-server.tsx from its
// generated registry), so that the build can check them against the
// content's before it renders a page. It starts the runtimes if they are
// not yet.
func (r *Renderer) SectionKinds() ([]string, error) {
	if err := r.start(); err != nil {
		return nil, err
	}
	return r.kinds, nil
}

// MemoHits is how many elements the runtimes have taken from their memo
// caches instead of rendering them (frontend/src/lib/server-memo.tsx),
// for the build's tests. It waits for every runtime to be idle.
func (r *Renderer) MemoHits() (int, error) {
	if err := r.start(); err != nil {
		return 0, err
	}
	workers := make([]*worker, 0, r.workers)
	defer func() {
		for _, w := range workers {
			r.pool <- w
		}
	}()
	total := 0
	for range r.workers {
		w := <-r.pool
		workers = append(workers, w)
		fn, ok := goja.AssertFunction(w.rt.Get("memoHits"))
		if !ok {
			return 0, errors.New("server bundle: globalThis.memoHits is not defined")
		}
		v, err := fn(goja.Undefined())
		if err != nil {
			return 0, w.jsError(err)
		}
		total += int(v.ToInteger())
	}
	return total, nil
}

// Call calls the function the server bundle sets on globalThis under
// name with string arguments, on one runtime, and returns what it returns
// as a string: for the build's tests (renderPicture in
// frontend/src/entry-server.tsx).
func (r *Renderer) Call(name string, args ...string) (string, error) {
	if err := r.start(); err != nil {
		return "", err
	}
	w := <-r.pool
	defer func() { r.pool <- w }()
	fn, ok := goja.AssertFunction(w.rt.Get(name))
	if !ok {
		return "", fmt.Errorf("server bundle: globalThis.%s is not a function", name)
	}
	vals := make([]goja.Value, len(args))
	for i, a := range args {
		vals[i] = w.rt.ToValue(a)
	}
	v, err := fn(goja.Undefined(), vals...)
	if err != nil {
		return "", w.jsError(err)
	}
	return v.String(), nil
}

// Result is the output of one job.
type Result struct {
	HTML string
	// Time is how long the render took, pool start-up excluded.
	Time time.Duration
	// Spliced is whether the page was spliced into a shared layout.
	Spliced bool
}

// RenderAll renders the jobs on the whole pool and returns the result of
// each, in order, or every error (each prefixed with its URL). Pages that
// share a layout, in groups of at least 8, are spliced (see splice.go).
func (r *Renderer) RenderAll(jobs []Job) ([]Result, error) {
	return r.RenderAllGrouped(jobs, spliceMinGroup)
}

// RenderAllGrouped is RenderAll splicing groups of at least minGroup
// pages; 0 renders every page whole.
func (r *Renderer) RenderAllGrouped(jobs []Job, minGroup int) ([]Result, error) {
	if err := r.start(); err != nil { // outside the timings
		return nil, err
	}
	// The collector's settings are the command's (cmd/build, cmd/dev):
	// React allocates a great many short-lived objects per render, and at
	// Go's default GC target the collector took a third of the CPU of a
	// large build.
	out := make([]Result, len(jobs))
	errs := make([]error, len(jobs))
	plan := make([]*group, len(jobs))
	if minGroup >= 1 && len(jobs) >= minGroup {
		plan = r.plan(jobs, minGroup)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range r.workers {
		wg.Go(func() {
			for i := range next {
				t := time.Now()
				html, spliced, err := r.renderSpliced(jobs[i], plan[i])
				out[i] = Result{HTML: html, Time: time.Since(t), Spliced: spliced}
				if err != nil {
					errs[i] = atURL(jobs[i].URL, err)
				}
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	// Every layout has ended, though the pages of its group all failed
	// before waiting for it: no render outlives the call.
	for _, g := range plan {
		if g != nil {
			g.wait()
		}
	}
	var all problem.List
	for _, err := range errs {
		all = append(all, problem.Of(err)...)
	}
	if len(all) > 0 {
		return out, all
	}
	return out, nil
}

// atURL puts the route in front of each of a render's problems.
func atURL(url string, err error) problem.List {
	ps := problem.Of(err)
	for i := range ps {
		ps[i].Message = "render " + url + ": " + ps[i].Message
	}
	return ps
}

type worker struct {
	rt     *goja.Runtime
	src    *sources
	render func(j Job, part string) (string, error)
	// layoutReads says what the last "layout" render read of its page
	// (splice.go); nil when the bundle does not tell.
	layoutReads func() ([]string, error)
	logged      problem.List
	kinds       []string
}

func newWorker(prog *goja.Program, src *sources) (*worker, error) {
	w := &worker{rt: goja.New(), src: src}
	reg := require.NewRegistry()
	reg.RegisterNativeModule(console.ModuleName, console.RequireWithPrinter(w))
	reg.Enable(w.rt)
	console.Enable(w.rt)
	url.Enable(w.rt)
	if _, err := w.rt.RunProgram(prog); err != nil {
		p := w.jsError(err)
		p.Message = "server bundle: " + p.Message
		return nil, p
	}
	fn, ok := goja.AssertFunction(w.rt.Get("renderPage"))
	if !ok {
		return nil, errors.New("server bundle: globalThis.renderPage is not defined")
	}
	if v := w.rt.Get("sectionKinds"); v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
		if err := w.rt.ExportTo(v, &w.kinds); err != nil {
			return nil, fmt.Errorf("server bundle: globalThis.sectionKinds: %w", err)
		}
	}
	if fn, ok := goja.AssertFunction(w.rt.Get("layoutReads")); ok {
		w.layoutReads = func() ([]string, error) {
			v, err := fn(goja.Undefined())
			if err != nil {
				return nil, w.jsError(err)
			}
			var reads []string
			if err := w.rt.ExportTo(v, &reads); err != nil {
				return nil, fmt.Errorf("server bundle: layoutReads(): %w", err)
			}
			return reads, nil
		}
	}
	w.render = func(j Job, part string) (string, error) {
		w.logged = w.logged[:0]
		args := []goja.Value{w.rt.ToValue(j.URL), w.rt.ToValue(string(j.Site)), w.rt.ToValue(string(j.Page))}
		if part != "" {
			args = append(args, w.rt.ToValue(part))
		}
		v, err := fn(goja.Undefined(), args...)
		if err != nil {
			return "", w.jsError(err)
		}
		if len(w.logged) > 0 {
			return "", slices.Clone(w.logged)
		}
		html := dropImagePreloads(v.String())
		if strings.TrimSpace(html) == "" {
			return "", errors.New("rendered an empty page (does the router match this URL?)")
		}
		return html, nil
	}
	return w, nil
}

// imagePreload is a preload React writes at the top of its output for an
// <img> it renders at high priority outside a <picture>. It reads React's
// output back as text because renderToString offers no option to leave
// the preload out (React 19 hoists it on its own). If a React upgrade
// writes it in another form or elsewhere, this stops matching and the
// page keeps a second preload of its lead image in the body, and can no
// longer be spliced: TestReactImagePreloadForm renders such an <img> with
// the installed react-dom and fails first.
var imagePreload = regexp.MustCompile(`^<link rel="preload" as="image"[^>]*/>`)

// dropImagePreloads removes the preloads React writes ahead of the page:
// the document's head has the page's own (generator's preload, which
// comes before the inline stylesheet rather than after it), and an
// element of one page ahead of the layout would keep the page from being
// spliced (splice.go). The app adds nothing while hydrating: a preload is
// a hint, not part of the tree.
func dropImagePreloads(html string) string {
	for {
		m := imagePreload.FindStringIndex(html)
		if m == nil {
			return html
		}
		html = html[m[1]:]
	}
}

// Log, Warn and Error make the worker the console's printer: warnings and
// errors fail the render, with where they were written from.
func (w *worker) Log(string) {}

func (w *worker) Warn(s string) {
	w.logged = append(w.logged, w.at("console.warn: "+s, w.rt.CaptureCallStack(0, nil)))
}

func (w *worker) Error(s string) {
	w.logged = append(w.logged, w.at("console.error: "+s, w.rt.CaptureCallStack(0, nil)))
}

// at is a problem placed at the innermost frame of the app's own sources
// (src/, not node_modules), its File relative to the app's folder.
func (w *worker) at(msg string, stack []goja.StackFrame) problem.Problem {
	p := problem.Problem{Message: msg}
	for _, f := range stack {
		pos := f.Position()
		file, line, col := w.src.position(pos.Filename, pos.Line, pos.Column)
		if rel, ok := appPath(file); ok && strings.HasPrefix(rel, "src/") {
			p.File, p.Line, p.Col = rel, line, col
			break
		}
	}
	return p
}

// appPath turns a source-map path into one relative to the app's folder
// ("src/app.tsx"). esbuild names each source relative to the output file,
// out/server.js, so the app's own are "../src/...", its packages'
// "../node_modules/..."; a path of any other form is left as it is and
// places no problem (TestRenderFailures fails if esbuild names them
// otherwise).
func appPath(p string) (string, bool) {
	rel := p
	for strings.HasPrefix(rel, "../") {
		rel = rel[len("../"):]
	}
	if rel == p || !strings.HasPrefix(rel, "src/") && !strings.HasPrefix(rel, "node_modules/") {
		return p, false
	}
	return rel, true
}

// jsError is a JavaScript exception as a problem: its message, placed at
// the innermost frame of the app's sources, with the stack as its detail,
// each frame mapped to its source from the frames goja keeps
// (ex.Stack()), never from the exception's text.
func (w *worker) jsError(err error) problem.Problem {
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		return problem.Problem{Message: err.Error()}
	}
	msg := ex.Error()
	if v := ex.Value(); v != nil {
		msg = v.String() // "TypeError: boom", without goja's " at …"
	}
	p := w.at(msg, ex.Stack())
	var lines []string
	for _, f := range ex.Stack() {
		pos := f.Position()
		if pos.Filename == "" {
			continue // native code
		}
		file, line, col := w.src.position(pos.Filename, pos.Line, pos.Column)
		if rel, ok := appPath(file); ok {
			file = rel
		}
		at := fmt.Sprintf("%s:%d:%d", file, line, col)
		if name := f.FuncName(); name != "" {
			at = fmt.Sprintf("%s (%s)", name, at)
		}
		lines = append(lines, "at "+at)
	}
	p.Detail = strings.Join(lines, "\n")
	return p
}
