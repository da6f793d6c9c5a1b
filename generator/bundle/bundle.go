// Package bundle builds the React app in frontend/ with esbuild's Go API,
// twice from the same sources:
//
//   - the browser bundle: src/entry-client.tsx, minified for modern
//     browsers (and marked for V8 to compile all of it while it streams
//     in), one ES module with content-hashed names
//     (assets/app-HASH.js, and the CSS it imports extracted to
//     assets/app-HASH.css), plus the images and fonts the CSS references;
//   - the lazy section kinds' modules (content.Kind.Lazy): each kind's
//     component, src/sections/<kind>.tsx, is a module of its own
//     (assets/section-<kind>-HASH.js, its CSS assets/section-<kind>-HASH.css),
//     built after the app, from which it imports whatever the app has
//     (React, the router, the shared components and contexts), as the
//     app's entry exports them (src/lib/kind-kit.ts), so the kind adds its
//     own code and nothing else, and the app none of it (lazy.go). In the app the registry's
//     import of such a kind is src/lib/lazy-kind.tsx instead, which loads
//     the module when a page shows the kind; the pages that show it
//     inline its CSS and preload its module (generator/document);
//   - the server bundle: src/entry-server.tsx as one script for goja, with
//     production React, dynamic import() lowered (goja has none) and an
//     inline source map, so that a render error names the frontend/src file
//     and line.
//
// esbuild reads the sources from disk itself, so unlike the other stages
// this one takes a directory rather than an fs.FS. Builds are deterministic:
// the same sources give byte-identical outputs and names.
//
// A Bundler keeps both esbuild contexts alive between builds, so that
// `make dev` rebuilds incrementally (esbuild re-parses only the files that
// changed); Build is one Bundler used once.
package bundle

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/internal/problem"
)

// File is one output file, its path relative to the site root.
type File struct {
	Path string
	Data []byte
}

// Result is the output of both builds.
type Result struct {
	// Assets are the browser files, under assets/.
	Assets []File
	// Script and Stylesheet are the site paths of the browser entry's JS
	// and CSS ("/assets/app-HASH.js").
	Script, Stylesheet string
	// Players are the site paths of the players' scripts, by section kind
	// ("sample-call": "/assets/sample-call-HASH.js").
	Players map[string]string
	// Kinds are the lazy section kinds' own files, by kind.
	Kinds map[string]Kind
	// Server is the server bundle, ready to compile in goja.
	Server []byte
}

// Kind is what a lazy section kind adds to a page that shows it.
type Kind struct {
	Name string
	// Script is the site path of its component's module.
	Script string
	// Style is the site path of its CSS, and StyleData the CSS itself,
	// which a page showing the kind inlines; both empty when it has none.
	Style     string
	StyleData []byte
}

// Build runs both builds of the app in dir (the folder holding
// package.json and src/). Errors carry file:line:col of the source.
// lazy names the lazy section kinds (content.LazyKinds).
func Build(dir string, lazy ...string) (*Result, error) {
	b, err := New(dir, Cache{}, lazy...)
	if err != nil {
		return nil, err
	}
	defer b.Dispose()
	return b.Rebuild(nil)
}

// Bundler holds the esbuild contexts of both builds of one app.
type Bundler struct {
	// dir is the app's absolute path; shown is the same as the caller
	// named it, which problems use so that a terminal can open them.
	dir, shown      string
	browser, server api.BuildContext
	// cache holds both bundles between builds; browserOpt and serverOpt
	// are their options, as the cache checks them.
	cache                 Cache
	browserOpt, serverOpt api.BuildOptions
	// lazy are the lazy section kinds, sorted; appInputs the files of
	// the last browser build, as its metafile names them, sorted.
	lazy, appInputs []string
}

