package generator

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content/wire"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/pagedata"
)

// TestClientResolvesAsTheBuild runs the client's route resolution, the
// file frontend/src/lib/routes.ts itself, in goja against the build's rule
// (cdn.Resolver, which the link checker and the routing manifest
// use), for every route of the test site and the paths around each one: a
// client-side navigation must show the page that the CDN serves for the
// same URL, the not-found page included.
func TestClientResolvesAsTheBuild(t *testing.T) {
	site, err := load.Site(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	resolve := clientResolver(t)
	var routes []wire.ClientRoute
	paths := []string{"/nope", "/a/b/c", "/index.html", "/404"}
	for _, rt := range site.Routes {
		routes = append(routes, pagedata.ClientRoute(rt))
		if rt.NotFound {
			continue
		}
		paths = append(paths, rt.Path, rt.Path+"/x", rt.Path+"/x/y", rt.Path+"x", strings.ToUpper(rt.Path), rt.Path+"%2F")
	}
	table, err := json.Marshal(routes)
	if err != nil {
		t.Fatal(err)
	}
	served := cdn.Resolver(site.Routes)
	for _, p := range paths {
		want := "not found"
		if to, ok := served(p); ok {
			want = to
		}
		if got := resolve(string(table), p); got != want {
			t.Errorf("%s: the client shows %q, the build serves %q", p, got, want)
		}
	}
}

// clientResolver compiles lib/routes.ts and returns its resolveRoute as
// "where a path lands": the redirect target, the route path or "not found".
func clientResolver(t *testing.T) func(routesJSON, path string) string {
	t.Helper()
	src, err := os.ReadFile("../frontend/src/lib/routes.ts")
	if err != nil {
		t.Fatal(err)
	}
	out := api.Transform(string(src), api.TransformOptions{Loader: api.LoaderTS, Format: api.FormatCommonJS, Sourcefile: "routes.ts"})
	if len(out.Errors) > 0 {
		t.Fatalf("routes.ts: %v", out.Errors[0].Text)
	}
	vm := goja.New()
	module := vm.NewObject()
	exports := vm.NewObject()
	module.Set("exports", exports)
	vm.Set("module", module)
	vm.Set("exports", exports)
	if _, err := vm.RunScript("routes.ts", string(out.Code)); err != nil {
		t.Fatal(err)
	}
	where, err := vm.RunString(`(function (routesJSON, path) {
		const r = module.exports.resolveRoute(JSON.parse(routesJSON), path);
		return r.notFound ? "not found" : (r.redirect || r.path);
	})`)
	if err != nil {
		t.Fatal(err)
	}
	fn, ok := goja.AssertFunction(where)
	if !ok {
		t.Fatal("no function")
	}
	return func(routesJSON, path string) string {
		v, err := fn(goja.Undefined(), vm.ToValue(routesJSON), vm.ToValue(path))
		if err != nil {
			t.Fatalf("resolveRoute(%q): %v", path, err)
		}
		return v.String()
	}
}
