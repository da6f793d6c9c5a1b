package icons

import (
	"bytes"
	"os"
	"testing"
)

// TestIcons fails while icons_gen.go no longer lists the icons of
// frontend/src/components/ui/icon.tsx.
func TestIcons(t *testing.T) {
	src, err := os.ReadFile("../../../" + SourceFile)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("icons_gen.go")
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run make types", GeneratedFile)
	}
}
