package e2e

// Browser tests of the home page and the shared components (issue 3): one
// subtest per behaviour, at 1280 px and 375 px where the behaviour differs.

import (
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/sections"
	"github.com/vozia/site/internal/testkit/browsertest"
)

const (
	desktop = 1280
	mobile  = 375
)

// homeTab opens the home page in a fresh browser context (no storage). With
// consent set, a choice is stored first, as a returning visitor has it, so
// that the cookie banner stays out of the way: on the site's smallest
// document, which has the same origin and no app to wait for. With reduced
// motion, sections are visible at once and scrolling is instant. The page's
// clock can be moved forward (aheadOfClock).
func homeTab(t *testing.T, env *browsertest.Env, width int, consent, reducedMotion bool) *browsertest.Tab {
	t.Helper()
	tab := env.NewTab(t, width, 900)
	if _, err := chromedp.Call(tab.Ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if reducedMotion {
		reduceMotion(t, tab)
	}
	movableClock(t, tab)
	if consent {
		do(t, tab, chromedp.Navigate(env.URL+"/robots.txt"))
		run(t, tab, `localStorage.setItem("cookie-consent", JSON.stringify({essential: true, analytics: false, marketing: false}))`)
	}
	tab.Load(t, "/")
	return tab
}

// reduceMotion makes the tab's pages see a visitor who asks for less
// motion (prefers-reduced-motion: reduce).
func reduceMotion(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
	}); err != nil {
		t.Fatal(err)
	}
}

// consentIn: the cookie banner is shown and has come in, so that it takes
// presses (cookie-consent.css), and its boxes are where they stay.
const consentIn = `(() => { const b = document.querySelector("section.consent"); return !!b && b.getAnimations().every((a) => a.playState === "finished"); })()`

// movableClock makes every page the tab loads from now on run
// movableClockScript before its own scripts.
func movableClock(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: movableClockScript}); err != nil {
		t.Fatal(err)
	}
}

// movableClockScript: Date.now keeps the real time until a test moves it
// forward with window.__clockAhead(ms).
const movableClockScript = `(() => {
  const now = Date.now;
  let ahead = 0;
  Date.now = () => now() + ahead;
  window.__clockAhead = (ms) => { ahead += ms; };
})()`

// aheadOfClock moves the page's clock (Date.now) forward by d, where a
// visitor would have waited d: the contact form refuses a submit in its
// first 3000 ms, by Date.now. Each load of a homeTab starts on real time.
func aheadOfClock(t *testing.T, tab *browsertest.Tab, d time.Duration) {
	t.Helper()
	run(t, tab, fmt.Sprintf(`window.__clockAhead(%d)`, d.Milliseconds()))
}

func eval[T any](t *testing.T, tab *browsertest.Tab, js string) T {
	t.Helper()
	v, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

func run(t *testing.T, tab *browsertest.Tab, js string) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](js)); err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
}

// leave takes a step that ends the page's document: a Back or Forward to
// an entry of another document, a reload. The step runs just after the
// evaluation has returned: run in place, it can close the context the
// evaluation runs in before the answer comes back, and the evaluation
// fails ("Inspected target navigated or closed") though the step was
// taken. The caller waits for the document it leads to.
func leave(t *testing.T, tab *browsertest.Tab, step string) {
	t.Helper()
	run(t, tab, `setTimeout(() => { `+step+` })`)
}

// waitFor polls a condition (never a fixed sleep) for up to 6 s.
// watchHoverOpen records, in the page's own clock, when the pointer enters
// the trigger and when the trigger first reports itself expanded, so that a
// delay is judged by the page's timing, not by how fast a loaded machine
// gets the test's next question to the browser.
// trigger is a JavaScript expression for the element.
func watchHoverOpen(t *testing.T, tab *browsertest.Tab, trigger string) {
	t.Helper()
	run(t, tab, `(() => {
		const b = `+trigger+`;
		const h = window.__hoverOpen = {};
		b.addEventListener("pointerenter", () => { h.enter ??= performance.now(); }, { once: true });
		new MutationObserver(() => {
			if (b.getAttribute("aria-expanded") === "true") h.open ??= performance.now();
		}).observe(b, { attributes: true, attributeFilter: ["aria-expanded"] });
	})()`)
}

// hoverOpenDelay is the time from the pointer entering the trigger to its
// opening, as watchHoverOpen recorded it.
func hoverOpenDelay(t *testing.T, tab *browsertest.Tab) float64 {
	t.Helper()
	return eval[float64](t, tab, `(() => { const h = window.__hoverOpen; return h && h.enter !== undefined && h.open !== undefined ? h.open - h.enter : -1; })()`)
}

// fillContactForm fills every field of the contact form with valid values,
// as a visitor types them, choosing the given company size.
func fillContactForm(t *testing.T, tab *browsertest.Tab, size string) {
	t.Helper()
	do(t, tab,
		chromedp.SendKeys(chromedp.CSS("#cf-firstName"), "Ada"),
		chromedp.SendKeys(chromedp.CSS("#cf-lastName"), "Lovelace"),
		chromedp.SendKeys(chromedp.CSS("#cf-email"), "ada@example.com"),
		chromedp.SendKeys(chromedp.CSS("#cf-phone"), "+34 600 000 000"),
		chromedp.SetValue(chromedp.CSS("#cf-companySize"), size),
		chromedp.SendKeys(chromedp.CSS("#cf-message"), "We want to interview our customers."),
	)
}

