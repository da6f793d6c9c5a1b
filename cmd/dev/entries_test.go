package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
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
// others; the article, reopened ten times, previews its cover from the
// editor's copy and never asks the site for it by its bare name; a page
// moved to a new folder keeps its old address as a redirect; a case
// study, a partner and a webinar are added (records_test.go).
func TestAdminEntries(t *testing.T) {
	// The frontend's copy: the session ends with a change to the site's
	// styles, as a developer makes one while an editor writes.
	d := startDev(t, testSite, true)
	// The article the session edits, its cover beside it, in the
	// editor's folder only: the site, as last built, does not have it (as
	// with an article written in this session of the editor), so its
	// cover is only the editor's copy.
	const slug, title = "harbour-notes", "Notes from the harbour"
	photo := filepath.Join(t.TempDir(), "cover.png")
	writePNG(t, photo)
	cover, err := os.ReadFile(photo)
	if err != nil {
		t.Fatal(err)
	}
	article := []opfsFile{
		{Path: "content/articles/" + slug + "/index.md", Data: base64.StdEncoding.EncodeToString([]byte("---\ntitle: " + title + "\ndescription: What the harbour taught us about calls.\n" +
			"date: 2025-06-03\nauthor: ana\ntags: [voice-ai]\ncover: {src: cover.png, alt: A harbour at dawn}\n---\nText.\n"))},
		{Path: "content/articles/" + slug + "/cover.png", Data: base64.StdEncoding.EncodeToString(cover)},
	}
	// The page the session moves, which nothing links to.
	const page, pageTitle = "offers", "Our offers"
	d.write(t, pageFile("/"+page), []byte("title: "+pageTitle+"\ndescription: What we offer.\nsections:\n  - kind: hero\n    eyebrow: Offers\n    heading: Our offers\n    intro: Three of them.\n"))
	d.write(t, pageFile("/partners"), []byte(partnersPage))
	d.until(t, "the pages are on the dev site", func() bool {
		status, _, _ := d.get(t, "/"+page)
		partners, _, _ := d.get(t, "/partners")
		return status == 200 && partners == 200
	})

	env := browsertest.Attach(t, d.URL)
	tab := env.NewTab(t, 1280, 900)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 12*time.Minute)
	defer cancel()
	tab.Ctx = ctx
	githubStandIn(t, tab, nil)
	openLocalRepoWith(t, tab, d, article)
	// make dev never reloads the editor's page (what is typed in it may
	// not be saved), whatever its builds change: the mark stays on the
	// page through every save, photo and build of the session.
	mark(t, tab)

	newTag(t, tab, d, slug, title)
	reopenCover(t, tab, slug, title)
	movePage(t, tab, d, page, pageTitle)
	addRecords(t, tab, d)
	keepTyping(t, tab, d, slug, title)
	if !marked(t, tab) {
		t.Error("make dev reloaded the editor's page during the session")
	}
}

// keepTyping types in the article's form without saving while the site's
// styles change, which changes every page and the editor's own preview
// styles: the editor's page does not reload, the typing stays, and the
// editor is offered a reload to take when it has saved.
func keepTyping(t *testing.T, tab *browsertest.Tab, d *devSite, slug, title string) {
	t.Helper()
	openArticle(t, tab, slug, title)
	const field, typed = `section[data-key-path="description"] textarea`, " Not saved yet."
	do(t, tab, "type in the article's description", browsertest.Type(field, typed))
	css := filepath.Join(d.Frontend, "src", "styles", "global.css")
	data, err := os.ReadFile(css)
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(d.Content, css) // d.write takes a path under content/
	if err != nil {
		t.Fatal(err)
	}
	d.write(t, rel, append(data, "\n.keep-typing { outline: 1px solid; }\n"...))
	for c := d.built(t); !c.Editor; c = d.built(t) {
	}
	do(t, tab, "see the offer to reload, the typing still there",
		browsertest.Until(`(() => { const o = document.getElementById("dev-reload"); return !!o && o.innerText.includes("Reload the editor") && document.querySelector(`+jsQuote(field)+`).value.endsWith(`+jsQuote(typed)+`); })()`, 2*time.Minute))
}

