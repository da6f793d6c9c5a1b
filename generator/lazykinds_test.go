package generator

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
)

// pageLoad is what a browser loads for one page before interaction: the
// site paths of its scripts and preloaded modules, and its gzip bytes of
// JavaScript and CSS (inlined <style> elements, linked stylesheets).
type pageLoad struct {
	scripts []string
	styles  []string
	js, css int
}

func loadOf(t *testing.T, f map[string][]byte, doc []byte) pageLoad {
	t.Helper()
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var l pageLoad
	eachElement(root, func(n *html.Node) {
		a, srcs := attrs(n), loads(n)
		switch {
		case n.Data == "link" && a["rel"] == "stylesheet":
			l.styles = append(l.styles, a["href"])
			l.css += gzipSize(asset(t, f, a["href"]))
		case n.Data == "style" && n.FirstChild != nil:
			l.styles = append(l.styles, cmp.Or(a["data-kind"], "inline"))
			l.css += gzipSize([]byte(n.FirstChild.Data))
		case srcs != nil:
			for _, src := range srcs {
				l.scripts = append(l.scripts, src)
				l.js += gzipSize(asset(t, f, src))
			}
		}
	})
	return l
}

// TestLazyKindsLoadOnlyWhereShown: a section kind few pages show
// (content.Kind.Lazy: the sample call, the security page) costs nothing on
// the pages without it. On a site written here, every page without such a
// section loads exactly what every page loads (the shared baseline), and
// none of those bytes holds the kinds' code or CSS; a page with a sample
// call loads the baseline plus the sample call's own module and CSS, the
// security page the baseline plus its own, and neither the other's.
func TestLazyKindsLoadOnlyWhereShown(t *testing.T) {
	if lazy := content.LazyKinds(); !slices.Contains(lazy, "sample-call") || !slices.Contains(lazy, "security") {
		t.Fatalf("lazy kinds %q, want sample-call and security among them", lazy)
	}
	fsys := fixture(t)
	fsys["security.yaml"] = &fstest.MapFile{Data: []byte("frameworks:\n  - {name: GDPR, status: aligned}\n  - {name: HIPAA, status: aligned}\nbaa: unavailable\nhosting: One region.\n" +
		"subprocessors:\n  - {name: Cloud Co, purpose: Hosting, location: Ireland}\nretention:\n  - {data: Enquiries, period: 30 days}\nexpiresAfterDays: 90\n")}
	fsys["site.yaml"] = &fstest.MapFile{Data: append(fsys["site.yaml"].Data, "securityEmail: security@example.com\n"...)}
	fsys["pages/trust.yaml"] = &fstest.MapFile{Data: []byte("title: Trust\ndescription: Where we stand.\nname: Trust\nsections:\n  - kind: security\n    heading: Where we stand\n" +
		"    labels: {frameworks: F, certified: C, certifiedNote: CN, inProgress: P, inProgressNote: PN, aligned: A, alignedNote: N, auditor: By, target: T, baa: B, baaAvailable: Y, baaOnRequest: R, baaUnavailable: N, hosting: H, subprocessors: S, name: N, purpose: P, location: L, retention: R, contact: C}\n")}
	fsys["pages/call.yaml"] = &fstest.MapFile{Data: []byte("title: Call\ndescription: A sample call.\nname: Call\nsections:\n  - kind: text\n    heading: Before the call\n    paragraphs: [Read on.]\n" +
		"  - kind: sample-call\n    heading: A call\n    label: An illustrative script.\n    transcript: /images/calls/call.vtt\n")}
	fsys["images/calls/call.vtt"] = &fstest.MapFile{Data: []byte("WEBVTT\n\n00:00.000 --> 00:01.500\n<v Agent>Hello, this is the clinic.\n\n00:01.500 --> 00:03.000\n<v Patient>Hi, I got your message.\n")}
	res, err := Build(context.Background(), Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	f := files(res)
	kinds := res.Stats.Bundle.Kinds
	call, sec := kinds["sample-call"], kinds["security"]
	if call.Script == "" || sec.Script == "" || len(call.StyleData) == 0 || len(sec.StyleData) == 0 {
		t.Fatalf("the bundle's lazy kinds: %+v", kinds)
	}
	// What gives each kind away: its own class names.
	own := map[string][]string{"sample-call": {"call__lines"}, "security": {"security__frameworks"}}
	app := f[strings.TrimPrefix(res.Stats.Bundle.Script, "/")]
	for kind, words := range own {
		k := kinds[kind]
		for _, w := range words {
			if bytes.Contains(app, []byte(w)) {
				t.Errorf("the app's module holds %q, of the lazy kind %s", w, kind)
			}
			if !bytes.Contains(f[strings.TrimPrefix(k.Script, "/")], []byte(w)) || !bytes.Contains(k.StyleData, []byte(w)) {
				t.Errorf("the module or CSS of %s lacks %q", kind, w)
			}
		}
	}

	site, err := load.SiteWith(fsys, load.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]pageLoad{}
	shows := map[string][]bundle.Kind{} // the lazy kinds each page shows, in order
	for _, r := range res.Stats.Routes {
		byPath[r.Path] = loadOf(t, f, f[r.File])
		if page := site.Pages[r.Path]; page != nil {
			for _, s := range page.Sections {
				if k, ok := kinds[s.Kind]; ok && !slices.ContainsFunc(shows[r.Path], func(o bundle.Kind) bool { return o.Name == k.Name }) {
					shows[r.Path] = append(shows[r.Path], k)
				}
			}
		}
	}
	if len(shows["/notes"]) != 0 || len(shows["/call"]) != 1 || len(shows["/trust"]) != 1 {
		t.Fatalf("lazy kinds shown: %+v", shows)
	}
	base := byPath["/notes"] // a Markdown page: no lazy kind
	if base.js == 0 || base.css == 0 {
		t.Fatalf("the baseline loads no JS (%d) or no CSS (%d)", base.js, base.css)
	}
	for _, w := range []string{"call__", "security__"} {
		if style := f["notes/index.html"]; bytes.Contains(style, []byte(w)) {
			t.Errorf("a page without the kinds carries %q", w)
		}
	}
	for path, l := range byPath {
		want := base
		for _, k := range shows[path] {
			want = plus(want, k)
		}
		if !slices.Equal(l.scripts, want.scripts) || !slices.Equal(l.styles, want.styles) {
			t.Errorf("%s loads scripts %q and styles %q, want %q and %q", path, l.scripts, l.styles, want.scripts, want.styles)
		}
		if len(shows[path]) == 0 && (l.js != base.js || l.css != base.css) {
			t.Errorf("%s loads %d B of JS and %d B of CSS (gzip), the shared baseline %d and %d", path, l.js, l.css, base.js, base.css)
		}
	}
	for _, p := range []struct {
		path string
		kind bundle.Kind
	}{{"/call", call}, {"/trust", sec}} {
		l := byPath[p.path]
		extraJS, extraCSS := gzipSize(f[strings.TrimPrefix(p.kind.Script, "/")]), gzipSize(p.kind.StyleData)
		if l.js != base.js+extraJS || l.css != base.css+extraCSS {
			t.Errorf("%s loads %d B of JS and %d B of CSS, want the baseline's %d and %d plus its kind's %d and %d", p.path, l.js, l.css, base.js, base.css, extraJS, extraCSS)
		}
		// The kind's own code, never the app's again.
		if extraJS > 1024 || extraCSS > 1024 {
			t.Errorf("%s: its kind adds %d B of JS and %d B of CSS gzip, want under 1 KB each", p.path, extraJS, extraCSS)
		}
	}
}

// plus is what a page loads: base and the lazy kind k.
func plus(base pageLoad, k bundle.Kind) pageLoad {
	l := base
	l.scripts = append(slices.Clone(base.scripts), k.Script)
	if len(k.StyleData) > 0 {
		l.styles = append(slices.Clone(base.styles), k.Name)
	}
	return l
}
