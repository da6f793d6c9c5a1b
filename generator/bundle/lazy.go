package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/internal/problem"
)

// The lazy section kinds. Splitting the app with esbuild's code splitting
// would cost every page more than the kinds weigh: a dynamic import's
// chunk shares React and the shared components with the app, which
// esbuild then moves to a chunk of their own, so that every page loads
// two files and their glue (measured: 481 B gzip more on every page, for
// 1.2 KB of kinds). Instead a kind's module is built after the app and
// imports what the app has from the app's own file, which the browser
// has already loaded and evaluated: one module instance (one React, one
// context of each kind), nothing twice; what only the kind uses is its
// own. The app's entry exports the names the kinds import
// (src/lib/kind-kit.ts); the build refuses a kind that imports a name it
// does not export.

// kitFile is the module whose exports the lazy kinds may import.
const kitFile = "src/lib/kind-kit.ts"

// lazyRegistry makes the app's registry (src/sections/registry.gen.ts)
// import each lazy kind's component from src/lib/lazy-kind.tsx, which
// loads the kind's module when a page shows it, instead of from the
// kind's file: the app carries none of the kind's code or CSS.
func lazyRegistry(lazy []string) api.Plugin {
	return api.Plugin{
		Name: "lazy-kinds",
		Setup: func(b api.PluginBuild) {
			b.OnResolve(api.OnResolveOptions{Filter: `^\./[a-z0-9-]+$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				kind := strings.TrimPrefix(a.Path, "./")
				if filepath.Base(a.Importer) != "registry.gen.ts" || !slices.Contains(lazy, kind) {
					return api.OnResolveResult{}, nil
				}
				return api.OnResolveResult{Path: kind, Namespace: "lazy-kind"}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "lazy-kind"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				src := fmt.Sprintf("import { lazyKind } from \"../lib/lazy-kind\";\nexport const %s = lazyKind(%q, %q);\n", componentName(a.Path), a.Path, componentName(a.Path))
				dir := filepath.Join(b.InitialOptions.AbsWorkingDir, "src", "sections")
				return api.OnLoadResult{Contents: &src, ResolveDir: dir, Loader: api.LoaderTS}, nil
			})
		},
	}
}

// fromApp makes the lazy kinds take from the app what the app has: an
// import of a file the app's bundle holds (appInputs, relative to the
// app's folder) is an import of the app's module at app, or, for CSS,
// nothing (the app's stylesheet has it already); what only the kinds
// import is bundled into the kind's module, its CSS into the kind's.
func fromApp(app string, appInputs []string) api.Plugin {
	return api.Plugin{
		Name: "kinds-from-app",
		Setup: func(b api.PluginBuild) {
			dir := b.InitialOptions.AbsWorkingDir
			b.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Kind == api.ResolveEntryPoint || a.PluginData == "inner" {
					return api.OnResolveResult{}, nil
				}
				r := b.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, ResolveDir: a.ResolveDir, Kind: a.Kind, PluginData: "inner"})
				if len(r.Errors) > 0 || r.External {
					return api.OnResolveResult{}, nil
				}
				rel, err := filepath.Rel(dir, r.Path)
				if err != nil || !slices.Contains(appInputs, filepath.ToSlash(rel)) {
					return api.OnResolveResult{Path: r.Path}, nil
				}
				if strings.HasSuffix(r.Path, ".css") {
					return api.OnResolveResult{Path: rel, Namespace: "app-css"}, nil
				}
				return api.OnResolveResult{Path: app, External: true}, nil
			})
			b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "app-css"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
				empty := ""
				return api.OnLoadResult{Contents: &empty, Loader: api.LoaderCSS}, nil
			})
		},
	}
}

// metafileInputs are the inputs an esbuild metafile names, sorted.
func metafileInputs(metafile string) []string {
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if json.Unmarshal([]byte(metafile), &meta) != nil {
		return nil
	}
	out := make([]string, 0, len(meta.Inputs))
	for in := range meta.Inputs {
		out = append(out, in)
	}
	slices.Sort(out)
	return out
}

// componentName is the name a kind's file exports: "home-hero" → "HomeHeroView".
func componentName(kind string) string {
	var b strings.Builder
	for _, w := range strings.Split(kind, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String() + "View"
}

// kinds builds the lazy kinds' modules against the app in res and adds
// them to res. Their imports name the app's file, whose name changes with
// the app's every input, so the app's file is in the cache's key (key
// names this build's entry); what the app holds (appInputs) is decided by
// the same inputs.
func (b *Bundler) kinds(res *Result) (key string, err error) {
	if len(b.lazy) == 0 {
		return "", nil
	}
	o := browserOptions(b.dir, nil)
	o.Plugins = []api.Plugin{fromApp(res.Script, b.appInputs)}
	o.EntryPointsAdvanced = nil
	for _, k := range b.lazy {
		o.EntryPointsAdvanced = append(o.EntryPointsAdvanced, api.EntryPoint{InputPath: "src/sections/" + k + ".tsx", OutputPath: "section-" + k})
	}
	key = "kinds " + b.dir + "\x00" + res.Script + "\x00" + strings.Join(b.lazy, ",")
	r, ok := b.cache.Get(key, b.dir)
	if !ok {
		r = api.Build(o)
		b.cache.Put(key, o, r)
	}
	return key, b.collectKinds(res, r)
}

func (b *Bundler) collectKinds(res *Result, r api.BuildResult) error {
	if err := messages("lazy kinds", b.shown, r.Errors); err != nil {
		return err
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			CSSBundle  string `json:"cssBundle"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(r.Metafile), &meta); err != nil {
		return fmt.Errorf("lazy kinds: metafile: %w", err)
	}
	files := map[string][]byte{}
	outRoot := filepath.Join(b.dir, "out")
	for _, f := range r.OutputFiles {
		rel, err := filepath.Rel(outRoot, f.Path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = f.Contents
	}
	exports, err := appExports(res)
	if err != nil {
		return err
	}
	res.Kinds = map[string]Kind{}
	var problems problem.List
	for out, m := range meta.Outputs {
		kind := strings.TrimSuffix(path.Base(m.EntryPoint), ".tsx")
		if m.EntryPoint == "" || !slices.Contains(b.lazy, kind) {
			continue
		}
		script := strings.TrimPrefix(out, "out/")
		k := Kind{Name: kind, Script: "/" + script}
		for _, name := range imported(files[script], res.Script) {
			if !slices.Contains(exports, name) {
				problems = append(problems, problem.Problem{
					File: path.Join(b.shown, m.EntryPoint), Line: 1, Col: 1,
					Message: fmt.Sprintf("lazy kind %q imports %q, which the app does not export: a lazy kind takes what the app has from the app, whose entry exports it from %s", kind, name, kitFile),
				})
			}
		}
		if css := strings.TrimPrefix(m.CSSBundle, "out/"); css != "" {
			// A kind whose CSS is all the app's has none of its own.
			if len(bytes.TrimSpace(files[css])) == 0 {
				delete(files, css)
			} else {
				k.Style, k.StyleData = "/"+css, files[css]
			}
		}
		res.Kinds[kind] = k
	}
	if len(problems) > 0 {
		return problems.Sorted()
	}
	for p, data := range files {
		res.Assets = append(res.Assets, File{Path: p, Data: data})
	}
	slices.SortFunc(res.Assets, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return nil
}

var (
	exportList = regexp.MustCompile(`export\s*\{([^}]*)\};?\s*$`)
	importList = `import\s*\{([^}]*)\}\s*from\s*"%s"`
)

// appExports are the names the app's module exports, as esbuild writes
// them in its last statement.
func appExports(res *Result) ([]string, error) {
	for _, a := range res.Assets {
		if "/"+a.Path != res.Script {
			continue
		}
		m := exportList.FindSubmatch(a.Data)
		if m == nil {
			return nil, fmt.Errorf("lazy kinds: the app's module %s exports nothing: src/entry-client.tsx must export %s", res.Script, kitFile)
		}
		var names []string
		for _, item := range strings.Split(string(m[1]), ",") {
			f := strings.Fields(item)
			names = append(names, f[len(f)-1]) // "local as name", or "name"
		}
		return names, nil
	}
	return nil, fmt.Errorf("lazy kinds: the app's module %s is not in the bundle", res.Script)
}

// imported are the names a lazy kind's module imports from the app's
// module at app.
func imported(module []byte, app string) []string {
	var names []string
	for _, m := range regexp.MustCompile(fmt.Sprintf(importList, regexp.QuoteMeta(app))).FindAllSubmatch(module, -1) {
		for _, item := range strings.Split(string(m[1]), ",") {
			if f := strings.Fields(item); len(f) > 0 {
				names = append(names, f[0]) // "name as local", or "name"
			}
		}
	}
	return names
}