// reopenCover opens the article slug, which the site has not built, again
// and again, another entry between, as an editor goes back and forth:
// each time the preview shows the editor's copy of its cover, cover.png
// beside its index.md, and never asks the site for a cover.png of its
// root or anywhere else (an address that answers 404).
func reopenCover(t *testing.T, tab *browsertest.Tab, slug, title string) {
	t.Helper()
	const preview = `main#main article.article img.article-cover`
	coverShown := `(() => { for (const f of document.querySelectorAll("iframe")) { try { const i = f.contentDocument?.querySelector(` + jsQuote(preview) + `); if (i && i.complete && i.naturalWidth > 0 && i.src.startsWith("blob:")) return true; } catch {} } return false; })()`
	tab.Reset()
	const times = 10
	for i := range times {
		do(t, tab, fmt.Sprintf("open another entry (%d of %d)", i+1, times),
			browsertest.Until(openJS("#/collections/articles/entries/pulse-themes/index", "Pulse turns interviews into themes"), 2*time.Minute))
		err := chromedp.Do(tab.Ctx,
			browsertest.Until(openJS("#/collections/articles/entries/"+slug+"/index", title), 2*time.Minute),
			browsertest.Until(coverShown, 2*time.Minute))
		if err != nil {
			imgs, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("iframe")].map((f) => { try { return [...f.contentDocument.querySelectorAll("img")].map((i) => i.className + " " + i.parentElement.className + " " + i.src.slice(0, 80) + " " + i.naturalWidth).join("\n"); } catch { return "(other origin)"; } }).join("\n---\n")`))
			t.Fatalf("the preview does not show the cover, reopened %d times (%v); its images:\n%s\nrequests %q", i+1, err, imgs, tab.Requests())
		}
	}
	var wrong []string
	for _, u := range tab.Requests() {
		if strings.HasPrefix(u, "http") && strings.HasSuffix(strings.SplitN(u, "?", 2)[0], "/cover.png") {
			wrong = append(wrong, u)
		}
	}
	if len(wrong) > 0 {
		t.Errorf("reopened %d times, the editor asked the site for the cover beside the article by its bare name %d times: %q (errors %q)", times, len(wrong), wrong, tab.Errors())
	}
	// Nor for anything else that is not there: the other article's text
	// shows an image beside it (chart.svg), which the editor's own
	// preview of the text, read by the article's preview, never asks the
	// site for by its bare name.
	for _, m := range tab.Errors() {
		if strings.Contains(m, "404 (Not Found)") {
			t.Errorf("reopening articles, the editor asked the site for what is not there: %s", m)
		}
	}
}

// movePage moves the page at /name into a new folder, company, from the
// page's form (Parent Folder › New Folder): the file moves, the save adds
// the address it leaves to its aliases and changes nothing else, and the
// old address redirects to the new one.
func movePage(t *testing.T, tab *browsertest.Tab, d *devSite, name, title string) {
	t.Helper()
	do(t, tab, "open the page "+name,
		browsertest.Until(openJS("#/collections/pages/entries/"+name, title), 2*time.Minute),
	)
	do(t, tab, "make it a new folder, company",
		browsertest.Until(`(() => { const b = document.querySelector('button[aria-label="New Folder"]'); b?.scrollIntoView(); b?.click(); return !!b; })()`, time.Minute),
		chromedp.WaitVisible(chromedp.CSS(`[role="dialog"] input[aria-label="Folder Name"]`), browsertest.Unhurried),
		browsertest.Type(`[role="dialog"] input[aria-label="Folder Name"]`, "company"),
		browsertest.Until(clickText(`[role="dialog"] button`, "Create"), time.Minute),
	)
	save(t, tab)
	oldFile, newFile := pageFile("/"+name), pageFile("/company/"+name)
	waitForFile(t, tab, "content/"+newFile, "/"+name)
	oldText := string(d.read(t, oldFile))
	copyBack(t, tab, d)
	if _, err := os.Stat(filepath.Join(d.Content, oldFile)); err == nil {
		t.Errorf("%s: still there after the page moved", oldFile)
	}
	newText := string(d.read(t, newFile))
	var kept []string
	for _, l := range strings.Split(newText, "\n") {
		if l != "aliases: [/"+name+"]" {
			kept = append(kept, l)
		}
	}
	if len(kept) != strings.Count(newText, "\n") || strings.Join(kept, "\n") != oldText {
		t.Errorf("moved, %s differs from %s in more than the line aliases: [/%s]:\n%s", newFile, oldFile, name, lineDiff(oldText, newText))
	}
	d.until(t, "the page answers at its new address, and its old one redirects there", func() bool {
		status, _, body := d.get(t, "/company/"+name)
		old, header, _ := d.get(t, "/"+name)
		return status == 200 && strings.Contains(body, title) && old == http.StatusMovedPermanently && header.Get("Location") == "/company/"+name
	})
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
		browsertest.Until(clickText(tags+` button`, "Add Tag"), time.Minute),
	)
	const nameInput = `[role="dialog"] section[data-key-path="name"] input`
	do(t, tab, "name the tag",
		chromedp.WaitVisible(chromedp.CSS(nameInput), browsertest.Unhurried),
		browsertest.Type(nameInput, name),
		browsertest.Until(clickText(`[role="dialog"] button`, "Add"), time.Minute),
	)
	do(t, tab, "see the new tag chosen", browsertest.Until(`!document.querySelector('[role="dialog"] section[data-key-path="name"]') && document.querySelector(`+jsQuote(tags)+`).innerText.includes(`+jsQuote(name)+`)`, time.Minute))
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
		browsertest.Until(openJS("#/collections/articles/entries/"+slug+"/index", title), 2*time.Minute),
	)
}

// openJS is a script that opens the editor's entry at hash and says
// whether its form shows the title, polled until it does.
func openJS(hash, title string) string {
	return `(() => { if (location.hash !== ` + jsQuote(hash) + `) location.hash = ` + jsQuote(hash) + `; return document.querySelector('section[data-key-path="title"] input')?.value === ` + jsQuote(title) + `; })()`
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