// pageWait waits ms by the page's clock, then two of its frames: past a
// delay of the page's own, however slowly the machine runs.
func pageWait(t *testing.T, tab *browsertest.Tab, ms int) {
	t.Helper()
	if _, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](fmt.Sprintf(`new Promise((ok) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))), %d))`, ms), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

func waitFor(t *testing.T, tab *browsertest.Tab, cond string) {
	t.Helper()
	tab.WaitFor(t, cond, 6*time.Second)
}

func do(t *testing.T, tab *browsertest.Tab, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func click(t *testing.T, tab *browsertest.Tab, sel string) {
	t.Helper()
	do(t, tab, chromedp.Click(chromedp.CSS(sel)))
}

func noConsoleErrors(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}

// landedAt: the element's top sits just under the fixed navigation.
func landedAt(id string) string {
	return fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return r.top >= 0 && r.top < 120; })()`, id)
}

func TestHomePage(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)

	for _, w := range []int{desktop, mobile} {
		t.Run(fmt.Sprintf("axe and console at %d", w), func(t *testing.T) {
			tab := homeTab(t, env, w, false, true)
			waitFor(t, tab, consentIn)
			if v := browsertest.Axe(t, tab.Ctx); len(v) > 0 {
				t.Errorf("axe: %v", v)
			}
			noConsoleErrors(t, tab)
		})
	}

	t.Run("sections present with their anchors", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		got := eval[string](t, tab, `["solutions","case-studies","about-us","contact-info","contact-form"].filter(id => !document.getElementById(id)).join(",")`)
		if got != "" {
			t.Errorf("missing anchors: %s", got)
		}
		counts := eval[[]int](t, tab, `[
			document.querySelectorAll("#solutions .service").length,
			document.querySelectorAll("#solutions .product").length,
			document.querySelectorAll("#case-studies .study").length,
			document.querySelectorAll("#about-us .founder").length,
			document.querySelectorAll("details[name=faq]").length,
			document.querySelectorAll(".hero__tags li").length,
		]`)
		// What the page must show comes from the content it was built
		// from, so an editor's 13th FAQ entry keeps this test green.
		home := sweepSite(t).Pages["/"]
		hero, lines := sectionOf[sections.HomeHeroSection](t, home), sectionOf[sections.BusinessLinesSection](t, home)
		c := home.Collections
		if want := []int{len(c.Services), len(lines.Products), len(c.CaseStudies), len(c.Founders), len(c.FAQ), len(hero.Tags)}; fmt.Sprint(counts) != fmt.Sprint(want) {
			t.Errorf("services, products, studies, founders, faq, tags = %v, want %v", counts, want)
		}
		text := eval[string](t, tab, `document.querySelector(".dash").textContent`)
		for _, s := range hero.Dashboard.Stats {
			if !strings.Contains(text, s.Value) {
				t.Errorf("dashboard lacks %q", s.Value)
			}
		}
		// Every image reserves its box.
		if bad := eval[int](t, tab, `[...document.images].filter(i => !i.getAttribute("width") || !i.getAttribute("height")).length`); bad > 0 {
			t.Errorf("%d images without width and height", bad)
		}
		year := fmt.Sprint(time.Now().Year())
		if c := eval[string](t, tab, `document.querySelector(".footer__bottom p").textContent`); !strings.Contains(c, year) {
			t.Errorf("copyright %q lacks %s", c, year)
		}
		// External links open a new tab safely.
		if bad := eval[int](t, tab, `[...document.querySelectorAll('a[target=_blank]')].filter(a => a.rel !== "noopener noreferrer").length`); bad > 0 {
			t.Errorf("%d new-tab links without rel=noopener noreferrer", bad)
		}
		demo := eval[string](t, tab, `(() => { const a = document.querySelector(".nav__desktop ~ .nav__demo"); return a.target + " " + a.href; })()`)
		// site.yaml's demo: the hosted form in a new tab, or the site's own
		// demo page in this one.
		if href := sweepSite(t).Config.DemoHref; strings.HasPrefix(href, "/") {
			if !strings.HasPrefix(demo, " http") || !strings.HasSuffix(demo, href) {
				t.Errorf("Request a Demo = %q, want the site's own %s in this tab", demo, href)
			}
		} else if !strings.HasPrefix(demo, "_blank https://") {
			t.Errorf("Request a Demo = %q, want an external link in a new tab", demo)
		}
	})

	t.Run("desktop-only hero tags hidden on a phone", func(t *testing.T) {
		tags := sectionOf[sections.HomeHeroSection](t, sweepSite(t).Pages["/"]).Tags
		everywhere := 0
		for _, tag := range tags {
			if !tag.DesktopOnly {
				everywhere++
			}
		}
		for _, c := range []struct {
			w    int
			want int
		}{{desktop, len(tags)}, {mobile, everywhere}} {
			tab := homeTab(t, env, c.w, true, true)
			if n := eval[int](t, tab, `[...document.querySelectorAll(".hero__tags li")].filter(e => e.checkVisibility()).length`); n != c.want {
				t.Errorf("at %d px: %d visible tags, want %d", c.w, n, c.want)
			}
		}
	})

	t.Run("nav turns translucent after 10px", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		bg := `getComputedStyle(document.querySelector(".site-header")).backgroundColor`
		if got := eval[string](t, tab, bg); got != "rgb(11, 11, 12)" {
			t.Errorf("nav at top: %s, want black", got)
		}
		run(t, tab, `window.scrollTo(0, 10)`)
		if eval[bool](t, tab, `document.querySelector(".site-header").classList.contains("is-scrolled")`) {
			t.Error("nav scrolled at exactly 10px")
		}
		run(t, tab, `window.scrollTo(0, 11)`)
		waitFor(t, tab, `document.querySelector(".site-header").classList.contains("is-scrolled")`)
		waitFor(t, tab, bg+` === "rgba(255, 255, 255, 0.92)"`)
		run(t, tab, `window.scrollTo(0, 0)`)
		waitFor(t, tab, `!document.querySelector(".site-header").classList.contains("is-scrolled")`)
	})

	t.Run("menus", func(t *testing.T) {
		// Each menu of layout.yaml drops down with its links, Escape closes
		// it with focus back on its trigger, and a link leads to its page.
		env, site := siteWith(t, "a header menu", hasMenu)
		nav := site.Layout.Nav
		tab := homeTab(t, env, desktop, true, false)
		for _, it := range nav.Items {
			if len(it.Items) == 0 {
				continue
			}
			trigger := byText("header button", it.Label)
			list := `document.getElementById(` + trigger + `.getAttribute("aria-controls"))`
			run(t, tab, trigger+`.click()`)
			waitFor(t, tab, trigger+`.getAttribute("aria-expanded") === "true" && `+list+`.checkVisibility()`)
			var want []string
			for _, l := range it.Items {
				want = append(want, l.Label+" "+string(l.Href))
			}
			got := eval[[]string](t, tab, `[...`+list+`.querySelectorAll("a")].map(a => a.textContent + " " + a.getAttribute("href"))`)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("menu %q lists %v, want %v", it.Label, got, want)
			}
			run(t, tab, list+`.querySelector("a").focus()`)
			do(t, tab, chromedp.KeyEvent(kb.Escape))
			waitFor(t, tab, `!`+list+`.checkVisibility()`)
			if !eval[bool](t, tab, `document.activeElement === `+trigger) {
				t.Errorf("Escape in menu %q left focus on %s, want its trigger", it.Label, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
			}
		}
		menu, _ := firstMenu(nav)
		trigger := byText("header button", menu.Label)
		run(t, tab, trigger+`.click()`)
		target := menu.Items[len(menu.Items)-1].Href
		click(t, tab, fmt.Sprintf(`.nav__desktop a[href=%s]`, js(string(target))))
		waitFor(t, tab, fmt.Sprintf(`location.pathname === %s && document.documentElement.dataset.hydrated !== undefined`, js(string(target))))
		waitFor(t, tab, `![...document.querySelectorAll(".nav__menu")].some(m => m.checkVisibility())`)
		noConsoleErrors(t, tab)
	})

	t.Run("mobile menu and groups", func(t *testing.T) {
		tab := homeTab(t, env, mobile, true, true)
		burger := `button[aria-controls="mobile-menu"]`
		menuShown := `document.getElementById("mobile-menu").checkVisibility()`
		if eval[bool](t, tab, menuShown) || eval[bool](t, tab, `document.querySelector(".nav__desktop").checkVisibility()`) {
			t.Fatal("under 768px the menu starts closed and the desktop list is hidden")
		}
		click(t, tab, burger)
		waitFor(t, tab, menuShown+` && document.querySelector('`+burger+`').getAttribute("aria-expanded") === "true"`)
		if mh := eval[string](t, tab, `getComputedStyle(document.querySelector("#mobile-menu ul")).maxHeight`); mh != "500px" {
			t.Errorf("menu max-height %s, want 500px", mh)
		}
		nav := sweepSite(t).Layout.Nav
		text := eval[string](t, tab, `document.getElementById("mobile-menu").innerText`)
		for _, s := range append([]string{nav.Home.Label, nav.ContactLabel, nav.DemoLabel}, labels(nav.Items)...) {
			if !strings.Contains(text, s) {
				t.Errorf("mobile menu lacks %q", s)
			}
		}
		groups := 0
		for i, it := range nav.Items {
			if len(it.Items) == 0 {
				continue
			}
			groups++
			sel := fmt.Sprintf("#mobile-group-%d", i)
			toggle := fmt.Sprintf(`details:has(#mobile-group-%d) > summary`, i)
			if eval[bool](t, tab, `document.querySelector("`+sel+`").checkVisibility()`) {
				t.Errorf("group %s starts open", it.Label)
			}
			click(t, tab, toggle)
			waitFor(t, tab, `document.querySelector("`+sel+`").checkVisibility()`)
			click(t, tab, toggle)
			waitFor(t, tab, `!document.querySelector("`+sel+`").checkVisibility()`)
		}
		if groups == 0 {
			t.Log("no menu in layout.yaml: no group to open")
		} else {
			// Left open as the sheet closes, a group is folded when it
			// opens again (the last visit's were still open, a trial).
			click(t, tab, `#mobile-menu details > summary`)
			waitFor(t, tab, `document.querySelector("#mobile-menu details").open`)
			click(t, tab, `#mobile-menu .nav__burger`)
			waitFor(t, tab, `!`+menuShown)
			click(t, tab, burger)
			waitFor(t, tab, menuShown)
			if n := eval[int](t, tab, `document.querySelectorAll("#mobile-menu details[open]").length`); n > 0 {
				t.Errorf("the sheet opened again with %d of its groups still open", n)
			}
		}
		// Home scrolls to the top.
		run(t, tab, `window.scrollTo(0, 400)`)
		if !eval[bool](t, tab, `document.getElementById("mobile-menu").open`) {
			click(t, tab, burger)
		}
		waitFor(t, tab, menuShown)
		click(t, tab, `#mobile-menu li:first-child a`)
		waitFor(t, tab, `!`+menuShown+` && window.scrollY === 0`)
		// Contact Us closes and lands on the contact section.
		click(t, tab, burger)
		waitFor(t, tab, menuShown)
		click(t, tab, `#mobile-menu a[href="/#contact-info"]`)
		waitFor(t, tab, `!`+menuShown)
		waitFor(t, tab, landedAt("contact-info"))
		noConsoleErrors(t, tab)
	})

	// The hero's second action leads where content says: to a section of
	// the home page (scrolled to) or to another page (shown).
	t.Run("the hero's second action leads where content says", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, false)
		href := string(sectionOf[sections.HomeHeroSection](t, sweepSite(t).Pages["/"]).Secondary.Href)
		click(t, tab, fmt.Sprintf(`.hero__ctas a[href=%q]`, href))
		if id, ok := strings.CutPrefix(strings.TrimPrefix(href, "/"), "#"); ok {
			waitFor(t, tab, landedAt(id))
		} else {
			waitFor(t, tab, fmt.Sprintf(`location.pathname === %q && !!document.querySelector('link[rel="canonical"]')?.href.endsWith(%q)`, href, href))
		}
		tab.Load(t, "/")
		ext := eval[string](t, tab, `(() => { const a = document.querySelector(".hero__ctas a"); return a.target + " " + a.rel; })()`)
		if ext != "_blank noopener noreferrer" {
			t.Errorf("Pulse call to action: %q", ext)
		}
	})

	// Each card is a plain link to its record's page (TestDetailPagesFromCards
	// follows them).
	t.Run("cards link to their pages", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		home := sweepSite(t).Pages["/"]
		for _, c := range []struct {
			section string
			urls    []string
		}{
			{"#solutions", mapURLs(home.Collections.Services, func(s content.Service) string { return s.URL })},
			{"#case-studies", mapURLs(home.Collections.CaseStudies, func(c content.CaseStudy) string { return c.URL })},
		} {
			got := eval[[]string](t, tab, `[...document.querySelectorAll("`+c.section+` .card--click a.stretch")].map((a) => a.getAttribute("href"))`)
			if fmt.Sprint(got) != fmt.Sprint(c.urls) {
				t.Errorf("%s card links %q, want the records' pages %q", c.section, got, c.urls)
			}
		}
		if l := eval[string](t, tab, `getComputedStyle(document.querySelector("#case-studies .clamp-3")).webkitLineClamp`); l != "3" {
			t.Errorf("challenge excerpt line clamp %q, want 3", l)
		}
		// Each card's "read more" at its foot, level with the others' in
		// its row, whatever the length of the excerpt above it.
		uneven := eval[[]string](t, tab, `(() => {
			const rows = new Map();
			for (const card of document.querySelectorAll("#case-studies .card")) {
				const top = Math.round(card.getBoundingClientRect().top), more = card.querySelector(".card__more").getBoundingClientRect();
				(rows.get(top) ?? rows.set(top, []).get(top)).push(Math.round(card.getBoundingClientRect().bottom - more.bottom));
			}
			return [...rows.values()].filter((r) => r.some((gap) => gap !== r[0])).map((r) => r.join(", ") + " px above the cards' feet");
		})()`)
		for _, u := range uneven {
			t.Errorf("the case studies' read-more links stand at different heights in a row: %s", u)
		}
		noConsoleErrors(t, tab)
	})

	t.Run("faq single open and fully collapsible", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		open := `[...document.querySelectorAll("details[name=faq]")].map((d, i) => d.open ? i : -1).filter(i => i >= 0).join(",")`
		if got := eval[string](t, tab, open); got != "" {
			t.Errorf("open at start: %q", got)
		}
		click(t, tab, `details[name=faq]:nth-child(1) summary`)
		waitFor(t, tab, open+` === "0"`)
		click(t, tab, `details[name=faq]:nth-child(5) summary`)
		waitFor(t, tab, open+` === "4"`)
		click(t, tab, `details[name=faq]:nth-child(5) summary`)
		waitFor(t, tab, open+` === ""`)
		if href := eval[string](t, tab, `document.querySelector(".faq__contact a").getAttribute("href")`); href != "mailto:demo@vozia.example" {
			t.Errorf("FAQ contact link %q", href)
		}
	})

	t.Run("floating contact button", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, false)
		shown := `document.querySelector(".floating-contact").checkVisibility({visibilityProperty: true})`
		if eval[bool](t, tab, shown) {
			t.Error("floating button visible at the top")
		}
		run(t, tab, `window.scrollTo(0, 500)`)
		waitFor(t, tab, `window.scrollY === 500`)
		at500, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(`+shown+`))))`, chromedp.EvalAwaitPromise))
		if err != nil || at500 {
			t.Errorf("floating button visible at exactly 500px (%v)", err)
		}
		run(t, tab, `window.scrollTo(0, 501)`)
		waitFor(t, tab, shown)
		click(t, tab, `.floating-contact a`)
		waitFor(t, tab, landedAt("contact-info"))
		run(t, tab, `window.scrollTo(0, 0)`)
		waitFor(t, tab, `!`+shown)
	})

	t.Run("sections fade in once", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, false)
		// Set aside once the app knows it is below the fold: hidden at once.
		waitFor(t, tab, `document.getElementById("about-us").classList.contains("is-pending")`)
		if op := eval[string](t, tab, `getComputedStyle(document.getElementById("about-us")).opacity`); op != "0" {
			t.Errorf("section below the fold has opacity %s before scrolling, want 0", op)
		}
		run(t, tab, `document.getElementById("about-us").scrollIntoView()`)
		waitFor(t, tab, `document.getElementById("about-us").classList.contains("is-visible")`)
		if d := eval[string](t, tab, `getComputedStyle(document.getElementById("about-us")).transitionDuration`); !strings.HasPrefix(d, "0.6s") {
			t.Errorf("fade duration %s, want 0.6s", d)
		}
		waitFor(t, tab, `getComputedStyle(document.getElementById("about-us")).opacity === "1"`)
		reduced := homeTab(t, env, desktop, true, true)
		if op := eval[string](t, reduced, `getComputedStyle(document.getElementById("about-us")).opacity`); op != "1" {
			t.Errorf("with reduced motion the section has opacity %s, want 1", op)
		}
	})

	for _, w := range []int{desktop, mobile} {
		t.Run(fmt.Sprintf("no layout shift after load at %d", w), func(t *testing.T) {
			tab := homeTab(t, env, w, false, false)
			waitFor(t, tab, consentIn)
			type shifts struct {
				CLS     float64  `json:"cls"`
				Sources []string `json:"sources"`
			}
			got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[shifts](`new Promise(r => {
				let cls = 0; const sources = [];
				new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
					cls += e.value;
					// What moved, when, from where to where (x y width height):
					// the report of a failure says which part to look at.
					const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(" ");
					for (const s of e.sources || []) sources.push(Math.round(e.startTime) + " ms, " + e.value.toFixed(4) + ": " +
						(s.node ? (s.node.outerHTML || s.node.nodeName).slice(0, 80) : "?") + " from " + box(s.previousRect) + " to " + box(s.currentRect));
				} }).observe({type: "layout-shift", buffered: true});
				setTimeout(() => r({cls, sources}), 300);
			})`, chromedp.EvalAwaitPromise))
			if err != nil || got.CLS > 0.01 {
				t.Errorf("cumulative layout shift %v (err %v), want none; what moved: %q", got.CLS, err, got.Sources)
			}
		})
	}

	// The floating contact button is the icon-only control: the footer's
	// links name their sites in words beside the marks.
	t.Run("tooltip on icon-only controls", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		run(t, tab, `window.scrollTo(0, 900)`)
		waitFor(t, tab, `document.querySelector(".floating-contact").checkVisibility({visibilityProperty: true})`)
		do(t, tab, chromedp.Focus(chromedp.CSS(`.floating-contact a`)))
		if eval[bool](t, tab, `!!document.querySelector('[role=tooltip]')`) {
			t.Error("tooltip shown without the 700 ms delay")
		}
		waitFor(t, tab, `document.querySelector('[role=tooltip]')?.textContent === document.querySelector('.floating-contact a').getAttribute("aria-label")`)
		run(t, tab, `document.activeElement.blur()`)
		waitFor(t, tab, `!document.querySelector('[role=tooltip]')`)
		// The pointer, from the page's content in one move onto the button:
		// React heard no enter from a part of the page it had not taken
		// over (a trial met it in the header's menus).
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, desktop/2, 400),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, desktop/2+4, 404))
		b := rectOf(t, tab, `document.querySelector(".floating-contact a")`)
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (b.Left+b.Right)/2, (b.Top+b.Bottom)/2))
		waitFor(t, tab, `!!document.querySelector('[role=tooltip]')`)
		// Escape hides it, the focus elsewhere (WCAG 1.4.13).
		do(t, tab, chromedp.KeyEvent(kb.Escape))
		waitFor(t, tab, `!document.querySelector('[role=tooltip]')`)
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, desktop/2, 400),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (b.Left+b.Right)/2, (b.Top+b.Bottom)/2))
		waitFor(t, tab, `!!document.querySelector('[role=tooltip]')`)
		// Onto the tooltip, to read it: it stays, by the page's clock past
		// its hiding delay.
		tip := rectOf(t, tab, `document.querySelector('[role=tooltip]')`)
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (b.Left+b.Right)/2, b.Top-2),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (tip.Left+tip.Right)/2, (tip.Top+tip.Bottom)/2))
		pageWait(t, tab, 400)
		if !eval[bool](t, tab, `!!document.querySelector('[role=tooltip]')`) {
			t.Error("the tooltip went as the pointer moved onto it")
		}
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, desktop/2, 400))
		waitFor(t, tab, `!document.querySelector('[role=tooltip]')`)
		pageWait(t, tab, 400) // past the quick return's 300 ms
		// A round button's box's corner is not the button: no tooltip.
		do(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, desktop/2, 400),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, b.Left+1, b.Top+1))
		if eval[bool](t, tab, `(() => { const a = document.querySelector(".floating-contact a"); const r = a.getBoundingClientRect(); return getComputedStyle(a).borderTopLeftRadius !== "0px" && !a.contains(document.elementFromPoint(r.left + 1, r.top + 1)); })()`) {
			pageWait(t, tab, 1000)
			if eval[bool](t, tab, `!!document.querySelector('[role=tooltip]')`) {
				t.Error("the tooltip showed with the pointer in the corner of the round button's box, off the button")
			}
		}
	})
	t.Run("social links say where they lead", func(t *testing.T) {
		tab := homeTab(t, env, mobile, true, true)
		for _, s := range sweepSite(t).Config.Social {
			link := fmt.Sprintf(`[...document.querySelectorAll(".footer__social a")].find((a) => a.href === new URL(%q).href)`, string(s.URL))
			if got := eval[string](t, tab, `(`+link+`)?.innerText.trim() ?? ""`); got != s.Label {
				t.Errorf("the footer's link to %s reads %q, want %q in words", s.URL, got, s.Label)
			}
		}
	})
}

// The contact form: the messages of layout.yaml's form, the anti-bot checks,
// sending, success and failure against local endpoints.
func TestHomeContactForm(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	env.HoldContact(t)
	// The words checked are the content's: layout.yaml's form and
	// site.yaml's address.
	site := sweepSite(t)
	form := site.Layout.ContactForm
	messages := map[string]string{
		"firstName":   form.Errors.FirstName,
		"lastName":    form.Errors.LastName,
		"email":       form.Errors.Email,
		"phone":       form.Errors.Phone,
		"companySize": form.Errors.CompanySize,
		"message":     form.Errors.Message,
	}
	fill := func(t *testing.T, tab *browsertest.Tab) { fillContactForm(t, tab, "51-250") }
	// The form refuses submits in its first 3000 ms: the page's clock is
	// moved past them (a precondition, not a timing assertion).
	settle := func(t *testing.T, tab *browsertest.Tab) {
		t.Helper()
		aheadOfClock(t, tab, 3100*time.Millisecond)
	}
	submit := func(t *testing.T, tab *browsertest.Tab) {
		t.Helper()
		click(t, tab, "#contact-form button[type=submit]")
	}
	toasts := `[...document.querySelectorAll(".toasts li")].map(l => l.innerText.replace(/\s+/g, " ").trim())`
	// toastShows is a script that says whether a toast reads n's title and
	// text, its spaces as the toasts' text has them, clear of the cookie
	// banner while that shows (a prospect's trial: the success toast sat on
	// the banner's buttons).
	toastShows := func(n content.Notice) string {
		return toasts + fmt.Sprintf(`.some(s => s.includes(%q) && s.includes(%q))`, strings.Join(strings.Fields(n.Title), " "), strings.Join(strings.Fields(n.Text), " ")) +
			` && (() => { const b = document.querySelector("section.consent"), t = document.querySelector(".toasts ol"); return !b || !b.checkVisibility() || !t || t.getBoundingClientRect().bottom <= b.getBoundingClientRect().top + 1; })()`
	}
	posted := func(tab *browsertest.Tab) int {
		n := 0
		for _, u := range tab.Requests() {
			if strings.Contains(u, "/api/contact") {
				n++
			}
		}
		return n
	}
	values := `["firstName","lastName","email","phone","companySize","message"].map(f => document.getElementById("cf-" + f).value).join("|")`

	t.Run("validation messages", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		submit(t, tab)
		waitFor(t, tab, fmt.Sprintf(`document.querySelectorAll(".field__error").length === %d`, len(messages)))
		for f, msg := range messages {
			got := eval[[]string](t, tab, fmt.Sprintf(`(() => { const i = document.getElementById("cf-%s"); const e = (i.getAttribute("aria-describedby") || "").split(" ").map((d) => document.getElementById(d)).find((d) => d?.classList.contains("field__error")); return [e ? e.textContent : "", i.getAttribute("aria-invalid")]; })()`, f))
			if fmt.Sprint(got) != fmt.Sprint([]string{msg, "true"}) {
				t.Errorf("%s: %v, want %q tied to the field", f, got, msg)
			}
		}
		// A hint the content gives for the phone (how to write a number
		// that passes) stays beside its message, and is read with the field.
		if hint := form.Fields.PhoneHint; hint != "" {
			if got := eval[string](t, tab, `(document.getElementById("cf-phone").getAttribute("aria-describedby") || "").split(" ").map((d) => document.getElementById(d)?.textContent).join(" | ")`); !strings.Contains(got, hint) || !strings.Contains(got, messages["phone"]) {
				t.Errorf("the phone field is described by %q, want its hint %q and its message", got, hint)
			}
			// Read as one description, the hint ends where its message
			// starts: "… +34 612 345 678 Phone number must …" was heard
			// as one sentence (a trial).
			first := strings.TrimSpace(eval[string](t, tab, `document.getElementById(document.getElementById("cf-phone").getAttribute("aria-describedby").split(" ")[0])?.textContent ?? ""`))
			if !strings.HasSuffix(first, ".") && !strings.HasSuffix(first, ":") && !strings.HasSuffix(first, ";") {
				t.Errorf("the phone's hint, read before its message, is %q: no mark ends it", first)
			}
		}
		// Nothing read aloud speaks of the asterisk, which a screen reader
		// never meets (each field says it is required): "Fields marked star
		// are required" (a trial).
		if stars := eval[[]string](t, tab, `(() => {
  const w = document.createTreeWalker(document.getElementById("contact-form"), NodeFilter.SHOW_TEXT), out = [];
  for (let c; (c = w.nextNode()); ) if (c.data.includes("*") && !c.parentElement.closest('[aria-hidden="true"]')) out.push(c.parentElement.textContent.trim());
  return out;
})()`); len(stars) > 0 {
			t.Errorf("the form reads out an asterisk its fields hide: %q", stars)
		}
		// One announcement: a single polite region names the fields to
		// check; no message is an alert of its own.
		region := `document.querySelector('#contact-form [aria-live]')`
		waitFor(t, tab, region+`?.textContent !== ""`)
		live := eval[[]string](t, tab, `[...document.querySelectorAll('#contact-form [aria-live], #contact-form [role="alert"], #contact-form [role="status"]')].map(e => (e.getAttribute("aria-live") || e.getAttribute("role")) + ": " + e.textContent)`)
		if len(live) != 1 || !strings.HasPrefix(live[0], "polite: ") {
			t.Fatalf("live regions in the form: %q, want one polite region", live)
		}
		for f := range messages {
			if label := reflect.ValueOf(form.Fields).FieldByNameFunc(func(n string) bool { return strings.EqualFold(n, f) }).String(); !strings.Contains(live[0], label) {
				t.Errorf("the summary %q does not name %q", live[0], label)
			}
		}
		if f := eval[string](t, tab, `document.activeElement.id`); f != "cf-firstName" {
			t.Errorf("focus after a failed submit on %q, want the first invalid field", f)
		}
		// Send again with the same mistakes: the summary is said again (a
		// live region set to the text it holds is not read anew), so the
		// region is emptied and written again.
		run(t, tab, `window.__said = []; new MutationObserver(() => window.__said.push(`+region+`.textContent)).observe(`+region+`, {childList: true, characterData: true, subtree: true})`)
		submit(t, tab)
		waitFor(t, tab, `window.__said.length >= 2 && window.__said.at(-1) === `+js(strings.TrimPrefix(live[0], "polite: ")))
		if said := eval[[]string](t, tab, `window.__said`); !slices.Contains(said, "") {
			t.Errorf("a second Send with the same mistakes left the summary as it was (%q): not read again", said)
		}
		// One field at a time: each message goes once its rule holds.
		do(t, tab, chromedp.SendKeys(chromedp.CSS("#cf-firstName"), "Al"))
		waitFor(t, tab, `!document.getElementById("cf-firstName-error")`)
		do(t, tab, chromedp.SendKeys(chromedp.CSS("#cf-email"), "not-an-email"))
		if !eval[bool](t, tab, `!!document.getElementById("cf-email-error")`) {
			t.Error("invalid e-mail accepted")
		}
		do(t, tab, chromedp.SendKeys(chromedp.CSS("#cf-phone"), "123456789"))
		if !eval[bool](t, tab, `!!document.getElementById("cf-phone-error")`) {
			t.Error("9-character phone accepted")
		}
		if posted(tab) != 0 {
			t.Error("an invalid form was sent")
		}
	})

	t.Run("honeypot sends nothing", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		fill(t, tab)
		run(t, tab, `document.getElementById("cf-website").value = "http://spam.example"`)
		settle(t, tab)
		submit(t, tab)
		waitFor(t, tab, toastShows(form.Suspicious))
		if posted(tab) != 0 {
			t.Error("a filled honeypot was sent")
		}
	})

	t.Run("too fast sends nothing", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		// The 3000 ms count from the form's first paint, and loading the
		// page can itself outlast them on a loaded machine: the page's
		// clock goes back to that paint. The form is then filled in one
		// step, as a bot or autofill does (typing key by key can outlast
		// them too), and sent.
		run(t, tab, `(() => {
			const paint = performance.getEntriesByName("first-contentful-paint")[0];
			window.__clockAhead(-(performance.now() - paint.startTime));
			const set = (id, v) => { const e = document.getElementById(id); Object.getOwnPropertyDescriptor(Object.getPrototypeOf(e), "value").set.call(e, v); e.dispatchEvent(new Event("input", {bubbles: true})); };
			set("cf-firstName", "Ada"); set("cf-lastName", "Lovelace"); set("cf-email", "ada@example.com"); set("cf-phone", "+34 600 000 000");
			set("cf-companySize", "51-250"); set("cf-message", "We want to interview our customers.");
			document.querySelector("#contact-form button[type=submit]").click();
		})()`)
		waitFor(t, tab, toastShows(form.Suspicious))
		if posted(tab) != 0 {
			t.Error("a form submitted within 3000 ms was sent")
		}
	})

	t.Run("sending state then success resets the form", func(t *testing.T) {
		release := make(chan struct{})
		var got []byte
		env.SetContact(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			buf := new(strings.Builder)
			b := make([]byte, 4096)
			for {
				n, err := r.Body.Read(b)
				buf.Write(b[:n])
				if err != nil {
					break
				}
			}
			got = []byte(buf.String())
			<-release
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"ok":true,"id":"test"}`))
		}))
		tab := homeTab(t, env, desktop, true, true)
		fill(t, tab)
		settle(t, tab)
		submit(t, tab)
		// Sending, Send says so and takes no second press, and keeps focus
		// (a disabled button dropped it to the document's start).
		waitFor(t, tab, fmt.Sprintf(`(() => { const b = document.querySelector("#contact-form button[type=submit]"); return b.getAttribute("aria-disabled") === "true" && b.textContent === %q; })()`, form.Sending))
		if !eval[bool](t, tab, `document.activeElement === document.querySelector("#contact-form button[type=submit]")`) {
			t.Errorf("while sending, focus is on %s, not on Send", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		close(release)
		waitFor(t, tab, toastShows(form.Success))
		// Announced once: focus on the sent panel's heading; the toast
		// shows without being read out, and no live region repeats it.
		sent := form.Sent.Title
		waitFor(t, tab, fmt.Sprintf(`document.activeElement.textContent.trim() === %q`, sent))
		// What a region says is its text outside aria-hidden parts, at any
		// depth (the toasts' list sits inside their region).
		if n := eval[int](t, tab, `[...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].filter((r) => {
  const w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  for (let c; (c = w.nextNode()); ) if (c.data.trim() !== "" && !c.parentElement.closest('[aria-hidden="true"]')) return true;
  return false;
}).length`); n != 0 {
			t.Errorf("after a send, %d live regions announce besides the focused panel", n)
		}
		// Nor is anything hidden from a screen reader a Tab stop: the silent
		// toast's close button was (a trial).
		if stops := eval[[]string](t, tab, `[...document.querySelectorAll('[aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex])')].filter((e) => e.tabIndex >= 0 && !e.disabled).map((e) => e.outerHTML.slice(0, 80))`); len(stops) > 0 {
			t.Errorf("Tab stops hidden from a screen reader: %q", stops)
		}
		// The form gives way to the panel that says what happens next
		// (TestProspectContactForm); its inputs are gone with their values.
		if eval[bool](t, tab, `!!document.querySelector("form#contact-form, #cf-firstName")`) {
			t.Errorf("form still shown after success: %q", eval[string](t, tab, values))
		}
		for _, want := range []string{`"name":"Ada Lovelace"`, `"email":"ada@example.com"`, `"companySize":"51-250"`, `"honeypot":""`, `"elapsedMs":`} {
			if !strings.Contains(string(got), want) {
				t.Errorf("payload %s lacks %s", got, want)
			}
		}
	})

	t.Run("on a phone the success toast covers nothing of the sent panel", func(t *testing.T) {
		// A prospect's trial: at the foot of a phone's screen it sat on the
		// panel's next steps for its 4 s, as the panel took focus.
		for _, size := range [][2]int64{{375, 667}, {320, 568}} {
			tab := homeTab(t, env, int(size[0]), true, true)
			do(t, tab, chromedp.EmulateViewport(size[0], size[1]))
			fill(t, tab)
			settle(t, tab)
			submit(t, tab)
			waitFor(t, tab, toastShows(form.Success))
			waitFor(t, tab, fmt.Sprintf(`document.activeElement.textContent.trim() === %q`, form.Sent.Title))
			covered := eval[[]string](t, tab, `(() => {
  const t = document.querySelector(".toasts ol").getBoundingClientRect();
  return [...document.querySelectorAll(".contact__sent :is(h3, p, li, button)")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right;
  }).map((e) => e.textContent.trim().slice(0, 40));
})()`)
			if len(covered) > 0 {
				t.Errorf("at %dx%d the success toast covers the sent panel's %q", size[0], size[1], covered)
			}
			// The panel is brought up to the header, so that as much of it
			// shows as the screen holds (a trial found its steps below the
			// fold, the focus having put its heading mid-screen).
			if gap := eval[float64](t, tab, `document.querySelector(".contact__sent").getBoundingClientRect().top - document.querySelector(".site-header").getBoundingClientRect().bottom`); gap < 0 || gap > 40 {
				t.Errorf("at %dx%d the sent panel starts %.0f px below the header, want it brought up to it", size[0], size[1], gap)
			}
		}
	})

	t.Run("the toast stands above the cookie banner", func(t *testing.T) {
		// A first visit on a phone: the banner is up while the visitor
		// sends (a prospect's trial: the toast sat on its buttons).
		tab := homeTab(t, env, mobile, false, true)
		waitFor(t, tab, consentIn)
		fill(t, tab)
		settle(t, tab)
		run(t, tab, `document.querySelector("#contact-form button[type=submit]").focus()`)
		do(t, tab, chromedp.KeyEvent(kb.Enter))
		waitFor(t, tab, toastShows(form.Success))
		if !eval[bool](t, tab, `document.querySelector("section.consent")?.checkVisibility() ?? false`) {
			t.Error("the cookie banner went away: the toast was not checked against it")
		}
	})

	t.Run("real contact function receives the enquiry", func(t *testing.T) {
		before := len(env.OutboxLines(t))
		tab := homeTab(t, env, mobile, true, true)
		// An address with an empty segment (a link written "/a//b"): the
		// function refuses such a page, so the form sends it with one slash.
		run(t, tab, `history.replaceState(history.state, "", "/a//b")`)
		fill(t, tab)
		settle(t, tab)
		submit(t, tab)
		waitFor(t, tab, toastShows(form.Success))
		lines := env.OutboxLines(t)
		if len(lines) != before+1 {
			t.Fatalf("outbox has %d new enquiries, want 1", len(lines)-before)
		}
		if s := fmt.Sprint(lines[len(lines)-1]); !strings.Contains(s, "Ada Lovelace") {
			t.Errorf("outbox enquiry %s", s)
		}
		if page := lines[len(lines)-1]["page"]; page != "/a/b" {
			t.Errorf("the enquiry sent from /a//b names the page %v; want /a/b", page)
		}
		noConsoleErrors(t, tab)
	})

	failures := map[string]http.HandlerFunc{
		"500": func(w http.ResponseWriter, r *http.Request) { http.Error(w, `{"error":"internal"}`, 500) },
		"network error": func(w http.ResponseWriter, r *http.Request) {
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
					return
				}
			}
			panic(http.ErrAbortHandler)
		},
	}
	for name, h := range failures {
		t.Run("failure keeps input: "+name, func(t *testing.T) {
			env.SetContact(t, h)
			tab := homeTab(t, env, desktop, true, true)
			fill(t, tab)
			before := eval[string](t, tab, values)
			settle(t, tab)
			submit(t, tab)
			waitFor(t, tab, toastShows(content.Notice{Title: form.Failure.Title, Text: form.Failure.Text + " " + string(site.Config.DemoEmail)}))
			if !eval[bool](t, tab, `document.querySelector(".toast--destructive") !== null`) {
				t.Error("failure toast is not destructive")
			}
			if after := eval[string](t, tab, values); after != before {
				t.Errorf("input lost: %q, was %q", after, before)
			}
			// The address to write to instead is a link, and focus is still
			// on Send, to press again.
			if !eval[bool](t, tab, `!!document.querySelector(`+js(`.toast--destructive a[href="mailto:`+string(site.Config.DemoEmail)+`"]`)+`)`) {
				t.Error("the failure's address is not a link to write to")
			}
			waitFor(t, tab, `!document.querySelector("#contact-form button[type=submit]").hasAttribute("aria-disabled") && document.activeElement === document.querySelector("#contact-form button[type=submit]")`)
		})
	}

	t.Run("toast limits", func(t *testing.T) {
		tab := homeTab(t, env, desktop, true, true)
		fill(t, tab)
		// A filled honeypot makes every submit a refused one that adds a
		// toast, however long a loaded machine takes to click.
		run(t, tab, `document.querySelector('#contact-form [name="website"]').value = "x"`)
		for i := 0; i < 5; i++ {
			submit(t, tab)
		}
		waitFor(t, tab, `document.querySelectorAll(".toasts li").length > 0`)
		got := eval[[]string](t, tab, `(() => { const l = document.querySelector(".toasts ol"); const li = l.querySelectorAll("li"); return [String(li.length), String(li[0].getBoundingClientRect().width), getComputedStyle(l).rowGap, l.closest("[aria-live]")?.getAttribute("aria-live")]; })()`)
		if fmt.Sprint(got) != fmt.Sprint([]string{"3", "356", "14px", "polite"}) {
			t.Errorf("toasts: count, width, gap, aria-live = %v, want [3 356 14px polite]", got)
		}
		// They leave by themselves after the default duration (seconds: a
		// wait asked every 50 ms, browsertest.Until).
		if err := chromedp.Do(tab.Ctx, browsertest.Until(`document.querySelectorAll(".toasts li").length === 0`, 8*time.Second)); err != nil {
			t.Errorf("toasts did not time out: %v", err)
		}
	})
}

