package bundle

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// bindingFiles are the modules that the app's own imports of React's
// packages resolve to (reactBindings), from the app's folder.
var bindingFiles = map[string]string{
	"react":             "src/lib/react-bindings.ts",
	"react/jsx-runtime": "src/lib/jsx-bindings.ts",
}

// reactBindings resolves the imports of "react" and "react/jsx-runtime"
// made by the app's own modules (src/) to src/lib/react-bindings.ts and
// src/lib/jsx-bindings.ts, which read each of React's names once into a
// plain binding. React is CommonJS, and esbuild otherwise gives each
// importing module a copy of its exports made of getters (__toESM): 89
// copies in the server bundle, most of the time a goja runtime took to
// start (13 ms; 5 with the bindings, react-router's own 12 copies left),
// and a getter call on every hook.
// The packages' own imports (react-dom, react-router) and an app without
// the files (the tests' small apps) resolve as esbuild resolves them.
var reactBindings = api.Plugin{
	Name: "react-bindings",
	Setup: func(b api.PluginBuild) {
		dir := b.InitialOptions.AbsWorkingDir
		src := filepath.Join(dir, "src") + string(filepath.Separator)
		files := map[string]string{}
		for name, file := range bindingFiles {
			if p := filepath.Join(dir, filepath.FromSlash(file)); fileExists(p) {
				files[name] = p
			}
		}
		b.OnResolve(api.OnResolveOptions{Filter: `^react(/jsx-runtime)?$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			to, ok := files[a.Path]
			if !ok || !strings.HasPrefix(a.Importer, src) || a.Importer == files["react"] || a.Importer == files["react/jsx-runtime"] {
				return api.OnResolveResult{}, nil
			}
			return api.OnResolveResult{Path: to}, nil
		})
	},
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
