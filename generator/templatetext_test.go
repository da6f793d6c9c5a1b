package generator

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBuildRefusesTemplateText: a page whose text a visitor would read as
// a missing value fails the build, reported where the editor wrote it
// (the page's file, line and column), before any page renders.
func TestBuildRefusesTemplateText(t *testing.T) {
	fsys := fixture(t)
	fsys["pages/notes.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Notes\ndescription: Notes in Markdown.\nname: Notes\n---\n# Notes\n\nPrice: undefined.\n")}
	_, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err == nil || !strings.Contains(err.Error(), "pages/notes.md:8:8: \"undefined\" is what a page shows for a value it did not have") {
		t.Fatalf("err = %v, want the notes page refused for showing \"undefined\"", err)
	}
}
