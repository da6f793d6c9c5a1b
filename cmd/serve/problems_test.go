package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/vozia/site/internal/devserver"
)

// TestProblemsOf: each kind of build error becomes problems with a
// location the terminal and the overlay show, and the offending line.
func TestProblemsOf(t *testing.T) {
	dir := t.TempDir()
	content, frontend := filepath.Join(dir, "content"), filepath.Join(dir, "web")
	os.MkdirAll(filepath.Join(content, "pages"), 0o755)
	os.MkdirAll(filepath.Join(frontend, "src"), 0o755)
	os.WriteFile(filepath.Join(content, "pages", "a.yaml"), []byte("title: A\ntitel: B\n"), 0o644)
	os.WriteFile(filepath.Join(frontend, "src", "app.tsx"), []byte("export const a = 1;\nexport const b = ;\n"), 0o644)
	tests := []struct {
		name string
		err  error
		want []devserver.Problem
	}{
		{"content", prefixable{"pages/a.yaml:2:1: unknown field \"titel\""}, []devserver.Problem{
			{File: filepath.ToSlash(filepath.Join(content, "pages/a.yaml")), Line: 2, Col: 1, Message: `unknown field "titel"`, Source: "titel: B"}}},
		{"esbuild", errors.New("browser bundle: frontend/src/app.tsx:2:18: Unexpected \";\""), []devserver.Problem{
			{Message: `browser bundle: Unexpected ";"`, File: filepath.ToSlash(filepath.Join(frontend, "src/app.tsx")), Line: 2, Col: 18, Source: "export const b = ;"}}},
		{"render with a stack", errors.New("render /x: TypeError: boom\n\tat f (frontend/src/app.tsx:1:14(3))\n\tat g (node_modules/react/x.js:5:1)"), []devserver.Problem{
			{Message: "render /x: TypeError: boom", Detail: "at f (frontend/src/app.tsx:1:14(3))\nat g (node_modules/react/x.js:5:1)",
				File: filepath.ToSlash(filepath.Join(frontend, "src/app.tsx")), Line: 1, Col: 14, Source: "export const a = 1;"}}},
		{"no location", errors.New("link check: /a links to /b"), []devserver.Problem{{Message: "link check: /a links to /b"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := problemsOf(tt.err, content, frontend)
			if len(got) != len(tt.want) {
				t.Fatalf("%+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("\n got %+v\nwant %+v", got[i], tt.want[i])
				}
			}
		})
	}
}

// prefixable is an error list that can put a directory in front of its
// paths, as content.ErrorList does.
type prefixable struct{ line string }

func (p prefixable) Error() string { return p.line }

func (p prefixable) Prefix(dir string) error {
	return errors.New(filepath.ToSlash(filepath.Join(dir, p.line)))
}
