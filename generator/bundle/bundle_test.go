package bundle

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
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
		}
	}
	if !bytes.Contains(a.Server, []byte("sourceMappingURL=data:application/json;base64,")) {
		t.Error("the server bundle has no inline source map")
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
	_, err := Build("testdata/broken")
	if err == nil {
		t.Fatal("a broken app was bundled")
	}
	if !strings.Contains(err.Error(), `frontend/src/entry-client.tsx:1:`) || !strings.Contains(err.Error(), `Could not resolve "./nowhere"`) {
		t.Errorf("error does not name the file and line:\n%v", err)
	}
}