// New prepares both builds of the app in dir; nothing is built until
// Rebuild. The bundles are kept in cache between builds: a Rebuild whose
// sources are unchanged since the last one that the cache holds parses
// nothing. lazy names the section kinds whose components load only
// where a page shows them (content.LazyKinds).
func New(dir string, cache Cache, lazy ...string) (*Bundler, error) {
	shown := filepath.ToSlash(filepath.Clean(dir))
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	lazy = slices.Sorted(slices.Values(lazy))
	b := &Bundler{dir: dir, shown: shown, cache: cache, browserOpt: browserOptions(dir, lazy), serverOpt: serverOptions(dir, joinChunks), lazy: lazy}
	var cerr *api.ContextError
	if b.browser, cerr = api.Context(b.browserOpt); cerr != nil {
		return nil, messages("browser bundle", shown, cerr.Errors)
	}
	if b.server, cerr = api.Context(b.serverOpt); cerr != nil {
		b.browser.Dispose()
		return nil, messages("server bundle", shown, cerr.Errors)
	}
	return b, nil
}

// serverKey names the server bundle of the app in dir (absolute) in the
// cache.
func serverKey(dir string) string { return "server " + dir }

// CachedServer is the server bundle that the cache of the app in dir
// (FrontendCache) last kept, without checking it against its inputs, or
// nil: a build starts goja on it (prerender.Pool.Prepare) while Rebuild
// checks whether it is current (some 15 ms of a cold build).
func CachedServer(dir string) []byte {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	r, ok := NewCache(FrontendCache(dir), "bundle").Peek(serverKey(abs))
	var res Result
	if !ok || collectServer(dir, r, &res) != nil {
		return nil
	}
	return res.Server
}

// Rebuild builds both bundles from the sources as they are now: the
// server bundle first, handed to onServer (when not nil) as soon as it is
// ready, then the browser bundle. The render needs only the server
// bundle, so a build compiles it in goja and renders while the browser
// bundle builds; built side by side instead, the two would share the
// cores and both finish late. onServer is not called if the server
// bundle fails.
func (b *Bundler) Rebuild(onServer func(server []byte)) (*Result, error) {
	res := &Result{}
	serverKey, browserKey := serverKey(b.dir), "browser "+b.dir
	if err := collectServer(b.shown, b.build(serverKey, b.serverOpt, b.server), res); err != nil {
		return nil, err
	}
	if onServer != nil {
		onServer(res.Server)
	}
	if err := collectBrowser(b.dir, b.shown, b.build(browserKey, b.browserOpt, b.browser), res); err != nil {
		return nil, err
	}
	kindsKey, err := b.kinds(res)
	if err != nil {
		return nil, err
	}
	b.cache.KeepOnly(serverKey, browserKey, kindsKey)
	return res, nil
}

// build is the context's build, or its outputs from the cache. It keeps
// the browser build's inputs (appInputs), which the lazy kinds take from
// the app.
func (b *Bundler) build(key string, o api.BuildOptions, ctx api.BuildContext) api.BuildResult {
	browser := ctx == b.browser
	r, ok := b.cache.Get(key, b.dir)
	if !ok {
		r = ctx.Rebuild()
		b.cache.Put(key, o, r)
	}
	if browser {
		b.appInputs = metafileInputs(r.Metafile)
	}
	return r
}

// Dispose frees the contexts.
func (b *Bundler) Dispose() {
	b.browser.Dispose()
	b.server.Dispose()
}

var loaders = map[string]api.Loader{
	".png": api.LoaderFile, ".jpg": api.LoaderFile, ".webp": api.LoaderFile,
	".svg": api.LoaderFile, ".woff2": api.LoaderFile,
}

// common sets the options both builds share: the same sources, loaders
// and production React, the app's imports of React as plain bindings
// (reactBindings), react-router without its development warnings
// (routerWarningsOff), license comments left in their packages (the
// browser budget is too tight to ship them in every page load), and
// messages returned rather than printed.
func common(dir string, o api.BuildOptions) api.BuildOptions {
	o.AbsWorkingDir = dir
	o.Plugins = append([]api.Plugin{reactBindings, routerWarningsOff}, o.Plugins...)
	o.Bundle = true
	o.Write = false
	o.Platform = api.PlatformBrowser
	o.Target = api.ES2020
	o.JSX = api.JSXAutomatic
	o.Define = map[string]string{"process.env.NODE_ENV": `"production"`}
	o.Loader = loaders
	o.LegalComments = api.LegalCommentsNone
	o.Charset = api.CharsetUTF8
	o.LogLevel = api.LogLevelSilent
	// The list of inputs, for the Cache.
	o.Metafile = true
	return o
}

