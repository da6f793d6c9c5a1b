package bundle

import (
	"slices"
	"testing"
)

// The names a lazy kind's module imports from the app, and those the
// app's module exports, read from esbuild's minified output.
func TestLazyKindImportsAndAppExports(t *testing.T) {
	app := "/assets/app-ABC.js"
	res := &Result{Script: app, Assets: []File{{Path: "assets/app-ABC.js", Data: []byte(`var a=1;function b(){}export{b as BlockSection,c as Fragment,d as jsx};` + "\n")}}}
	exports, err := appExports(res)
	if err != nil || !slices.Equal(exports, []string{"BlockSection", "Fragment", "jsx"}) {
		t.Errorf("app exports %q, %v", exports, err)
	}
	module := []byte(`import{BlockSection as o,jsx as e}from"/assets/app-ABC.js";import{x}from"/assets/other.js";var t=()=>e(o,{});export{t as CallView};`)
	if got := imported(module, app); !slices.Equal(got, []string{"BlockSection", "jsx"}) {
		t.Errorf("imported %q, want BlockSection and jsx", got)
	}
	res.Assets[0].Data = []byte("var a=1;\n")
	if _, err := appExports(res); err == nil {
		t.Error("an app that exports nothing: no error")
	}
}
