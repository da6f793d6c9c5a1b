package imagefiles

import (
	"bytes"
	"context"
	"testing"

	"github.com/vozia/site/internal/testkit/imagetest"
)

// BenchmarkPhoto processes a 4000x3000 phone photo (about 3.7 MB of JPEG)
// with the site's settings and reports what a visitor downloads for a
// full-width cover: a 375 px phone at DPR 2 needs 750 px (the 768 AVIF),
// a 1280 px desktop at DPR 1 needs 1280 px (the 1600 AVIF).
func BenchmarkPhoto(b *testing.B) {
	src := Source{Name: "images/photo.jpg", Data: imagetest.JPEG(imagetest.Photo(4000, 3000, 1), 90, 6)}
	for b.Loop() {
		p := NewProcessor(Default, "")
		res, err := p.Process(context.Background(), []Source{src})
		if err != nil {
			b.Fatal(err)
		}
		r := res[0]
		pick := func(need int) []byte {
			for _, v := range r.Variants {
				if v.Format == AVIF && v.Width >= need {
					return r.Files[v.Path]
				}
			}
			return nil
		}
		phone, desktop := pick(750), pick(1280)
		for _, data := range r.Files {
			if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte(imagetest.GPSLatitude)) {
				b.Fatal("an output keeps the EXIF")
			}
		}
		b.ReportMetric(float64(len(phone))/1024, "phone-KB")
		b.ReportMetric(float64(len(desktop))/1024, "desktop-KB")
	}
}
