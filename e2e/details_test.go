package e2e

// The pages of records (a service's, a case study's): their cards are
// plain links, which lead there without JavaScript as with it, and Back
// returns to the list.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// detailRecord is a record's page and the list that links to it.
type detailRecord struct {
	kind, url, list, h1 string
}

// detailRecords are, of each kind of record page, the last record (the
// first of each is swept with every page): its page, its list (the page
// above it) and its h1, from content.
func detailRecords(t *testing.T, site *content.Site) []detailRecord {
	t.Helper()
	var out []detailRecord
	if n := len(site.Collections.Services); n > 0 {
		s := site.Collections.Services[n-1]
		out = append(out, detailRecord{"service", s.URL, "", s.Title})
	}
	if n := len(site.Collections.CaseStudies); n > 0 {
		c := site.Collections.CaseStudies[n-1]
		out = append(out, detailRecord{"case study", c.URL, "", c.Title})
	}
	for i := range out {
		r := &out[i]
		r.list = r.url[:max(0, strings.LastIndexByte(r.url, '/'))]
		if r.url == "" || site.Pages[r.url] == nil || site.Pages[r.list] == nil {
			t.Fatalf("%s %q: no page at %q below a list page %q", r.kind, r.h1, r.url, r.list)
		}
	}
	if len(out) == 0 {
		t.Fatal("the content has neither services nor case studies")
	}
	return out
}

// recordLists are the pages that list records with their own pages (the
// home page, and each detail record's list page), and urls those records'
// pages.
func recordLists(t *testing.T, site *content.Site) (lists, urls []string) {
	t.Helper()
	lists = []string{"/"}
	for _, rec := range detailRecords(t, site) {
		if !slices.Contains(lists, rec.list) {
			lists = append(lists, rec.list)
		}
	}
	for _, s := range site.Collections.Services {
		urls = append(urls, s.URL)
	}
	for _, c := range site.Collections.CaseStudies {
		urls = append(urls, c.URL)
	}
	return lists, urls
}

// detailClickLink scrolls the list's link to rec's page to the middle of
// the window, waits until a visitor could click it (nothing covers it),
// and clicks it. If before is not nil, it receives the window's scrollY
// just before the click.
func detailClickLink(t *testing.T, tab *browsertest.Tab, url string, before *float64) {
	t.Helper()
	link := fmt.Sprintf(`main a[href=%q]`, url)
	ready := fmt.Sprintf(`(() => {
  const a = document.querySelector(%q);
  if (!a) return false;
  a.scrollIntoView({block: "center"});
  const r = a.getBoundingClientRect();
  return r.width > 0 && a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
})()`, link)
	if err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](ready)); err != nil {
		t.Fatalf("scroll to %s: %v", link, err)
	}
	if before != nil {
		*before = eval[float64](t, tab, `window.scrollY`)
	}
	if err := chromedp.Do(tab.Ctx, chromedp.Click(chromedp.CSS(link))); err != nil {
		t.Fatalf("click %s: %v", link, err)
	}
}

// TestDetailPagesFromCards: with JavaScript off, a card's link on the list
// loads the record's prerendered page (its canonical URL, its h1); with
// JavaScript, the app shows the page without loading a document, and Back
// returns to the list with the card.
func TestDetailPagesFromCards(t *testing.T) {
	t.Parallel()
	env := browsertest.Start(t)
	site := sweepSite(t)
	for _, rec := range detailRecords(t, site) {
		t.Run(rec.kind+" without JavaScript", func(t *testing.T) {
			tab := env.NewTab(t, 1280, 800)
			scriptsOff(t, tab)
			if err := chromedp.Do(tab.Ctx, chromedp.Navigate(env.URL+rec.list)); err != nil {
				t.Fatal(err)
			}
			detailClickLink(t, tab, rec.url, nil)
			waitDocument(t, tab, rec.url)
			if h1, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector("main h1")?.textContent ?? ""`)); h1 != rec.h1 {
				t.Errorf("h1 %q, want %q", h1, rec.h1)
			}
		})
		t.Run(rec.kind+" with JavaScript", func(t *testing.T) {
			tab := sweepNewTab(t, env, 1280, 800)
			tab.Load(t, rec.list)
			sweepEval(t, tab, `window.__detailSameDocument = true`)
			detailClickLink(t, tab, rec.url, nil)
			sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && document.querySelector("main h1")?.textContent === %q && document.querySelector('link[rel="canonical"]')?.href.endsWith(%q)`, rec.url, rec.h1, rec.url))
			sweepEval(t, tab, `history.back()`)
			sweepWaitFor(t, tab, fmt.Sprintf(`location.pathname === %q && !!document.querySelector(%q) && window.__detailSameDocument === true`, rec.list, fmt.Sprintf(`main a[href=%q]`, rec.url)))
			if errs := sweepUnexpectedErrors(tab, rec.url); len(errs) > 0 {
				t.Errorf("console errors: %q", errs)
			}
		})
	}
}
