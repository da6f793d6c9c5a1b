package e2e

// The header leads to every page a prospect looks for: each page of its
// own file (the products, services, case studies, company, insights and
// resources; not the legal texts, which the footer carries), from the wide
// header and from the phone menu, each once, with no entry wrapping.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/headerfit"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/testkit/browsertest"
	"github.com/vozia/site/internal/testkit/sitefixture"
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
	// Every page of its own is in layout.yaml's header, or is where its
	// "Request a Demo" button leads (site.yaml's demo page).
	hrefs := []string{sweepSite(t).Config.DemoHref}
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
			headerFits(t, tab, w, wantText)
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
	notFoundLinks := func(s *content.Site) []content.NavLink {
		for _, sec := range s.Pages["/404"].Sections {
			if nf, ok := sec.Value.(*sections.NotFoundSection); ok {
				return nf.Links
			}
		}
		return nil
	}
	env, site := siteWith(t, "a not-found page that lists links", func(s *content.Site) bool { return len(notFoundLinks(s)) > 0 })
	links := notFoundLinks(site)
	tab := env.NewTab(t, 375, 812)
	tab.Load(t, sweepMissingPath)
	got := eval[[]string](t, tab, `[...document.querySelectorAll("main a")].filter(a => a.checkVisibility()).map(a => a.textContent.trim() + " " + a.getAttribute("href"))`)
	for _, l := range links {
		if !slices.Contains(got, l.Label+" "+string(l.Href)) {
			t.Errorf("the not-found page lacks %q to %s; it shows %q", l.Label, l.Href, got)
		}
	}
}

// entriesOverflow is a script expression: the wide header's entries
// overflow their row, overlap the brand or the demo button, or run past the
// bar's column (inside its padding).
const entriesOverflow = `(() => { const n = document.querySelector("header .nav"), e = n.querySelector(".nav__desktop"), l = e.getBoundingClientRect(), d = n.querySelector(".nav__demo").getBoundingClientRect(), b = n.querySelector(".brand").getBoundingClientRect();
	return e.scrollWidth > e.clientWidth || l.right > d.left || l.left < b.right || d.right > n.getBoundingClientRect().right - parseFloat(getComputedStyle(n).paddingRight) + 0.5; })()`

// entryLinks maps header links to their text and address, as wantText has them.
const entryLinks = `.map(a => a.textContent.replace(/\s+/g, " ").trim() + " " + a.getAttribute("href"))`

// headerFits checks the header of the page tab shows at width w: either
// every entry on one line between the brand and the demo button, or, when
// they do not fit, collapsed into the menu button, whose sheet lists
// every entry (want). Never wrapped, never overflowing the window.
func headerFits(t *testing.T, tab *browsertest.Tab, w int, want []string) (collapsed bool) {
	t.Helper()
	// Whether it collapses is the page's CSS (generator/headerfit), so
	// this holds at once; the wait covers a window just resized.
	waitFor(t, tab, `(() => { const n = document.querySelector("header .nav"), l = n.querySelector(".nav__desktop").getBoundingClientRect(), d = n.querySelector(".nav__demo").getBoundingClientRect();
		return n.querySelector(".nav__burger").checkVisibility() || (l.right <= d.left && d.right <= innerWidth); })()`)
	if eval[bool](t, tab, `(() => { const h = document.querySelector("header.site-header .nav"); return h.getBoundingClientRect().height > 64.5 || document.documentElement.scrollWidth > innerWidth; })()`) {
		t.Errorf("at %d px the header wraps or the page overflows the window", w)
	}
	collapsed = eval[bool](t, tab, `document.querySelector("header .nav > .nav__burger").checkVisibility()`)
	if collapsed {
		if n := eval[int](t, tab, `[...document.querySelectorAll("header .nav__desktop a, header .nav__desktop button, header .nav > .nav__demo")].filter(e => e.checkVisibility({visibilityProperty: true})).length`); n > 0 {
			t.Errorf("at %d px the header shows the menu button and %d of the wide header's entries", w, n)
		}
		click(t, tab, `header .nav > .nav__burger`)
		waitFor(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector("#mobile-menu .menu-sheet__list").checkVisibility()`)
		got := eval[[]string](t, tab, `[...document.querySelectorAll("#mobile-menu .menu-sheet__list a")]`+entryLinks)
		for _, l := range want {
			if !slices.Contains(got, l) {
				t.Errorf("at %d px the collapsed header's menu lacks %q", w, l)
			}
		}
		return true
	}
	// No entry wraps: each is one line, as tall as the others, and all
	// fit between the brand and the demo button.
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
	if eval[bool](t, tab, entriesOverflow) {
		t.Errorf("at %d px the header's entries overflow their row, overlap the brand or the demo button, or leave the bar's column", w)
	}
	return false
}

// TestHeaderTakesMoreEntries: an editor adds entries to the header (here
// six, each to a page of its own, more than a tablet's width can hold
// whatever the shipped layout has): at every width the header shows them
// all on one line or collapses into the menu button that lists them all,
// and it measures again when the window changes.
func TestHeaderTakesMoreEntries(t *testing.T) {
	t.Parallel()
	url, nav := crowdedSite(t)
	env := browsertest.Attach(t, url)
	var want []string
	for _, l := range navLinks(nav) {
		want = append(want, l.Label+" "+string(l.Href))
	}
	for _, w := range []int{768, 1280} {
		t.Run(fmt.Sprintf("w%d", w), func(t *testing.T) {
			tab := prospectTab(t, env, w, 800, true)
			collapsed := headerFits(t, tab, w, want)
			if w == 768 && !collapsed {
				t.Errorf("at 768 px %d entries show in one line", len(want))
			}
			// To a phone's width and back: the same header again.
			do(t, tab, chromedp.EmulateViewport(600, 800))
			waitFor(t, tab, `document.querySelector("header .nav > .nav__burger").checkVisibility()`)
			do(t, tab, chromedp.EmulateViewport(int64(w), 800))
			run(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector("#mobile-menu").close()`)
			if again := headerFits(t, tab, w, want); again != collapsed {
				t.Errorf("at %d px the header is collapsed: %v, and %v after the window narrowed and widened again", w, collapsed, again)
			}
		})
	}
}

