package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/internal/problem"
)

func TestBuildShippedApp(t *testing.T) {
	a, err := Build("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^/assets/app-[A-Z0-9]{8}\.js$`).MatchString(a.Script) {
		t.Errorf("script %q is not content-hashed under /assets", a.Script)
	}
	if !regexp.MustCompile(`^/assets/app-[A-Z0-9]{8}\.css$`).MatchString(a.Stylesheet) {
		t.Errorf("stylesheet %q is not extracted and hashed", a.Stylesheet)
	}
	for _, f := range a.Assets {
		if f.Path == strings.TrimPrefix(a.Script, "/") {
			// Minified: long lines (esbuild keeps line breaks only inside
			// template literals).
			if len(f.Data)/(bytes.Count(f.Data, []byte("\n"))+1) < 1000 {
				t.Error("the browser bundle is not minified")
			}
			if bytes.Contains(f.Data, []byte("react.development")) || bytes.Contains(f.Data, []byte("Warning: ")) {
				t.Error("the browser bundle holds development React")
			}
			// TestRouterWarningsLeftOut: two of react-router's warnings.
			if bytes.Contains(f.Data, []byte("You rendered descendant <Routes>")) || bytes.Contains(f.Data, []byte("does not have an element or Component")) {
				t.Error("the browser bundle holds react-router's development warnings")
			}
		}
	}
	if !bytes.Contains(a.Server, []byte("sourceMappingURL=data:application/json;base64,")) {
		t.Error("the server bundle has no inline source map")
	}
	if !bytes.Contains(a.Server, []byte("result.push(chunk)")) || bytes.Contains(a.Server, []byte("result += chunk")) {
		t.Error("the server bundle lacks the renderToString chunk-join patch")
	}
	if bytes.Contains(a.Server, []byte("import(")) {
		t.Error("the server bundle still has a dynamic import(), which goja cannot run")
	}

	b, err := Build("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	if a.Script != b.Script || a.Stylesheet != b.Stylesheet || !bytes.Equal(a.Server, b.Server) {
		t.Error("two builds of the same sources differ")
	}
}

func TestBuildErrorsNameTheSource(t *testing.T) {
	for _, tc := range []struct{ app, file string }{
		// The server bundle is built first: its error is the one reported.
		{"testdata/broken", "testdata/broken/src/entry-server.tsx"},
		// An error in the browser bundle alone fails the build too, after
		// the server bundle was handed over.
		{"testdata/broken-browser", "testdata/broken-browser/src/entry-client.tsx"},
	} {
		t.Run(tc.app, func(t *testing.T) {
			b, err := New(tc.app, Cache{})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Dispose()
			handed := false
			_, err = b.Rebuild(func([]byte) { handed = true })
			if err == nil {
				t.Fatal("a broken app was bundled")
			}
			// The problem names the file as the caller named the app, so a
			// terminal opens it, with esbuild's own source line.
			ps := problem.Of(err)
			if len(ps) != 1 || ps[0].File != tc.file || ps[0].Line != 1 || ps[0].Col < 1 ||
				!strings.Contains(ps[0].Source, "nowhere") || !strings.Contains(ps[0].Message, `Could not resolve "./nowhere"`) {
				t.Errorf("problems %+v, want one at %s:1 quoting its line", ps, tc.file)
			}
			if want := tc.app == "testdata/broken-browser"; handed != want {
				t.Errorf("server bundle handed over: %v, want %v", handed, want)
			}
		})
	}
}

// The chunk-join patch leaves renderToString's output unchanged: the same
// page, rendered in goja by the server bundle with and without it, is the
// same string.
func TestJoinChunksKeepsMarkup(t *testing.T) {
	dir := appWithModules(t, "testdata/react")
	render := func(plugins []api.Plugin) string {
		t.Helper()
		var res Result
		if err := collectServer("app", api.Build(serverOptions(dir, plugins...)), &res); err != nil {
			t.Fatal(err)
		}
		r, err := prerender.New(res.Server, 1)
		if err != nil {
			t.Fatal(err)
		}
		html, err := r.Render(prerender.Job{URL: "/a/page/url"})
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	patched, plain := render([]api.Plugin{joinChunks}), render(nil)
	if patched != plain {
		t.Errorf("the patched render differs:\npatched %q\nplain   %q", patched, plain)
	}
	if !strings.Contains(patched, "ünïcödé") || !strings.Contains(patched, "<input id=") || len(patched) < 10000 {
		t.Errorf("the test page lacks the text, ids or length it is meant to have: %q", patched)
	}
}

func TestJoinChunksFailsOnChangedReactDOM(t *testing.T) {
	if _, err := patchRenderToString("var result = '';"); err == nil || !strings.Contains(err.Error(), "did react-dom change?") {
		t.Errorf("patching unknown code: err = %v, want a failure", err)
	}
}

// TestRouterWarningsLeftOut: the patch that leaves react-router's
// development warnings out (routerWarningsOff; TestBuildShippedApp looks
// for two of them in the shipped app) fails the build where the package's
// flag is not declared as it was, and leaves a module that only reads it
// with no read in a condition.
func TestRouterWarningsLeftOut(t *testing.T) {
	if _, err := patchRouterWarnings("var ENABLE_DEV_WARNINGS = !0;"); err == nil || !strings.Contains(err.Error(), "did react-router change?") {
		t.Errorf("patching a changed declaration: err = %v, want a failure", err)
	}
	out, err := patchRouterWarnings("import { ENABLE_DEV_WARNINGS } from './chunk.mjs';\nif (ENABLE_DEV_WARNINGS) warn();\nx = ENABLE_DEV_WARNINGS ? a : b;")
	if err != nil || strings.Count(out, "ENABLE_DEV_WARNINGS") != 1 || !strings.Contains(out, "if (false) warn();") {
		t.Errorf("patching a module that reads the flag: %q, %v", out, err)
	}
}

// appWithModules copies the test app in src to a temporary folder beside a
// link to the shipped frontend's node_modules (React), and returns it.
func appWithModules(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	modules, err := filepath.Abs("../../frontend/node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}
