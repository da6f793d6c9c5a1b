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

func TestCheckKinds(t *testing.T) {
	for _, tc := range []struct {
		name               string
		declared, rendered []string
		want               []string
	}{
		{"same", []string{"cards", "hero"}, []string{"hero", "cards"}, nil},
		{"no renderer", []string{"cards", "hero", "logos"}, []string{"cards", "hero"},
			[]string{`section kind "logos" has no renderer (add frontend/src/sections/logos.tsx and run make types)`}},
		{"not declared", []string{"hero"}, []string{"hero", "gallery"},
			[]string{`the app renders section kind "gallery", which the content does not declare (run make types)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkKinds(tc.declared, tc.rendered)
			var got []string
			for _, p := range problem.Of(err) {
				got = append(got, p.Message)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestBuildKindWithoutRenderer builds the fixture site, which has a logos
// section, with a copy of the app whose registry lacks the logos kind (a
// registry not refreshed after the kind was added): the build must fail
// naming the kind, before rendering, instead of with React's "element
// type is invalid".
func TestBuildKindWithoutRenderer(t *testing.T) {
	app := copyApp(t, "../frontend")
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

	_, err = Build(context.Background(), Options{Content: fixture(t), FrontendDir: app, Now: fixedNow})
	var ps problem.List
	if !errors.As(err, &ps) {
		t.Fatalf("got %v (%T), want a problem list", err, err)
	}
	want := `section kind "logos" has no renderer (add frontend/src/sections/logos.tsx and run make types)`
	if len(ps) != 1 || ps[0].Message != want {
		t.Fatalf("got problems:\n%v\nwant exactly: %s", ps, want)
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