// TestHeaderCollapsesWhereItMust: an editor lengthens a menu's label, so
// that the entries no longer fit a tablet's width, nor a small desktop's
// in its wider spacing. The header collapses into the menu button at
// exactly the widths the build worked out, and keeps the tablet's spacing
// past 1024 px where only that fits, with or without JavaScript, so the
// app has nothing left to move when it starts. Widening the window, it
// shows its entries once and for good; where it shows them they fit, and
// where it collapses they would not have fitted with little more than the
// room a scrollbar takes. A menu left open as the window widens stays
// usable.
func TestHeaderCollapsesWhereItMust(t *testing.T) {
	t.Parallel()
	url, site := headerSite(t, func(items *yaml.Node, _ fstest.MapFS) {
		for _, it := range items.Content {
			if mapValue(it, "items") != nil { // the first menu
				label := mapValue(it, "label")
				label.Value = "Our " + strings.ToLower(label.Value) + " for every team"
				return
			}
		}
		t.Fatal("layout.yaml's header has no menu")
	})
	nav := site.Layout.Nav
	crowded, tight := headerfit.Crowded(nav, site.Config.Brand), headerfit.Tight(nav, site.Config.Brand)
	if crowded.To == 0 || tight.To == 0 {
		t.Fatalf("with a longer label, the build collapses the header at %v and tightens it at %v: the test wants both bands, with an end", crowded, tight)
	}
	var want []string
	for _, l := range navLinks(nav) {
		want = append(want, l.Label+" "+string(l.Href))
	}
	end := crowded.To // the first width that shows the entries
	// The edges of each band: its first and last width, and the first past it.
	widths := []int{crowded.From, end - 1, end, tight.From - 1, tight.From, tight.To - 1, tight.To}
	env := browsertest.Attach(t, url)
	for _, scripts := range []bool{true, false} {
		t.Run(fmt.Sprintf("scripts=%v", scripts), func(t *testing.T) {
			tab := env.NewTab(t, widths[0], 800)
			if scripts {
				tab.Load(t, "/")
				// The app's rules, not the browser's before it starts: on a
				// loaded machine the app started while the window widened,
				// and closed the sheet as the test pressed its ×.
				tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated")`, time.Minute)
			} else {
				scriptsOff(t, tab)
				do(t, tab, chromedp.Navigate(url+"/"))
			}
			for _, w := range widths {
				do(t, tab, chromedp.EmulateViewport(int64(w), 800))
				if got := headerFits(t, tab, w, want); got != (w < end) {
					t.Errorf("at %d px the header is collapsed: %v; the build says it is up to %d px", w, got, end)
				}
				run(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector("#mobile-menu").close()`)
			}
			// The menu opened on a phone, then the window widened.
			do(t, tab, chromedp.EmulateViewport(375, 800))
			click(t, tab, `header .nav > .nav__burger`)
			waitFor(t, tab, `document.querySelector("#mobile-menu").open`)
			do(t, tab, chromedp.EmulateViewport(1280, 800))
			if scripts {
				// The app closes it, the header no longer collapsed.
				waitFor(t, tab, `!document.querySelector("#mobile-menu").open`)
			} else {
				// Without the app the browser keeps it open: in view, its
				// entries under its brand, and its × closes it.
				waitFor(t, tab, `(() => { const d = document.querySelector("#mobile-menu"); return d.open && d.checkVisibility(); })()`)
				if off := eval[float64](t, tab, `document.querySelector("#mobile-menu .menu-sheet__list a").getBoundingClientRect().left - document.querySelector("#mobile-menu .brand__mark").getBoundingClientRect().left`); off < -1 || off > 1 {
					t.Errorf("at 1280 px the open menu's entries start %.0f px from its brand", off)
				}
				click(t, tab, `#mobile-menu .menu-sheet__head .nav__burger`)
				waitFor(t, tab, `!document.querySelector("#mobile-menu").open`)
			}
		})
	}
	// Widening from a phone's width, 4 px at a time: collapsed, then the
	// entries in one line for good, never overflowing.
	tab := env.NewTab(t, 375, 800)
	tab.Load(t, "/")
	type state struct {
		Collapsed, Overflows bool
	}
	shown := 0
	for w := headerfit.Phone; w <= 1400; w += 4 {
		do(t, tab, chromedp.EmulateViewport(int64(w), 800))
		s := eval[state](t, tab, `({collapsed: document.querySelector("header .nav > .nav__burger").checkVisibility(), overflows: document.querySelector("header .nav__desktop").checkVisibility() && `+entriesOverflow+`})`)
		switch {
		case s.Collapsed && shown > 0:
			t.Errorf("at %d px the header collapses again, after showing its entries at %d px", w, shown)
		case !s.Collapsed && shown == 0:
			shown = w
		}
		if s.Overflows {
			t.Errorf("at %d px the header's entries overflow", w)
		}
	}
	// Not much sooner than it must: the build leaves room for a classic
	// scrollbar (17 px, which this browser does not draw) and rounds up;
	// 32 px before the band's end, the entries, shown against the build's
	// CSS, would not fit.
	if w := end - 32; w >= crowded.From {
		tab := env.NewTab(t, w, 800)
		tab.Load(t, "/")
		// Style attributes, which the CSP allows (a <style> it would not).
		run(t, tab, `(() => { const n = document.querySelector("header .nav"); n.querySelector(".nav__desktop").style.display = "flex"; n.querySelector(".nav__demo").style.display = "inline-flex"; n.querySelector(".nav__burger").style.display = "none"; })()`)
		if !eval[bool](t, tab, entriesOverflow) {
			t.Errorf("at %d px the entries fit, yet the header collapses until %d px", w, end)
		}
	}
}

// crowdedSite builds the shipped content with six more header entries,
// each to a new page, serves it, and returns its URL and its header.
func crowdedSite(t *testing.T) (string, content.Nav) {
	t.Helper()
	url, site := headerSite(t, func(items *yaml.Node, fsys fstest.MapFS) {
		for i, label := range []string{"Pricing and plans", "Customer stories", "Developers", "Security and privacy", "Integrations", "Careers at the company"} {
			path := fmt.Sprintf("/more-%d", i)
			fsys["pages"+path+".md"] = &fstest.MapFile{Data: fmt.Appendf(nil, "---\ntitle: %s\ndescription: A page the header links to.\n---\n# %s\n\nText.\n", label, label)}
			var item yaml.Node
			item.Encode(map[string]string{"label": label, "href": path})
			items.Content = append(items.Content, &item)
		}
	})
	return url, site.Layout.Nav
}

// headerSite builds the shipped content with its header's entries
// (layout.yaml's nav.items) changed by edit, which may add files, serves
// it, and returns its URL and the site as loaded.
func headerSite(t *testing.T, edit func(items *yaml.Node, fsys fstest.MapFS)) (string, *content.Site) {
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
	var doc yaml.Node
	if err := yaml.Unmarshal(fsys["layout.yaml"].Data, &doc); err != nil {
		t.Fatal(err)
	}
	items := mapValue(mapValue(doc.Content[0], "nav"), "items")
	if items == nil {
		t.Fatal("layout.yaml has no nav.items")
	}
	edit(items, fsys)
	layout, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	fsys["layout.yaml"] = &fstest.MapFile{Data: layout}
	res, err := generator.Build(context.Background(), generator.Options{Content: fsys, FrontendDir: filepath.Join(repo, "frontend")})
	if err != nil {
		t.Fatal(err)
	}
	site, err := load.Site(fsys)
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
	return "http://" + ln.Addr().String(), site
}

// mapValue is the value of key in a YAML mapping node, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// TestMenuSheetShowsTheFocusRing: in the phone's menu, on a short window
// where its list scrolls, every entry Tab reaches is scrolled into the
// list with its whole focus ring in view. A keyboard visitor's trial found
// the ring's lower edge cut off by the list's edge on nearly every entry
// below the first screen: the browser scrolls a focused element just
// into view, and the ring is drawn outside it.
func TestMenuSheetShowsTheFocusRing(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 375, 480)
	tab.Load(t, "/")
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated")`, time.Minute)
	click(t, tab, `header .nav > .nav__burger`)
	waitFor(t, tab, `document.querySelector("#mobile-menu").open`)
	// Every group open, so that the list is long enough to scroll.
	run(t, tab, `for (const d of document.querySelectorAll("#mobile-menu .menu-sheet__list details")) d.open = true`)
	if !eval[bool](t, tab, `(() => { const l = document.querySelector("#mobile-menu .menu-sheet__list"); return l.scrollHeight > l.clientHeight; })()`) {
		t.Fatal("the menu's list does not scroll at 375 x 480 px with every group open: the test needs it to")
	}
	type stop struct {
		Name           string  `json:"name"`
		Top, Bottom    float64 // the ring's room from the list's edges; negative: cut off
		InList, Ringed bool
	}
	const measure = `(async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const el = document.activeElement, list = el?.closest(".menu-sheet__list");
  if (!list) return {inList: false};
  const s = getComputedStyle(el), ring = parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
  const r = el.getBoundingClientRect(), l = list.getBoundingClientRect();
  return {name: el.textContent.trim(), top: r.top - ring - l.top, bottom: l.bottom - r.bottom - ring, inList: true, ringed: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0};
})()`
	stops, seen := 0, false
	for i := 0; i < 60; i++ {
		do(t, tab, chromedp.KeyEvent(kb.Tab))
		s, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[stop](measure, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if !s.InList {
			if seen {
				break // past the list's last entry
			}
			continue
		}
		seen = true
		stops++
		if !s.Ringed {
			t.Errorf("%q, reached by Tab, shows no focus ring", s.Name)
		}
		if s.Top < -0.5 || s.Bottom < -0.5 {
			t.Errorf("%q: its focus ring is cut off by the list's edge (%.1f px of room above it, %.1f below)", s.Name, s.Top, s.Bottom)
		}
	}
	if stops < 4 {
		t.Fatalf("Tab reached %d entries of the menu's list", stops)
	}
}

// TestHeaderMenusWithoutJavaScript: without JavaScript (and before the
// app starts), a desktop menu is a disclosure the browser runs: its
// button says collapsed or expanded in the accessibility tree as the menu
// is, a press by mouse or Enter opens it under its entry, Tab goes on
// into its links, Escape closes it with focus back on the button, a press
// elsewhere closes it, and opening one menu closes another; hover opens
// none, since the button could not say so; Tab past its links leaves it
// out of sight, over nothing the focus goes to. Before, the menu opened on
// focus and hover only, the button did nothing pressed, and Escape left
// it open (a trial).
func TestHeaderMenusWithoutJavaScript(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := sweepNewTab(t, env, 1280, 900) // focus events, as in a window the visitor looks at
	scriptsOff(t, tab)
	do(t, tab, chromedp.Navigate(env.URL+"/"), chromedp.WaitReady(chromedp.CSS("main h1"), browsertest.Unhurried))
	n := eval[int](t, tab, `document.querySelectorAll(".nav__dropdown > button").length`)
	if n == 0 {
		t.Fatal("the header has no menu: the test wants one")
	}
	trigger := func(i int) string { return fmt.Sprintf(`document.querySelectorAll(".nav__dropdown > button")[%d]`, i) }
	menu := func(i int) string {
		return fmt.Sprintf(`document.querySelectorAll(".nav__dropdown > .nav__menu")[%d]`, i)
	}
	shown := func(i int) string { return menu(i) + `.checkVisibility({opacityProperty: true})` }
	says := func(i int, want string) {
		t.Helper()
		if got := axExpanded(t, tab, trigger(i)); got != want {
			t.Errorf("menu %d's button says expanded %q to a screen reader, want %q", i, got, want)
		}
	}
	for i := range n {
		if eval[bool](t, tab, shown(i)) {
			t.Errorf("menu %d shows before anyone came near it", i)
		}
		says(i, "false")
	}

	// Hover opens none: the button would say collapsed over it.
	hover(t, tab, ".nav__dropdown > button")
	waitFor(t, tab, trigger(0)+`.matches(":hover")`)
	if eval[bool](t, tab, shown(0)) {
		t.Error("a menu opened on hover, its button saying collapsed")
	}
	do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1270, 890))

	// By keyboard, from the page's start: Tab to the first menu's button.
	run(t, tab, `document.activeElement?.blur(); window.scrollTo(0, 0)`)
	for range 20 {
		if eval[bool](t, tab, `document.activeElement === `+trigger(0)) {
			break
		}
		do(t, tab, chromedp.KeyEvent(kb.Tab))
	}
	if !eval[bool](t, tab, `document.activeElement === `+trigger(0)) {
		t.Fatalf("20 Tabs did not reach the first menu's button (focus on %s)", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	if eval[bool](t, tab, shown(0)) {
		t.Error("the menu opened on focus alone, its button saying collapsed")
	}
	do(t, tab, chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, shown(0))
	says(0, "true")
	b, m := rectOf(t, tab, trigger(0)), rectOf(t, tab, menu(0))
	if m.Top < b.Bottom || m.Top > b.Bottom+24 || m.Left < b.Left-16 || m.Left > b.Left+2 {
		t.Errorf("the open menu stands at %+v, not under its button at %+v", m, b)
	}
	do(t, tab, chromedp.KeyEvent(kb.Tab))
	if !eval[bool](t, tab, `document.activeElement === `+menu(0)+`.querySelector("a[href]")`) {
		t.Errorf("Tab from the open menu's button went to %s, not its first link", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	do(t, tab, chromedp.KeyEvent(kb.Escape))
	waitFor(t, tab, `!`+shown(0))
	says(0, "false")
	if !eval[bool](t, tab, `document.activeElement === `+trigger(0)) {
		t.Errorf("Escape left focus on %s, not the menu's button", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}

	// Tab past its last link: the menu no longer shows over the page,
	// where it hid the link that had the focus (a trial).
	do(t, tab, chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, shown(0))
	for range eval[int](t, tab, menu(0)+`.querySelectorAll("a[href]").length`) + 1 {
		do(t, tab, chromedp.KeyEvent(kb.Tab))
	}
	if eval[bool](t, tab, menu(0)+`.contains(document.activeElement)`) {
		t.Fatal("Tab did not leave the menu")
	}
	if eval[bool](t, tab, shown(0)) {
		t.Error("the menu still shows once Tab has left it")
	}
	// Its chevron turns back with it. The test ends the turn's transition
	// rather than waits for it: on a loaded machine, headless Chromium with
	// the page's scripts off held a running transition at its first frame
	// for the whole 6 s wait (its document timeline stopped), in three of
	// six runs, where a visitor's window goes on drawing.
	waitFor(t, tab, `((s) => { s.getAnimations().forEach((a) => a.finish()); return getComputedStyle(s).transform === "none"; })(`+trigger(0)+`.querySelector("svg"))`)
	if !eval[bool](t, tab, `((e) => { const r = e.getBoundingClientRect(); return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })(document.activeElement)`) {
		t.Errorf("the focused %s is covered", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	do(t, tab, chromedp.KeyEvent(kb.Escape))

	// By mouse: a press opens it, a press elsewhere closes it.
	click(t, tab, ".nav__dropdown > button")
	waitFor(t, tab, shown(0))
	do(t, tab, chromedp.MouseClickXY(640, 600))
	waitFor(t, tab, `!`+shown(0))
	says(0, "false")
	if n > 1 {
		click(t, tab, ".nav__dropdown > button")
		waitFor(t, tab, shown(0))
		c := rectOf(t, tab, trigger(1))
		do(t, tab, chromedp.MouseClickXY((c.Left+c.Right)/2, (c.Top+c.Bottom)/2))
		waitFor(t, tab, shown(1)+` && !`+shown(0))
		says(1, "true")
	}
}

// axExpanded is what the accessibility tree says of the element expr's
// expanded state: "true", "false", or "" where it says none.
func axExpanded(t *testing.T, tab *browsertest.Tab, expr string) string {
	t.Helper()
	obj, err := chromedp.Call(tab.Ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr})
	if err != nil || obj.Result == nil || obj.Result.ObjectID == "" {
		t.Fatalf("find %s: %v", expr, err)
	}
	tree, err := chromedp.Call(tab.Ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{ObjectID: obj.Result.ObjectID, FetchRelatives: new(false)})
	if err != nil || len(tree.Nodes) == 0 {
		t.Fatalf("the accessibility tree of %s: %v", expr, err)
	}
	for _, p := range tree.Nodes[0].Properties {
		if p.Name == accessibility.PropertyNameExpanded && p.Value != nil {
			return string(p.Value.Value)
		}
	}
	return ""
}

// TestHeaderMenuByPointerAndKeyboard: with the app running, a menu opens
// on hover however the pointer comes to it, straight from the page's
// content among them (React heard no enter from a part of the page it had
// not taken over, and a trial's quick move opened nothing until a click);
// a menu opened by the keyboard stays open when the pointer passes over
// its button and leaves, and so does one whose links hold the keyboard's
// focus (they closed, and the focus fell to the page's body); one opened
// by a click closes as the pointer leaves, as one opened by hover; and a
// click on the button of a menu the hover opened keeps it, however long
// after (it shut it after 600 ms, a trial).
func TestHeaderMenuByPointerAndKeyboard(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := sweepNewTab(t, env, 1366, 900) // focus events, as in a window the visitor looks at
	tab.Load(t, "/")
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated")`, time.Minute)
	trigger := `document.querySelector(".nav__dropdown > button")`
	menu := `document.querySelector(".nav__dropdown > .nav__menu")`
	if !eval[bool](t, tab, trigger+` !== null`) {
		t.Fatal("the header has no menu: the test wants one")
	}
	shown := menu + `.checkVisibility() && ` + trigger + `.getAttribute("aria-expanded") === "true"`
	move := func(x, y float64) { do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)) }
	// Past every delay of the menu's, by the page's clock.
	settle := func() { t.Helper(); pageWait(t, tab, 800) }

	// From the page's heading, in one move, onto the menu's button.
	h := rectOf(t, tab, `document.querySelector("main h1")`)
	move((h.Left+h.Right)/2, (h.Top+h.Bottom)/2)
	move((h.Left+h.Right)/2+4, (h.Top+h.Bottom)/2+4)
	b := rectOf(t, tab, trigger)
	move((b.Left+b.Right)/2, (b.Top+b.Bottom)/2)
	waitFor(t, tab, shown)
	move(1300, 880)
	waitFor(t, tab, `!`+menu+`.checkVisibility()`)
	settle()

	// Opened by the keyboard, focus on its button: the pointer passes over
	// the button and leaves, and the menu stays (it closed, a trial).
	do(t, tab, chromedp.Focus(chromedp.CSS(".nav__dropdown > button")), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, shown)
	move((b.Left+b.Right)/2, (b.Top+b.Bottom)/2)
	move(1300, 880)
	settle()
	if !eval[bool](t, tab, shown+` && document.activeElement === `+trigger) {
		t.Errorf("as the pointer passed over the button of a menu the keyboard opened, the menu shown: %v, focus on %s", eval[bool](t, tab, menu+`.checkVisibility()`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	// Focus on a link: the pointer passes over the menu and leaves, and
	// the menu and the focus stay.
	do(t, tab, chromedp.KeyEvent(kb.Tab))
	link := `document.activeElement.closest(".nav__menu") === ` + menu
	if !eval[bool](t, tab, link) {
		t.Fatalf("Tab from the open menu's button went to %s", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	m := rectOf(t, tab, menu)
	move((m.Left+m.Right)/2, (m.Top+m.Bottom)/2)
	move(1300, 880)
	settle()
	if !eval[bool](t, tab, shown+` && `+link) {
		t.Errorf("as the pointer left the menu the keyboard was in, the menu shown: %v, focus on %s", eval[bool](t, tab, menu+`.checkVisibility()`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	do(t, tab, chromedp.KeyEvent(kb.Escape))
	waitFor(t, tab, `!`+menu+`.checkVisibility() && document.activeElement === `+trigger)
	settle()

	// Opened by a click: it closes as the pointer leaves.
	click(t, tab, ".nav__dropdown > button")
	waitFor(t, tab, shown)
	move(1300, 880)
	waitFor(t, tab, `!`+menu+`.checkVisibility()`)
	settle()

	// Opened by hover, read a while, then its button clicked: it stays
	// (the click shut it, a trial); a second click shuts it.
	move((b.Left+b.Right)/2, (b.Top+b.Bottom)/2)
	waitFor(t, tab, shown)
	pageWait(t, tab, 1500)
	click(t, tab, ".nav__dropdown > button")
	pageWait(t, tab, 300)
	if !eval[bool](t, tab, shown) {
		t.Error("a click on the button of a menu the hover had opened 1.5 s before shut it")
	}
	click(t, tab, ".nav__dropdown > button")
	waitFor(t, tab, `!`+menu+`.checkVisibility() && `+trigger+`.getAttribute("aria-expanded") === "false"`)
}

// TestHeaderMenuHearsEventsBeforeItsRender: a pointer or a key can come
// before the app has finished with the last one (a busy main thread takes
// input first), and the menu still ends as they leave it:
//   - the pointer leaves a menu as it renders open, before the render's
//     effects: it closes (it stayed open for good, as the menu's
//     listeners were still the render's before: the desktop menu, once
//     in CI);
//   - the pointer enters and leaves a menu before it has rendered open at
//     all: it closes;
//   - the pointer enters a menu as Escape is pressed: it does not open,
//     or closes (Escape went unheard).
//
// The events are dispatched in the page, where they can be put in these
// gaps every time: in the microtask after the render, or in one task.
func TestHeaderMenuHearsEventsBeforeItsRender(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1366, 900)
	tab.Load(t, "/")
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated")`, time.Minute)
	if !eval[bool](t, tab, `document.querySelector(".nav__dropdown > button") !== null`) {
		t.Fatal("the header has no menu: the test wants one")
	}
	type outcome struct {
		Stuck  string // what did not happen in its time, if anything
		Opened bool   // the menu rendered open after the events given
		Shown  bool   // the menu shows at the end
	}
	// burst opens the first menu by the pointer and, as it renders open,
	// the pointer leaves; then, within MENU_SKIP_DELAY of its closing
	// (where an enter opens a menu at once), in one task, the pointer
	// enters again and does what the caller gives.
	burst := func(then string) outcome {
		t.Helper()
		js := `(async () => {
			const li = document.querySelector(".nav__dropdown");
			const trigger = li.querySelector(":scope > button");
			const menu = li.querySelector(":scope > .nav__menu");
			const pointer = (type) => li.dispatchEvent(new PointerEvent(type, { pointerType: "mouse" }));
			const expanded = () => trigger.getAttribute("aria-expanded") === "true";
			// Resolves, in the microtask after the render, once the
			// menu's button says it opened or closed; false after ms.
			const rendered = (ms) => new Promise((ok) => {
				const mo = new MutationObserver(() => (mo.disconnect(), ok(true)));
				mo.observe(trigger, { attributes: true, attributeFilter: ["aria-expanded"] });
				setTimeout(() => (mo.disconnect(), ok(false)), ms);
			});
			pointer("pointerenter");
			if (!(await rendered(20000))) return { Stuck: "the pointer entered the menu, and it did not open in 20 s" };
			pointer("pointerleave");
			if (!(await rendered(6000))) return { Stuck: "the pointer left the menu as it rendered open, and it stayed open" };
			pointer("pointerenter");
			` + then + `;
			let opened = false;
			const mo = new MutationObserver(() => (opened ||= expanded()));
			mo.observe(trigger, { attributes: true, attributeFilter: ["aria-expanded"] });
			// Past every delay of the menu's, then as long as a busy
			// machine may take to render a close that is due.
			const shown = () => menu.checkVisibility() || expanded();
			await new Promise((ok) => setTimeout(ok, 1000));
			for (const end = performance.now() + 6000; shown() && performance.now() < end; ) await new Promise((ok) => setTimeout(ok, 50));
			mo.disconnect();
			return { Stuck: "", Opened: opened, Shown: shown() };
		})()`
		o, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[outcome](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if o.Stuck != "" {
			t.Fatal(o.Stuck)
		}
		return o
	}

	// In and out before the open renders. Only a burst whose enter
	// opened the menu at once tests the leave (on a render slower than
	// the skip delay the enter waits, and the leave only stops the wait):
	// up to three bursts.
	for try := 1; ; try++ {
		o := burst(`pointer("pointerleave")`)
		if o.Shown {
			t.Fatal("the pointer entered a menu and left it before it rendered open: it stayed open")
		}
		if o.Opened {
			break
		}
		if try == 3 {
			t.Fatal("in three bursts, no enter opened the menu at once: the test did not test the leave")
		}
	}
	if o := burst(`document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }))`); o.Shown {
		t.Error("Escape, pressed as the pointer entered a menu, left it open")
	}
	noConsoleErrors(t, tab)
}

// TestHeaderMenuGapUnderItsButton: the pointer on its way from a menu's
// button down to its links may rest in the gap between them for longer
// than the close delay, and the menu stays (it closed after 150 ms there:
// a trial, moving slowly).
func TestHeaderMenuGapUnderItsButton(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := env.NewTab(t, 1366, 900)
	tab.Load(t, "/")
	tab.WaitFor(t, hydrated, time.Minute)
	trigger := `document.querySelector(".nav__dropdown > button")`
	menu := `document.querySelector(".nav__dropdown > .nav__menu")`
	if !eval[bool](t, tab, trigger+` !== null`) {
		t.Fatal("the header has no menu: the test wants one")
	}
	hover(t, tab, ".nav__dropdown > button")
	waitFor(t, tab, menu+`.checkVisibility()`)
	b, m := rectOf(t, tab, trigger), rectOf(t, tab, menu)
	if m.Top-b.Bottom < 2 {
		t.Fatalf("the menu begins %.0f px under its button: no gap to test", m.Top-b.Bottom)
	}
	x := (b.Left + b.Right) / 2
	do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, (b.Bottom+m.Top)/2))
	pageWait(t, tab, 600) // past the close delay, by the page's clock
	if !eval[bool](t, tab, menu+`.checkVisibility()`) {
		t.Fatal("the menu closed while the pointer rested in the gap under its button")
	}
	do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, m.Top+12))
	pageWait(t, tab, 300)
	if !eval[bool](t, tab, menu+`.checkVisibility()`) {
		t.Fatal("the menu closed as the pointer reached it from the gap")
	}
}

// TestHeaderMenuKeepsAPointerOnItsWay: with a menu open, the pointer on
// its way from the menu's button down to its links may cross the next
// menu's button; the open menu stays while it does, and keeps the
// pointer that comes back into it (the next menu took over at once, and
// the links the pointer was heading for were gone: a trial's diagonal
// from Resources, across About). A pointer that rests on the next
// button opens its menu. The events are dispatched in the page, where
// their times are the test's; a try in which the page took so long to
// render that the switch was due before it was looked at is tried again.
func TestHeaderMenuKeepsAPointerOnItsWay(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1366, 900)
	tab.Load(t, "/")
	tab.WaitFor(t, hydrated, time.Minute)
	if n := eval[int](t, tab, `document.querySelectorAll(".nav__dropdown").length`); n < 2 {
		t.Fatalf("the fixture's header has %d menus: the test wants two", n)
	}
	type outcome struct {
		Stuck             string
		Early             bool // the crossing was looked at before the switch was due
		FirstMid, NextMid bool // each menu's button says expanded as the pointer crosses
		FirstEnd, NextEnd bool // and once the pointer is back in the first menu
		NextRested        bool // the next menu, once the pointer rested on its button
	}
	js := `(async () => {
		const [a, b] = document.querySelectorAll(".nav__dropdown");
		const pointer = (li, type) => li.dispatchEvent(new PointerEvent(type, { pointerType: "mouse" }));
		const open = (li) => li.querySelector(":scope > button").getAttribute("aria-expanded") === "true";
		const frames = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
		const until = async (cond, ms) => { for (const end = performance.now() + ms; !cond() && performance.now() < end; ) await new Promise((ok) => setTimeout(ok, 20)); return cond(); };
		pointer(a, "pointerenter");
		if (!(await until(() => open(a), 20000))) return { Stuck: "the pointer entered the first menu, and it did not open in 20 s" };
		const t0 = performance.now();
		pointer(a, "pointerleave");
		pointer(b, "pointerenter");
		await frames();
		const Early = performance.now() - t0 < 80;
		const FirstMid = open(a), NextMid = open(b);
		pointer(b, "pointerleave");
		pointer(a, "pointerenter");
		await new Promise((ok) => setTimeout(ok, 600));
		const FirstEnd = open(a), NextEnd = open(b);
		pointer(a, "pointerleave");
		pointer(b, "pointerenter");
		const NextRested = await until(() => open(b) && !open(a), 6000);
		pointer(b, "pointerleave");
		await until(() => !open(b), 6000);
		return { Stuck: "", Early, FirstMid, NextMid, FirstEnd, NextEnd, NextRested };
	})()`
	for try := 1; ; try++ {
		o, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[outcome](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if o.Stuck != "" {
			t.Fatal(o.Stuck)
		}
		if !o.NextRested {
			t.Error("the pointer rested on the next menu's button, and its menu did not take over")
		}
		if o.Early {
			if !o.FirstMid || o.NextMid {
				t.Errorf("as the pointer crossed the next menu's button, the first menu open %v, the next %v: want the first kept", o.FirstMid, o.NextMid)
			}
			if !o.FirstEnd || o.NextEnd {
				t.Errorf("back in the first menu, the first menu open %v, the next %v: want the first", o.FirstEnd, o.NextEnd)
			}
			break
		}
		if try == 3 {
			t.Fatal("in three tries, the page rendered the crossing only after the switch was due: the test did not test it")
		}
	}
	noConsoleErrors(t, tab)
}
