package generator

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/vozia/site/generator/output"
)

// TestAdminIsolated: the web editor's files are all under admin/ and no
// other file of the site names them, so no page loads a byte of the
// editor; the editor's page is not in the sitemap and says noindex.
func TestAdminIsolated(t *testing.T) {
	res, err := Build(context.Background(), Options{Content: fixture(t), FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	var editor, page []byte
	for _, f := range res.Site {
		switch {
		case f.Path == "admin/index.html":
			page = f.Data
		case f.Path == "admin/sveltia/index.js":
			editor = f.Data
		case strings.HasPrefix(f.Path, "admin/"):
		default:
			if res.Stages[f.Path] == output.StageAdmin {
				t.Errorf("%s is the editor's, outside admin/", f.Path)
			}
			for _, name := range []string{"/admin", "sveltia", "config.yml"} {
				if bytes.Contains(f.Data, []byte(name)) {
					t.Errorf("%s names %q", f.Path, name)
				}
			}
		}
	}
	if len(editor) < 100_000 || !bytes.Contains(page, []byte(`<meta name="robots" content="noindex`)) {
		t.Fatalf("no editor in the build (%d bytes) or its page is indexable:\n%s", len(editor), page)
	}
	for _, f := range res.Site {
		if f.Path == "sitemap.xml" && bytes.Contains(f.Data, []byte("/admin")) {
			t.Error("the sitemap lists the editor")
		}
	}
}
