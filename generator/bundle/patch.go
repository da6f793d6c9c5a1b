package bundle

import (
	"fmt"
	"os"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// joinChunks patches react-dom's legacy renderToString, in the server
// bundle only, to collect the chunks of a page in an array and join them
// once, instead of `result += chunk`. In goja a string holding any
// non-ASCII character is UTF-16 and every += copies it whole, so a page
// of n chunks cost O(n²) copying: the patch halved the render time of the
// home page. Joining gives the same string, so the markup is unchanged.
//
// The patch is textual; if react-dom's code changes so that a pattern is
// missing, the build fails rather than silently losing the patch.
var joinChunks = api.Plugin{
	Name: "react-dom-join-chunks",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `react-dom[\\/]cjs[\\/]react-dom-server-legacy\.browser\.production\.js$`},
			func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				out, err := patchRenderToString(string(src))
				if err != nil {
					return api.OnLoadResult{}, fmt.Errorf("%s: %w", a.Path, err)
				}
				return api.OnLoadResult{Contents: &out, Loader: api.LoaderJS}, nil
			})
	},
}

// chunkJoin are the replacements of patchRenderToString, in order.
var chunkJoin = [][2]string{
	{"    result = \"\",\n    readyToStream = !1;", "    result = [],\n    readyToStream = !1;"},
	{"null !== chunk && (result += chunk);", "null !== chunk && result.push(chunk);"},
	{"if (!readyToStream) throw Error(formatProdErrorMessage(426));\n  return result;", "if (!readyToStream) throw Error(formatProdErrorMessage(426));\n  return result.join(\"\");"},
}

func patchRenderToString(src string) (string, error) {
	for _, r := range chunkJoin {
		if n := strings.Count(src, r[0]); n != 1 {
			return "", fmt.Errorf("renderToString chunk-join patch: found %q %d times, want once (did react-dom change?)", r[0], n)
		}
		src = strings.Replace(src, r[0], r[1], 1)
	}
	return src, nil
}

// routerWarningsOff turns react-router's development warnings off in
// both bundles, as its own production build does. The package's exports
// name only its development build (dist/development), whose one
// difference from dist/production is `var ENABLE_DEV_WARNINGS = true`:
// the warnings' checks and messages (a descendant <Routes> without "*",
// no route matched, both Component and element, …) went to every
// visitor's browser and ran in every render. Where the flag is read in a
// condition it is replaced by false, which esbuild folds away with what
// it guards (it does not inline a flag that is exported, even a const).
// Where the declaration is not there as written (react-router changed),
// the build fails rather than ship the warnings again (TestBuildShippedApp
// looks for two of them in the shipped app's script). make dev's builds
// lose them too: the routes are the build's, not an author's.
var routerWarningsOff = api.Plugin{
	Name: "react-router-warnings-off",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `react-router[\\/]dist[\\/]development[\\/][^\\/]+\.mjs$`},
			func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(a.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				out, err := patchRouterWarnings(string(src))
				if err != nil {
					return api.OnLoadResult{}, fmt.Errorf("%s: %w", a.Path, err)
				}
				return api.OnLoadResult{Contents: &out, Loader: api.LoaderJS}, nil
			})
	},
}

const routerWarningsFlag = "var ENABLE_DEV_WARNINGS = true;"

// routerWarningsReads are the flag's reads in conditions, each with false
// in its place.
var routerWarningsReads = strings.NewReplacer("if (ENABLE_DEV_WARNINGS)", "if (false)", "ENABLE_DEV_WARNINGS ?", "false ?")

// patchRouterWarnings sets react-router's warnings flag false in the
// module that declares it, and puts false for it where a module reads it
// in a condition.
func patchRouterWarnings(src string) (string, error) {
	if strings.Contains(src, "ENABLE_DEV_WARNINGS =") {
		if n := strings.Count(src, routerWarningsFlag); n != 1 {
			return "", fmt.Errorf("react-router warnings patch: found %q %d times, want once (did react-router change?)", routerWarningsFlag, n)
		}
		src = strings.Replace(src, routerWarningsFlag, "var ENABLE_DEV_WARNINGS = false;", 1)
	}
	return routerWarningsReads.Replace(src), nil
}
