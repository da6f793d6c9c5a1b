package devserver

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// Every kind of image the build publishes (generator/imagefiles: Format.Ext
// and Format.MIME) is served with its own type: a browser told
// application/octet-stream under nosniff shows nothing, and the AVIF
// variant is the one most browsers pick.
func TestImageContentTypes(t *testing.T) {
	dir := testSite(t)
	h, err := New(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for ext, want := range map[string]string{
		".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg",
		".png": "image/png", ".gif": "image/gif", ".svg": "image/svg+xml",
	} {
		t.Run(ext, func(t *testing.T) {
			name := "assets/img/a-480" + ext
			os.MkdirAll(filepath.Join(dir, "assets", "img"), 0o755)
			if err := os.WriteFile(filepath.Join(dir, name), []byte("\x00\x01not sniffable"), 0o644); err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+name, nil))
			if got := rec.Result().Header.Get("Content-Type"); rec.Code != 200 || got != want {
				t.Errorf("GET /%s: %d %q, want 200 %q", name, rec.Code, got, want)
			}
		})
	}
}
