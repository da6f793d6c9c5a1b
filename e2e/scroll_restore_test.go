package e2e

// Back after following a card returns the visitor to the card, where they
// were on the list, as the browser does between documents without
// JavaScript.

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestBackRestoresScroll: on each page that lists records (the home page
// and each record's list), at a phone's, a tablet's and a desktop's width,
// scroll the last card's link into view, follow it, go Back: the window is
// where it was (within scrollMargin) and the card in view.
func TestBackRestoresScroll(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	lists, urls := recordLists(t, site)
	// A page's sections may settle by a few pixels once rendered in full.
	const scrollMargin = 24
	for _, w := range []int{375, 768, 1280} {
		for _, list := range lists {
			t.Run(fmt.Sprintf("%s at %d", sweepName(list), w), func(t *testing.T) {
				tab := sweepNewTab(t, env, w, 800)
				tab.Load(t, list)
				// The last card linking to a record's page.
				link := eval[string](t, tab, fmt.Sprintf(`(() => {
  const urls = %s;
  const a = [...document.querySelectorAll("main a[href]")].filter((a) => urls.includes(a.getAttribute("href"))).pop();
  return a ? a.getAttribute("href") : "";
})()`, mustJSON(t, urls)))
				if link == "" {
					// Content may leave the home page without cards; a
					// record's list always has them.
					if list != "/" {
						t.Fatalf("%s links to no record's page", list)
					}
					return
				}
				var before float64
				detailClickLink(t, tab, link, &before)
				// The record's page is shown (its head too), as a visitor reads it.
				sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && !!document.querySelector('link[rel="canonical"]')?.href.endsWith(%q)`, link, link))
				sweepEval(t, tab, `history.back()`)
				back := fmt.Sprintf(`location.pathname === %q && !!document.querySelector('main a[href=%q]')`, list, link)
				restored := fmt.Sprintf(`%s && Math.abs(window.scrollY - %f) <= %d`, back, before, scrollMargin)
				sweepWaitFor(t, tab, back)
				if err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](restored, chromedp.WithPollingTimeout(3*time.Second))); err != nil {
					t.Errorf("after Back, scrollY %.0f; it was %.0f when the card %s was followed", eval[float64](t, tab, `window.scrollY`), before, link)
				}
				inView := eval[bool](t, tab, fmt.Sprintf(`(() => { const r = document.querySelector('main a[href=%q]').getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })()`, link))
				if !inView {
					t.Errorf("after Back, the card %s is out of view", link)
				}
			})
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBackGivesWayToAScroll: Back to the page on screen puts the visitor
// where they were (here the foot of the page, left by a footer link whose
// page never came); a scroll made right after it by something other than
// the visitor's own input (a script scrolling a link into view, assistive
// technology, the scroll bar), before the browser's next frame, stays where
// it was put. The app, checking its restored place a frame later (under
// load, later still), took such a scroll for a place not yet held and
// scrolled back to the foot: a link scrolled into view and pressed was
// pressed on the footer that had come back under the pointer.
func TestBackGivesWayToAScroll(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	markLink(t, tab, footLink, "data-foot")
	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	pressLink(t, tab, "a[data-foot]")
	data.requested(t)
	// The next page's bar drawn: React has rendered the press, and waits
	// for the page's data.
	tab.WaitFor(t, `location.pathname !== "/" && document.querySelector(".page-pending")?.getAnimations()[0]?.currentTime > 300`, 30*time.Second)
	foot := eval[float64](t, tab, `window.scrollY`)
	if foot < 100 {
		t.Fatalf("the footer's link is at y %.0f: the page is too short to tell a scroll from none", foot)
	}
	// The scroll comes in the same task as the app's restoring, after it
	// (a listener added later runs later): before any frame.
	run(t, tab, `window.addEventListener("popstate", () => window.scrollTo(0, 0), { once: true }); history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && !document.querySelector(".page-pending")`, 30*time.Second)
	data.release(t)
	waitFrames(t, tab, 20)
	if y := eval[float64](t, tab, `window.scrollY`); y != 0 {
		t.Errorf("scrolled to the top just after Back, the page went back to y %.0f (the foot, where Back had put it: %.0f)", y, foot)
	}
}

// footLink is a footer link to another page of the site's.
const footLink = `footer a[href^="/"]:not([href="/"]):not([href^="//"])`

// waitFrames waits for n of the page's frames: enough, at 20, for the
// app's restoring of a place (10 frames at most) to have run out twice.
func waitFrames(t *testing.T, tab *browsertest.Tab, n int) {
	t.Helper()
	frames := fmt.Sprintf(`new Promise((done) => { let n = %d; const f = () => (--n ? requestAnimationFrame(f) : done()); requestAnimationFrame(f); })`, n)
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](frames, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// shownAfterPress waits until the page a link was pressed for is shown.
func shownAfterPress(t *testing.T, tab *browsertest.Tab, left string) {
	t.Helper()
	tab.WaitFor(t, `location.pathname !== `+jsString(left)+` && !document.getElementById("main").hasAttribute("aria-busy")`, 30*time.Second)
}

// TestAVisitOpensAtTheTop: a page opened anew (its address typed, a link
// from another site followed) opens at its top, focus at its start, even
// when the tab was on that page before, left it scrolled by a link, and
// saved that place. Every document's first entry had the same key among
// the places kept for the tab, and its first render was taken for a Back
// to it: the page opened at the earlier visit's place, focus on the link
// followed then.
func TestAVisitOpensAtTheTop(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	markLink(t, tab, footLink, "data-foot")
	href := eval[string](t, tab, `document.querySelector("a[data-foot]").getAttribute("href")`)
	if foot := pressLink(t, tab, "a[data-foot]"); foot < 100 {
		t.Fatalf("the footer's link is at y %.0f: the page is too short to tell a place from the top", foot)
	}
	shownAfterPress(t, tab, "/")
	loadApp(t, tab, "/")
	waitFrames(t, tab, 20)
	if y := eval[float64](t, tab, `window.scrollY`); y != 0 {
		t.Errorf("/ opened anew at y %.0f, the place of the visit before", y)
	}
	if eval[bool](t, tab, `!!document.activeElement.closest("footer") || document.activeElement.getAttribute("href") === `+jsString(href)) {
		t.Errorf("/ opened anew with focus on %s, the link followed on the visit before", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	noConsoleErrors(t, tab)
}

// TestBackToAnEarlierVisit: Back to a page of an earlier visit in the tab
// (the tab's first page, left by a link at its foot; then another page
// opened anew, and Back to it) returns to the place left there, in a
// document loaded again (the tab reloaded on the way back). The first
// entry of every document had the same key among the places kept, and
// the later visit's place had taken the earlier one's: Back found the
// page at its top.
func TestBackToAnEarlierVisit(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	markLink(t, tab, footLink, "data-foot")
	href := eval[string](t, tab, `document.querySelector("a[data-foot]").getAttribute("href")`)
	foot := pressLink(t, tab, "a[data-foot]")
	if foot < 100 {
		t.Fatalf("the footer's link is at y %.0f: the page is too short to tell a place from the top", foot)
	}
	shownAfterPress(t, tab, "/")
	// Another visit: another page opened anew, and left by Back.
	other := eval[string](t, tab, `[...document.querySelectorAll(`+jsString(footLink)+`)].map((a) => a.getAttribute("href")).find((h) => h !== location.pathname && !h.includes("#")) ?? ""`)
	if other == "" {
		t.Fatalf("the fixture's footer links to no third page")
	}
	loadApp(t, tab, other)
	run(t, tab, `window.__later = true`)
	leave(t, tab, `history.back()`)
	tab.WaitFor(t, `!window.__later && location.pathname === `+jsString(href)+` && `+hydrated, time.Minute)
	// The first visit's document loaded again.
	reloadApp(t, tab, "true")
	leave(t, tab, `history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && !document.getElementById("main").hasAttribute("aria-busy")`, 30*time.Second)
	const scrollMargin = 24
	if err := chromedp.Do(tab.Ctx, browsertest.Until(fmt.Sprintf(`Math.abs(window.scrollY - %f) <= %d`, foot, scrollMargin), 5*time.Second)); err != nil {
		t.Errorf("Back to / at y %.0f; it was left at y %.0f by its footer's link", eval[float64](t, tab, `window.scrollY`), foot)
	}
	noConsoleErrors(t, tab)
}

// TestAReloadKeepsThePlace: a page reloaded far down opens where the
// visitor was, at a phone's, a tablet's and a desktop's width, and stays
// there once every part has rendered. The browser put the old position
// back while the parts above it were still counted by their estimated
// heights (content-visibility, hooks/use-render-ahead): at that y the
// window showed another part of the page, and as the parts above took
// their real sizes, the browser kept that other part in view. On the
// shipped home page at 768 px, y 6,535 reloaded to 9,455. The page here
// is long, its parts much taller and much shorter than the estimate.
func TestAReloadKeepsThePlace(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: longPageSite(t)})
	const scrollMargin = 24
	for _, w := range []int{375, 768, 1280} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			tab := env.NewTab(t, w, 800)
			loadApp(t, tab, "/long")
			tab.WaitFor(t, rendered, time.Minute)
			// Far down, with every deferred part but the footer above.
			y := eval[float64](t, tab, `(() => { const end = document.documentElement.scrollHeight - innerHeight; window.scrollTo(0, Math.round(end * 0.8)); return window.scrollY; })()`)
			reloadApp(t, tab, rendered)
			waitFrames(t, tab, 20)
			if got := eval[float64](t, tab, `window.scrollY`); got < y-scrollMargin || got > y+scrollMargin {
				t.Errorf("reloaded at y %.0f, the page opened at y %.0f", y, got)
			}
			noConsoleErrors(t, tab)
		})
	}
}

// longPageSite is the fixture site with /long: twenty text parts, every
// other one many times taller than the height a part not yet rendered
// counts as, the rest much shorter.
func longPageSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../testdata/site")); err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	page.WriteString("title: A long page\ndescription: Parts of every height.\nname: Long\nsections:\n  - kind: hero\n    eyebrow: Long\n    heading: A long page\n    intro: Parts of every height.\n")
	for i := range 20 {
		fmt.Fprintf(&page, "  - kind: text\n    heading: Part %d\n    paragraphs:\n", i+1)
		lines := 1
		if i%2 == 0 {
			lines = 40
		}
		for range lines {
			page.WriteString("      - A paragraph of the part, long enough to take two or three lines at a phone's width and one or two at a desktop's.\n")
		}
	}
	var read strings.Builder
	read.WriteString("---\ntitle: A long read\ndescription: One part, long, with no heading after its first lines.\ndate: 2026-02-01\nauthor: ana\ntags: [infrastructure]\ncover: {src: /images/articles/voice.svg, alt: An orange circle on black}\n---\n")
	read.WriteString("It opens with [a link to the services](/services) and [another to the home page](/).\n\n")
	for range 60 {
		read.WriteString("A paragraph of the read, long enough to take two or three lines at a phone's width and one or two at a desktop's.\n\n")
	}
	read.WriteString("It ends with [a link to the home page](/).\n")
	files := map[string]string{
		filepath.Join("pages", "long.yaml"):       page.String(),
		filepath.Join("articles", "long-read.md"): read.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// rendered says that the page's deferred parts are all rendered
// (hooks/use-render-ahead).
const rendered = `document.documentElement.hasAttribute("data-rendered")`

// reloadApp reloads the tab's page and waits for the new document to have
// loaded, hydrated, and met until (a JavaScript condition).
func reloadApp(t *testing.T, tab *browsertest.Tab, until string) {
	t.Helper()
	run(t, tab, `window.__before = true`)
	leave(t, tab, `location.reload()`)
	tab.WaitFor(t, `!window.__before && document.readyState === "complete" && `+hydrated+` && (`+until+`)`, time.Minute)
}

// halfway scrolls a long read's paragraphs to the middle of the window,
// halfway down them, none of them a link.
const halfway = `(() => { const ps = [...document.querySelectorAll("main p")].filter((p) => !p.querySelector("a")); const p = ps[Math.floor(ps.length / 2)]; window.scrollTo(0, window.scrollY + p.getBoundingClientRect().top - innerHeight / 2); })()`

// TestTabGoesOnFromThePlace: back at a place where no heading is wholly
// seen, the visitor's Tab goes to a link in view or after it: the page
// does not scroll up. Three places of a long read, reloaded: halfway down
// its body, the same with focus left on a link above, and its foot, the
// window showing the footer alone. Focus went to the first part of the
// page in view, the read's whole body (at the foot, under the sticky
// header), and Tab went on to that part's first link, thousands of
// pixels above (a visitor's trial found it at 375 px, after Back from the
// phone menu's "Contact Us", on a section 3,400 px tall).
func TestTabGoesOnFromThePlace(t *testing.T) {
	t.Parallel()
	dir := longPageSite(t)
	site, err := load.Site(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	var read string
	for _, a := range site.Articles {
		if a.Front.Title == "A long read" {
			read = a.Path
		}
	}
	env := browsertest.StartWith(t, browsertest.Config{Content: dir})
	places := []struct {
		name string
		// scroll goes to the place, and says the window's height for it
		// (0: as it is).
		height, scroll string
	}{
		// Halfway down the read's paragraphs, none of them a link.
		{"halfway", `0`, halfway},
		// The same, focus left on the read's link to the home page, at its
		// top: the header's logo links there too, and is always in view.
		{"halfway, focus on a link above", `0`, `document.querySelector(".article-body a[href='/']").focus({ preventScroll: true }); ` + halfway},
		// The window as tall as the header and the footer but 40 px of
		// it, at the page's end: under the header, the end of the read.
		{"foot", `Math.round(document.querySelector("header.site-header").getBoundingClientRect().height + document.querySelector("footer.site-footer").getBoundingClientRect().height - 40)`, `window.scrollTo(0, document.documentElement.scrollHeight)`},
	}
	const scrollMargin = 24
	for _, w := range []int{375, 768, 1280} {
		for _, place := range places {
			t.Run(fmt.Sprint(place.name, " at ", w), func(t *testing.T) {
				tab := env.NewTab(t, w, 800)
				loadApp(t, tab, read)
				tab.WaitFor(t, rendered, time.Minute)
				if h := eval[int64](t, tab, place.height); h > 0 {
					do(t, tab, chromedp.EmulateViewport(int64(w), h))
				}
				run(t, tab, place.scroll)
				y := eval[float64](t, tab, `window.scrollY`)
				reloadApp(t, tab, rendered+` && document.activeElement !== document.body`)
				waitFrames(t, tab, 20)
				if got := eval[float64](t, tab, `window.scrollY`); math.Abs(got-y) > scrollMargin {
					t.Fatalf("reloaded at y %.0f, the page opened at y %.0f", y, got)
				}
				do(t, tab, chromedp.KeyEvent(kb.Tab))
				waitFrames(t, tab, 5)
				if got := eval[float64](t, tab, `window.scrollY`); got < y-scrollMargin {
					t.Errorf("Tab at y %.0f scrolled up to y %.0f, to %s", y, got, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
				}
				// Nor back into the header, above the place.
				if eval[bool](t, tab, `!!document.activeElement.closest("header.site-header")`) {
					t.Errorf("Tab at y %.0f went to the header's %s", y, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
				}
			})
		}
	}
}