// Players are the scripts of src/players/: each is the behaviour of one
// section kind (players/<kind>.ts), an entry of its own that only the
// pages showing that kind load (generator/document), so that no other
// page carries its bytes.
func players(dir string) []string {
	names, _ := filepath.Glob(filepath.Join(dir, "src", "players", "*.ts"))
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, strings.TrimSuffix(filepath.Base(n), ".ts"))
	}
	sort.Strings(out)
	return out
}

func browserOptions(dir string, lazy []string) api.BuildOptions {
	entries := []api.EntryPoint{{InputPath: "src/entry-client.tsx", OutputPath: "app"}}
	for _, p := range players(dir) {
		entries = append(entries, api.EntryPoint{InputPath: "src/players/" + p + ".ts", OutputPath: p})
	}
	return common(dir, api.BuildOptions{
		Plugins:             []api.Plugin{lazyRegistry(lazy)},
		EntryPointsAdvanced: entries,
		EntryNames:          "[name]-[hash]",
		AssetNames:          "[name]-[hash]",
		Outdir:              filepath.Join(dir, "out", "assets"),
		PublicPath:          "/assets",
		Format:              api.FormatESModule,
		Engines:             []api.Engine{{Name: api.EngineChrome, Version: "111"}, {Name: api.EngineFirefox, Version: "111"}, {Name: api.EngineSafari, Version: "16.4"}},
		MinifyWhitespace:    true,
		MinifyIdentifiers:   true,
		MinifySyntax:        true,
		// V8's explicit compile hint: compile every function while the file
		// streams in, off the main thread. Without it, react-dom's module
		// (esbuild's lazy CommonJS wrapper, two thirds of the bundle) is
		// compiled on the main thread when the page first runs it, in the
		// page's longest task. Measured at 4x CPU slowdown, alternating with
		// and without: the longest task at load fell by about half on text
		// pages (/cookie-policy 542 -> 280 ms, /platform 562 -> 295 ms,
		// medians of 8 on a busy machine). Other engines ignore the comment.
		Banner: map[string]string{"js": "//# allFunctionsCalledOnLoad"},
	})
}

func collectBrowser(dir, shown string, r api.BuildResult, res *Result) error {
	if err := messages("browser bundle", shown, r.Errors); err != nil {
		return err
	}
	outRoot := filepath.Join(dir, "out")
	for _, f := range r.OutputFiles {
		rel, err := filepath.Rel(outRoot, f.Path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		res.Assets = append(res.Assets, File{Path: rel, Data: f.Contents})
		for _, p := range players(dir) {
			if strings.HasPrefix(path.Base(rel), p+"-") && strings.HasSuffix(rel, ".js") {
				if res.Players == nil {
					res.Players = map[string]string{}
				}
				res.Players[p] = "/" + rel
			}
		}
		switch {
		case strings.HasPrefix(path.Base(rel), "app-") && strings.HasSuffix(rel, ".js"):
			res.Script = "/" + rel
		case strings.HasPrefix(path.Base(rel), "app-") && strings.HasSuffix(rel, ".css"):
			res.Stylesheet = "/" + rel
		}
	}
	sort.Slice(res.Assets, func(i, j int) bool { return res.Assets[i].Path < res.Assets[j].Path })
	if res.Script == "" {
		return fmt.Errorf("browser bundle: no entry script in the output")
	}
	return nil
}

func serverOptions(dir string, plugins ...api.Plugin) api.BuildOptions {
	return common(dir, api.BuildOptions{
		Plugins:     plugins,
		EntryPoints: []string{"src/entry-server.tsx"},
		Outfile:     filepath.Join(dir, "out", "server.js"),
		Format:      api.FormatIIFE,
		// goja has no dynamic import(): esbuild lowers it to a Promise of
		// the bundled module.
		Supported:      map[string]bool{"dynamic-import": false},
		Sourcemap:      api.SourceMapInline,
		SourcesContent: api.SourcesContentExclude,
		// A smaller program for goja to parse and compile, on every
		// build's critical path: a quarter less compile time. Names are
		// kept, and the source map still points at frontend/src.
		MinifySyntax:     true,
		MinifyWhitespace: true,
		// react-dom/server's browser entry bundles the streaming renderer
		// too (300 KB that renderToString never calls; CommonJS cannot be
		// tree-shaken): the legacy build is all the render needs.
		//
		// "#link" (package.json "imports": lib/link.tsx, react-router's
		// <Link>) is lib/static-link.tsx: the same <a> for a site path,
		// without <Link>'s hooks, a quarter of a page's render time.
		// "#memo" (lib/memo.tsx) is lib/server-memo.tsx: an element whose
		// content is a pure function of its key renders once per runtime,
		// and later pages repeat its markup.
		Alias: map[string]string{
			"react-dom/server": "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js",
			"#link":            "./src/lib/static-link.tsx",
			"#memo":            "./src/lib/server-memo.tsx",
		},
	})
}

// serverAsBrowserOptions are the server bundle's options for the app in
// dir (made absolute) with "#link" and "#memo" as the browser has them.
func serverAsBrowserOptions(dir string) (string, api.BuildOptions, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", api.BuildOptions{}, err
	}
	o := serverOptions(dir, joinChunks)
	delete(o.Alias, "#link")
	delete(o.Alias, "#memo")
	return dir, o, nil
}

