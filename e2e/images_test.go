package e2e

import (
	"context"
	"fmt"
	"math"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/testkit/browsertest"
	"github.com/vozia/site/internal/testkit/imagetest"
	"github.com/vozia/site/internal/testkit/sitefixture"
)

// TestPictureSource: on the shipped content with the first case study's
// drawing replaced by a photo, Chromium picks the file the sizes promise:
// the narrowest AVIF at least as wide as the image's box in device pixels,
// on a 375 px phone at DPR 2 and a 1280 px desktop at DPR 1.
func TestPictureSource(t *testing.T) {
	t.Parallel()
	url := photoSite(t)
	env := browsertest.Attach(t, url)
	for _, vp := range []struct {
		width int
		dpr   float64
	}{{375, 2}, {1280, 1}} {
		t.Run(fmt.Sprintf("%dpx-dpr%g", vp.width, vp.dpr), func(t *testing.T) {
			tab := env.NewTab(t, vp.width, 900)
			if err := chromedp.Do(tab.Ctx, chromedp.EmulateViewport(int64(vp.width), 900, chromedp.EmulateScale(vp.dpr))); err != nil {
				t.Fatal(err)
			}
			tab.Load(t, "/case-studies")
			const img = `document.querySelector("picture img[src*='/assets/img/photo-']")`
			if err := chromedp.Do(tab.Ctx,
				chromedp.Evaluate[chromedp.Void](img+`.scrollIntoView()`),
				chromedp.Poll[chromedp.Void](img+`.complete && `+img+`.currentSrc !== ""`),
			); err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[struct {
				Src    string  `json:"src"`
				Box    float64 `json:"box"`
				Srcset string  `json:"srcset"`
			}](`(() => { const i = `+img+`; return {src: i.currentSrc, box: i.getBoundingClientRect().width,
				srcset: i.parentElement.querySelector("source[type='image/avif']").srcset}; })()`))
			if err != nil {
				t.Fatal(err)
			}
			need := got.Box * vp.dpr
			var widths []int
			for _, m := range regexp.MustCompile(` (\d+)w`).FindAllStringSubmatch(got.Srcset, -1) {
				w, _ := strconv.Atoi(m[1])
				widths = append(widths, w)
			}
			slices.Sort(widths)
			want := widths[len(widths)-1]
			for i := len(widths) - 1; i >= 0; i-- {
				if float64(widths[i]) >= math.Floor(need) {
					want = widths[i]
				}
			}
			t.Logf("box %.0f px at DPR %g: %s", got.Box, vp.dpr, got.Src[strings.LastIndex(got.Src, "/")+1:])
			if !strings.HasSuffix(got.Src, fmt.Sprintf("-%d.avif", want)) {
				t.Errorf("the image is %.0f px wide at DPR %g (needs %.0f device px) and chose %s; want the %d px AVIF of %v",
					got.Box, vp.dpr, need, got.Src, want, widths)
			}
		})
	}
}

// photoSite builds the shipped content with a 1200x900 photo as the
// first case study's image, serves it, and returns its URL. Its ladder
// (160 to 1080 px, and its own 1200) spans both boxes the test measures
// in device pixels; a phone's 2000 px photo would add two widths that
// neither picks, and half the build's encoding.
func photoSite(t *testing.T) string {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := browsertest.ContentFS()
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := sitefixture.Copy(shipped)
	if err != nil {
		t.Fatal(err)
	}
	studies := string(fsys["collections/case-studies.yaml"].Data)
	first := regexp.MustCompile(`src: "?(/images/[^,}\s"]+)`).FindStringSubmatch(studies)
	if first == nil {
		t.Fatal("collections/case-studies.yaml has no image to replace")
	}
	fsys["collections/case-studies.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(studies, first[1], "/images/photos/photo.jpg", 1))}
	fsys["images/photos/photo.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(1200, 900, 7), 90, 1)}
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: filepath.Join(repo, "frontend")})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := res.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	h, err := devserver.New(context.Background(), devserver.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}
