package prerender

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestKinds: the kinds kept for a bundle are given back for the same
// bytes only: a bundle changed by one byte, or a damaged entry, is a miss,
// so that the build runs the bundle to learn its kinds.
func TestKinds(t *testing.T) {
	dir := t.TempDir()
	k := NewKinds(dir)
	a, b := []byte("globalThis.sectionKinds = ['hero', 'faq']"), []byte("globalThis.sectionKinds = ['hero']")
	if _, ok := k.Of(a); ok {
		t.Fatal("an empty cache has kinds")
	}
	k.Keep(a, []string{"hero", "faq"})
	if got, ok := k.Of(a); !ok || !slices.Equal(got, []string{"hero", "faq"}) {
		t.Errorf("same bundle: %q, %v", got, ok)
	}
	if got, ok := NewKinds(dir).Of(b); ok {
		t.Errorf("another bundle took the kinds of the first: %q", got)
	}
	k.Keep(b, []string{"hero"})
	if got, ok := k.Of(b); !ok || !slices.Equal(got, []string{"hero"}) {
		t.Errorf("second bundle: %q, %v", got, ok)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "kinds", "*.json"))
	if len(entries) != 1 {
		t.Fatalf("want the last bundle's entry alone, got %q", entries)
	}
	os.WriteFile(entries[0], []byte("{not json"), 0o644)
	if got, ok := k.Of(b); ok {
		t.Errorf("a damaged entry gave %q", got)
	}
	if _, ok := (Kinds{}).Of(a); ok {
		t.Error("the zero Kinds keeps something")
	}
}
