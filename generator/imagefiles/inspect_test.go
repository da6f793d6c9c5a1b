package imagefiles

import (
	"strings"
	"testing"
)

// TestAccept: the files the web editor's image fields offer (Accept) are
// exactly those Inspect takes: an upload the editor allows is never one
// the build refuses by its kind (a GIF, an AVIF).
func TestAccept(t *testing.T) {
	offered := map[string]bool{}
	for _, ext := range strings.Split(Accept, ",") {
		offered[ext] = true
		if _, ok := extFormat[ext]; !ok {
			t.Errorf("the editor offers %s files, which the build refuses", ext)
		}
	}
	for ext := range extFormat {
		if !offered[ext] {
			t.Errorf("the build takes %s files, which the editor does not offer", ext)
		}
	}
}
