package e2e

// The site-wide sweep: every route of the route table (read from content/,
// so a new route is covered without touching this file) at desktop and
// mobile widths, checked for console errors and hydration warnings,
// horizontal scroll, axe-core violations, keyboard reachability and
// content that stays visible without JavaScript; then client-side
// navigation between pages, the redirects and rewrites of routing.yaml, the
// pages of records below their lists and the 404 page.

import (
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// sweepMissingPath is a path no route answers: it stands for the notFound
// route, whose own path (/404) is not a URL visitors use.
const sweepMissingPath = "/sweep-no-such-page"

// sweepWidths are the viewports of the sweep: desktop and a small phone.
var sweepWidths = []int{1280, 375}

var sweepSiteOnce = sync.OnceValues(func() (*content.Site, error) {
	fsys, err := browsertest.ContentFS()
	if err != nil {
		return nil, err
	}
	return load.Site(fsys)
})

// sweepSite returns the content the site was built from.
func sweepSite(t *testing.T) *content.Site {
	t.Helper()
	s, err := sweepSiteOnce()
	if err != nil {
		t.Fatalf("load content: %v", err)
	}
	return s
}

// sweepPage is a route as the sweep visits it.
type sweepPage struct {
	Path  string // the URL path to load
	Title string // the document title the route sets
	Route content.Route
}

// sweepPages returns every page route (redirects excluded, and the
// record pages but one of each kind: sweepOneOfEach), the notFound route
// as sweepMissingPath.
func sweepPages(t *testing.T) []sweepPage {
	t.Helper()
	s := sweepSite(t)
	var out []sweepPage
	seen := sweepOneOfEach()
	for _, r := range s.Routes {
		if r.Redirect != "" || !seen(r) {
			continue
		}
		p := sweepPage{Path: r.Path, Title: head.Title(s.Config, r.Title), Route: r}
		if r.NotFound {
			p.Path = sweepMissingPath
		}
		out = append(out, p)
	}
	// Enough to tell a route table that was not read from an empty one,
	// without a page count an editor's edit could break.
	if len(out) < 2 || !slices.ContainsFunc(out, func(p sweepPage) bool { return p.Path == "/" }) {
		t.Fatalf("the route table has %d pages; want the home page and at least one more", len(out))
	}
	return out
}

// sweepOneOfEach returns a filter that keeps, of the pages the build makes
// for the records of a collection (a service's, a case study's page), the
// first of each kind, and every other page. Such pages differ only by the
// record's words, which the build's tests check on every one
// (generator/details_test.go); visiting each at every width and stop of
// the keyboard would add a third to the sweep's time for nothing a
// visitor could tell apart.
func sweepOneOfEach() func(content.Route) bool {
	kinds := map[string]bool{}
	return func(r content.Route) bool {
		if r.Subject == nil {
			return true
		}
		if kinds[r.Subject.Type] {
			return false
		}
		kinds[r.Subject.Type] = true
		return true
	}
}

// sweepName names a subtest after a path ("home" for /).
func sweepName(path string) string {
	if path == "/" {
		return "home"
	}
	return strings.TrimPrefix(path, "/")
}

// sweepNotFoundLog is the console line the 404 page writes on purpose.
func sweepNotFoundLog(path string) string {
	return "404 Error: User attempted to access non-existent route: " + path
}

// sweepUnexpectedErrors returns what the tab logged apart from the 404
// page's deliberate log line and the browser's report of its 404 status.
func sweepUnexpectedErrors(tab *browsertest.Tab, path string) []string {
	var out []string
	for _, e := range tab.ConsoleErrors() {
		if path == sweepMissingPath && strings.Contains(e, sweepNotFoundLog(path)) {
			continue
		}
		out = append(out, e)
	}
	for _, e := range tab.Errors() {
		if path == sweepMissingPath && strings.Contains(e, "404") && strings.Contains(e, path) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// sweepNewTab opens a tab that behaves as the focused window, so that
// keyboard focus moves as it does for a visitor even when several tabs
// run at once.
func sweepNewTab(t *testing.T, env *browsertest.Env, width, height int) *browsertest.Tab {
	t.Helper()
	tab := env.NewTab(t, width, height)
	if _, err := chromedp.Call(tab.Ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatalf("focus emulation: %v", err)
	}
	return tab
}

// sweepFocusables marks every element a visitor can see and should reach
// with the keyboard (links, buttons, form fields, summaries, positive
// tabindex) with data-sweep-key and starts recording which of them
// receive focus. It returns how many there are.
const sweepFocusables = `(() => {
  const sel = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
  const els = [...document.querySelectorAll(sel)].filter((el) =>
    !el.matches(':disabled, [tabindex^="-"], input[type="hidden"]') && !el.closest('[inert]') &&
    el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0);
  els.forEach((el, i) => el.setAttribute('data-sweep-key', String(i)));
  window.__sweepSeen = new Set();
  document.addEventListener('focusin', (e) => {
    const k = e.target.getAttribute && e.target.getAttribute('data-sweep-key');
    if (k !== null) window.__sweepSeen.add(k);
  }, true);
  document.activeElement && document.activeElement.blur();
  window.scrollTo(0, 0);
  return els.length;
})()`

// sweepUnreached lists the marked elements focus never reached.
const sweepUnreached = `[...document.querySelectorAll('[data-sweep-key]')]
  .filter((el) => !window.__sweepSeen.has(el.getAttribute('data-sweep-key')) && el.checkVisibility())
  .map((el) => el.outerHTML.slice(0, 160))`

// sweepAppAfterPaint is a script that says what is wrong, or nothing,
// with when the page fetched its app: after its first contentful paint.
const sweepAppAfterPaint = `(() => {
	const fcp = performance.getEntriesByName("first-contentful-paint")[0];
	const src = document.querySelector("script[data-scripts]")?.dataset.scripts.split(" ")[0];
	const app = src && performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname === src);
	if (!fcp || !app) return "first contentful paint at " + fcp?.startTime + ", app " + src + " fetched at " + app?.startTime;
	return app.startTime > fcp.startTime ? "" : "app " + src + " fetched at " + app.startTime + " ms, first contentful paint at " + fcp.startTime + " ms";
})()`

// TestSweepRoutes checks every route at every sweep width.
func TestSweepRoutes(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	pages := sweepPages(t)
	checked := newPartsSeen(sweepSite(t)).onBackground()
	for _, width := range sweepWidths {
		// The widths run one after the other, in this test's own place
		// among the parallel tests. As parallel subtests, each in a place
		// of its own, they waited for this function to return and then
		// queued behind every test already waiting: the longest chains of
		// the suite started last: in three runs of five they were the
		// browser tests' last 30 to 40 s, two tabs and nothing else of
		// theirs. make test took 338 to 382 s with them in turn, 352 to
		// 413 s as they were (four runs each, alternating, 7 December
		// 2026; docs/measurements.md).
		t.Run(fmt.Sprintf("w%d", width), func(t *testing.T) {
			// One tab for the pages at this width (a tab costs more than
			// a page: browsertest.Env.NewTab), each page loaded into it
			// as from an address typed in: nothing here stores anything,
			// and what the tab logged is forgotten before each page.
			tab := sweepNewTab(t, env, width, 900)
			setAside := 0
			defer func() {
				if setAside == 0 && !t.Failed() {
					t.Error("no page has a section below the fold to fade in: the fade is not checked")
				}
			}()
			for _, p := range pages {
				t.Run(sweepName(p.Path), func(t *testing.T) {
					tab.Reset()
					tab.Load(t, p.Path)

					if errs := sweepUnexpectedErrors(tab, p.Path); len(errs) > 0 {
						t.Errorf("console or browser errors: %q", errs)
					}
					if p.Path == sweepMissingPath {
						sweepPollLog(t, tab, sweepNotFoundLog(p.Path))
					}

					type dims struct {
						ScrollWidth int `json:"scrollWidth"`
						InnerWidth  int `json:"innerWidth"`
						H1          int `json:"h1"`
						// AppAfterPaint: the app was fetched after the
						// page's first contentful paint (generator/document/loader.go).
						AppAfterPaint string `json:"appAfterPaint"`
					}
					d, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[dims](`({scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, h1: document.querySelectorAll('h1').length, appAfterPaint: `+sweepAppAfterPaint+`})`))
					if err != nil {
						t.Fatal(err)
					}
					if d.AppAfterPaint != "" {
						t.Errorf("the app came before the content: %s", d.AppAfterPaint)
					}
					if d.ScrollWidth > d.InnerWidth {
						wide, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 5).map((el) => el.outerHTML.slice(0, 120))`))
						t.Errorf("horizontal scroll: scrollWidth %d > innerWidth %d; widest elements: %q", d.ScrollWidth, d.InnerWidth, wide)
					}
					if d.H1 != 1 {
						t.Errorf("page has %d h1 elements, want 1", d.H1)
					}

					if !checked.first(p, width) {
						t.Logf("fade, axe-core and keyboard walk left to make test-full: every part of this page was checked on another at %d px", width)
						return
					}
					setAside += sweepReveal(t, tab)
					sweepSettle(t, tab)
					if v := browsertest.Axe(t, tab.Ctx); len(v) > 0 {
						t.Errorf("axe-core: %d WCAG 2.2 A/AA violations:\n%s", len(v), sweepLines(v))
					}
					// A landmark holds something: a screen reader lists
					// each, and an empty one is a stop for nothing (the
					// toasts' region on every page, a trial).
					if empty := eval[[]string](t, tab, sweepEmptyLandmarks); len(empty) > 0 {
						t.Errorf("empty landmarks: %q", empty)
					}
					// A table's column headings stay in the accessibility
					// tree at every width, where they name its cells (a
					// trial: at 375 px the sub-processors' were display:
					// none, and "United States" said nothing of itself).
					if hidden := eval[[]string](t, tab, sweepHiddenColumnHeadings); len(hidden) > 0 {
						t.Errorf("column headings hidden from screen readers: %q", hidden)
					}
					// Nor a list with nothing in it: "list, 0 items" (the
					// toasts' list at every page's end, a trial).
					if empty := eval[[]string](t, tab, sweepEmptyLists); len(empty) > 0 {
						t.Errorf("empty lists: %q", empty)
					}
					// A link that opens a new tab says so to a screen reader
					// (a trial: none did).
					if silent := eval[[]string](t, tab, sweepSilentNewTabs); len(silent) > 0 {
						t.Errorf("links that open a new tab without saying so: %q", silent)
					}

					n, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[int](sweepFocusables))
					if err != nil {
						t.Fatal(err)
					}
					// Two extra presses let focus leave the page and come back.
					// The keydown alone moves focus: one round trip a press.
					// At each stop, what a visitor sees of the focused element
					// and of its focus indicator (focus_test.go).
					tabDown := *kb.Encode([]rune(kb.Tab)[0])[0]
					var walk focusWalk
					for i := 0; i < n+2; i++ {
						if _, err := chromedp.Call(tab.Ctx, input.DispatchKeyEvent, tabDown); err != nil {
							t.Fatal(err)
						}
						s, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[*stop](focusStop))
						if err != nil {
							t.Fatal(err)
						}
						walk.add(s)
					}
					t.Logf("tab walk: %d stops, most covered %.0f%% (%s)", walk.Stops, 100*walk.Worst.Covered, walk.Worst.El)
					for _, p := range walk.problems {
						t.Error(p)
					}
					missed, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](sweepUnreached))
					if err != nil {
						t.Fatal(err)
					}
					if len(missed) > 0 {
						t.Errorf("%d of %d interactive elements never received keyboard focus: %q", len(missed), n, missed)
					}
				})
			}
		})
	}
}

// TestSweepWithoutJavaScript loads every route with scripts disabled: the
// prerendered HTML alone must show the whole page (no content waiting for
// JavaScript to become visible) and its links must be real links. The
// contact form, which cannot send without JavaScript, gives way to a note
// (TestContactFormNeedsJavaScript).
func TestSweepWithoutJavaScript(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	tab := sweepNewTab(t, env, 1280, 900)
	scriptsOff(t, tab)
	// Every link to a part of a page (the footer's "Contact", "Talk to an
	// expert"), by the page it leads to and where it is; and each page's
	// parts a visitor can be taken to (shown, or in a closed <details>,
	// which the browser opens for it).
	links := map[string][]string{}
	shown := map[string]map[string]bool{}
	for _, p := range sweepPages(t) {
		t.Run(sweepName(p.Path), func(t *testing.T) {
			if err := chromedp.Do(tab.Ctx,
				chromedp.Navigate(env.URL+p.Path),
				chromedp.WaitReady(chromedp.CSS("main h1"), browsertest.Unhurried),
			); err != nil {
				t.Fatalf("load %s: %v", p.Path, err)
			}
			type report struct {
				Hidden    []string `json:"hidden"`
				Blank     []string `json:"blank"`
				Fragments []string `json:"fragments"`
				Targets   []string `json:"targets"`
				States    []string `json:"states"`
				Unread    []string `json:"unread"`
			}
			r, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[report](`({
  hidden: [...document.querySelectorAll('main :is(h1, h2, h3, p, li, img)')]
    .filter((el) => !el.closest('dialog, details:not([open]), [hidden], [aria-hidden="true"], #contact-form') &&
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .slice(0, 5).map((el) => el.outerHTML.slice(0, 120)),
  blank: [...document.querySelectorAll('a')].filter((a) => !a.getAttribute('href')).slice(0, 5).map((a) => a.outerHTML.slice(0, 120)),
  fragments: [...document.querySelectorAll('a[href*="#"]')].map((a) => new URL(a.href))
    .filter((u) => u.origin === location.origin && u.hash.length > 1).map((u) => u.pathname + "#" + decodeURIComponent(u.hash.slice(1))),
  targets: [...document.querySelectorAll('[id]')].filter((el) => el.checkVisibility() || el.closest('details:not([open])')).map((el) => el.id),
  // Every link of the header a visitor can read on to, or open: a screen
  // reader that reads rather than Tabs never met a closed menu's links,
  // behind a button that did nothing when pressed (a trial). A closed
  // popover's links are behind a button the browser runs, which says
  // "collapsed" (TestHeaderMenusWithoutJavaScript presses it).
  unread: [...document.querySelectorAll('header a[href]')].filter((a) => !a.closest('dialog') && !a.checkVisibility() &&
    !((p) => p && [...document.querySelectorAll('[popovertarget]')].some((b) => b.popoverTargetElement === p && b.checkVisibility()))(a.closest('[popover]')))
    .map((a) => a.textContent.trim()),
  // What a control that opens a part says of it, as a screen reader
  // reads it on reaching the control, against what the page shows then.
  states: [...document.querySelectorAll('[aria-expanded][aria-controls]')].filter((c) => c.checkVisibility()).flatMap((c) => {
    c.focus();
    const says = c.getAttribute('aria-expanded') === 'true', shows = !!document.getElementById(c.getAttribute('aria-controls'))?.checkVisibility();
    c.blur();
    return says === shows ? [] : [c.textContent.trim() + ' says ' + (says ? 'expanded' : 'collapsed') + ' while its part is ' + (shows ? 'shown' : 'hidden')];
  }),
})`))
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Hidden) > 0 {
				t.Errorf("content invisible without JavaScript: %q", r.Hidden)
			}
			if len(r.Blank) > 0 {
				t.Errorf("links without href: %q", r.Blank)
			}
			if len(r.Unread) > 0 {
				t.Errorf("without JavaScript, the header's links %q are out of a screen reader's reach, with no button to open them", r.Unread)
			}
			if len(r.States) > 0 {
				t.Errorf("without JavaScript, focused: %q", r.States)
			}
			for _, f := range r.Fragments {
				links[f] = append(links[f], p.Path)
			}
			shown[p.Path] = map[string]bool{}
			for _, id := range r.Targets {
				shown[p.Path][id] = true
			}
		})
	}
	// A link to a part hidden without JavaScript (the contact form, which
	// gives way to a note) changes the address and moves nothing: the
	// visitor sees a link that does not work.
	for f, from := range links {
		path, id, _ := strings.Cut(f, "#")
		if ids, visited := shown[path]; visited && !ids[id] {
			pages := slices.Compact(slices.Sorted(slices.Values(from)))
			t.Errorf("without JavaScript, the link to %s (on %d pages: %s) leads nowhere: no part of %s with that id is shown", f, len(pages), strings.Join(pages, " "), path)
		}
	}
}

// sweepHeadDiff fetches the server's HTML of a path and compares the head
// fields a page sets (title, description, keywords, URL, canonical, robots,
// the structured-data blocks) with the live document's; it returns the
// differences, or "".
const sweepHeadDiff = `(async (path) => {
  const server = new DOMParser().parseFromString(await (await fetch(path)).text(), "text/html");
  const fields = (d) => {
    const out = { title: d.title, canonical: d.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "(none)" };
    for (const sel of ['name="description"', 'name="keywords"', 'name="robots"', 'name="googlebot"', 'name="bingbot"',
      'property="og:url"', 'property="og:title"', 'property="og:description"', 'name="twitter:title"', 'name="twitter:description"']) {
      out[sel] = d.head.querySelector("meta[" + sel + "]")?.getAttribute("content") ?? "(none)";
    }
    out.jsonLD = [...d.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent).join("\n");
    return out;
  };
  const a = fields(document), b = fields(server);
  return Object.keys(b).filter((k) => a[k] !== b[k]).map((k) => k + ": " + JSON.stringify(a[k]) + " != server " + JSON.stringify(b[k])).join("; ");
})(%q)`

// TestSweepClientNavigation walks from page to page through the whole route
// table in one document: by clicking a link to the next page where the
// current page has one, otherwise through the router's history. Each
// arrival must be at the top, with the head of the server's HTML for that
// page, without a page load.
func TestSweepClientNavigation(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	pages := sweepPages(t)
	tab := sweepNewTab(t, env, 1280, 800)
	tab.Load(t, pages[0].Path)
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](`window.__sweepSameDocument = true`)); err != nil {
		t.Fatal(err)
	}
	clicked := 0
	for i := 1; i <= len(pages); i++ {
		from, to := pages[i-1], pages[i%len(pages)]
		t.Run(fmt.Sprintf("%s to %s", from.Path, to.Path), func(t *testing.T) {
			tab.Reset()
			how, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](fmt.Sprintf(`((to) => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const a = [...document.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === to && !a.target);
  if (a) { a.click(); return 'click'; }
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
  return 'history';
})(%q)`, to.Path)))
			if err != nil {
				t.Fatal(err)
			}
			if how == "click" {
				clicked++
			}
			arrived := fmt.Sprintf(`location.pathname === %q && document.title === %q && window.scrollY === 0 && document.querySelectorAll('main h1').length === 1`, to.Path, to.Title)
			if err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](arrived)); err != nil {
				state, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.pathname + " | " + document.title + " | scrollY " + window.scrollY`))
				t.Fatalf("did not arrive at %s (%s, by %s): %v; at %s", to.Path, to.Title, how, err, state)
			}
			same, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.__sweepSameDocument === true`))
			if err != nil || !same {
				t.Fatalf("navigation by %s reloaded the document", how)
			}
			if diff, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](fmt.Sprintf(sweepHeadDiff, to.Path), chromedp.EvalAwaitPromise)); err != nil || diff != "" {
				t.Errorf("document.head after a client-side navigation differs from the server's HTML: %s %v", diff, err)
			}
			if to.Path == sweepMissingPath {
				sweepPollLog(t, tab, sweepNotFoundLog(to.Path))
			}
			if errs := sweepUnexpectedErrors(tab, to.Path); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
	if clicked == 0 {
		t.Errorf("no page linked to the next one: the walk never clicked a link")
	}
}

// TestSweepRouting checks the routes that are not plain pages, as the
// route table the build loads from content/ has them: each redirect, each
// page that answers for the paths below it (a rewrite), the pages of
// records below their list with an unknown record not found, and the 404
// page; from the server and in the browser.
func TestSweepRouting(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	notFound := sweepSection[sections.NotFoundSection](t, site.Pages["/404"])
	var redirects, prefixes []content.Route
	for _, r := range site.Routes {
		switch {
		case r.Redirect != "":
			redirects = append(redirects, r)
		case r.Prefix:
			prefixes = append(prefixes, r)
		}
	}
	// The lists of records: the parents of the records' pages.
	lists := map[string]bool{}
	for _, r := range site.Routes {
		if r.Subject != nil {
			lists[r.Path[:strings.LastIndexByte(r.Path, '/')]] = true
		}
	}

	t.Run("server", func(t *testing.T) {
		type req struct {
			path     string
			status   int
			location string
		}
		cases := []req{{sweepMissingPath, http.StatusNotFound, ""}}
		for _, r := range redirects {
			cases = append(cases, req{r.Path, http.StatusMovedPermanently, r.Redirect})
		}
		for _, r := range prefixes {
			cases = append(cases, req{r.Path + "/anything", http.StatusOK, ""}, req{r.Path + "/a/b", http.StatusOK, ""})
		}
		for list := range lists {
			if _, ok := site.Pages[list]; ok && !slices.ContainsFunc(prefixes, func(r content.Route) bool { return r.Path == list }) {
				cases = append(cases, req{list + "/sweep-no-such-record", http.StatusNotFound, ""})
			}
		}
		for _, c := range cases {
			res := env.Get(t, c.path)
			res.Body.Close()
			if res.StatusCode != c.status {
				t.Errorf("GET %s: status %d, want %d", c.path, res.StatusCode, c.status)
			}
			if loc := res.Header.Get("Location"); c.location != "" && loc != c.location {
				t.Errorf("GET %s: Location %q, want %q", c.path, loc, c.location)
			}
		}
	})

	if len(redirects) > 0 {
		r := redirects[0]
		to, _ := site.Route(r.Redirect)
		t.Run("a redirect lands on its page", func(t *testing.T) {
			landed := fmt.Sprintf(`location.pathname === %q && document.title === %q`, to.Path, head.Title(site.Config, to.Title))
			tab := sweepNewTab(t, env, 1280, 800)
			tab.Load(t, r.Path)
			sweepWaitFor(t, tab, landed)
			// In the app, too: the router replaces the redirect's path.
			tab.Load(t, "/")
			sweepEval(t, tab, fmt.Sprintf(`history.pushState(null, "", %q); dispatchEvent(new PopStateEvent("popstate"))`, r.Path))
			sweepWaitFor(t, tab, landed)
			if errs := sweepUnexpectedErrors(tab, to.Path); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}

	if len(prefixes) > 0 {
		r := prefixes[0]
		t.Run("a path below a rewrite shows its page", func(t *testing.T) {
			path := r.Path + "/anything"
			tab := sweepNewTab(t, env, 1280, 800)
			tab.Load(t, path)
			sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && document.title === %q`, path, head.Title(site.Config, r.Title)))
			if errs := sweepUnexpectedErrors(tab, path); len(errs) > 0 {
				t.Errorf("%s: console errors: %q", path, errs)
			}
		})
	}

	t.Run("unknown path shows the 404 page", func(t *testing.T) {
		tab := sweepNewTab(t, env, 1280, 800)
		tab.Load(t, sweepMissingPath)
		sweepWaitFor(t, tab, fmt.Sprintf(`document.querySelector("h1").textContent === %q && [...document.querySelectorAll("main a")].some((a) => a.getAttribute("href") === "/" && a.textContent.trim() === %q)`, notFound.Heading, notFound.ReturnHome))
		sweepPollLog(t, tab, sweepNotFoundLog(sweepMissingPath))
		if errs := sweepUnexpectedErrors(tab, sweepMissingPath); len(errs) > 0 {
			t.Errorf("console errors besides the 404 log: %q", errs)
		}
		// Return to Home goes home without a page load.
		sweepEval(t, tab, `window.__sweepSameDocument = true; [...document.querySelectorAll("main a")].find((a) => a.getAttribute("href") === "/").click()`)
		sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === "/" && document.title === %q && window.__sweepSameDocument === true`, head.Title(site.Config, site.Pages["/"].Route.Title)))
	})
}

// sweepWaitFor polls until the expression is true.
func sweepWaitFor(t *testing.T, tab *browsertest.Tab, expr string) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](expr)); err != nil {
		state, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.pathname + " | " + document.title`))
		t.Fatalf("waiting for %s: %v (page: %s; console: %q)", expr, err, state, tab.ConsoleErrors())
	}
}

