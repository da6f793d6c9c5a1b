package generator

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/internal/problem"
)

// TestBuildKindWithoutRenderer builds the fixture site, which has a logos
// section, with a copy of the app whose registry lacks the logos kind (a
// registry not refreshed after the kind was added): the build must fail
// naming the kind, before rendering, instead of with React's "element
// type is invalid". It fails so with a cache that holds every page's
// render and the kinds of the app before the change
// (prerender.Kinds), and again once the cache holds the changed app's.
func TestBuildKindWithoutRenderer(t *testing.T) {
	app := copyApp(t, "../frontend")
	cache := t.TempDir()
	if _, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: app, Now: fixedNow, CacheDir: cache, NoEditor: true}); err != nil {
		t.Fatal(err)
	}
	reg := filepath.Join(app, "src/sections/registry.gen.ts")
	data, err := os.ReadFile(reg)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.Contains(line, "LogosView") {
			kept = append(kept, line)
		}
	}
	if len(kept) == len(strings.Split(string(data), "\n")) {
		t.Fatal("the registry has no LogosView to remove")
	}
	if err := os.WriteFile(reg, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, build := range []string{"first", "second"} {
		_, err = Build(context.Background(), Options{Content: fixture(t), FrontendDir: app, Now: fixedNow, CacheDir: cache, NoEditor: true})
		var ps problem.List
		if !errors.As(err, &ps) {
			t.Fatalf("%s build: got %v (%T), want a problem list", build, err, err)
		}
		want := `section kind "logos" has no renderer (add frontend/src/sections/logos.tsx and run make types)`
		if len(ps) != 1 || ps[0].Message != want {
			t.Fatalf("%s build: got problems:\n%v\nwant exactly: %s", build, ps, want)
		}
	}
}

// copyApp copies the app's sources and configuration into a temporary
// directory, its node_modules linked, for a test to edit.
func copyApp(t *testing.T, dir string) string {
	t.Helper()
	dst := t.TempDir()
	for _, name := range []string{"package.json", "tsconfig.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	modules, err := filepath.Abs(filepath.Join(dir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(dst, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(dst, "src"), os.DirFS(filepath.Join(dir, "src"))); err != nil {
		t.Fatal(err)
	}
	return dst
}
