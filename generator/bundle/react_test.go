package bundle

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// The app's own modules take React's names from the bindings modules,
// never from React's CommonJS files: each such import is a copy of
// React's exports made of getters (reactBindings).
func TestAppImportsReactThroughBindings(t *testing.T) {
	dir, opts, err := serverAsBrowserOptions("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	for name, o := range map[string]api.BuildOptions{"server": serverOptions(dir, joinChunks), "browser": browserOptions(dir, nil), "server as the browser has it": opts} {
		r := api.Build(o)
		if len(r.Errors) > 0 {
			t.Fatalf("%s bundle: %v", name, r.Errors[0].Text)
		}
		var meta struct {
			Inputs map[string]struct {
				Imports []struct{ Path, Original string }
			}
		}
		if err := json.Unmarshal([]byte(r.Metafile), &meta); err != nil {
			t.Fatal(err)
		}
		through := 0
		for in, m := range meta.Inputs {
			if !strings.HasPrefix(in, "src/") {
				continue
			}
			for _, imp := range m.Imports {
				switch {
				case imp.Original != "react" && imp.Original != "react/jsx-runtime":
				case in == bindingFiles[imp.Original]:
				case imp.Path == bindingFiles[imp.Original]:
					through++
				default:
					t.Errorf("%s bundle: %s imports %q from %s", name, in, imp.Original, imp.Path)
				}
			}
		}
		if through < 10 {
			t.Errorf("%s bundle: %d imports of React through the bindings", name, through)
		}
	}
}

// A name the bindings do not list fails the bundle, naming the bindings'
// file.
func TestReactBindingsLackAName(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("node_modules/react/package.json", `{"name": "react", "main": "index.js"}`)
	write("node_modules/react/index.js", `exports.useState = () => 1; exports.useTransition = () => 2;`)
	write("node_modules/react/jsx-runtime.js", `exports.jsx = () => 0; exports.jsxs = () => 0; exports.Fragment = 0;`)
	write("src/lib/react-bindings.ts", `import * as React from "react"; export const { useState } = React;`)
	write("src/lib/jsx-bindings.ts", `import * as r from "react/jsx-runtime"; export const { Fragment, jsx, jsxs } = r;`)
	write("src/entry-server.tsx", `import { useState, useTransition } from "react"; (globalThis as any).page = [useState(), useTransition()];`)
	write("src/entry-client.tsx", `import { useState } from "react"; console.log(useState());`)
	write("package-lock.json", `{"lockfileVersion": 3}`)
	_, err := Build(dir)
	if err == nil || !strings.Contains(err.Error(), "useTransition") || !strings.Contains(err.Error(), "react-bindings.ts") {
		t.Fatalf("got %v, want an error naming useTransition and react-bindings.ts", err)
	}
	// Listed, it builds.
	write("src/lib/react-bindings.ts", `import * as React from "react"; export const { useState, useTransition } = React;`)
	if _, err := Build(dir); err != nil {
		t.Fatal(err)
	}
}