// sweepPollLog waits until the tab has logged a console line containing s.
func sweepPollLog(t *testing.T, tab *browsertest.Tab, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, e := range tab.ConsoleErrors() {
			if strings.Contains(e, s) {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("console never logged %q; logged: %q", s, tab.ConsoleErrors())
}

// sweepSettle scrolls through the whole page so that every section fades
// in (hooks/use-reveal), waits until no transition or animation is running
// and returns to the top: axe-core then measures the colours a visitor
// sees, not a frame of a fade.
func sweepSettle(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	const script = `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, innerHeight * 0.7)) {
    window.scrollTo(0, y);
    await frame();
  }
  window.scrollTo(0, document.documentElement.scrollHeight);
  await frame();
  window.scrollTo(0, 0);
  await frame();
  return true;
})()`
	if _, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](script, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("scroll through the page: %v", err)
	}
	sweepWaitFor(t, tab, `[...document.querySelectorAll(".reveal")].every((el) => el.classList.contains("is-visible") && !el.classList.contains("is-pending")) && document.getAnimations().every((a) => a.playState !== "running")`)
}

// sweepEval runs a script for its effect.
func sweepEval(t *testing.T, tab *browsertest.Tab, script string) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](script)); err != nil {
		t.Fatalf("%s: %v", script, err)
	}
}

