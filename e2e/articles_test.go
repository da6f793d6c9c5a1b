package e2e

// The articles as a reader meets them: the index, an article, one of its
// topics and back, all client-side after the first load, hydrated without
// a warning. On the test site (testdata/site), which always has published
// articles with topics, whatever content/ has at the time.

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

func TestArticlesReaderPath(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	// The newest article with a tag, and the index page listing it.
	var a *content.LoadedArticle
	for _, x := range site.Articles {
		if len(x.Front.Tags) > 0 {
			a = x
			break
		}
	}
	if a == nil {
		t.Fatal("the test site has no published article with a tag")
	}
	tag := a.Front.Tags[0]
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 900)
	tab.Load(t, site.ArticleIndex)

	h1 := func() string {
		s, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector("h1").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// step acts, then waits for the address and for the new page's heading
	// (its data arrives after the address changes).
	step := func(what, action, path, heading string) {
		t.Helper()
		if err := chromedp.Do(tab.Ctx,
			chromedp.Evaluate[chromedp.Void](action),
			chromedp.Poll[chromedp.Void](`location.pathname === `+jsString(path)+` && document.querySelector("h1")?.textContent.includes(`+jsString(heading)+`)`),
		); err != nil {
			t.Fatalf("%s: %v (at %s)", what, err, must(chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`location.pathname`))))
		}
	}

	// Index → article: a card's link, without loading a new document.
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](`window.__sameDocument = true`)); err != nil {
		t.Fatal(err)
	}
	step("open the article from the index", `document.querySelector('.article-card a[href=`+jsString(a.Path)+`]').click()`, a.Path, a.Front.Title)
	if got := h1(); got != a.Front.Title {
		t.Errorf("the article's heading is %q, want %q", got, a.Front.Title)
	}
	if title, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.title`)); !strings.HasPrefix(title, a.Front.Title) {
		t.Errorf("document title %q after the navigation", title)
	}
	// Article → tag.
	// The tag page is headed by the tag's name (collections/tags/<tag>.yaml).
	tagRoute, _ := site.Route(site.ArticleIndex + "/tags/" + tag)
	step("open a topic of the article", `document.querySelector('.article-footer a[href=`+jsString(site.ArticleIndex+"/tags/"+tag)+`]').click()`, site.ArticleIndex+"/tags/"+tag, tagRoute.Name)
	if got := h1(); !strings.Contains(got, tagRoute.Name) {
		t.Errorf("the tag page's heading %q does not name %q", got, tagRoute.Name)
	}
	listed, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`!!document.querySelector('.article-card a[href=`+jsString(a.Path)+`]')`))
	if err != nil || !listed {
		t.Errorf("the tag page does not list the article: %v", err)
	}
	// Back → the article again.
	step("go back", `history.back()`, a.Path, a.Front.Title)
	if got := h1(); got != a.Front.Title {
		t.Errorf("after going back the heading is %q, want %q", got, a.Front.Title)
	}
	same, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`))
	if err != nil || !same {
		t.Error("a navigation loaded a new document instead of navigating client-side")
	}
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors (a hydration mismatch among them?): %q", errs)
	}

	// A first load of the article page itself hydrates cleanly too.
	tab.Reset()
	tab.Load(t, a.Path)
	if errs := append(tab.ConsoleErrors(), tab.Errors()...); len(errs) > 0 {
		t.Errorf("console errors loading %s: %q", a.Path, errs)
	}
}

func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func must[T any](v T, _ error) T { return v }

