package generator

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/internal/testkit/imagetest"
)

// photoSite is the test site with photos as an editor commits them: a
// case study's image taken with the phone held sideways (EXIF orientation
// 6, a GPS position), a founder's portrait, and an image in a Markdown
// page and in an article.
func photoSite(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fixture(t)
	fsys["images/photos/phone.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(1200, 900, 1), 90, 6)}
	fsys["images/photos/face.png"] = &fstest.MapFile{Data: imagetest.PNG(imagetest.Photo(200, 200, 2))}
	fsys["images/photos/chart.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(1000, 600, 3), 90, 1)}
	edit(t, fsys, "collections/case-studies.yaml", "/images/case-studies/ecommerce-retailer.svg", "/images/photos/phone.jpg")
	edit(t, fsys, "collections/founders.yaml", "  initials: LN\n", "  initials: LN\n  photo: {src: /images/photos/face.png, alt: Lucía Navarro}\n")
	edit(t, fsys, "pages/notes.md", "See [the services](/services).\n", "See [the services](/services).\n\n![A rising chart of answered calls](/images/photos/chart.jpg)\n")
	// The same photo in an article's text.
	edit(t, fsys, "articles/voice-follow-up.md", "and the [steps below](#the-call).\n", "and the [steps below](#the-call).\n\n![A rising chart of answered calls](/images/photos/chart.jpg)\n")
	// A page whose stories come right under its heading: the first
	// story's photo leads it.
	fsys["pages/stories.yaml"] = &fstest.MapFile{Data: []byte("title: Stories\ndescription: Our customers' stories.\nname: Stories\nsections:\n" +
		"  - kind: hero\n    eyebrow: Customers\n    heading: Stories\n    intro: What customers did.\n" +
		"  - kind: case-studies\n    heading: Stories\n    challenge: Challenge\n    solution: Solution\n    results: Results\n")}
	return fsys
}

func edit(t *testing.T, fsys fstest.MapFS, file, old, new string) {
	t.Helper()
	data := string(fsys[file].Data)
	if !strings.Contains(data, old) {
		t.Fatalf("%s has no %q", file, old)
	}
	fsys[file] = &fstest.MapFile{Data: []byte(strings.Replace(data, old, new, 1))}
}

func TestPictures(t *testing.T) {
	cache := t.TempDir()
	fsys := photoSite(t)
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	if res.Stats.ImagesEncoded != 3 {
		t.Errorf("encoded %d originals, want 3", res.Stats.ImagesEncoded)
	}

	t.Run("every width and format, no metadata, no original", func(t *testing.T) {
		want := map[string][]string{
			"phone": {"160.avif", "320.avif", "480.avif", "768.avif", "900.avif", "160.webp", "480.webp", "768.webp", "900.webp", "160.jpg", "480.jpg", "768.jpg", "900.jpg"},
			"face":  {"160.avif", "200.avif", "160.webp", "200.webp", "160.jpg", "200.jpg"},
			"chart": {"320.avif", "480.avif", "768.avif", "1000.avif", "320.webp", "480.webp", "768.webp", "1000.webp", "320.jpg", "480.jpg", "768.jpg", "1000.jpg"},
		}
		for stem, suffixes := range want {
			for _, suffix := range suffixes {
				name := findFile(f, regexp.MustCompile(`^assets/img/`+stem+`-[0-9a-f]{10}-`+regexp.QuoteMeta(suffix)+`$`))
				if name == "" {
					t.Errorf("no assets/img/%s-<key>-%s", stem, suffix)
					continue
				}
				if data := f[name]; bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte(imagetest.GPSLatitude)) {
					t.Errorf("%s keeps the original's EXIF or GPS position", name)
				}
			}
		}
		for name := range f {
			if strings.HasPrefix(name, "images/photos/") {
				t.Errorf("the original %s ships", name)
			}
		}
	})

	t.Run("markup", func(t *testing.T) {
		about := string(f["about/index.html"])
		// The photo was stored 1200x900 on its side: upright it is 900x1200.
		for _, want := range []string{`<picture><source type="image/avif" srcSet="/assets/img/phone-`, ` 480w, /assets/img/phone-`,
			`sizes="` + htmlAttr(contentSizes("story")) + `"`, `width="900" height="1200"`, `style="background-color:#`} {
			if !strings.Contains(about, want) {
				t.Errorf("about/index.html lacks %s", want)
			}
		}
		for _, page := range []string{"notes/index.html", "insights/voice-follow-up/index.html"} {
			for _, want := range []string{`<picture><source type="image/avif" srcset="/assets/img/chart-`, `sizes="` + htmlAttr(contentSizes("text")) + `"`,
				`alt="A rising chart of answered calls" loading="lazy"`, `width="1000" height="600"`} {
				if !strings.Contains(string(f[page]), want) {
					t.Errorf("%s lacks %s", page, want)
				}
			}
		}
		preloads := 0
		for name, doc := range f {
			if !strings.HasSuffix(name, ".html") {
				continue
			}
			if n := strings.Count(string(doc), `loading="eager"`); n > 1 {
				t.Errorf("%s has %d eager images, at most 1", name, n)
			}
			// A preload asks for the file the page's <picture> picks: the
			// same srcset at the same sizes (else it is a second download).
			for _, m := range regexp.MustCompile(`<link rel="preload" as="image" type="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"`).FindAllStringSubmatch(string(doc), -1) {
				preloads++
				if !strings.Contains(string(doc), `<source type="`+m[1]+`" srcSet="`+m[2]+`" sizes="`+m[3]+`"`) {
					t.Errorf("%s preloads %s at sizes %q, which no <picture> of the page shows at those sizes", name, m[2], m[3])
				}
				if !strings.Contains(string(doc), `loading="eager"`) {
					t.Errorf("%s preloads an image it loads lazily", name)
				}
			}
			for _, img := range regexp.MustCompile(`<img [^>]*>`).FindAllString(string(doc), -1) {
				if !strings.Contains(img, ` width="`) || !strings.Contains(img, ` height="`) {
					t.Errorf("%s: %s has no width and height", name, img)
				}
			}
		}
		if preloads == 0 {
			t.Error("no page preloads its lead image")
		}
		// The first story leads the page it opens, and only that page:
		// the about page shows the same record further down, lazily.
		phone := regexp.MustCompile(`<img src="/assets/img/phone-[^>]*>`)
		if img := phone.FindString(string(f["stories/index.html"])); !strings.Contains(img, `loading="eager"`) || !strings.Contains(strings.ToLower(img), `fetchpriority="high"`) ||
			!strings.Contains(string(f["stories/index.html"]), `imagesrcset="/assets/img/phone-`) {
			t.Errorf("the stories page's first photo is not its preloaded, eager lead: %s", img)
		}
		if img := phone.FindString(about); !strings.Contains(img, `loading="lazy"`) {
			t.Errorf("the about page loads the story photo further down eagerly: %s", img)
		}
	})

	t.Run("second build encodes nothing", func(t *testing.T) {
		again, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, CacheDir: cache})
		if err != nil {
			t.Fatal(err)
		}
		if again.Stats.ImagesEncoded != 0 {
			t.Errorf("the second build encoded %d originals, want 0", again.Stats.ImagesEncoded)
		}
		g := files(again)
		for name, data := range f {
			if !bytes.Equal(g[name], data) {
				t.Errorf("%s differs in the cached build", name)
			}
		}
	})
}