func sweepLines[T fmt.Stringer](vs []T) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString("  " + v.String() + "\n")
	}
	return b.String()
}

// partsSeen samples pages by their parts: make test runs a check that is
// the same for every page built of the same parts (the keyboard walk of
// TestSweepRoutes, the hydration cost of TestHydrationHasNoLongTaskOfItsOwn)
// on each page that has a part no page checked before it has (at that
// width): a section kind (on the background its place gives it, for the
// sweep's checks: onBackground), or for a page without sections the kind of page
// (an article, a record's page, a text page, the 404 page). With
// fullSweeps (make test-full, and CI), every page.
//
// The keyboard walk checks what each component does with focus (its
// indicator, what covers it, every control reached), axe-core what each
// component's markup and colours give assistive technology, and the fade
// what each section does as it scrolls in; a page made of components
// already checked adds the same components with other words. What words
// alone can break is refused by every build instead (a blank alt text:
// generator/content; a broken link: generator/guard), and the sweep's
// other checks (errors, hydration warnings, sideways scroll, one h1) run
// on every page. The three sampled checks took most of the sweep's time.
type partsSeen struct {
	site *content.Site
	// own, when not nil, tells a section on a background of its own from
	// a light one, whose part is then its kind on the background its place
	// gives it (onBackground).
	own map[string]bool
	// lead counts what leads a page, its first two sections' kinds in
	// order, as a part of its own (withLead).
	lead bool
	mu   sync.Mutex
	seen map[string]bool // "width part"
}

