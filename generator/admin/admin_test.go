package admin

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

// TestBuild: the editor's files are all under admin/, load nothing from
// another origin, and the page names its own script and the pinned
// editor.
func TestBuild(t *testing.T) {
	files, err := Build("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	var page []byte
	total := 0
	for _, f := range files {
		total += len(f.Data)
		if !strings.HasPrefix(f.Path, "admin/") {
			t.Errorf("%s is outside admin/", f.Path)
		}
		if f.Path == "admin/index.html" {
			page = f.Data
		}
		if strings.HasSuffix(f.Path, ".js") && bytes.Contains(f.Data, []byte("cdn.jsdelivr.net/fontsource")) {
			t.Errorf("%s still loads fonts from a CDN", f.Path)
		}
	}
	t.Logf("%d files, %d bytes", len(files), total)
	for _, f := range files {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(f.Data)
		w.Close()
		t.Logf("%8d %8d gzip  %s", len(f.Data), z.Len(), f.Path)
	}
	for _, want := range []string{`src="/admin/admin-`, `content="/admin/sveltia/index.js"`, `name="robots" content="noindex`, `href="/admin/config.yml"`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("admin/index.html lacks %q:\n%s", want, page)
		}
	}
}