// Code in an article shows a tab four columns wide, as editors and Go's
// gofmt expect, not the browser's eight.
func TestArticleCodeTabs(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	var a *content.LoadedArticle
	for _, x := range site.Articles {
		if strings.Contains(x.Text.Markup(), "<pre") {
			a = x
			break
		}
	}
	if a == nil {
		t.Fatal("no article of the test site has a code block")
	}
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 1280, 900)
	tab.Load(t, a.Path)
	got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector(".article-body pre")).tabSize`))
	if err != nil || got != "4" {
		t.Errorf("tab-size of an article's code: %q (%v), want 4", got, err)
	}
}

// A reader on a phone follows an article's footnote and its link back:
// each lands below the fixed header, not under it, and the digit and the
// arrow, small as they are, take a tap on a box of at least 24 px; Back
// returns to each place a link was followed from. On the test site's
// article with a footnote (written as HTML by the build: the browser
// alone would follow it).
func TestArticleFootnotes(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	path := ""
	for _, a := range site.Articles {
		var b strings.Builder
		for _, s := range a.Text {
			b.WriteString(s.HTML)
		}
		if strings.Contains(b.String(), `class="footnote-ref"`) {
			path = a.Path
			break
		}
	}
	if path == "" {
		t.Fatal("no article of the test site has a footnote")
	}
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	tab := env.NewTab(t, 390, 844)
	tab.Load(t, path)
	tab.WaitFor(t, `document.documentElement.hasAttribute("data-hydrated")`, time.Minute)
	for _, sel := range []string{".footnote-ref", ".footnote-backref"} {
		if size := eval[[]int](t, tab, `(`+tapTarget+`)(document.querySelector(`+jsString(".article-body "+sel)+`))`); size[0] < 24 || size[1] < 24 {
			t.Errorf("a tap lands on %s in %d×%d px, want 24×24 at least", sel, size[0], size[1])
		}
	}
	// inView: the element the address names is in the window, below the
	// header.
	const inView = `(() => { const el = document.getElementById(decodeURIComponent(location.hash.slice(1))); if (!el) return false; const r = el.getBoundingClientRect(), h = document.querySelector(".site-header").getBoundingClientRect(); return r.top >= h.bottom - 1 && r.top < window.innerHeight; })()`
	type place struct {
		Y    float64
		Hash string
	}
	var places []place // where each link was followed from
	for _, sel := range []string{".footnote-ref", ".footnote-backref"} {
		y := pressPart(t, tab, ".article-body "+sel)
		places = append(places, place{y, ""})
		// In view once the smooth scroll is done: seen in view on its way,
		// the next press's link moved under the pointer.
		if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](scrollSettled, chromedp.EvalAwaitPromise), browsertest.Until(`location.hash !== "" && `+inView, 10*time.Second)); err != nil {
			t.Errorf("after %s, %s is not in view below the header (at y %v)", sel, eval[string](t, tab, `location.hash`),
				eval[float64](t, tab, `document.getElementById(decodeURIComponent(location.hash.slice(1)))?.getBoundingClientRect().top ?? -1`))
		}
		// Back at the reference, focus is on its link, not on the <sup>
		// around it: from there the next Tab stopped on the link, the
		// same place and name again (a keyboard trial).
		if sel == ".footnote-backref" && !eval[bool](t, tab, `document.activeElement.matches(".article-body .footnote-ref")`) {
			t.Errorf("back at the reference, focus is on %s, not its link", eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
		}
	}
	places[1].Hash = eval[string](t, tab, `new URL(document.querySelector(".article-body .footnote-ref").href).hash`)
	// Back, twice: to where each link was followed, as the browser's own
	// history of a page's parts does; focus not left out of view.
	for i := len(places) - 1; i >= 0; i-- {
		run(t, tab, `history.back()`)
		back := fmt.Sprintf(`location.hash === %s && Math.abs(window.scrollY - %f) < 2`, jsString(places[i].Hash), places[i].Y)
		if err := chromedp.Do(tab.Ctx, browsertest.Until(back, 10*time.Second)); err != nil {
			t.Errorf("Back to %q, left at y %.0f: at y %v, %q", places[i].Hash, places[i].Y, eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `location.hash`))
		}
		if eval[bool](t, tab, `(() => { const r = document.activeElement.getBoundingClientRect(); return document.activeElement !== document.body && (r.bottom <= 0 || r.top >= window.innerHeight); })()`) {
			t.Errorf("Back to %q: focus on %s, out of view", places[i].Hash, eval[string](t, tab, `document.activeElement.outerHTML.slice(0, 80)`))
		}
	}

	// Both links followed before the app has rendered the first (a slow
	// phone, a quick reader): each entry still keeps its own place. The
	// second press's place was saved for the first entry, and the second
	// entry had none. (With no motion, each link's scroll is done as its
	// press ends; both presses in one task, before any render.)
	// Home takes the visitor to the page's top (the key, not a script's
	// scroll: a place still being restored yields to a visitor's input).
	reduceMotion(t, tab)
	do(t, tab, chromedp.KeyEvent(kb.Home))
	tab.WaitFor(t, `window.scrollY === 0 && location.hash === ""`, 10*time.Second)
	ys := eval[[]float64](t, tab, `(() => {
  const ys = [window.scrollY];
  document.querySelector(".article-body .footnote-ref").click();
  ys.push(window.scrollY);
  document.querySelector(".article-body .footnote-backref").click();
  return ys;
})()`)
	hashes := []string{"", places[1].Hash}
	for i := 1; i >= 0; i-- {
		run(t, tab, `history.back()`)
		back := fmt.Sprintf(`location.hash === %s && Math.abs(window.scrollY - %f) < 2`, jsString(hashes[i]), ys[i])
		if err := chromedp.Do(tab.Ctx, browsertest.Until(back, 10*time.Second)); err != nil {
			t.Errorf("two links pressed before a render: Back to %q, left at y %.0f: at y %v, %q", hashes[i], ys[i], eval[float64](t, tab, `window.scrollY`), eval[string](t, tab, `location.hash`))
		}
	}
	noConsoleErrors(t, tab)
}

// TestContentsLinksLandAtTheTop: each link of an article's contents, by
// keyboard (Enter) and by pointer, on a phone and a desktop, with the
// cookie banner showing as on a first visit, takes the visitor to its
// heading at the top of the window, under the header, once the smooth
// scroll is done (or to the page's end, where the page ends before it
// can). A keyboard trial found each heading stopped at the window's foot,
// above the banner: the banner's own scroll, which keeps a focused control
// clear of it, broke the contents' smooth scroll on the heading's focus.
func TestContentsLinksLandAtTheTop(t *testing.T) {
	t.Parallel()
	site, err := load.Site(os.DirFS("../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	var path string
	var toc []content.TOCEntry
	for _, a := range site.Articles {
		if len(a.TOC) > 0 {
			path, toc = a.Path, a.TOC
			break
		}
	}
	if path == "" {
		t.Fatal("no article of the test site has contents")
	}
	env := browsertest.StartWith(t, browsertest.Config{Content: "testdata/site"})
	// settled waits for the page to stop moving (scrollSettled), then
	// says where the heading is against the header's foot, or "" when it
	// lands there.
	const settled = `(async (id) => {
  await ` + scrollSettled + `;
  const h = document.getElementById(id).getBoundingClientRect(), bar = document.querySelector(".site-header").getBoundingClientRect();
  const end = window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
  if (h.top >= bar.bottom - 1 && h.top <= bar.bottom + 48) return "";
  if (end && h.top >= bar.bottom - 1 && h.bottom <= innerHeight) return "";
  return "its top at " + Math.round(h.top) + " px, the header's foot at " + Math.round(bar.bottom) + ", the window " + innerHeight + " px tall, at the page's end: " + end;
})`
	for _, s := range prospectSizes {
		for _, how := range []string{"Enter", "pointer"} {
			t.Run(s.name+"/"+how, func(t *testing.T) {
				t.Parallel()
				tab := env.NewTab(t, s.w, s.h)
				tab.Load(t, path)
				tab.WaitFor(t, consentIn, time.Minute)
				for _, e := range toc {
					run(t, tab, `window.scrollTo(0, 0)`)
					sel := `.article-toc a[href="#` + e.ID + `"]`
					if how == "Enter" {
						run(t, tab, `document.querySelector(`+jsString(sel)+`).focus()`)
						do(t, tab, chromedp.KeyEvent(kb.Enter))
					} else {
						pressPart(t, tab, sel)
					}
					at, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](settled+`(`+jsString(e.ID)+`)`, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatal(err)
					}
					if at != "" {
						t.Errorf("%q followed from the contents: the heading is not at the window's top: %s", e.Text, at)
					}
				}
			})
		}
	}
}

// scrollSettled is a promise that the page's scroll position has stopped
// moving: the same for ten frames in a row (at most 600 frames).
const scrollSettled = `(async () => {
  let y = -1, still = 0;
  for (let i = 0; i < 600 && still < 10; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    still = window.scrollY === y ? still + 1 : 0;
    y = window.scrollY;
  }
})()`