func newPartsSeen(s *content.Site) *partsSeen {
	return &partsSeen{site: s, seen: map[string]bool{}}
}

// onBackground is newPartsSeen for the checks whose result depends on
// what a section stands on as well as on what it is: axe-core's contrast
// and the keyboard walk's focus indicator. The light sections alternate
// white and soft grey by their place on the page (the app's Sections), so
// a kind checked on white has not been checked on grey.
func (f *partsSeen) onBackground() *partsSeen {
	f.own = map[string]bool{}
	for _, k := range content.Kinds() {
		f.own[k.Name] = k.OwnBackground
	}
	return f
}

// withLead is newPartsSeen for a check of the first screen alone (the
// parse cuts), whose parts depend on a page's order: the contact form
// right under the demo page's hero moved as it arrived, where on the home
// page, far below the fold, no cut had looked at it.
func (f *partsSeen) withLead() *partsSeen {
	f.lead = true
	return f
}

// first says whether p is to be checked at width, and marks its parts.
func (f *partsSeen) first(p sweepPage, width int) bool {
	if fullSweeps {
		return true
	}
	var parts []string
	switch r := p.Route; {
	case r.NotFound:
		parts = append(parts, "404")
	case r.Posting != nil:
		parts = append(parts, "article")
	case r.Subject != nil:
		parts = append(parts, "record "+r.Subject.Type)
	}
	if pg := f.site.Pages[p.Route.Path]; pg != nil {
		band := 0
		for _, s := range pg.Sections {
			part := "kind " + s.Kind
			if f.own != nil && !f.own[s.Kind] {
				part += [2]string{" on white", " on grey"}[band%2]
				band++
			}
			parts = append(parts, part)
		}
		if f.lead {
			var lead []string
			for _, s := range pg.Sections[:min(2, len(pg.Sections))] {
				lead = append(lead, s.Kind)
			}
			parts = append(parts, "lead "+strings.Join(lead, " "))
		}
	}
	if len(parts) == 0 && path.Ext(p.Route.File) == ".md" {
		parts = append(parts, "text page")
	} else if len(parts) == 0 {
		parts = append(parts, "page "+p.Route.Path)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	isNew := false
	for _, part := range parts {
		key := fmt.Sprint(width, " ", part)
		if !f.seen[key] {
			f.seen[key], isNew = true, true
		}
	}
	return isNew
}

// sweepSilentNewTabs lists the page's links that open a new tab and whose
// description (aria-describedby) says nothing. A description, not the
// name: the name stays the words a visitor sees, which other tools and
// voice control go by.
const sweepSilentNewTabs = `[...document.querySelectorAll("a[target=_blank]")].filter((a) =>
  !(a.getAttribute("aria-describedby") ?? "").split(/\s+/).some((id) => id && document.getElementById(id)?.textContent.trim()))
  .map((a) => a.outerHTML.slice(0, 100))`

// sweepHiddenColumnHeadings lists the column headings of the page's
// tables that are not rendered (display: none, here or above).
const sweepHiddenColumnHeadings = `[...document.querySelectorAll("table thead th, table th[scope=col]")].filter((th) =>
  !th.checkVisibility()).map((th) => th.outerHTML.slice(0, 80))`

// sweepEmptyLists lists the page's lists, as the browser computes the
// role, that have no item.
const sweepEmptyLists = `[...document.querySelectorAll("ul, ol, [role=list]")].filter((e) =>
  e.computedRole === "list" && !e.querySelector("li, [role=listitem]"))
  .map((e) => e.outerHTML.slice(0, 80))`

// sweepEmptyLandmarks lists the page's landmarks, by the role the browser
// computes, that hold no text, image or control. Only the elements that
// can be one are asked: each computedRole builds the element's
// accessibility objects, and asking every element of a page cost that
// for thousands.
const sweepEmptyLandmarks = `[...document.querySelectorAll("header, footer, main, nav, aside, section, form, search, [role]")].filter((e) =>
  ["banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"].includes(e.computedRole)
  && e.textContent.trim() === "" && !e.querySelector("img, svg, input, select, textarea, button, iframe, video, audio"))
  .map((e) => e.computedRole + " " + e.outerHTML.slice(0, 80))`