// Cookie consent: the banner, the preferences dialog, storage, Consent
// Mode v2 and no analytics request without a measurement ID and consent.
func TestHomeCookieConsent(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	banner := `!!document.querySelector("section.consent")`
	dialog := `document.querySelector(".consent-dialog")`
	stored := `localStorage.getItem("cookie-consent")`
	// The buttons' labels are the content's (layout.yaml, consent).
	labels := sweepSite(t).Layout.Consent
	clickButton := func(t *testing.T, tab *browsertest.Tab, scope, label string) {
		t.Helper()
		if scope == "section.consent" {
			waitFor(t, tab, consentIn)
		}
		run(t, tab, fmt.Sprintf(`[...document.querySelectorAll(%q)].find(b => b.textContent === %q).setAttribute("data-e2e", "target")`, scope+" button", label))
		click(t, tab, `[data-e2e=target]`)
		run(t, tab, `document.querySelector("[data-e2e]")?.removeAttribute("data-e2e")`)
	}
	noAnalytics := func(t *testing.T, tab *browsertest.Tab) {
		t.Helper()
		for _, u := range tab.Requests() {
			if strings.Contains(u, "googletagmanager") || strings.Contains(u, "google-analytics") {
				t.Errorf("analytics request %s", u)
			}
		}
	}

	cases := []struct {
		name   string
		choose func(t *testing.T, tab *browsertest.Tab)
		want   string
	}{
		{"accept all", func(t *testing.T, tab *browsertest.Tab) { clickButton(t, tab, "section.consent", labels.AcceptAll) },
			`{"essential":true,"analytics":true,"marketing":true}`},
		{"reject non-essential", func(t *testing.T, tab *browsertest.Tab) {
			clickButton(t, tab, "section.consent", labels.RejectAll)
		},
			`{"essential":true,"analytics":false,"marketing":false}`},
		{"save preferences", func(t *testing.T, tab *browsertest.Tab) {
			clickButton(t, tab, "section.consent", labels.Preferences)
			waitFor(t, tab, dialog+`.open`)
			got := eval[[]bool](t, tab, `["essential","analytics","marketing"].flatMap(k => { const c = document.getElementById("consent-" + k); return [c.checked, c.disabled]; })`)
			if fmt.Sprint(got) != "[true true false false false false]" {
				t.Errorf("essential checked+locked, analytics and marketing unticked: got %v", got)
			}
			// The locked one's name says both, apart (a trial heard
			// "EssentialAlways on").
			if got, want := eval[string](t, tab, `document.getElementById("consent-essential").computedName`), labels.Essential.Title+", "+labels.AlwaysOnLabel; got != want {
				t.Errorf("the essential cookies' box is named %q, want %q", got, want)
			}
			// The dialog holds no landmark of the page's kinds: its head
			// and foot were a second banner and contentinfo (a trial).
			if marks := eval[[]string](t, tab, dialog+`.querySelectorAll("*").values().filter((e) => ["banner", "contentinfo", "main", "navigation"].includes(e.computedRole)).map((e) => e.computedRole).toArray()`); len(marks) > 0 {
				t.Errorf("landmarks inside the preferences dialog: %q", marks)
			}
			click(t, tab, "#consent-analytics")
			clickButton(t, tab, ".consent-dialog", labels.Save)
		}, `{"essential":true,"analytics":true,"marketing":false}`},
		{"reject from the dialog", func(t *testing.T, tab *browsertest.Tab) {
			clickButton(t, tab, "section.consent", labels.Preferences)
			waitFor(t, tab, dialog+`.open`)
			click(t, tab, "#consent-marketing")
			clickButton(t, tab, ".consent-dialog", labels.RejectAll)
		}, `{"essential":true,"analytics":false,"marketing":false}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tab := homeTab(t, env, desktop, false, true)
			waitFor(t, tab, banner)
			if href := eval[string](t, tab, `document.querySelector("section.consent a").getAttribute("href")`); href != "/cookie-policy" {
				t.Errorf("banner policy link %q", href)
			}
			// Consent Mode default comes first, all denied.
			first := eval[string](t, tab, `JSON.stringify(Array.from(window.dataLayer[0]))`)
			if first != `["consent","default",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"denied"}]` {
				t.Errorf("first dataLayer entry %s", first)
			}
			c.choose(t, tab)
			waitFor(t, tab, `!`+banner+` && !`+dialog+`.open`)
			// The control pressed has gone with the banner: focus is on
			// the page's main region, where Tab goes on.
			if err := chromedp.Do(tab.Ctx, browsertest.Until(`document.activeElement === document.getElementById("main")`, 5*time.Second)); err != nil {
				t.Errorf("after the choice, focus is on %s, not on the main region", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
			}
			if got := eval[string](t, tab, stored); got != c.want {
				t.Errorf("stored %s, want %s", got, c.want)
			}
			// And a screen reader is told the choice is kept: the banner
			// going says nothing. Its words are in a status line the
			// reader hears (not hidden from it), after the focus moved.
			// The words name the categories allowed ({choice}): a trial
			// heard the same words for every choice.
			allowed := []string{labels.Essential.Title}
			if strings.Contains(c.want, `"analytics":true`) {
				allowed = append(allowed, labels.AnalyticsCat.Title)
			}
			if strings.Contains(c.want, `"marketing":true`) {
				allowed = append(allowed, labels.MarketingCat.Title)
			}
			said := strings.ReplaceAll(labels.Saved, "{choice}", strings.Join(allowed, ", "))
			if err := chromedp.Do(tab.Ctx, browsertest.Until(fmt.Sprintf(`[...document.querySelectorAll('[role=status], [aria-live=polite]')].some((el) => el.textContent === %q && !el.closest("[aria-hidden=true], [hidden]") && getComputedStyle(el).visibility === "visible")`, said), 5*time.Second)); err != nil {
				t.Errorf("after the choice, no status line says %q", said)
			}
			checkApplied := func() {
				t.Helper()
				upd := eval[string](t, tab, `JSON.stringify(window.dataLayer.filter(e => e[0] === "consent" && e[1] === "update").map(e => e[2]).pop())`)
				analytics := strings.Contains(c.want, `"analytics":true`)
				marketing := strings.Contains(c.want, `"marketing":true`)
				if strings.Contains(upd, `"analytics_storage":"granted"`) != analytics || strings.Contains(upd, `"ad_storage":"granted"`) != marketing {
					t.Errorf("consent update %s for choice %s", upd, c.want)
				}
				events := eval[string](t, tab, `window.dataLayer.filter(e => e.event).map(e => e.event).join(",")`)
				if strings.Contains(events, "analytics_consent_granted") != analytics || strings.Contains(events, "marketing_consent_granted") != marketing {
					t.Errorf("dataLayer events %q for choice %s", events, c.want)
				}
			}
			checkApplied()
			// A reload re-applies the saved choice without asking again.
			tab.Load(t, "/")
			do(t, tab, chromedp.Poll[chromedp.Void](`window.dataLayer && window.dataLayer.some(e => e[0] === "consent" && e[1] === "update")`))
			if eval[bool](t, tab, banner) {
				t.Error("banner shown again after a saved choice")
			}
			checkApplied()
			noAnalytics(t, tab)
			noConsoleErrors(t, tab)
		})
	}

	for _, corrupt := range []string{`not json`, `{"essential":true}`, `null`} {
		t.Run("unparseable value shows the banner: "+corrupt, func(t *testing.T) {
			tab := homeTab(t, env, mobile, true, true)
			run(t, tab, fmt.Sprintf(`localStorage.setItem("cookie-consent", %q)`, corrupt))
			tab.Load(t, "/")
			waitFor(t, tab, banner)
		})
	}

	// The banner appears when the app starts, seconds after the page could
	// be used on a slow phone, where a visitor may be about to tap the page
	// beneath it: a tap as it comes in reaches the page, and its buttons
	// take presses once it is in. What a tap would hit is asked in the
	// page, as the banner is added and near the end of its coming in, by
	// the page's own clock: a round trip from the test may come too late
	// on a loaded machine.
	for _, reduced := range []bool{false, true} {
		t.Run(fmt.Sprintf("a tap as it comes in reaches the page (reduced motion %v)", reduced), func(t *testing.T) {
			tab := env.NewTab(t, mobile, 900)
			if reduced {
				reduceMotion(t, tab)
			}
			hits := `(b) => [...b.querySelectorAll("button")].map((el) => { const r = el.getBoundingClientRect(); return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })`
			watch := `new MutationObserver((_, o) => {
  const b = document.querySelector("section.consent");
  if (!b) return;
  o.disconnect();
  const hits = ` + hits + `;
  window.__consentHits = {added: hits(b)};
  for (const a of b.getAnimations()) a.currentTime = a.effect.getComputedTiming().duration * 0.9;
  window.__consentHits.nearlyIn = hits(b);
}).observe(document, {childList: true, subtree: true});`
			if _, err := chromedp.Call(tab.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watch}); err != nil {
				t.Fatal(err)
			}
			tab.Load(t, "/")
			tab.WaitFor(t, `!!window.__consentHits`, time.Minute)
			type seen struct{ Added, NearlyIn []bool }
			got := eval[seen](t, tab, `window.__consentHits`)
			if len(got.Added) == 0 || slices.Contains(got.Added, true) || slices.Contains(got.NearlyIn, true) {
				t.Errorf("a tap on the banner's buttons as it appeared and as it was nearly in landed on them (%+v), not on the page", got)
			}
			waitFor(t, tab, consentIn)
			if in := eval[[]bool](t, tab, `(`+hits+`)(document.querySelector("section.consent"))`); slices.Contains(in, false) {
				t.Errorf("once in, a tap on each of the banner's buttons lands on it: %v", in)
			}
			// Each of its controls, the policy link in its sentence too, is a
			// target of at least 24 by 24 px (WCAG 2.2's minimum): what a
			// tap lands on, across and down from its middle.
			if small := eval[[]string](t, tab, `[...document.querySelectorAll("section.consent a, section.consent button")].filter((el) => el.checkVisibility()).map((el) => {
  const [w, h] = (`+tapTarget+`)(el);
  return w >= 24 && h >= 24 ? "" : el.textContent + " (" + w + "×" + h + ")";
}).filter(Boolean)`); len(small) > 0 {
				t.Errorf("banner controls smaller than 24×24 px to a tap: %q", small)
			}
		})
	}

	// Gone to from a field on screen (by keyboard), the banner gives focus
	// back to it once a choice is made: focus on the main region's start,
	// thousands of pixels above, and the next Tab scrolled the page there.
	t.Run("a choice by keyboard gives focus back to the field left", func(t *testing.T) {
		tab := homeTab(t, env, desktop, false, true)
		waitFor(t, tab, banner+` && `+consentIn)
		run(t, tab, `document.getElementById("cf-email").scrollIntoView({block: "center"}); document.getElementById("cf-email").focus()`)
		y := eval[float64](t, tab, `window.scrollY`)
		run(t, tab, `[...document.querySelectorAll("section.consent button")].find((b) => b.textContent.trim() === `+js(labels.RejectAll)+`).focus()`)
		do(t, tab, chromedp.KeyEvent(kb.Enter))
		waitFor(t, tab, `!`+banner)
		if err := chromedp.Do(tab.Ctx, browsertest.Until(`document.activeElement === document.getElementById("cf-email")`, 5*time.Second)); err != nil {
			t.Errorf("after a choice by keyboard, focus is on %s, not on the field left", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		if got := eval[float64](t, tab, `window.scrollY`); got != y {
			t.Errorf("the page moved from y %.0f to %.0f", y, got)
		}
	})

	t.Run("cookie settings in the footer reopens the preferences", func(t *testing.T) {
		tab := homeTab(t, env, desktop, false, true)
		waitFor(t, tab, banner)
		clickButton(t, tab, "section.consent", labels.AcceptAll)
		waitFor(t, tab, `!`+banner)
		click(t, tab, ".footer__cookies")
		waitFor(t, tab, dialog+`.open`)
		if got := eval[[]bool](t, tab, `["analytics","marketing"].map(k => document.getElementById("consent-" + k).checked)`); fmt.Sprint(got) != "[true true]" {
			t.Errorf("dialog does not show the saved choice: %v", got)
		}
		do(t, tab, chromedp.KeyEvent(kb.Escape))
		waitFor(t, tab, `!`+dialog+`.open && document.activeElement === document.querySelector(".footer__cookies")`)
		// Withdrawing is as easy as giving, by keyboard too: focus is back
		// on "Cookie settings", and Enter reopens the preferences.
		do(t, tab, chromedp.KeyEvent(kb.Enter))
		waitFor(t, tab, dialog+`.open`)
		clickButton(t, tab, ".consent-dialog", labels.RejectAll)
		waitFor(t, tab, `!`+dialog+`.open`)
		if got := eval[string](t, tab, stored); got != `{"essential":true,"analytics":false,"marketing":false}` {
			t.Errorf("after withdrawing: %s", got)
		}
	})

	// With a measurement ID (a build with -analytics-id, whose CSP allows
	// the analytics host), gtag.js loads only after consent.
	t.Run("measurement ID loads analytics only after consent", func(t *testing.T) {
		env := browsertest.StartWith(t, browsertest.Config{AnalyticsID: "G-E2ETEST"})
		if csp := env.Get(t, "/").Header.Get("Content-Security-Policy"); !strings.Contains(csp, "https://www.googletagmanager.com") {
			t.Fatalf("the analytics build's CSP does not allow the analytics host: %s", csp)
		}
		tab := env.NewTab(t, desktop, 900)
		tab.Load(t, "/")
		run(t, tab, `localStorage.removeItem("cookie-consent")`)
		tab.Reset()
		tab.Load(t, "/")
		waitFor(t, tab, banner)
		noAnalytics(t, tab)
		clickButton(t, tab, "section.consent", labels.RejectAll)
		waitFor(t, tab, `!`+banner)
		if eval[bool](t, tab, `!!document.getElementById("gtag-js")`) {
			t.Error("gtag.js injected after a rejection")
		}
		noAnalytics(t, tab)
		run(t, tab, `localStorage.removeItem("cookie-consent")`)
		tab.Load(t, "/")
		waitFor(t, tab, banner)
		clickButton(t, tab, "section.consent", labels.AcceptAll)
		waitFor(t, tab, `document.getElementById("gtag-js")?.src === "https://www.googletagmanager.com/gtag/js?id=G-E2ETEST"`)
	})
}

// tapTarget is a script's function from an element to the width and height,
// in px, of the run of points across and down from its middle where a tap
// lands on it (up to 201), scrolled into the window first if it is out of
// it: its padding and any box laid over it count, what covers it does not.
const tapTarget = `(el) => {
  const b = el.getBoundingClientRect();
  if (b.top < 0 || b.bottom > window.innerHeight) el.scrollIntoView({block: "center"});
  const r = el.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const run = (hit) => { if (!hit(0)) return 0; let lo = 0, hi = 0; while (lo > -100 && hit(lo - 1)) lo--; while (hi < 100 && hit(hi + 1)) hi++; return hi - lo + 1; };
  return [run((d) => el.contains(document.elementFromPoint(x + d, y))), run((d) => el.contains(document.elementFromPoint(x, y + d)))];
}`

// sectionOf returns the page's first section of type T.
func sectionOf[T any](t *testing.T, p *content.Page) T {
	t.Helper()
	for _, s := range p.Sections {
		if v, ok := s.Value.(T); ok {
			return v
		}
		if v, ok := s.Value.(*T); ok {
			return *v
		}
	}
	var zero T
	t.Fatalf("%s has no %T section", p.Route.Path, zero)
	return zero
}

func mapURLs[T any](records []T, url func(T) string) []string {
	out := []string{}
	for _, r := range records {
		out = append(out, url(r))
	}
	return out
}
