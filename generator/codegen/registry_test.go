package codegen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vozia/site/generator/content"
)

// TestRegistry fails when the committed renderer registry no longer
// matches the registered kinds and the component files present (make
// types regenerates it), and while a kind has no component.
func TestRegistry(t *testing.T) {
	root := "../.."
	got := Registry(func(kind string) bool {
		_, err := os.Stat(filepath.Join(root, ComponentFile(kind)))
		return err == nil
	})
	current(t, filepath.Join(root, RegistryFile), got)
	for _, k := range content.Kinds() {
		if _, err := os.Stat(filepath.Join(root, ComponentFile(k.Name))); err != nil {
			t.Errorf("section kind %q has no renderer: add %s", k.Name, ComponentFile(k.Name))
		}
	}
}

func TestComponentName(t *testing.T) {
	for kind, want := range map[string]string{"hero": "HeroView", "home-hero": "HomeHeroView", "case-study-grid": "CaseStudyGridView", "faq": "FaqView"} {
		if got := componentName(kind); got != want {
			t.Errorf("componentName(%q) = %q, want %q", kind, got, want)
		}
	}
}
