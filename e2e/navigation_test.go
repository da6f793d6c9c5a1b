package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// A link followed on a slow connection, once the app runs: the page on
// screen stays until the next one's data has arrived, and says that the
// next is coming, with a bar across the top of the window and the main
// region busy for assistive technology. Once the page has come, both are
// gone. Before, the link seemed to do nothing for a second or more.
func TestNavigationSaysItIsLoading(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	paths, titles := otherPages(t)
	tab := env.NewTab(t, 1280, 800)
	homeReady(t, tab)
	// The link followed is one of the page's, not the cookie banner's.
	list, _ := json.Marshal(paths)
	to := eval[string](t, tab, `((paths) => {
  const a = (`+linksTo+`)(paths)[0];
  if (!a) return "";
  a.setAttribute("data-next", "");
  return a.getAttribute("href");
})(`+string(list)+`)`)
	if to == "" {
		t.Fatal("the home page shows no link to another page of the site")
	}
	heading := eval[string](t, tab, `document.querySelector("main h1").textContent`)

	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	// The first link followed makes React hydrate the parts of the page
	// still in server HTML before it renders anything of the next page
	// (lib/hydration): on a slow phone, for a second. The bar is there
	// from the first frame after the press all the same: seen in that
	// frame, with the processor slowed 20 times.
	run(t, tab, `window.addEventListener("click", () => requestAnimationFrame(() => {
  window.__barAtFirstFrame = !!document.querySelector(".page-pending") && document.getElementById("main").getAttribute("aria-busy") === "true";
}), { capture: true, once: true })`)
	// The next page's data is asked for during the press itself (from the
	// button's going down to the click's end, after React's handlers), not
	// once React has hydrated and rendered: its request waited for that too.
	run(t, tab, `window.__pressing = false;
window.addEventListener("mousedown", () => { window.__pressing = true; }, { capture: true, once: true });
window.addEventListener("click", () => { window.__pressing = false; }, { once: true });
const fetchOf = window.fetch;
window.fetch = (url, ...rest) => {
  if (String(url).includes("/data/") && window.__dataAskedInPress === undefined) window.__dataAskedInPress = window.__pressing;
  return fetchOf(url, ...rest);
};`)
	throttle(t, tab, 20)
	pressLink(t, tab, "a[data-next]")
	data.requested(t)
	tab.WaitFor(t, `window.__barAtFirstFrame !== undefined`, time.Minute)
	throttle(t, tab, 1)
	if !eval[bool](t, tab, `window.__barAtFirstFrame`) {
		t.Errorf("%s followed as the first link, the processor slowed: no bar in the first frame after the press", to)
	}
	if !eval[bool](t, tab, `window.__dataAskedInPress === true`) {
		t.Errorf("%s followed as the first link: its data was asked for after the press, once the app had hydrated the page", to)
	}

	// The bar is drawn, growing from the window's top left, while the
	// page on screen is still the one the visitor left.
	loading := `(() => {
  const b = document.querySelector(".page-pending"), r = b?.getBoundingClientRect();
  return !!r && r.top === 0 && r.left === 0 && r.width > 0 && r.height > 0 && getComputedStyle(b).visibility === "visible";
})()`
	if err := chromedp.Do(tab.Ctx, browsertest.Until(loading, 30*time.Second)); err != nil {
		t.Fatalf("%s loading, held: nothing across the top of the window says so (%v)", to, err)
	}
	if !eval[bool](t, tab, `location.pathname === `+jsString(to)+` && document.getElementById("main").getAttribute("aria-busy") === "true" && document.querySelector("main h1").textContent === `+jsString(heading)) {
		t.Fatalf("while %s loads: want its address, the main region busy and the page left still shown (%q); got %s", to, heading,
			eval[string](t, tab, `location.pathname + " | aria-busy=" + document.getElementById("main").getAttribute("aria-busy") + " | " + document.querySelector("main h1").textContent`))
	}

	// The header and footer still say the page on screen is the current
	// one, not the one loading.
	tellsCurrentOf(t, tab, "/", false)

	// Once the page is in, the bar that showed runs to the window's edge
	// and fades, rather than vanish mid-way, and is then gone. Read from
	// the bar's own animation, not from frames: on a loaded machine no
	// frame may fall in the 120 ms the bar spends at full width (a run
	// beside Lighthouse, load 17, sampled 91 %), as on a busy phone.
	run(t, tab, `window.__barEnd = "";
new MutationObserver((_, o) => {
  const b = document.querySelector(".page-done"), a = b?.getAnimations()[0];
  if (!a) return;
  o.disconnect();
  // Where the bar is full (scaleX(1)) and where it is faded out.
  const frames = a.effect.getKeyframes();
  const full = frames.find((f) => /^scaleX\(1\)$/.test(f.transform ?? "") || f.transform === "none");
  const faded = frames.find((f) => f.opacity === "0");
  if (!full || !faded || full.computedOffset >= faded.computedOffset) {
    window.__barEnd = "keyframes " + JSON.stringify(frames);
    return;
  }
  a.finished.then(() => (window.__barEnd = "ran"), () => (window.__barEnd = "cancelled"));
}).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });`)
	data.release(t)
	tab.WaitFor(t, `document.title === `+jsString(titles[to])+` && !document.querySelector(".page-pending") && !document.getElementById("main").hasAttribute("aria-busy")`, 30*time.Second)
	tab.WaitFor(t, `!document.querySelector(".page-done")`, 10*time.Second)
	if end := eval[string](t, tab, `window.__barEnd`); end != "ran" {
		t.Errorf("%s came in after its bar showed: its end was %q, want it run to the window's edge and fade out (\"ran\")", to, end)
	}
	tellsCurrent(t, tab, false)
	noConsoleErrors(t, tab)
}