// ServerAsBrowser builds the server bundle of the app in dir without its
// two shortcuts, "#link" and "#memo" as the browser has them
// (react-router's <Link>, every element rendered): the build's tests
// compare its renders with the server bundle's, byte for byte.
func ServerAsBrowser(dir string) ([]byte, error) {
	dir, o, err := serverAsBrowserOptions(dir)
	if err != nil {
		return nil, err
	}
	var res Result
	if err := collectServer(dir, api.Build(o), &res); err != nil {
		return nil, err
	}
	return res.Server, nil
}

// Script bundles source, a TSX module whose imports resolve from dir/src,
// as one script that runs in goja as the server bundle does, with "#link"
// and "#memo" as the browser has them: for tests that render a component
// of the app, or of the web editor's preview, with data of their own.
// What it exports is not reachable: it sets globals.
func Script(dir, source string) ([]byte, error) {
	dir, o, err := serverAsBrowserOptions(dir)
	if err != nil {
		return nil, err
	}
	o.EntryPoints = nil
	o.Stdin = &api.StdinOptions{Contents: source, ResolveDir: filepath.Join(dir, "src"), Sourcefile: "script.tsx", Loader: api.LoaderTSX}
	o.Outfile = filepath.Join(dir, "out", "script.js")
	var res Result
	if err := collectServer(dir, api.Build(o), &res); err != nil {
		return nil, err
	}
	return res.Server, nil
}

func collectServer(shown string, r api.BuildResult, res *Result) error {
	if err := messages("server bundle", shown, r.Errors); err != nil {
		return err
	}
	for _, f := range r.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			res.Server = f.Contents
		}
	}
	if res.Server == nil {
		return fmt.Errorf("server bundle: no output")
	}
	return nil
}

// messages turns esbuild's messages into problems at the source file as
// the caller names it (dir joined with esbuild's path, relative to dir),
// with esbuild's source line and notes.
func messages(stage, dir string, msgs []api.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	out := make(problem.List, len(msgs))
	for i, m := range msgs {
		p := problem.Problem{Message: stage + ": " + m.Text}
		if l := m.Location; l != nil {
			p.File, p.Line, p.Col, p.Source = path.Join(dir, filepath.ToSlash(l.File)), l.Line, l.Column+1, l.LineText
		}
		var notes []string
		for _, n := range m.Notes {
			notes = append(notes, n.Text)
		}
		p.Detail = strings.Join(notes, "\n")
		out[i] = p
	}
	return out
}
