package imagefiles

import (
	"testing"

	"github.com/vozia/site/internal/testkit/imagetest"
)

// FuzzInspect: whatever bytes an image file holds, under whatever name,
// reading its header ends with its size or a problem, never a panic, and
// a size it accepts is within the budget.
func FuzzInspect(f *testing.F) {
	small := imagetest.Halves(4, 3)
	f.Add(".png", imagetest.PNG(small))
	f.Add(".jpg", imagetest.JPEG(small, 80, 6))
	f.Add(".gif", []byte("GIF89a\x04\x00\x03\x00\x00\x00\x00;"))
	f.Add(".webp", []byte("RIFF\x1a\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x10\x00\x00\x00\x03\x00\x00\x02\x00\x00"))
	f.Add(".svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30"/></svg>`))
	f.Add(".svg", []byte(`<!DOCTYPE svg [<!ENTITY x "<script href='/images/notes.js'/>">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">&x;</svg>`))
	f.Add(".svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><set attributeName="href" to="javascript:alert(1)"/><style>a{background:u\72l(https://evil.example/)}</style></svg>`))
	f.Add(".png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00>\x80\x00\x00>\x80\x08\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, ext string, data []byte) {
		info, err := Inspect("x"+ext, data)
		if err != nil {
			return
		}
		if info.Width <= 0 || info.Height <= 0 || info.Width > MaxSide || info.Height > MaxSide {
			t.Fatalf("accepted a %dx%d %s", info.Width, info.Height, info.Format)
		}
	})
}