// Where a followed link leaves the visitor, once the app runs: focus on the
// new page's heading (where a new document would start, and what a screen
// reader then reads), and the header as at the top of a page from the
// first frame; two links followed in quick succession make one entry in
// the history, and Back goes to the page that was on screen, at its place,
// focus on the link left by; a link to the page itself takes the visitor
// to its top. On each page, the header's and footer's links to it, and
// only they, say it is the current page. The first link is one of the
// header's or footer's, so that the page it opens links to itself.
func TestNavigationPlaces(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	paths, titles := otherPages(t)
	list, _ := json.Marshal(paths)
	tab := env.NewTab(t, 1280, 800)
	homeReady(t, tab)
	home := eval[string](t, tab, `document.title`)
	// The home page's head as the server wrote it, which Back to it, with
	// no data fetched again, gives back.
	const headNow = `[document.title, ...[...document.head.querySelectorAll('meta[name="description"], meta[name="keywords"], meta[property="og:url"], meta[name="robots"], link[rel="canonical"], script[type="application/ld+json"]')].map((e) => e.outerHTML)].join("\n")`
	homeHead := eval[string](t, tab, headNow)
	// Two links to two other pages: the first in the header or footer.
	picked := eval[[]string](t, tab, `((paths) => {
  const links = (`+linksTo+`)(paths);
  const first = links.find((a) => a.closest("header, footer"));
  const second = first && links.find((a) => a.getAttribute("href") !== first.getAttribute("href"));
  if (!second) return [];
  first.setAttribute("data-first", "");
  second.setAttribute("data-second", "");
  return [first.getAttribute("href"), second.getAttribute("href")];
})(`+string(list)+`)`)
	if len(picked) != 2 {
		t.Fatal("the home page does not link to two other pages, one of them from its header or footer")
	}
	first, second := picked[0], picked[1]
	atTop := `window.scrollY === 0 && document.activeElement === document.querySelector("main h1")`
	header := `document.querySelector("header")`

	// Both links followed while the first page's data is held: the second
	// page shows, with focus on its heading. The header, light over the
	// page scrolled down, is as at the top of a page in the first frame
	// of the new one, with no fade from light to dark: counted in the
	// page, every frame.
	run(t, tab, `window.scrollTo(0, document.documentElement.scrollHeight)`)
	tab.WaitFor(t, header+`.classList.contains("is-scrolled") && `+header+`.getAnimations().length === 0`, 5*time.Second)
	run(t, tab, `window.__headerFades = 0; window.__lightAtTop = 0;
`+header+`.addEventListener("transitionrun", (e) => { if (e.target === e.currentTarget) window.__headerFades++; });
const frame = () => { if (window.scrollY === 0 && `+header+`.classList.contains("is-scrolled")) window.__lightAtTop++; requestAnimationFrame(frame); };
requestAnimationFrame(frame);`)
	entries := eval[int](t, tab, `history.length`)
	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	left := pressLink(t, tab, "a[data-first]")
	data.requested(t)
	pressLink(t, tab, "a[data-second]")
	tab.WaitFor(t, `location.pathname === `+jsString(second), 30*time.Second)
	data.release(t)
	tab.WaitFor(t, `document.title === `+jsString(titles[second])+` && `+atTop+` && !`+header+`.classList.contains("is-scrolled")`, 30*time.Second)
	// A fade's transitionrun event comes a frame after it starts; so once
	// the header has ended any.
	tab.WaitFor(t, header+`.getAnimations().length === 0`, 5*time.Second)
	if n := eval[int](t, tab, `window.__headerFades`); n > 0 {
		t.Errorf("the header faded %d times on its way from the page scrolled down to the top of %s", n, second)
	}
	if n := eval[int](t, tab, `window.__lightAtTop`); n > 0 {
		t.Errorf("the header stayed light, as on a page scrolled down, for %d frames at the top of %s", n, second)
	}
	if n := eval[int](t, tab, `history.length`); n != entries+1 {
		t.Errorf("two links followed in quick succession made %d entries in the history, want 1", n-entries)
	}
	tellsCurrent(t, tab, false)

	// Back: the home page, where it was, focus on the link left by; shown
	// from what the document was loaded with, its data not fetched (on a
	// slow connection Back waited for it), its head as it was.
	dataLoads := `performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname.startsWith("/data/")).length`
	loads := eval[int](t, tab, dataLoads)
	run(t, tab, `history.back()`)
	tab.WaitFor(t, `document.title === `+jsString(home)+` && !document.querySelector(".page-pending")`, 30*time.Second)
	if n := eval[int](t, tab, dataLoads); n != loads {
		t.Errorf("Back to the home page, which the tab was opened on, fetched %d data files", n-loads)
	}
	if got := eval[string](t, tab, headNow); got != homeHead {
		t.Errorf("Back to the home page: its head is\n%s\nwant, as the server wrote it,\n%s", got, homeHead)
	}
	back := fmt.Sprintf(`Math.abs(window.scrollY - %f) < 2 && document.activeElement.getAttribute("href") === %s`, left, jsString(first))
	if err := chromedp.Do(tab.Ctx, browsertest.Until(back, 5*time.Second)); err != nil {
		t.Errorf("Back to the home page, left at y %.0f by the link to %s: at y %v, focus on %s", left, first,
			eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	tellsCurrent(t, tab, false)

	// The brand, the home page's link, on the home page: to its top, focus
	// on its heading, as any link to the page itself (below).
	entries = eval[int](t, tab, `history.length`)
	run(t, tab, `window.scrollTo(0, document.documentElement.scrollHeight)`)
	tab.WaitFor(t, `window.scrollY > 0 && document.querySelector("header a.brand").checkVisibility()`, 5*time.Second)
	pressLink(t, tab, "header a.brand")
	if err := chromedp.Do(tab.Ctx, browsertest.Until(atTop, 10*time.Second)); err != nil {
		t.Errorf("the brand pressed on the home page: at y %v, focus on %s; want its top, focus on its heading",
			eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	if n := eval[int](t, tab, `history.length`); n != entries {
		t.Errorf("the brand pressed on the home page added %d entries to the history", n-entries)
	}

	// A link to the page itself: to its top, focus on its heading, and no
	// new entry in the history.
	pressLink(t, tab, "a[data-first]")
	tab.WaitFor(t, `document.title === `+jsString(titles[first])+` && `+atTop, 30*time.Second)
	tellsCurrent(t, tab, true)
	entries = eval[int](t, tab, `history.length`)
	sel := `header a[href=` + jsString(first) + `], footer a[href=` + jsString(first) + `]`
	run(t, tab, `window.scrollTo(0, document.documentElement.scrollHeight)`)
	tab.WaitFor(t, `window.scrollY > 0 && [...document.querySelectorAll(`+jsString(sel)+`)].some((a) => a.checkVisibility())`, 5*time.Second)
	run(t, tab, `[...document.querySelectorAll(`+jsString(sel)+`)].find((a) => a.checkVisibility()).setAttribute("data-self", "")`)
	pressLink(t, tab, "a[data-self]")
	if err := chromedp.Do(tab.Ctx, browsertest.Until(atTop, 10*time.Second)); err != nil {
		t.Errorf("a link to %s on %s did not take the visitor to its top, with focus on its heading: at y %v, focus on %s", first, first,
			eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	if n := eval[int](t, tab, `history.length`); n != entries {
		t.Errorf("a link to the page itself added %d entries to the history", n-entries)
	}
	// The demo page, where the header's button is the page's own link.
	if demo := sweepSite(t).Config.DemoHref; strings.HasPrefix(demo, "/") {
		tab.Load(t, demo)
		tellsCurrent(t, tab, true)
	}
	noConsoleErrors(t, tab)
}

// tellsCurrent checks that the header's and footer's links to the page
// shown, and only they, carry aria-current="page", and their links to a
// section it is in "true", as the build wrote them on that page
// (generator/document/current.go); linked says the page is one they link
// to.
func tellsCurrent(t *testing.T, tab *browsertest.Tab, linked bool) {
	t.Helper()
	tellsCurrentOf(t, tab, "", linked)
}

// tellsCurrentOf is tellsCurrent of the page at path ("": the location's).
func tellsCurrentOf(t *testing.T, tab *browsertest.Tab, path string, linked bool) {
	t.Helper()
	got := eval[[]string](t, tab, `[...document.querySelectorAll("header.site-header a[href], footer.site-footer a[href]")]
  .filter((a) => {
    const h = a.getAttribute("href"), p = `+jsString(path)+` || location.pathname;
    const want = h === p ? "page" : h.startsWith("/") && h !== "/" && p.startsWith(h + "/") ? "true" : null;
    return a.getAttribute("aria-current") !== want;
  })
  .map((a) => a.getAttribute("href") + ": " + a.getAttribute("aria-current"))`)
	if len(got) > 0 {
		t.Errorf("on %s (page %q), the header's and footer's links and their aria-current (want \"page\" on the links to it, \"true\" on those to a section it is in, none on the others): %q",
			eval[string](t, tab, `location.pathname`), path, got)
	}
	// Said to the eye too: each marked link in view is underlined (or, in a
	// dropdown, ruled), but the brand, whose mark is the home page's link.
	unseen := eval[[]string](t, tab, `[...document.querySelectorAll("header.site-header a[aria-current], footer.site-footer a[aria-current]")]
  .filter((a) => a.checkVisibility() && !a.matches(".brand"))
  .filter((a) => { const s = getComputedStyle(a); return !s.textDecorationLine.includes("underline") && s.boxShadow === "none"; })
  .map((a) => a.getAttribute("href") + " (" + a.className + ")")`)
	if len(unseen) > 0 {
		t.Errorf("on %s, links marked current look like the others: %q", eval[string](t, tab, `location.pathname`), unseen)
	}
	if linked && eval[int](t, tab, `document.querySelectorAll('header.site-header a[aria-current="page"], footer.site-footer a[aria-current="page"]').length`) == 0 {
		t.Errorf("on %s, which the header or footer links to, no link of theirs says it is the current page", eval[string](t, tab, `location.pathname`))
	}
}

// linksTo is a script's function from paths to the page's links to them
// that a visitor can see and follow in the same window: not the cookie
// banner's, which the tests leave alone.
const linksTo = `(paths) => [...document.querySelectorAll("a[href]")].filter((a) => paths.includes(a.getAttribute("href")) && !a.target && !a.closest("section.consent") && a.checkVisibility())`

// pressLink presses the link sel with the mouse, scrolled to the middle of
// the window first, and returns the page's scroll position as it is
// pressed.
func pressLink(t *testing.T, tab *browsertest.Tab, sel string) float64 {
	t.Helper()
	c := eval[[]float64](t, tab, `(() => { const a = document.querySelector(`+jsString(sel)+`); a.scrollIntoView({block: "center"}); const r = a.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, window.scrollY]; })()`)
	do(t, tab, chromedp.MouseClickXY(c[0], c[1]))
	return c[2]
}

// pressPart is pressLink for a link to a part of the same page, which
// leaves the document as it is: the scroll position returned is read by
// the press's click itself, as the app reads it, for the page may still
// be moving from the press before it (a smooth scroll to a part, sections
// above taking their real height) between a reading and a click. Not at
// the pointer's going down: the click comes with its going up, a message
// later, and under load a frame or more later (2 px further down a
// smooth scroll, in a failure of TestArticleFootnotes).
func pressPart(t *testing.T, tab *browsertest.Tab, sel string) float64 {
	t.Helper()
	c := eval[[]float64](t, tab, `(() => {
  const a = document.querySelector(`+jsString(sel)+`);
  a.scrollIntoView({block: "center"});
  window.__pressY = undefined;
  window.addEventListener("click", () => { window.__pressY = window.scrollY; }, {capture: true, once: true});
  const r = a.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()`)
	do(t, tab, chromedp.MouseClickXY(c[0], c[1]))
	y := eval[float64](t, tab, `window.__pressY ?? -1`)
	if y < 0 {
		t.Fatalf("the press on %s did not reach the page", sel)
	}
	return y
}

// throttle slows the tab's processor rate times (1: not slowed).
func throttle(t *testing.T, tab *browsertest.Tab, rate float64) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
		t.Fatal(err)
	}
}

// otherPages returns the paths of the site's pages but the home page and
// the missing page's (sweepPages), and their titles.
func otherPages(t *testing.T) (paths []string, titles map[string]string) {
	t.Helper()
	titles = map[string]string{}
	for _, p := range sweepPages(t) {
		if p.Path != "/" && p.Path != sweepMissingPath {
			paths = append(paths, p.Path)
			titles[p.Path] = p.Title
		}
	}
	return paths, titles
}

// homeReady loads the home page into tab as loadApp does, and waits until
// the cookie banner has come in.
func homeReady(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	loadApp(t, tab, "/")
	waitFor(t, tab, consentIn)
}

// A link to a part of the page shown (the footer's "Contact", to the
// form) takes focus there, as the browser does for a fragment: Tab goes on
// from the form, not from the link left in the footer, off screen; Back
// returns to where the link was followed, focus on it. On the fixture
// site, whose footer links to its home page's form.
func TestFragmentLinkTakesFocus(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	id := eval[string](t, tab, `(() => {
  const a = [...document.querySelectorAll('footer a[href^="/#"]')].find((a) => document.getElementById(a.hash.slice(1)));
  if (!a) return "";
  a.setAttribute("data-part", "");
  return a.hash.slice(1);
})()`)
	if id == "" {
		t.Fatal("the fixture's footer links to no part of its home page")
	}
	target := `document.getElementById(` + jsString(id) + `)`
	left := pressPart(t, tab, "a[data-part]")
	if err := chromedp.Do(tab.Ctx, browsertest.Until(target+`.contains(document.activeElement)`, 10*time.Second)); err != nil {
		t.Fatalf("after the footer's link to #%s, focus is on %s", id, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	do(t, tab, chromedp.KeyEvent(kb.Tab))
	if !eval[bool](t, tab, target+`.contains(document.activeElement) || !!(`+target+`.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING) && !document.activeElement.closest("footer")`) {
		t.Errorf("Tab after the link to #%s went to %s, not on from it", id, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	// Back: where the visitor was when they followed it, focus on the
	// link, as the browser does between a page's own entries.
	run(t, tab, `history.back()`)
	back := fmt.Sprintf(`location.hash === "" && Math.abs(window.scrollY - %f) < 2 && document.activeElement.hasAttribute("data-part")`, left)
	if err := chromedp.Do(tab.Ctx, browsertest.Until(back, 10*time.Second)); err != nil {
		t.Errorf("Back from #%s, followed at y %.0f: at y %v, %q, focus on %s", id, left,
			eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `location.hash`), eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	noConsoleErrors(t, tab)
}

// TestBackToAPartScrolledOn: Back to an entry whose address names a part
// of the page ("/#features") but whose place is far below it (the visitor
// scrolled on, then left by the phone menu's "Contact Us", a link that
// closes with its menu) gives focus to what is in view there, not to the
// part the address names: focus went to the part, out of view above, and
// Tab up to it (a visitor's trial: 1,400 px up on the shipped home page).
func TestBackToAPartScrolledOn(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 390, 844)
	loadApp(t, tab, "/")
	part := eval[string](t, tab, `[...document.querySelectorAll("main > section[id]")].find((s) => !s.querySelector("#contact-info"))?.id ?? ""`)
	if part == "" {
		t.Fatal("the fixture's home page has no part with an id")
	}
	loadApp(t, tab, "/#"+part)
	// Scrolled on until the part is out of view above, the contact
	// section still out of view below.
	y := eval[float64](t, tab, `(() => { const r = document.getElementById(`+jsString(part)+`).getBoundingClientRect(); window.scrollTo(0, window.scrollY + r.bottom + 20); return window.scrollY; })()`)
	if !eval[bool](t, tab, `document.getElementById(`+jsString(part)+`).getBoundingClientRect().bottom < 0 && document.getElementById("contact-info").getBoundingClientRect().top > innerHeight`) {
		t.Fatalf("at y %.0f, %s is not out of view above with the contact section out of view below: the fixture is too short", y, part)
	}
	const menu, contact = "header .nav > .nav__burger", `#mobile-menu .menu-sheet__list a[href="/#contact-info"]`
	click(t, tab, menu)
	waitFor(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector(`+jsString(contact)+`)?.checkVisibility()`)
	click(t, tab, contact)
	tab.WaitFor(t, `location.hash === "#contact-info" && !document.querySelector("#mobile-menu").open && document.getElementById("contact-info").contains(document.activeElement)`, 10*time.Second)
	run(t, tab, `history.back()`)
	const scrollMargin = 2
	tab.WaitFor(t, fmt.Sprintf(`location.hash === %s && Math.abs(window.scrollY - %f) < %d`, jsString("#"+part), y, scrollMargin), 10*time.Second)
	// Focus is placed in a task after the Back's listeners (a menu
	// closing in one of them): some frames later it has been placed.
	// Read once the parts fading in have come to rest (they rise by up
	// to 24 px).
	waitFrames(t, tab, 10)
	tab.WaitFor(t, `document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running")`, 10*time.Second)
	seen := `(() => { const a = document.activeElement, r = a.getBoundingClientRect(), top = document.querySelector("header.site-header").getBoundingClientRect().bottom; return a !== document.body && !a.closest("header") && r.top >= top - 1 && r.top < innerHeight; })()`
	if !eval[bool](t, tab, seen) {
		t.Errorf("Back to #%s at y %.0f: focus on %s, its top at %.0f, the header's foot at %.0f, y %.0f", part, y, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`), eval[float64](t, tab, `document.activeElement.getBoundingClientRect().top`), eval[float64](t, tab, `document.querySelector("header.site-header").getBoundingClientRect().bottom`), eval[float64](t, tab, `scrollY`))
	}
	do(t, tab, chromedp.KeyEvent(kb.Tab))
	waitFrames(t, tab, 5)
	if got := eval[float64](t, tab, `window.scrollY`); got < y-24 {
		t.Errorf("Tab at y %.0f scrolled up to y %.0f, to %s", y, got, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	noConsoleErrors(t, tab)
}

// "Contact Us" on a page that has the contact section, by the floating
// button or the phone menu's entry, goes there as a link to a part of the
// page does: an entry in the history, and Back returns to where the
// visitor was. It scrolled there directly, and Back left the page. On the
// fixture site, whose home page has the section.
//
// The page moves at the press, not once the app has rendered the
// navigation (on a slow phone, a second later): asked for no motion, the
// section is under the header before the press's click has reached the
// window's last listener.
func TestContactUsComesBack(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	for _, way := range []struct {
		name          string
		width, height int
		open, press   string
		still         bool
	}{
		{"the floating button", 1280, 800, "", ".floating-contact.is-shown a", false},
		{"the phone menu's Contact", 390, 844, "header .nav > .nav__burger", `#mobile-menu .menu-sheet__list a[href="/#contact-info"]`, false},
		{"the floating button, no motion", 1280, 800, "", ".floating-contact.is-shown a", true},
		{"the phone menu's Contact, no motion", 390, 844, "header .nav > .nav__burger", `#mobile-menu .menu-sheet__list a[href="/#contact-info"]`, true},
	} {
		t.Run(way.name, func(t *testing.T) {
			tab := env.NewTab(t, way.width, way.height)
			if way.still {
				reduceMotion(t, tab)
			}
			tab.Load(t, "/")
			tab.WaitFor(t, hydrated+` && !!document.getElementById("contact-info")`, time.Minute)
			// Past the floating button's threshold, the contact section
			// out of view.
			run(t, tab, `window.scrollTo(0, 700)`)
			tab.WaitFor(t, `window.scrollY === 700 && document.getElementById("contact-info").getBoundingClientRect().top > innerHeight`, 5*time.Second)
			if way.open != "" {
				click(t, tab, way.open)
				waitFor(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector(`+jsString(way.press)+`)?.checkVisibility()`)
			}
			waitFor(t, tab, `document.querySelector(`+jsString(way.press)+`)?.checkVisibility()`)
			entries := eval[int](t, tab, `history.length`)
			at := eval[[]float64](t, tab, `(() => { const r = document.querySelector(`+jsString(way.press)+`).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
			run(t, tab, `window.addEventListener("click", () => { window.topAtPress = document.getElementById("contact-info").getBoundingClientRect().top }, { once: true })`)
			do(t, tab, chromedp.MouseClickXY(at[0], at[1]))
			if top := eval[float64](t, tab, `window.topAtPress`); way.still && math.Abs(top) >= float64(way.height)/2 {
				t.Errorf("%s: as the press ended, the contact section was still %.0f px from the window's top: the page moved only later", way.name, top)
			}
			// Focus is in the section, on something a screen reader names
			// (its heading): it was on the section's box, read as nothing
			// (a screen reader's trial).
			there := `location.hash === "#contact-info" && document.getElementById("contact-info").contains(document.activeElement) && ` + focusSaysWhat + ` && Math.abs(document.getElementById("contact-info").getBoundingClientRect().top) < innerHeight / 2`
			if err := chromedp.Do(tab.Ctx, browsertest.Until(there, 10*time.Second)); err != nil {
				t.Fatalf("after %s: %q, the contact section's top at %v, focus on %s", way.name, eval[string](t, tab, `location.hash`),
					eval[float64](t, tab, `document.getElementById("contact-info").getBoundingClientRect().top`), eval[string](t, tab, focused))
			}
			if n := eval[int](t, tab, `history.length`); n != entries+1 {
				t.Errorf("%s made %d entries in the history, want 1", way.name, n-entries)
			}
			// As the visitor reads the section, the floating button steps
			// aside (it leads there).
			waitFor(t, tab, `document.querySelector(".floating-contact").inert`)
			run(t, tab, `history.back()`)
			if err := chromedp.Do(tab.Ctx, browsertest.Until(`location.hash === "" && Math.abs(window.scrollY - 700) < 2`, 10*time.Second)); err != nil {
				t.Errorf("Back after %s, pressed at y 700: at y %v, %q", way.name, eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `location.pathname + location.hash`))
			}
			// Focus comes back with the place: on the floating button
			// pressed, once it has come back from stepping aside for the
			// section; the menu's entry gone with the menu, on what is in
			// view. Focus was left on the section, out of view, and Tab
			// went on from the page's foot; or went to the page's heading,
			// out of view above.
			focusBack := focusInView
			if way.open == "" {
				focusBack = `document.activeElement === document.querySelector(".floating-contact a")`
			}
			if err := chromedp.Do(tab.Ctx, browsertest.Until(focusBack, 10*time.Second)); err != nil {
				t.Errorf("Back after %s: focus on %s", way.name, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
			}
			// Forward with the menu open: the menu closes, and focus goes to
			// the section, as when the visitor first went there. It stayed
			// on the menu's button when React rendered the Back only with
			// the Forward (focus given while the menu still made the page
			// inert). And Back with the menu open, then Forward: focus went
			// to the header's logo, the page's link to the address of the
			// menu's first link, which had focus as the entry was left.
			if way.open != "" {
				inSection := `location.hash === "#contact-info" && !document.querySelector("#mobile-menu").open && document.getElementById("contact-info").contains(document.activeElement) && ` + focusSaysWhat
				for _, step := range []string{`history.forward()`, `history.back()`} {
					click(t, tab, way.open)
					waitFor(t, tab, `document.querySelector("#mobile-menu").open`)
					run(t, tab, step)
					if step == `history.back()` {
						waitFor(t, tab, `location.hash === "" && !document.querySelector("#mobile-menu").open`)
						run(t, tab, `history.forward()`)
					}
					if err := chromedp.Do(tab.Ctx, browsertest.Until(inSection, 10*time.Second)); err != nil {
						t.Errorf("%s with the menu open, after %s: %q, focus on %s", step, way.name, eval[string](t, tab, `location.hash`), eval[string](t, tab, focused))
					}
				}
			}
			noConsoleErrors(t, tab)
		})
	}
}

// TestNavigationComesBack: Back and Forward bring the visitor back as they
// left, at the seams a prospect met them: Back pressed before the page
// pressed for came takes its loading bar back; the title changes with the
// page, not before it; after Forward, Tab goes on from what is in view;
// and Back after the tab was reloaded returns to the place left.
func TestNavigationComesBack(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	home := eval[string](t, tab, `document.title`)
	homeHeading := eval[string](t, tab, `document.querySelector("main h1").textContent`)
	markLink(t, tab, `main a[href="/services"]`, "data-go")
	idle := `!document.querySelector(".page-pending") && !document.getElementById("main").hasAttribute("aria-busy")`

	// Back pressed while the first navigation is still being rendered,
	// the processor slowed: the page stays, and so did its bar, for good.
	data := holdRequests(t, tab, "*/data/*")
	data.hold(t)
	run(t, tab, `window.addEventListener("click", () => setTimeout(() => history.back()), { once: true })`)
	throttle(t, tab, 20)
	pressLink(t, tab, "a[data-go]")
	data.requested(t)
	tab.WaitFor(t, `location.pathname === "/"`, time.Minute)
	throttle(t, tab, 1)
	if err := chromedp.Do(tab.Ctx, browsertest.Until(idle+` && document.title === `+jsString(home), 10*time.Second)); err != nil {
		t.Errorf("Back pressed before /services came: %q, the bar %v, main aria-busy %q", eval[string](t, tab, `location.pathname + " | " + document.title`),
			eval[bool](t, tab, `!!document.querySelector(".page-pending")`), eval[string](t, tab, `document.getElementById("main").getAttribute("aria-busy") ?? ""`))
	}
	data.release(t)

	// Back once the bar is drawn: it goes at once, not run to its end and
	// faded as if a page had come.
	markLink(t, tab, `a[href="/about"]`, "data-about")
	run(t, tab, `window.__doneSeen = false;
new MutationObserver(() => { if (document.querySelector(".page-done")) window.__doneSeen = true; }).observe(document.body, { childList: true, subtree: true, attributeFilter: ["class"] });`)
	data.hold(t)
	pressLink(t, tab, "a[data-about]")
	data.requested(t)
	tab.WaitFor(t, `document.querySelector(".page-pending")?.getAnimations()[0]?.currentTime > 300`, 30*time.Second)
	run(t, tab, `history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && `+idle, 30*time.Second)
	if eval[bool](t, tab, `window.__doneSeen`) {
		t.Error("Back pressed before /about came: the bar ran to its end as if a page had come")
	}
	data.release(t)

	// The title changes in the frame the page does: never over the page
	// left, as a tab or a screen reader would show it.
	run(t, tab, `window.__titleEarly = "";
new MutationObserver(() => {
  if (document.title !== `+jsString(home)+` && document.querySelector("main h1").textContent === `+jsString(homeHeading)+`) window.__titleEarly = document.title;
}).observe(document.head, { childList: true, subtree: true, characterData: true })`)
	// (Its data came in above: the page swaps as soon as the app can.)
	run(t, tab, `window.addEventListener("click", (e) => { window.__pressed = e.target.outerHTML.slice(0, 80) }, { once: true, capture: true })`)
	pressLink(t, tab, "a[data-go]")
	if err := chromedp.Do(tab.Ctx, browsertest.Until(`location.pathname === "/services" && `+idle+` && document.querySelector("main h1").textContent !== `+jsString(homeHeading), 30*time.Second)); err != nil {
		t.Fatalf("/services pressed for after Back (the press on %s): %s, the bar %v, main aria-busy %q, heading %q", eval[string](t, tab, `window.__pressed ?? "nothing"`), eval[string](t, tab, `location.pathname`),
			eval[bool](t, tab, `!!document.querySelector(".page-pending")`), eval[string](t, tab, `document.getElementById("main").getAttribute("aria-busy") ?? ""`),
			eval[string](t, tab, `document.querySelector("main h1")?.textContent ?? ""`))
	}
	if early := eval[string](t, tab, `window.__titleEarly`); early != "" {
		t.Errorf("the title became %q while the home page was still on screen", early)
	}

	// Forward to a page left scrolled down: focus on what is in view, not
	// on the page gone (Tab went on from the footer, off screen).
	// Left with a heading just under the sticky header: not the one focus
	// goes to, where it is hidden.
	y := scrollDown(t, tab, eval[float64](t, tab, `(() => { const h = [...document.querySelectorAll("main h2, main h3")].find((h) => h.getBoundingClientRect().top + scrollY > 300); return h.getBoundingClientRect().top + scrollY - document.querySelector("header.site-header").getBoundingClientRect().height + 8; })()`))
	run(t, tab, `history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && document.querySelector("main h1").textContent === `+jsString(homeHeading)+` && `+idle, 30*time.Second)
	// The home page left scrolled down, for the reload below.
	homeY := scrollDown(t, tab, 500)
	run(t, tab, `history.forward()`)
	tab.WaitFor(t, fmt.Sprintf(`location.pathname === "/services" && %s && Math.abs(window.scrollY - %f) < 2`, idle, y), 30*time.Second)
	if err := chromedp.Do(tab.Ctx, browsertest.Until(focusInView, 5*time.Second)); err != nil {
		t.Errorf("Forward to /services, left at y %.0f: focus on %s, out of view or off the page", y, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}

	// Reloaded, then Back: the home page, a document opened anew, at the
	// place it was left.
	do(t, tab, chromedp.Reload())
	tab.WaitFor(t, hydrated, time.Minute)
	leave(t, tab, `history.back()`)
	tab.WaitFor(t, `location.pathname === "/" && `+hydrated, time.Minute)
	if err := chromedp.Do(tab.Ctx, browsertest.Until(fmt.Sprintf(`Math.abs(window.scrollY - %f) < 2`, homeY), 10*time.Second)); err != nil {
		t.Errorf("Back to the home page after a reload: at y %v, want %.0f, where it was left (%s)", eval[float64](t, tab, `window.scrollY`), homeY,
			eval[string](t, tab, `JSON.stringify([performance.getEntriesByType("navigation")[0]?.type, history.state, history.scrollRestoration, document.documentElement.scrollHeight, innerHeight, sessionStorage.getItem("vozia:places")])`))
	}
	noConsoleErrors(t, tab)

	// On a phone, Back with the menu open: the menu closes, as when one of
	// its links is followed, and focus is on the page gone back to.
	phone := env.NewTab(t, 390, 844)
	loadApp(t, phone, "/")
	markLink(t, phone, `main a[href="/services"]`, "data-go")
	pressLink(t, phone, "a[data-go]")
	phone.WaitFor(t, `location.pathname === "/services" && `+idle, 30*time.Second)
	click(t, phone, "header .nav > .nav__burger")
	waitFor(t, phone, `document.querySelector("#mobile-menu").open`)
	run(t, phone, `history.back()`)
	closed := `location.pathname === "/" && !document.querySelector("#mobile-menu").open && ` + focusInView
	if err := chromedp.Do(phone.Ctx, browsertest.Until(closed, 10*time.Second)); err != nil {
		t.Errorf("Back with the phone menu open: at %q, the menu open %v, focus on %s", eval[string](t, phone, `location.pathname`),
			eval[bool](t, phone, `document.querySelector("#mobile-menu").open`), eval[string](t, phone, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	noConsoleErrors(t, phone)

	// Of two links to one page in view (the brand and "Home"), focus comes
	// back to the one left by.
	loadApp(t, tab, "/services")
	markLink(t, tab, `header a[href="/"]:not(.brand)`, "data-home")
	pressLink(t, tab, "a[data-home]")
	tab.WaitFor(t, `location.pathname === "/" && `+idle+` && document.querySelector("main h1").textContent === `+jsString(homeHeading), 30*time.Second)
	run(t, tab, `history.back()`)
	if err := chromedp.Do(tab.Ctx, browsertest.Until(`location.pathname === "/services" && document.activeElement.hasAttribute("data-home")`, 10*time.Second)); err != nil {
		t.Errorf("Back after Home was pressed: focus on %s, want the Home link", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
	}

	// Into the site again by Forward, after leaving it by Back from a page
	// scrolled further: at the place it was left, not one saved before.
	out := env.NewTab(t, 1280, 800)
	do(t, out, chromedp.Navigate("about:blank"))
	loadApp(t, out, "/")
	markLink(t, out, `main a[href="/services"]`, "data-go")
	pressLink(t, out, "a[data-go]")
	out.WaitFor(t, `location.pathname === "/services" && `+idle, 30*time.Second)
	run(t, out, `history.back()`)
	out.WaitFor(t, `location.pathname === "/" && `+idle+` && document.querySelector("main h1").textContent === `+jsString(homeHeading), 30*time.Second)
	left := scrollDown(t, out, eval[float64](t, out, `window.scrollY`)+300)
	do(t, out, chromedp.NavigateBack())
	out.WaitFor(t, `location.href === "about:blank"`, 30*time.Second)
	do(t, out, chromedp.NavigateForward())
	out.WaitFor(t, `location.pathname === "/" && `+hydrated, time.Minute)
	if err := chromedp.Do(out.Ctx, browsertest.Until(fmt.Sprintf(`Math.abs(window.scrollY - %f) < 2`, left), 10*time.Second)); err != nil {
		t.Errorf("Forward into the site, left at y %.0f: at y %v", left, eval[float64](t, out, `window.scrollY`))
	}
	noConsoleErrors(t, out)
}

// focusInView says that focus is on an element of the page, in view: Tab
// goes on from where the visitor is.
// A heading with focus is wholly seen, not under the sticky header nor
// cut by the window's foot.
const focusInView = `(() => { const a = document.activeElement, r = a.getBoundingClientRect(); const top = document.querySelector("header.site-header").getBoundingClientRect().bottom; return a !== document.body && a !== document.getElementById("main") && !a.closest("header") && r.bottom > 0 && r.top < innerHeight && (!/^H[1-6]$/.test(a.tagName) || r.top >= top - 1 && r.bottom <= innerHeight + 1); })()`

// scrollDown scrolls the page shown down to y, or as far as it goes, at
// least 100 px, and returns where it is.
func scrollDown(t *testing.T, tab *browsertest.Tab, y float64) float64 {
	t.Helper()
	at := eval[float64](t, tab, fmt.Sprintf(`Math.min(%f, document.documentElement.scrollHeight - innerHeight)`, y))
	if at < 100 {
		t.Fatalf("%s scrolls %v px, too little to leave it scrolled", eval[string](t, tab, `location.pathname`), at)
	}
	run(t, tab, fmt.Sprintf(`window.scrollTo(0, %f)`, at))
	tab.WaitFor(t, fmt.Sprintf(`Math.abs(window.scrollY - %f) < 1`, at), 5*time.Second)
	return at
}

// hydrated says that the app has taken the page over.
const hydrated = `document.documentElement.hasAttribute("data-hydrated")`

// loadApp loads path into the tab and waits until the app has taken it
// over and fetched the route table, which it asks for once hydrated. A
// test that holds the page data (holdRequests "*/data/*") holds the route
// table too: started before the table came, its hold caught the table
// rather than the page it meant.
func loadApp(t *testing.T, tab *browsertest.Tab, path string) {
	t.Helper()
	tab.Load(t, path)
	tab.WaitFor(t, hydrated+` && performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname.startsWith("/data/routes-"))`, time.Minute)
}

// markLink marks the first link matching sel that shows with attribute
// attr, for pressLink; the page must show one.
func markLink(t *testing.T, tab *browsertest.Tab, sel, attr string) {
	t.Helper()
	if !eval[bool](t, tab, `(() => { const a = [...document.querySelectorAll(`+jsString(sel)+`)].find((a) => a.checkVisibility()); a?.setAttribute(`+jsString(attr)+`, ""); return !!a; })()`) {
		t.Fatalf("%s shows no %s", eval[string](t, tab, `location.pathname`), sel)
	}
}

// TestMalformedFragment: a link whose #fragment does not decode (a link
// pasted cut short, "#%E0%A4%A") is followed, and Back returns from it,
// without an error: decodeURIComponent threw in the click's handler, and
// stopped the navigation.
func TestMalformedFragment(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 800)
	loadApp(t, tab, "/")
	run(t, tab, `(() => { const a = document.createElement("a"); a.href = "#%E0%A4%A"; a.textContent = "cut short"; a.id = "cut-short"; document.querySelector("main").prepend(a); })()`)
	click(t, tab, "#cut-short")
	if err := chromedp.Do(tab.Ctx, browsertest.Until(`location.hash === "#%E0%A4%A"`, 10*time.Second)); err != nil {
		t.Errorf("the link to #%%E0%%A4%%A was not followed: at %q", eval[string](t, tab, `location.hash`))
	}
	run(t, tab, `history.back()`)
	tab.WaitFor(t, `location.hash === ""`, 10*time.Second)
	noConsoleErrors(t, tab)
}

// TestBackFocusesAHeadingNotItsLabel: Back to a page left from its top by
// the phone menu's Contact Us (the menu's entry gone with the menu) gives
// the focus to what is in view: to a heading, not to the label over it (a
// section's eyebrow, read as a line of capitals with no role: a screen
// reader's trial). On the fixture site's first page whose top holds such
// a label.
func TestBackFocusesAHeadingNotItsLabel(t *testing.T) {
	t.Parallel()
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	const menu, contact = "header .nav > .nav__burger", `#mobile-menu .menu-sheet__list a[href="/#contact-info"]`
	// labelled is the label over a heading that the page shows first.
	const labelled = `[...document.querySelectorAll("main :is(p, span, div) + :is(h1, h2, h3)")].map((h) => h.previousElementSibling).find((l) => l.checkVisibility() && l.textContent.trim() !== "")`
	tab := env.NewTab(t, 390, 844)
	var path string
	for _, p := range []string{"/about", "/services", "/insights", "/"} {
		tab.Load(t, p)
		tab.WaitFor(t, hydrated, time.Minute)
		if eval[bool](t, tab, `(() => { const l = `+labelled+`; return !!l && l.getBoundingClientRect().bottom < innerHeight; })()`) {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("no page of the fixture site shows a label over a heading at its top")
	}
	click(t, tab, menu)
	waitFor(t, tab, `document.querySelector("#mobile-menu").open && document.querySelector(`+jsString(contact)+`)?.checkVisibility()`)
	click(t, tab, contact)
	tab.WaitFor(t, `location.hash === "#contact-info" && !!document.getElementById("contact-info")`, 30*time.Second)
	run(t, tab, `history.back()`)
	there := `location.pathname === ` + jsString(path) + ` && location.hash === "" && ` + focusInView
	if err := chromedp.Do(tab.Ctx, browsertest.Until(there, 10*time.Second)); err != nil {
		t.Fatalf("Back to %s: %q, focus on %s", path, eval[string](t, tab, `location.pathname + location.hash`), eval[string](t, tab, focused))
	}
	if !eval[bool](t, tab, `/^H[1-6]$/.test(document.activeElement.tagName) || !/^H[1-6]$/.test(document.activeElement.nextElementSibling?.tagName ?? "")`) {
		t.Errorf("Back to %s: focus on the label over a heading, %s", path, eval[string](t, tab, focused))
	}
}
