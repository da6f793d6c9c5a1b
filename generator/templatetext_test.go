package generator

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBuildRefusesTemplateText: a page whose text a visitor would read as
// a missing value fails the build, reported at the page's file.
func TestBuildRefusesTemplateText(t *testing.T) {
	fsys := fixture(t)
	fsys["pages/notes.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Notes\ndescription: Notes in Markdown.\nname: Notes\n---\n# Notes\n\nPrice: undefined.\n")}
	_, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err == nil || !strings.Contains(err.Error(), "pages/notes.md:1:1: template text: /notes shows \"undefined\"") {
		t.Fatalf("err = %v, want the notes page refused for showing \"undefined\"", err)
	}
}
