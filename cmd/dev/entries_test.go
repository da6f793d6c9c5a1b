package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestAdminEntries is an editor's session in the web editor of make dev
// on a site the test writes: an article gets a tag no article had, named
// in the article's own form, and the site shows that tag as it shows the
// others.
func TestAdminEntries(t *testing.T) {
	d := startDev(t, testSite, false)
	// The article the session edits, its cover beside it.
	const slug, title = "harbour-notes", "Notes from the harbour"
	if err := os.MkdirAll(filepath.Join(d.Content, "articles", slug), 0o755); err != nil {
		t.Fatal(err)
	}
	writePNG(t, filepath.Join(d.Content, "articles", slug, "cover.png"))
	d.write(t, filepath.Join("articles", slug, "index.md"), []byte("---\ntitle: "+title+"\ndescription: What the harbour taught us about calls.\n"+
		"date: 2025-06-03\nauthor: ana\ntags: [voice-ai]\ncover: {src: cover.png, alt: A harbour at dawn}\n---\nText.\n"))
	d.until(t, "the article is on the dev site", func() bool {
		status, _, _ := d.get(t, "/insights/"+slug)
		return status == 200
	})

	env := browsertest.Attach(t, d.URL)
	tab := env.NewTab(t, 1280, 900)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 12*time.Minute)
	defer cancel()
	tab.Ctx = ctx
	githubStandIn(t, tab, nil)
	openLocalRepo(t, tab, d)

	newTag(t, tab, d, slug, title)
}

// newTag adds a tag that does not exist yet to the article slug, from the
// article's form: Add Tag asks for the tag's name and saves the tag with
// the article; the build takes both, and the tag has its page, headed by
// its name, linked from the article.
func newTag(t *testing.T, tab *browsertest.Tab, d *devSite, slug, title string) {
	t.Helper()
	const name, key = "Voice banking", "voice-banking"
	openArticle(t, tab, slug, title)
	const tags = `section[data-key-path="tags"]`
	do(t, tab, "press Add Tag under the article's tags",
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsQuote(tags)+`).scrollIntoView()`),
		chromedp.Poll[chromedp.Void](clickText(tags+` button`, "Add Tag"), chromedp.WithPollingTimeout(time.Minute)),
	)
	const nameInput = `[role="dialog"] section[data-key-path="name"] input`
	do(t, tab, "name the tag",
		chromedp.WaitVisible(chromedp.CSS(nameInput)),
		chromedp.SendKeys(chromedp.CSS(nameInput), name),
		chromedp.Poll[chromedp.Void](clickText(`[role="dialog"] button`, "Add"), chromedp.WithPollingTimeout(time.Minute)),
	)
	do(t, tab, "see the new tag chosen", chromedp.Poll[chromedp.Void](`!document.querySelector('[role="dialog"] section[data-key-path="name"]') && document.querySelector(`+jsQuote(tags)+`).innerText.includes(`+jsQuote(name)+`)`, chromedp.WithPollingTimeout(time.Minute)))
	save(t, tab)
	article := "content/articles/" + slug + "/index.md"
	waitForFile(t, tab, article, key)
	waitForFile(t, tab, "content/collections/tags/"+key+".yaml", name)
	copyBack(t, tab, d)
	if got := string(d.read(t, "collections/tags/"+key+".yaml")); got != "name: "+name+"\n" {
		t.Errorf("the new tag's file holds %q", got)
	}
	if got := string(d.read(t, "articles/"+slug+"/index.md")); !strings.Contains(got, "tags: [voice-ai, "+key+"]") {
		t.Errorf("the article's tags, as saved:\n%s", got)
	}
	tagPath := "/insights/tags/" + key
	d.until(t, "the new tag's page, headed by its name, and the article linking to it", func() bool {
		status, _, page := d.get(t, tagPath)
		_, _, art := d.get(t, "/insights/"+slug)
		return status == 200 && strings.Contains(page, "Articles tagged "+name) && strings.Contains(page, title) &&
			strings.Contains(art, `href="`+tagPath+`"`) && strings.Contains(art, ">"+name+"<")
	})
}

// openArticle opens the article slug in the editor and waits for its
// form.
func openArticle(t *testing.T, tab *browsertest.Tab, slug, title string) {
	t.Helper()
	do(t, tab, "open the article "+slug,
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/articles/entries/`+slug+`/index"`),
		chromedp.Poll[chromedp.Void](`document.querySelector('section[data-key-path="title"] input')?.value === `+jsQuote(title), chromedp.WithPollingTimeout(2*time.Minute)),
	)
}

// clickText is a script that clicks the first visible element matching
// selector whose label is text, and says whether there was one. The
// editor's buttons carry their label in data-label, its names wrapped in
// bidirectional isolates (Add ⁨Tag⁩), which the match leaves out, and
// draw icons as ligatures (the text "add").
func clickText(selector, text string) string {
	return `(() => { const want = ` + jsQuote(text) + `; const b = [...document.querySelectorAll(` + jsQuote(selector) + `)].find((b) =>
		b.offsetParent !== null && !b.disabled && (b.dataset.label || b.textContent).replace(/[\u2066-\u2069]/g, "").trim() === want);
	b?.click(); return !!b; })()`
}
