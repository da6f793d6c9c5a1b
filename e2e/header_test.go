package e2e

// The header leads to every page a prospect looks for: each page of its
// own file (the products, services, case studies, company, insights and
// resources; not the legal texts, which the footer carries), from the wide
// header and from the phone menu, each once, with no entry wrapping.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// headerPages are the paths the header must reach: every page written as
// a YAML file of its own (not derived, not Markdown, not the 404 page).
func headerPages(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, r := range sweepSite(t).Routes {
		file := "pages" + r.Path + ".yaml"
		if r.Path == "/" {
			file = "pages/index.yaml"
		}
		if r.Redirect == "" && !r.NotFound && r.File == file {
			out = append(out, r.Path)
		}
	}
	if len(out) < 2 {
		t.Fatalf("only %d pages of their own: the route table was not read", len(out))
	}
	return out
}

// navLinks are the links of layout.yaml's header, in order.
func navLinks(nav content.Nav) []content.NavLink {
	out := []content.NavLink{nav.Home}
	for _, it := range nav.Items {
		if it.Href != "" {
			out = append(out, content.NavLink{Label: it.Label, Href: it.Href})
		}
		out = append(out, it.Items...)
	}
	return out
}

func TestHeaderReachesEveryPage(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	nav := sweepSite(t).Layout.Nav
	want := navLinks(nav)
	// Every page of its own is in layout.yaml's header.
	var hrefs []string
	for _, l := range want {
		hrefs = append(hrefs, strings.SplitN(string(l.Href), "#", 2)[0])
	}
	for _, p := range headerPages(t) {
		if !slices.Contains(hrefs, p) {
			t.Errorf("layout.yaml's header has no link to %s", p)
		}
	}
	wantText := make([]string, len(want))
	for i, l := range want {
		wantText[i] = l.Label + " " + string(l.Href)
	}
	const links = `.map(a => a.textContent.replace(/\s+/g, " ").trim() + " " + a.getAttribute("href"))`

	for _, w := range []int{1280, 768} {
		t.Run(fmt.Sprintf("w%d", w), func(t *testing.T) {
			tab := prospectTab(t, env, w, 800, true)
			got := eval[[]string](t, tab, `[...document.querySelectorAll("header .nav__desktop a")]`+links)
			if fmt.Sprint(got) != fmt.Sprint(wantText) {
				t.Errorf("the wide header links\n%q\nwant (layout.yaml)\n%q", got, wantText)
			}
			// No entry wraps: each is one line, as tall as the others, and
			// all fit between the brand and the demo button.
			type entry struct {
				Text   string  `json:"text"`
				Height float64 `json:"height"`
				Line   float64 `json:"line"`
			}
			entries := eval[[]entry](t, tab, `[...document.querySelectorAll("header .nav__desktop > li > .nav__link")].map(e => ({text: e.textContent, height: e.getBoundingClientRect().height,
				line: parseFloat(getComputedStyle(e).lineHeight) + parseFloat(getComputedStyle(e).paddingTop) + parseFloat(getComputedStyle(e).paddingBottom)}))`)
			for _, e := range entries {
				if e.Height > e.Line*1.5 {
					t.Errorf("%q wraps at %d px: %.0f px tall, one line is %.0f", e.Text, w, e.Height, e.Line)
				}
			}
			if eval[bool](t, tab, `(() => { const l = document.querySelector("header .nav__desktop").getBoundingClientRect(), d = document.querySelector("header .nav__demo").getBoundingClientRect(), b = document.querySelector("header .brand").getBoundingClientRect(); return l.right > d.left || l.left < b.right || d.right > innerWidth; })()`) {
				t.Errorf("at %d px the header's entries overlap the brand or the demo button, or leave the window", w)
			}
		})
	}

	t.Run("w375", func(t *testing.T) {
		tab := prospectTab(t, env, 375, 812, true)
		got := eval[[]string](t, tab, `[...document.querySelectorAll("#mobile-menu .menu-sheet__list a")]`+links)
		for _, l := range wantText {
			if !slices.Contains(got, l) {
				t.Errorf("the phone menu lacks %q", l)
			}
		}
		seen := map[string]bool{}
		for _, g := range got {
			href := g[strings.LastIndex(g, " ")+1:]
			if seen[href] {
				t.Errorf("the phone menu lists %s twice: %q", href, got)
			}
			seen[href] = true
		}
	})
}

// TestNotFoundLeadsOn: the not-found page offers, besides the way home,
// each place its content lists, as real links.
func TestNotFoundLeadsOn(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	var links []content.NavLink
	for _, sec := range sweepSite(t).Pages["/404"].Sections {
		if nf, ok := sec.Value.(*content.NotFoundSection); ok {
			links = nf.Links
		}
	}
	if len(links) == 0 {
		t.Skip("the not-found page lists no links")
	}
	tab := env.NewTab(t, 375, 812)
	tab.Load(t, sweepMissingPath)
	got := eval[[]string](t, tab, `[...document.querySelectorAll("main a")].filter(a => a.checkVisibility()).map(a => a.textContent.trim() + " " + a.getAttribute("href"))`)
	for _, l := range links {
		if !slices.Contains(got, l.Label+" "+string(l.Href)) {
			t.Errorf("the not-found page lacks %q to %s; it shows %q", l.Label, l.Href, got)
		}
	}
}
