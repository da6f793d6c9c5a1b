package devserver

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/vozia/site/generator/images"
)

// Every kind of image the build publishes is served with its own type: a
// browser told application/octet-stream under nosniff shows nothing (the
// AVIF variant is the one most browsers pick).
func TestImageContentTypes(t *testing.T) {
	dir := testSite(t)
	h, err := New(context.Background(), Options{Dir: dir, Outbox: filepath.Join(t.TempDir(), "o.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []images.Format{images.AVIF, images.WebP, images.JPEG, images.PNG, images.GIF, images.SVG} {
		t.Run(string(f), func(t *testing.T) {
			name := "assets/img/a-480" + f.Ext()
			os.MkdirAll(filepath.Join(dir, "assets", "img"), 0o755)
			if err := os.WriteFile(filepath.Join(dir, name), []byte("\x00\x01not sniffable"), 0o644); err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+name, nil))
			if got := rec.Result().Header.Get("Content-Type"); rec.Code != 200 || got != f.MIME() {
				t.Errorf("GET /%s: %d %q, want 200 %q", name, rec.Code, got, f.MIME())
			}
		})
	}
}
