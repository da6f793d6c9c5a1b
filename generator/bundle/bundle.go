// Package bundle builds the React app in frontend/ with esbuild's Go API,
// twice from the same sources:
//
//   - the browser bundle: src/entry-client.tsx, minified for modern
//     browsers (and marked for V8 to compile all of it while it streams
//     in), one ES module with content-hashed names
//     (assets/app-HASH.js, and the CSS it imports extracted to
//     assets/app-HASH.css), plus the images and fonts the CSS references;
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
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
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
	// Server is the server bundle, ready to compile in goja.
	Server []byte
}

// Build runs both builds of the app in dir (the folder holding
// package.json and src/). Errors carry file:line:col of the source.
func Build(dir string) (*Result, error) {
	b, err := New(dir)
	if err != nil {
		return nil, err
	}
	defer b.Dispose()
	return b.Rebuild(nil)
}

// Bundler holds the esbuild contexts of both builds of one app.
type Bundler struct {
	dir             string
	browser, server api.BuildContext
}

// New prepares both builds of the app in dir; nothing is built until
// Rebuild.
func New(dir string) (*Bundler, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	b := &Bundler{dir: dir}
	var cerr *api.ContextError
	if b.browser, cerr = api.Context(browserOptions(dir)); cerr != nil {
		return nil, fmt.Errorf("browser bundle: %w", messages(cerr.Errors))
	}
	if b.server, cerr = api.Context(serverOptions(dir, joinChunks)); cerr != nil {
		b.browser.Dispose()
		return nil, fmt.Errorf("server bundle: %w", messages(cerr.Errors))
	}
	return b, nil
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
	if err := collectServer(b.server.Rebuild(), res); err != nil {
		return nil, err
	}
	if onServer != nil {
		onServer(res.Server)
	}
	if err := collectBrowser(b.dir, b.browser.Rebuild(), res); err != nil {
		return nil, err
	}
	return res, nil
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
// and production React, license comments left in their packages (the
// browser budget is too tight to ship them in every page load), and
// messages returned rather than printed.
func common(dir string, o api.BuildOptions) api.BuildOptions {
	o.AbsWorkingDir = dir
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
	return o
}

func browserOptions(dir string) api.BuildOptions {
	return common(dir, api.BuildOptions{
		EntryPoints:       []string{"src/entry-client.tsx"},
		EntryNames:        "app-[hash]",
		AssetNames:        "[name]-[hash]",
		Outdir:            filepath.Join(dir, "out", "assets"),
		PublicPath:        "/assets",
		Format:            api.FormatESModule,
		Engines:           []api.Engine{{Name: api.EngineChrome, Version: "111"}, {Name: api.EngineFirefox, Version: "111"}, {Name: api.EngineSafari, Version: "16.4"}},
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
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

func collectBrowser(dir string, r api.BuildResult, res *Result) error {
	if err := messages(r.Errors); err != nil {
		return fmt.Errorf("browser bundle: %w", err)
	}
	outRoot := filepath.Join(dir, "out")
	for _, f := range r.OutputFiles {
		rel, err := filepath.Rel(outRoot, f.Path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		res.Assets = append(res.Assets, File{Path: rel, Data: f.Contents})
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
		Alias: map[string]string{"react-dom/server": "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js"},
	})
}

func collectServer(r api.BuildResult, res *Result) error {
	if err := messages(r.Errors); err != nil {
		return fmt.Errorf("server bundle: %w", err)
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

// messages turns esbuild's messages into one error, each line
// "frontend/src/file.tsx:line:col: text".
func messages(msgs []api.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	lines := make([]string, len(msgs))
	for i, m := range msgs {
		if l := m.Location; l != nil {
			lines[i] = fmt.Sprintf("frontend/%s:%d:%d: %s", l.File, l.Line, l.Column+1, m.Text)
		} else {
			lines[i] = m.Text
		}
	}
	return fmt.Errorf("%s", strings.Join(lines, "\n"))
}
