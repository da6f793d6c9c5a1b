package document

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/generator/templatetext"
)

// The ranges the checks read past are exactly the contents of the
// document's JSON-LD, style, JSON data and loader elements: all of each,
// nothing else.
func TestDocumentOpaqueRanges(t *testing.T) {
	site, err := load.SiteWith(os.DirFS("../../testdata/site"), load.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	p := Params{
		Site: site, Route: site.Routes[0], Body: `<main><a href="/">home</a></main>`,
		SiteJSON: []byte(`{"a":"\u003c/script\u003e"}`), PageJSON: []byte(`{"page":1}`),
		Script: "/assets/app.js", Style: []byte(`a{color:red}`),
	}
	doc, opaque := Page(p)
	var want [][]byte
	for _, m := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllSubmatch(doc, -1) {
		want = append(want, m[1])
	}
	if len(want) == 0 {
		t.Fatal("the page has no JSON-LD")
	}
	want = append(want, p.Style, p.SiteJSON, p.PageJSON, []byte(Loader))
	if len(opaque) != len(want) {
		t.Fatalf("%d opaque ranges, want %d", len(opaque), len(want))
	}
	startTag := regexp.MustCompile(`(<style>|<script type="application/json" id="[a-z-]+">|<script type="application/ld\+json">|<script data-scripts="[^"]+">)$`)
	for i, o := range opaque {
		if !bytes.Equal(doc[o.Start:o.End], want[i]) {
			t.Errorf("range %d is %q, want %q", i, doc[o.Start:o.End], want[i])
		}
		if !startTag.Match(doc[:o.Start]) || !(bytes.HasPrefix(doc[o.End:], []byte("</style>")) || bytes.HasPrefix(doc[o.End:], []byte("</script>"))) {
			t.Errorf("range %d is not the whole content of a style or JSON script element: %q", i, doc[max(0, o.Start-60):min(len(doc), o.End+10)])
		}
	}
}

// In make dev every document, a page's or a redirect's, loads the
// live-reload script last in its head; a build for the CDN has none.
func TestLiveScript(t *testing.T) {
	site, err := load.SiteWith(os.DirFS("../../testdata/site"), load.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	const live = "/__dev/reload.js"
	tag := []byte(`<script type="module" src="` + live + `"></script>` + "\n</head>")
	for _, url := range []string{"", live} {
		p := Params{Site: site, Route: site.Routes[0], Body: "<main></main>", Script: "/assets/app.js", LiveScript: url}
		docs := map[string][]byte{"a page": func() []byte { d, _ := Page(p); return d }()}
		for _, d := range Redirects(p) {
			docs["the redirect "+d.Route.Path] = d.HTML
		}
		if len(docs) < 2 {
			t.Fatal("the test site has no redirect route")
		}
		for what, doc := range docs {
			if got := bytes.Count(doc, []byte(live)); url != "" && (got != 1 || !bytes.Contains(doc, tag)) {
				t.Errorf("%s does not load the script last in its head:\n%s", what, doc)
			} else if url == "" && got != 0 {
				t.Errorf("%s of a build for the CDN loads the script:\n%s", what, doc)
			}
		}
	}
}

// A page whose content shows no template text has none outside the
// ranges the checks read past: what the build writes of its own (the
// loader's code, the styles, the data) never sends a page to the
// template text check's tokenizer, which reads the whole page (the
// loader's closing "}}" once sent every page there, and the check of
// 1,000 articles took 1.2 s of CPU instead of a scan).
func TestDocumentShowsNoTemplateTextOfItsOwn(t *testing.T) {
	site, err := load.SiteWith(os.DirFS("../../testdata/site"), load.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range site.Routes {
		p := Params{
			Site: site, Route: r, Body: `<main><h1>A page</h1></main>`,
			SiteJSON: []byte(`{"a":{"b":{}}}`), PageJSON: []byte(`{"page":{"n":{}}}`),
			Script: "/assets/app.js", Players: []string{"/assets/player.js"}, Style: []byte(`@media (min-width:1px){a{color:red}}`),
			Kinds: []bundle.Kind{{Name: "faq", Script: "/assets/faq.js", StyleData: []byte(`@media (min-width:1px){b{color:red}}`)}},
		}
		doc, opaque := Page(p)
		shown, at := []byte{}, 0
		for _, o := range opaque {
			shown = append(shown, doc[at:o.Start]...)
			at = o.End
		}
		shown = append(shown, doc[at:]...)
		for _, tok := range templatetext.Tokens {
			if i := bytes.Index(shown, []byte(tok)); i >= 0 {
				t.Errorf("%s: %q outside the ranges read past: %q", r.Path, tok, shown[max(0, i-80):min(len(shown), i+20)])
			}
		}
	}
}