// TestPictureProblems: every bad image is reported where content names
// it (an SVG's problem at its own line), all in one round.
func TestPictureProblems(t *testing.T) {
	fsys := fixture(t)
	fsys["images/photos/wrong.jpg"] = &fstest.MapFile{Data: imagetest.PNG(imagetest.Halves(8, 8))}
	fsys["images/photos/wide.png"] = &fstest.MapFile{Data: imagetest.PNG(imagetest.Halves(16001, 1))}
	fsys["images/photos/ok.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(40, 30, 1), 80, 1)}
	fsys["images/photos/script.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`)}
	fsys["images/photos/handler.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect onclick="x()"/></svg>`)}
	fsys["images/photos/remote.svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://evil.example/a.png"/></svg>`)}
	fsys["images/photos/big.jpg"] = &fstest.MapFile{Data: make([]byte, 40<<20+1)}
	fsys["pages/notes.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Notes\ndescription: Notes in Markdown.\nname: Notes\n---\n# Notes\n\n" +
		"![Wrong](/images/photos/wrong.jpg)\n\n" +
		"![Wide](/images/photos/wide.png)\n\n" +
		"![](/images/photos/ok.jpg)\n\n" +
		"![Script](/images/photos/script.svg)\n\n" +
		"![Handler](/images/photos/handler.svg)\n\n" +
		"![Remote](/images/photos/remote.svg)\n\n" +
		"![Big](/images/photos/big.jpg)\n\n" +
		"![Missing](/images/photos/missing.jpg)\n")}
	_, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err == nil {
		t.Fatal("the build accepted bad images")
	}
	msg := err.Error()
	for _, want := range []string{
		`pages/notes.md:8:1: image "/images/photos/wrong.jpg": the file is a PNG file, not the JPEG its extension says`,
		`pages/notes.md:10:1: image "/images/photos/wide.png": the image is 16001x1 pixels, over the limit of 16000 on a side`,
		`pages/notes.md:12:1: image "/images/photos/ok.jpg": alt is blank`,
		`images/photos/script.svg:1:64: the SVG holds a <script>`,
		`images/photos/handler.svg:1:64: the SVG has an event handler onclick=`,
		`images/photos/remote.svg:1:64: the SVG refers to "https://evil.example/a.png"`,
		`pages/notes.md:20:1: image "/images/photos/big.jpg": the file is 40.0 MB, over the limit of 40 MB`,
		`pages/notes.md:22:1: image "/images/photos/missing.jpg": no such file`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error lacks\n\t%s\nin\n%s", want, msg)
		}
	}
}

func findFile(f map[string][]byte, re *regexp.Regexp) string {
	for name := range f {
		if re.MatchString(name) {
			return name
		}
	}
	return ""
}

func contentSizes(place string) string { return contentImageSizes()[place] }

func htmlAttr(s string) string { return strings.ReplaceAll(s, `"`, "&quot;") }

func contentImageSizes() map[string]string { return content.ImageSizes }

// TestPicturesLater: with ImagesReady (make dev), a build does not wait
// for new photos: its pages already name the files, the encoding runs in
// the background, and the build after ImagesReady has the files.
func TestPicturesLater(t *testing.T) {
	ready := make(chan struct{}, 1)
	fsys := photoSite(t)
	// Only the phone's photo is looked at: the chart's, a quarter of what
	// the test encoded, is made small.
	fsys["images/photos/chart.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(320, 192, 3), 90, 1)}
	bld := NewBuilder(Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, ImagesReady: func() { ready <- struct{}{} }})
	defer bld.Close()
	first, err := bld.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f := files(first)
	about := string(f["about/index.html"])
	phone := regexp.MustCompile(`/assets/img/phone-[0-9a-f]{10}-900\.avif`).FindString(about)
	if phone == "" {
		t.Fatalf("the first build's page does not name the photo's files:\n%s", about)
	}
	select {
	case <-ready:
		t.Log("the images were encoded before the first build returned; the machine is fast")
	default:
		if f[strings.TrimPrefix(phone, "/")] != nil {
			t.Errorf("the first build waited for %s", phone)
		}
		<-ready
	}
	second, err := bld.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	g := files(second)
	if g[strings.TrimPrefix(phone, "/")] == nil {
		t.Errorf("after ImagesReady, the build lacks %s", phone)
	}
	if !strings.Contains(string(g["about/index.html"]), `style="background-color:#`) {
		t.Error("after ImagesReady, the photo has no placeholder colour")
	}
}

// TestLeadPreloads: a page led by an image (a page led by each kind of
// section that shows images, a photo or a drawing) preloads it in its
// head, and the preload asks for what the page's <picture> picks: its
// first source's files at the sizes the page gives them, or the
// drawing's file. A preload of another width would be a second download.
// A page without an eager image preloads none.
func TestLeadPreloads(t *testing.T) {
	fsys := fixture(t)
	fsys["images/photos/story.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(480, 360, 1), 85, 1)}
	fsys["images/photos/face.png"] = &fstest.MapFile{Data: imagetest.PNG(imagetest.Photo(120, 120, 2))}
	fsys["images/photos/logo.png"] = &fstest.MapFile{Data: imagetest.PNG(imagetest.Photo(320, 160, 3))}
	fsys["articles/photo-post/cover.jpg"] = &fstest.MapFile{Data: imagetest.JPEG(imagetest.Photo(640, 400, 4), 85, 1)}
	fsys["articles/photo-post/index.md"] = &fstest.MapFile{Data: []byte("---\ntitle: A post with a photo\ndescription: Its cover is a photo.\n" +
		"date: 2026-11-01\nauthor: ben\ntags: [pulse]\ncover: {src: cover.jpg, alt: A photo, position: top}\n---\nA photo above.\n")}
	edit(t, fsys, "collections/case-studies.yaml", "/images/case-studies/ecommerce-retailer.svg", "/images/photos/story.jpg")
	edit(t, fsys, "collections/founders.yaml", "  initials: LN\n", "  initials: LN\n  photo: {src: /images/photos/face.png, alt: Lucía Navarro}\n")
	page := func(name, sections string) {
		fsys["pages/"+name+".yaml"] = &fstest.MapFile{Data: []byte("title: " + name + "\ndescription: A page led by an image.\nname: " + name + "\nsections:\n" +
			"  - kind: hero\n    eyebrow: Test\n    heading: " + name + "\n    intro: Under the heading, an image.\n" + sections)}
	}
	page("stories", "  - kind: case-studies\n    heading: Stories\n    challenge: Challenge\n    solution: Solution\n    results: Results\n")
	page("work", "  - kind: case-study-grid\n    heading: Work\n    intro: Stories.\n    readMore: Read\n    allLink: {label: All, href: /about}\n")
	page("team", "  - kind: founders\n    heading: About\n    statement: We test.\n    foundersTitle: Founders\n    profileLabel: \"{name} on LinkedIn\"\n"+
		"    missionTitle: Mission\n    missionText: To test.\n    moreLink: {label: More, href: /about}\n")
	page("partners", "  - kind: logos\n    title: Trusted by\n    logos:\n      - name: Northwind\n        image: {src: /images/photos/logo.png, alt: Northwind logo}\n")
	page("latest", "  - kind: latest-articles\n    heading: Latest\n    all: {label: All, href: /insights}\n")
	// Each page, and the kind of section that leads it.
	led := map[string]string{
		"stories/index.html":                  "case-studies",
		"about/ecommerce-retailer/index.html": "case-study",
		"work/index.html":                     "case-study-grid",
		"team/index.html":                     "founders",
		"partners/index.html":                 "logos",
		"latest/index.html":                   "latest-articles",
		"insights/index.html":                 "article-index",
		"insights/photo-post/index.html":      "article",
		"insights/voice-follow-up/index.html": "article", // a drawing
	}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	kinds := map[string]bool{}
	for _, kind := range led {
		kinds[kind] = true
	}
	for _, k := range content.Kinds() {
		if _, ok := pictures.LeadPlace(k.Name); ok && !kinds[k.Name] {
			t.Errorf("no page of the test is led by a section of kind %q, which shows images", k.Name)
		}
	}
	preloadTag := regexp.MustCompile(`<link rel="preload" as="image"[^>]*>`)
	eagerImg := regexp.MustCompile(`<img [^>]*loading="eager"[^>]*>`)
	picture := regexp.MustCompile(`<picture>((?:<source [^>]*>)+)(<img [^>]*>)</picture>`)
	source := regexp.MustCompile(`<source type="([^"]*)" srcSet="([^"]*)" sizes="([^"]*)"/>`)
	attr := func(tag, name string) string {
		m := regexp.MustCompile(` (?i:` + name + `)="([^"]*)"`).FindStringSubmatch(tag)
		if m == nil {
			return ""
		}
		return m[1]
	}
	photos := 0
	for name, data := range f {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		doc := string(data)
		preloads, eager := preloadTag.FindAllString(doc, -1), eagerImg.FindAllString(doc, -1)
		if kind, ok := led[name]; ok && len(eager) == 0 {
			t.Errorf("%s, led by a %s section, has no eager image", name, kind)
		}
		if len(eager) == 0 {
			if len(preloads) > 0 {
				t.Errorf("%s preloads an image it loads lazily: %s", name, preloads[0])
			}
			continue
		}
		if len(eager) > 1 || len(preloads) != 1 {
			t.Errorf("%s has %d eager images and %d image preloads, want one of each", name, len(eager), len(preloads))
			continue
		}
		img, preload := eager[0], preloads[0]
		var pic []string
		for _, m := range picture.FindAllStringSubmatch(doc, -1) {
			if m[2] == img {
				pic = m
			}
		}
		if pic == nil { // a drawing: one file
			if href := attr(preload, "href"); href == "" || href != attr(img, "src") {
				t.Errorf("%s preloads %s for its lead drawing %s", name, preload, img)
			}
			continue
		}
		photos++
		first := source.FindStringSubmatch(pic[1])
		if first == nil {
			t.Errorf("%s: the lead <picture> has no source: %s", name, pic[0])
			continue
		}
		got := []string{attr(preload, "type"), attr(preload, "imagesrcset"), attr(preload, "imagesizes")}
		if want := first[1:]; !slices.Equal(got, want) {
			t.Errorf("%s preloads type, srcset and sizes\n\t%q\nbut its lead <picture> shows\n\t%q", name, got, want)
		}
		if attr(img, "sizes") != attr(preload, "imagesizes") {
			t.Errorf("%s preloads at sizes %q, its lead <img> has sizes %q", name, attr(preload, "imagesizes"), attr(img, "sizes"))
		}
	}
	if photos < len(led)-1 {
		t.Errorf("%d pages are led by a photo, want at least %d", photos, len(led)-1)
	}
}
