package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// TestAdmin is an editor's session in the web editor of make dev: it
// loads /admin/ from the dev server, opens the local repository, changes
// the heading of a section of the home page and saves, writes a new
// article with a cover photo it uploads and saves; the files the editor
// wrote pass the production build, and the dev site shows both changes.
//
// The editor's local mode works on a folder the browser's folder picker
// hands it (the File System Access API), which a headless browser cannot
// show. So the test answers the picker with a folder of the page's own
// origin-private file system, a real file system that the browser writes
// through the same API, fills it with the dev site's content first, and
// copies what the editor saved back into the content folder the dev
// server watches, as the picked folder would have been written. Every
// step between is the editor's own UI.
func TestAdmin(t *testing.T) {
	d := startDev(t, testSite, false)
	env := browsertest.Attach(t, d.URL)
	tab := env.NewTab(t, 1280, 900)
	// The session is longer than a tab's usual allowance: the editor loads
	// 1.5 MB and runs its own UI. Alone it takes 36 s; at a load average of
	// 40 on two cores it took 369 s, and one run there went past 8 minutes.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 12*time.Minute)
	defer cancel()
	tab.Ctx = ctx
	githubStandIn(t, tab, nil)
	openLocalRepo(t, tab, d)

	// What the editor's page loaded to show the collections, as sent
	// (the dev server compresses as the CDN does).
	loaded, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`(() => {
		const byPath = performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.transferSize, e.decodedBodySize]);
		const total = byPath.reduce((a, [, t]) => a + t, 0);
		return byPath.map(([p, t, d]) => p + " " + t + " (" + d + ")").join("\n") + "\ntotal " + total;
	})()`))
	t.Logf("the editor's page loaded, bytes sent (decoded):\n%s", loaded)

	// The home page: the first section with a heading gets a new one.
	const heading = "Edited in the browser"
	claim := firstClaim(t, d.Content)
	do(t, tab, "open the home page",
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/pages/entries/index"`),
		chromedp.WaitVisible(chromedp.CSS(`section[data-key-path="sections"]`), browsertest.Unhurried),
		// The list draws its items once it is scrolled into view.
		chromedp.Evaluate[chromedp.Void](`document.querySelector('section[data-key-path="sections"]').scrollIntoView()`),
	)
	const headingInput = `section[data-key-path^="sections."][data-key-path$=".heading"] :is(input, textarea)`
	do(t, tab, "change a section's heading",
		chromedp.WaitVisible(chromedp.CSS(headingInput), browsertest.Unhurried),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsQuote(headingInput)+`).select()`),
		browsertest.Type(headingInput, heading+" with {claim:"+claim.Key+"}"),
	)
	// The preview pane draws the page with the site's own section
	// components (preview.tsx): the new heading in a section of the
	// page's main, which the editor's own preview never draws, with the
	// claim it cites written out as the site shows it.
	previewShows(t, tab, "the home page's preview", `main#main section :is(h1, h2, h3)`, heading+" with "+claim.Text)
	save(t, tab)
	waitForFile(t, tab, "content/pages/index.yaml", heading)

	// A new article with a cover photo.
	const title = "Notes from the browser editor"
	// Named as a phone or a camera names a photo: the editor saves it
	// under a name the build accepts (field.FileNameChars).
	photo := filepath.Join(t.TempDir(), "Harbour at dawn (1).PNG")
	writePNG(t, photo)
	// A text page's preview: its Markdown, as the editor renders it, in
	// the site's component for text pages.
	textPage, heading1 := fixtureTextPage(t, d.Content)
	hash := "#/collections/text-pages/entries/" + textPage
	do(t, tab, "open a text page", browsertest.Until(`(() => { if (location.hash !== `+jsQuote(hash)+`) location.hash = `+jsQuote(hash)+`; return `+saveButtonJS+` !== null; })()`, 2*time.Minute))
	previewShows(t, tab, "the text page's preview", `main#main article.legal h1`, heading1)

	// A title too long with the site's name after it: the editor refuses
	// to save it, with the room the build leaves for the site's brand.
	before, err := load.SiteWith(os.DirFS(d.Content), load.Options{Now: time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	room := content.MaxTitle - utf8.RuneCountInString(content.TitleSuffix(before.Config.Brand))
	const titleInput = `section[data-key-path="title"] input`
	// The text page on screen has a title field too: the keys go to the
	// new article's once its form is the one shown (and empty).
	do(t, tab, "start an article with too long a title",
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/articles/new"`),
		browsertest.Until(`document.body.innerText.includes("Creating") && document.querySelector(`+jsQuote(titleInput)+`)?.value === ""`, 2*time.Minute),
		browsertest.Type(titleInput, strings.Repeat("Long ", room/5+1)),
		browsertest.Until(`document.querySelector(`+jsQuote(titleInput)+`)?.value.startsWith("Long")`, time.Minute),
	)
	save(t, tab)
	refusal := fmt.Sprintf("at most %d characters", room)
	do(t, tab, "see the title refused", browsertest.Until(`(document.querySelector('section[data-key-path="title"]')?.innerText ?? "").includes(`+jsQuote(refusal)+`)`, 2*time.Minute))
	do(t, tab, "title the article",
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+jsQuote(titleInput)+`).select()`),
		browsertest.Type(titleInput, title),
		browsertest.Type(`section[data-key-path="description"] textarea`, "What an editor sees when a page is changed in the browser."),
	)
	do(t, tab, "date the article", chromedp.Evaluate[chromedp.Void](`(() => {
		const i = document.querySelector('section[data-key-path="date"] input');
		i.value = "2025-06-02";
		i.dispatchEvent(new Event("input", {bubbles: true}));
		i.dispatchEvent(new Event("change", {bubbles: true}));
	})()`))
	do(t, tab, "choose its author", chromedp.Click(chromedp.CSS(`section[data-key-path="author"] button[role="radio"]`)))
	do(t, tab, "write its text",
		chromedp.Evaluate[chromedp.Void](`document.querySelector('section[data-key-path="body"]').scrollIntoView()`),
		chromedp.Click(chromedp.CSS(`section[data-key-path="body"] textarea`)),
		browsertest.Type(`section[data-key-path="body"] textarea`, "An article written in the web editor."),
	)
	// The article's preview is the site's article component: its header's
	// title, its body as the editor renders the Markdown, and, its Cover
	// left empty, the site's plain cover.
	previewShows(t, tab, "the article's title in the preview", `main#main article.article .article-header h1`, title)
	previewShows(t, tab, "the article's text in the preview", `main#main article.article .article-body`, "An article written in the web editor.")
	previewShows(t, tab, "the plain cover in the preview", `main#main article.article img.article-cover[src="`+content.DefaultCover+`"]`, "")
	// Saved with no cover: make dev publishes it with the plain cover.
	save(t, tab)
	slug := field.Slugify(title)
	article := "content/articles/" + slug + "/index.md"
	waitForFile(t, tab, article, title)
	changed := copyBack(t, tab, d)
	t.Logf("the article as saved with no cover:\n%s", d.read(t, "articles/"+slug+"/index.md"))
	d.until(t, "the dev site shows the article without a cover, with the plain cover", func() bool {
		status, _, body := d.get(t, "/insights/"+slug)
		plain, _, _ := d.get(t, content.DefaultCover)
		return status == 200 && strings.Contains(body, `<img src="`+content.DefaultCover+`"`) && plain == 200
	})

	// Then a photo for its cover.
	openArticle(t, tab, slug, title)
	do(t, tab, "upload its cover",
		chromedp.Evaluate[chromedp.Void](`document.querySelector('section[data-key-path="cover"]').scrollIntoView()`),
		// An optional group of fields: its box "Add Cover" opens it. Ticked
		// again while it shows unticked: right after a save, the editor
		// can let the first press go by, and a person presses again.
		chromedp.Poll[chromedp.Void](`(() => {
			const box = document.querySelector('section[data-key-path="cover"] button[role="checkbox"]');
			if (box?.getAttribute("aria-checked") === "false") box.click();
			return !!document.querySelector('section[data-key-path="cover.src"] input[type="file"]');
		})()`, chromedp.WithPollingTimeout(2*time.Minute), chromedp.WithPollingInterval(time.Second)),
		chromedp.SetUploadFiles(chromedp.CSS(`section[data-key-path="cover.src"] input[type="file"]`), []string{photo}),
	)
	// Once the editor shows the photo it took: the form is drawn again
	// as the file comes in.
	do(t, tab, "see the photo taken", browsertest.Until(`(document.querySelector('section[data-key-path="cover.src"]')?.innerText ?? "").includes(".png")`, 2*time.Minute))
	const altInput = `section[data-key-path="cover.alt"] input`
	do(t, tab, "describe the cover", browsertest.Type(altInput, "A harbour at dawn"),
		browsertest.Until(`document.querySelector(`+jsQuote(altInput)+`)?.value === "A harbour at dawn"`, time.Minute))
	previewShows(t, tab, "the article's cover in the preview", `main#main article.article .article-cover, main#main article.article .article-cover img`, "")
	save(t, tab)
	waitForFile(t, tab, article, "A harbour at dawn")

	// An article renamed in the editor (its folder, which is its
	// address) keeps its old address: the save adds it to the article's
	// aliases, and the diff is the move and that line.
	// make dev publishes as of today.
	today, err := load.SiteWith(os.DirFS(d.Content), load.Options{Now: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	var renamed *content.LoadedArticle
	for _, a := range today.Articles {
		if strings.HasSuffix(a.File, "/index.md") && a.Status == "" {
			renamed = a
			break
		}
	}
	if renamed == nil {
		t.Fatal("the test site has no article in a folder of its own to rename")
	}
	newSlug := renamed.Slug + "-renamed"
	oldFile, newFile := "articles/"+renamed.Slug+"/index.md", "articles/"+newSlug+"/index.md"
	do(t, tab, "open an article",
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/articles/entries/`+renamed.Slug+`/index"`),
		browsertest.Until(`document.querySelector('section[data-key-path="title"] input')?.value === `+jsQuote(renamed.Front.Title), 2*time.Minute),
	)
	// The editor's options menu › Edit Slug opens the Slug panel, whose
	// pencil button edits it.
	clickJS := func(selector, text string) string {
		return `(() => { const b = [...document.querySelectorAll(` + jsQuote(selector) + `)].find((b) => b.offsetParent !== null && (` + jsQuote(text) + ` === "" || b.textContent.trim() === ` + jsQuote(text) + `)); b?.click(); return !!b; })()`
	}
	do(t, tab, "open the Slug panel",
		browsertest.Until(clickJS(`button[aria-label="Show Editor Options"]`, ""), time.Minute),
		browsertest.Until(clickJS(`[role="menuitem"]`, "Edit Slug"), time.Minute),
	)
	do(t, tab, "rename its folder",
		browsertest.Until(clickJS(`button[aria-label="Rename Folder"], button[aria-label="Edit Slug"]`, ""), time.Minute),
		browsertest.Until(`document.activeElement?.tagName === "INPUT" && document.activeElement.value === `+jsQuote(renamed.Slug), time.Minute),
		chromedp.Evaluate[chromedp.Void](`document.activeElement.select()`),
		chromedp.KeyEvent(newSlug),
		chromedp.KeyEvent(kb.Enter),
	)
	save(t, tab)
	waitForFile(t, tab, "content/"+newFile, renamed.Path)

	// What the editor saved goes to the content folder the dev server
	// watches.
	oldText := string(d.read(t, oldFile))
	changed = append(changed, copyBack(t, tab, d)...)
	if _, err := os.Stat(filepath.Join(d.Content, filepath.FromSlash(oldFile))); err == nil {
		t.Errorf("%s: still there after the article was renamed", oldFile)
	}
	newText := string(d.read(t, newFile))
	var kept, added []string
	for _, l := range strings.Split(newText, "\n") {
		if strings.Contains(l, renamed.Path) && !strings.Contains(oldText, l) {
			added = append(added, l)
			continue
		}
		kept = append(kept, l)
	}
	if len(added) != 1 || strings.Join(kept, "\n") != oldText {
		t.Errorf("renamed, %s differs from %s in more than one line with its old address %s:\n%s", newFile, oldFile, renamed.Path, lineDiff(oldText, newText))
	}
	if !slices.Contains(changed, "pages/index.yaml") || !slices.Contains(changed, "articles/"+slug+"/index.md") {
		t.Fatalf("the editor saved %q", changed)
	}
	front := string(d.read(t, "articles/"+slug+"/index.md"))
	t.Logf("the article as saved:\n%s", front)

	// The production build accepts the saved files.
	if _, err := generator.Build(context.Background(), generator.Options{
		Content: os.DirFS(d.Content), FrontendDir: d.Frontend, Now: time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC),
	}); err != nil {
		t.Fatalf("the production build refuses what the editor saved: %v", err)
	}
	site, err := load.SiteWith(os.DirFS(d.Content), load.Options{Now: time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var path string
	for _, a := range site.Articles {
		if a.Slug == slug {
			path = a.Path
			if a.Cover.Src == "" || a.Cover.Alt != "A harbour at dawn" {
				t.Errorf("the article's cover: %+v", a.Cover)
			}
			if want := "harbour-at-dawn-1.png"; a.CoverName != want {
				t.Errorf("the uploaded cover is %q; want it saved as %q, beside the article", a.CoverName, want)
			}
		}
	}
	if path == "" {
		t.Fatalf("no article %q in the site", slug)
	}

	// The dev site shows both, and the renamed article at its new
	// address, its old one redirecting there.
	newPath := strings.TrimSuffix(renamed.Path, renamed.Slug) + newSlug
	d.until(t, "the dev site shows the new heading and the article", func() bool {
		_, _, home := d.get(t, "/")
		status, _, body := d.get(t, path)
		return strings.Contains(home, heading) && status == 200 && strings.Contains(body, title)
	})
	d.until(t, "the renamed article answers at its new address, and its old one redirects there", func() bool {
		status, _, body := d.get(t, newPath)
		old, header, _ := d.get(t, renamed.Path)
		return status == 200 && strings.Contains(body, renamed.Front.Title) && old == http.StatusMovedPermanently && header.Get("Location") == newPath
	})

	editorProblems(t, tab, d, slug, article, title)
	photoWhileEncoding(t, tab, d)

	// No error, and no policy violation (the browser logs those as
	// errors). The editor's framework warns of its own internals
	// (console.warning), which says nothing of the site.
	var errs []string
	// Nor any request the site answers 404: the editor's own Markdown
	// preview, which the article's preview reads its text from, once
	// asked for an image beside the article by its bare name (/chart.svg)
	// before it put its copy of the file in its place.
	for _, m := range tab.Errors() {
		// data: URLs run long: their start says enough.
		if i := strings.Index(m, "'data:"); i >= 0 {
			if j := strings.Index(m[i+1:], "'"); j > 80 {
				m = m[:i+80] + "…" + m[i+1+j:]
			}
		}
		errs = append(errs, m)
	}
	for _, m := range tab.ConsoleErrors() {
		if strings.HasPrefix(m, "console.error") {
			errs = append(errs, m)
		} else {
			t.Logf("the editor warned: %s", m)
		}
	}
	if len(errs) > 0 {
		t.Errorf("console errors or policy violations in the editor: %q", errs)
	}

	// A page of the site, in the same browser after the editor, loads
	// nothing of the editor's (generator's TestAdminIsolated checks that
	// no file outside admin/ names it).
	do(t, tab, "open the site's home page", chromedp.Navigate(d.URL+"/"), chromedp.WaitReady("#main", browsertest.Unhurried))
	loadedHome, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range loadedHome {
		if strings.HasPrefix(p, "/admin") {
			t.Errorf("the home page loaded the editor's %s", p)
		}
	}
	t.Logf("the home page loaded %d files, none under /admin/", len(loadedHome))
}

// openLocalRepo loads /admin/ from d, fills the folder the picker answers
// with d's content and opens it in the editor.
func openLocalRepo(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	openLocalRepoWith(t, tab, d, nil)
}

// openLocalRepoWith is openLocalRepo with extra files in the folder, which
// the dev site does not have.
func openLocalRepoWith(t *testing.T, tab *browsertest.Tab, d *devSite, extra []opfsFile) {
	t.Helper()
	if _, err := chromedp.Call(tab.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: opfsPicker}); err != nil {
		t.Fatal(err)
	}
	const localRepo = `button[data-label="Work with Local Repository"]`
	do(t, tab, "load /admin/", chromedp.Navigate(d.URL+"/admin"), chromedp.WaitVisible(chromedp.CSS(localRepo), browsertest.Unhurried))
	// The page's "Loading the editor…" (generator/admin) is gone once the
	// editor shows its own first screen.
	if loading, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`!!document.getElementById("editor-loading")`)); err != nil {
		t.Fatal(err)
	} else if loading {
		t.Error("the editor's page still says it is loading beside the editor's sign-in")
	}
	files, err := json.Marshal(append(contentFiles(t, d.Content), extra...))
	if err != nil {
		t.Fatal(err)
	}
	do(t, tab, "fill the picked folder", chromedp.Evaluate[chromedp.Void](strings.Replace(opfsFill, "FILES", string(files), 1), chromedp.EvalAwaitPromise))
	waitTakesClicks(t, tab, localRepo)
	do(t, tab, "open the local repository", chromedp.Click(chromedp.CSS(localRepo)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="#/collections/pages"], [aria-label="Contents"]`), browsertest.Unhurried))
}

// opfsPicker answers the folder picker with the folder "repo" of the
// page's origin-private file system.
const opfsPicker = `window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle("repo", {create: true});`

// opfsFill writes FILES ([{path, data (base64)}]) into that folder, and a
// .git folder: the editor checks that the folder is a repository's root.
const opfsFill = `(async (files) => {
  const repo = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo", {create: true});
  await repo.getDirectoryHandle(".git", {create: true});
  for (const f of files) {
    const parts = f.path.split("/");
    let dir = repo;
    for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, {create: true});
    const w = await (await dir.getFileHandle(parts.at(-1), {create: true})).createWritable();
    await w.write(Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0)));
    await w.close();
  }
})(FILES)`

// opfsRead returns every file under repo/content as [{path, data}].
const opfsRead = `(async () => {
  const out = [];
  const walk = async (dir, prefix) => {
    for await (const [name, h] of dir.entries()) {
      if (h.kind === "directory") { await walk(h, prefix + name + "/"); continue; }
      const bytes = new Uint8Array(await (await h.getFile()).arrayBuffer());
      let s = ""; for (const b of bytes) s += String.fromCharCode(b);
      out.push({path: prefix + name, data: btoa(s)});
    }
  };
  const repo = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo");
  await walk(await repo.getDirectoryHandle("content"), "");
  return out;
})()`

type opfsFile struct {
	Path string `json:"path"`
	Data string `json:"data"`
}

func contentFiles(t *testing.T, dir string) []opfsFile {
	t.Helper()
	var out []opfsFile
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, opfsFile{Path: "content/" + filepath.ToSlash(rel), Data: base64.StdEncoding.EncodeToString(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// copyBack writes the files the editor changed or added into the dev
// site's content folder and returns their paths.
func copyBack(t *testing.T, tab *browsertest.Tab, d *devSite) []string {
	t.Helper()
	files, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]opfsFile](opfsRead, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var changed []string
	for _, f := range files {
		data, err := base64.StdEncoding.DecodeString(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		if old, err := os.ReadFile(filepath.Join(d.Content, filepath.FromSlash(f.Path))); err == nil && bytes.Equal(old, data) {
			continue
		}
		d.write(t, filepath.FromSlash(f.Path), data)
		changed = append(changed, f.Path)
	}
	// A file the editor moved (a renamed article's folder) is gone from
	// where it was.
	for _, f := range contentFiles(t, d.Content) {
		p := strings.TrimPrefix(f.Path, "content/")
		if !slicesContainsPath(files, p) {
			if err := os.Remove(filepath.Join(d.Content, filepath.FromSlash(p))); err != nil {
				t.Fatal(err)
			}
			changed = append(changed, p)
		}
	}
	return changed
}

// fixtureTextPage returns a text page of the site in dir (its path under
// pages/, without .md) and the heading its Markdown starts with.
func fixtureTextPage(t *testing.T, dir string) (slug, heading string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "pages", "*", "*.md"))
	more, _ := filepath.Glob(filepath.Join(dir, "pages", "*.md"))
	for _, m := range append(more, matches...) {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if h, ok := strings.CutPrefix(line, "# "); ok {
				rel, _ := filepath.Rel(filepath.Join(dir, "pages"), m)
				return strings.TrimSuffix(filepath.ToSlash(rel), ".md"), strings.TrimSpace(h)
			}
		}
	}
	t.Fatalf("the test site has no text page with a heading under %s/pages", dir)
	return "", ""
}

// previewShows waits until the editor's preview pane (an iframe of the
// page) has an element matching sel whose text holds text, as a person
// watching it would.
func previewShows(t *testing.T, tab *browsertest.Tab, what, sel, text string) {
	t.Helper()
	find := fmt.Sprintf(`(() => {
		const docs = [document, ...[...document.querySelectorAll("iframe")].map((f) => { try { return f.contentDocument; } catch { return null; } })];
		for (const d of docs) {
			if (!d) continue;
			for (const el of d.querySelectorAll(%s)) {
				const r = el.getBoundingClientRect();
				if (el.textContent.includes(%s) && r.width > 0 && r.height > 0) return true;
			}
		}
		return false;
	})()`, jsQuote(sel), jsQuote(text))
	if err := chromedp.Do(tab.Ctx, browsertest.Until(find, 2*time.Minute)); err != nil {
		html, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("iframe")].map((f) => { try { return f.contentDocument.body.innerHTML.slice(0, 3000); } catch { return "(other origin)"; } }).join("\n---\n")`))
		t.Fatalf("%s: no %s with %q: %v\npreview frames:\n%s", what, sel, text, err, html)
	}
}

// waitForFile waits until the editor has written file with text in it.
func waitForFile(t *testing.T, tab *browsertest.Tab, file, text string) {
	t.Helper()
	js := fmt.Sprintf(`(async () => {
		let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo");
		const parts = %s.split("/");
		try {
			for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
			// Awaited here: a file the editor is writing or moving fails
			// its read, which is a wait, not an error.
			return await (await (await dir.getFileHandle(parts.at(-1))).getFile()).text();
		} catch { return ""; }
	})()`, jsQuote(file))
	// Bounded with margin: saving writes through the browser's storage,
	// which took tens of seconds with both cores busy several times over.
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); {
		got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(got, text) {
			// The editor writes the file, then closes the entry and goes
			// back to its list (its setting "Close the editor after
			// saving", on by default): the test's next step waits for
			// that, as a person does, or the editor's going back would
			// undo the page the step opens.
			do(t, tab, "see the editor close "+file+" after saving", browsertest.Until(`!/\/entries\/|\/new$/.test(location.hash)`, 2*time.Minute))
			return
		}
		chromedp.Do(tab.Ctx, browsertest.Until(`new Promise((r) => setTimeout(() => r(true), 200))`, time.Second))
	}
	body, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.body.innerText`))
	t.Fatalf("the editor never saved %s with %q (console %q, errors %q)\n%s", file, text, tab.ConsoleErrors(), tab.Errors(), body)
}

// save presses the editor's Save button once it takes a press: the editor
// enables it only after it has taken in the last change, which on a busy
// machine comes well after the keys were sent.
func save(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	do(t, tab, "save", browsertest.Until(`(() => {
		const b = [...document.querySelectorAll("button")].find(b => b.textContent.trim() === "Save" && !b.disabled && b.getAttribute("aria-disabled") !== "true");
		b?.click();
		return !!b;
	})()`, 2*time.Minute))
}

func do(t *testing.T, tab *browsertest.Tab, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, actions...); err != nil {
		body, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.body.innerText`))
		shot, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 20*time.Second)
		defer cancel()
		body, _ = chromedp.Run(shot, chromedp.Evaluate[string](`document.body.innerText`))
		if png, err := chromedp.Run(shot, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(filepath.Join(os.TempDir(), "admin-failure.png"), png, 0o644)
		}
		t.Fatalf("%s: %v (console %q, errors %q)\n%s", what, err, consoleErrorsOnly(tab), tab.Errors(), body)
	}
}

// consoleErrorsOnly is what the tab's console said as errors: the
// editor's framework warns of its internals by the hundred.
func consoleErrorsOnly(tab *browsertest.Tab) []string {
	var out []string
	for _, m := range tab.ConsoleErrors() {
		if strings.HasPrefix(m, "console.error") {
			out = append(out, m)
		}
	}
	return out
}

// waitTakesClicks waits until the button sel takes clicks. The sign-in
// page shows its buttons before it does (a click at the button's centre
// reaches the page behind it for a while): a person waits until the button
// answers to the pointer, so the test waits until the button is what lies
// under its centre.
func waitTakesClicks(t *testing.T, tab *browsertest.Tab, sel string) {
	t.Helper()
	do(t, tab, "wait for the sign-in page to take clicks", browsertest.Until(`(() => {
		const b = document.querySelector(`+jsQuote(sel)+`);
		if (!b) return false;
		const r = b.getBoundingClientRect();
		const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
		return e !== null && (e === b || b.contains(e));
	})()`, 5*time.Minute))
}

// githubStandIn answers the editor's look at GitHub's status page, which
// this machine cannot reach, as GitHub does on a good day; and, when api
// is set, hands it each request to GitHub's API (its path and its
// Authorization header) and answers as GitHub answers a token it does not
// know.
func githubStandIn(t *testing.T, tab *browsertest.Tab, api func(path, authorization string)) {
	t.Helper()
	err := chromedp.Listen(tab.Ctx, func(ev any) {
		e, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		cors := []*fetch.HeaderEntry{{Name: "Content-Type", Value: "application/json"}, {Name: "Access-Control-Allow-Origin", Value: "*"}}
		if strings.HasPrefix(e.Request.URL, "https://api.github.com/") {
			if e.Request.Method == "OPTIONS" { // CORS preflight
				go chromedp.Call(tab.Ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: e.RequestID, ResponseCode: 204, ResponseHeaders: append(cors,
					&fetch.HeaderEntry{Name: "Access-Control-Allow-Headers", Value: "Authorization, Content-Type, Accept, If-None-Match, X-GitHub-Api-Version"},
					&fetch.HeaderEntry{Name: "Access-Control-Allow-Methods", Value: "GET, POST, PATCH, PUT, DELETE"})})
				return
			}
			// fetch() sends header names in lower case.
			var auth string
			for k, v := range e.Request.Headers {
				if strings.EqualFold(k, "Authorization") {
					auth, _ = v.(string)
				}
			}
			if api != nil {
				api(strings.TrimPrefix(e.Request.URL, "https://api.github.com"), auth)
			}
			go chromedp.Call(tab.Ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{
				RequestID: e.RequestID, ResponseCode: 401, ResponseHeaders: cors,
				Body: []byte(`{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}`),
			})
			return
		}
		go chromedp.Call(tab.Ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: e.RequestID, ResponseCode: 200, ResponseHeaders: cors,
			Body: []byte(`{"status":{"indicator":"none","description":"All Systems Operational"}}`),
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tab.Ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
		{URLPattern: "https://www.githubstatus.com/*"}, {URLPattern: "https://api.github.com/*"},
	}}); err != nil {
		t.Fatal(err)
	}
}

// firstClaim is the first claim of the site's claims file.
func firstClaim(t *testing.T, contentDir string) content.Claim {
	t.Helper()
	site, err := load.SiteWith(os.DirFS(contentDir), load.Options{Now: time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if len(site.Collections.Claims) == 0 {
		t.Fatal("the test site cites no claim: give it one")
	}
	return site.Collections.Claims[0]
}

func writePNG(t *testing.T, file string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	for x := range 96 {
		for y := range 64 {
			img.Set(x, y, color.RGBA{uint8(40 + x), uint8(90 + y), 160, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// editorProblems is the editor's side of a save the build would refuse,
// on the article just saved: before the save, the editor asks about a
// link to an address no page has, naming the field as it shows it, and
// Cancel leaves the file unsaved; saved anyway with a blank alt too, make
// dev's panel in the editor lists both problems at once, each with the
// entry's title, the field's label and the remedy, without covering the
// editor, which then fixes them.
func editorProblems(t *testing.T, tab *browsertest.Tab, d *devSite, slug, article, title string) {
	t.Helper()
	const body = `section[data-key-path="body"] textarea`
	do(t, tab, "open the article again",
		chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/articles/entries/`+slug+`/index"`),
		chromedp.WaitVisible(chromedp.CSS(body), browsertest.Unhurried),
		// The test answers the editor's question (window.confirm) as the
		// editor would, and keeps what it asked.
		chromedp.Evaluate[chromedp.Void](`window.asked = []; window.answer = false; window.confirm = (m) => (window.asked.push(m), window.answer)`),
	)
	label, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector('section[data-key-path="body"] header')?.innerText.trim().split("\n")[0] ?? ""`))
	if err != nil || label == "" {
		t.Fatalf("the article's text field shows no label (%v)", err)
	}
	typeAtEnd := func(what, text string) {
		t.Helper()
		do(t, tab, what,
			chromedp.Evaluate[chromedp.Void](`(() => { const a = document.querySelector(`+jsQuote(body)+`); a.scrollIntoView(); a.focus(); a.setSelectionRange(a.value.length, a.value.length); })()`),
			browsertest.Type(body, text),
		)
	}
	// A picture without its text alternative, then a link to a page that
	// does not exist: the editor's question, which quotes the link, shows
	// that it has taken in both.
	typeAtEnd("add a picture without a text alternative and a link to a page that does not exist", "\n\n![](/images/articles/voice.svg)\n\nSee [the plan](/no-such-plan).")
	save(t, tab)
	do(t, tab, "see the editor ask", browsertest.Until(`window.asked.length > 0`, 2*time.Minute))
	asked, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`window.asked[0]`))
	for _, want := range []string{"“" + label, "no page has the address /no-such-plan", "Link to an existing page, or remove the link", "Save anyway?"} {
		if !strings.Contains(asked, want) {
			t.Errorf("before the save, the editor asks without %q:\n%s", want, asked)
		}
	}
	do(t, tab, "see the save stopped, with the reason", browsertest.Until(`document.body.innerText.includes("no page has the address /no-such-plan")`, time.Minute))
	// Cancelled reads as cancelled: not as the editor's error.
	said, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("dialog[open]")].map((d) => d.innerText).join("\n")`))
	if !strings.Contains(said, "Not saved") || strings.Contains(said, "error") {
		t.Errorf("after Cancel, the editor says:\n%s", said)
	}
	if saved := string(readOPFS(t, tab, article)); strings.Contains(saved, "/no-such-plan") {
		t.Fatalf("the editor saved the link it was told not to:\n%s", saved)
	}
	do(t, tab, "close the editor's message", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("[role=alertdialog] button, [role=dialog] button")].find((b) => /^(OK|Close)$/i.test(b.textContent.trim()))?.click()`))

	// Saved anyway.
	do(t, tab, "save anyway", chromedp.Evaluate[chromedp.Void](`window.answer = true`))
	save(t, tab)
	waitForFile(t, tab, article, "/no-such-plan")
	copyBack(t, tab, d)
	do(t, tab, "open the article with the problems", chromedp.Evaluate[chromedp.Void](`location.hash = "#/collections/articles/entries/`+slug+`/index"`), chromedp.WaitVisible(chromedp.CSS(body), browsertest.Unhurried))
	const panel = `dialog#dev-problems[open]`
	do(t, tab, "see make dev's problems in the editor", browsertest.Until(`!!document.querySelector(`+jsQuote(panel)+`)`, 3*time.Minute))
	var shown struct {
		Text        string
		Modal       bool
		Items       int
		SaveCovered bool
		SaveFound   bool
		// FieldCovered: the panel lies over the field it names (the
		// article's text), where the editor clicks to fix it.
		FieldCovered bool
		At           string
	}
	do(t, tab, "see the Save button", browsertest.Until(`[...document.querySelectorAll("button")].some((b) => b.textContent.trim() === "Save" && b.getBoundingClientRect().width > 0)`, time.Minute))
	got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`(() => {
		const p = document.querySelector(`+jsQuote(panel)+`);
		const save = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Save" && b.getBoundingClientRect().width > 0);
		const r = save.getBoundingClientRect();
		const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
		const q = p.getBoundingClientRect();
		const over = (r) => !(r.right <= q.left || q.right <= r.left || r.bottom <= q.top || q.bottom <= r.top);
		const f = document.querySelector('section[data-key-path="body"]').getBoundingClientRect();
		return JSON.stringify({Text: p.innerText, Modal: p.matches(":modal"), Items: p.querySelectorAll("li").length,
			// The panel is clear of the Save button (which, with nothing
			// changed yet, is disabled and lets the pointer through to its
			// toolbar).
			SaveFound: true, SaveCovered: p.contains(at) || over(r), FieldCovered: over(f),
			At: at ? at.tagName + "." + at.className + " " + (at.textContent || "").slice(0, 60) + " at " + [r.x, r.y, r.width, r.height].join(",") : "nothing"});
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(got), &shown)
	t.Logf("make dev's panel in the editor:\n%s", shown.Text)
	if shown.Modal || shown.SaveCovered || shown.FieldCovered {
		t.Errorf("the panel blocks the editor (modal %v, covers the Save button %v: %s; covers the field it names %v)", shown.Modal, shown.SaveCovered, shown.At, shown.FieldCovered)
	}
	for _, want := range []string{
		title + " › " + label, `alt is blank: describe what the image shows`,
		`link "/no-such-plan": no route for this path: link to an existing page, or remove the link`,
	} {
		if !strings.Contains(shown.Text, want) {
			t.Errorf("the panel lacks %q", want)
		}
	}
	if shown.Items < 2 || strings.Count(shown.Text, title+" › "+label) < 2 {
		t.Errorf("the panel does not name the entry and field of each of the %d problems", shown.Items)
	}

	// The editor stays usable: the text fixed in it, the panel closes.
	do(t, tab, "fix the text",
		chromedp.Evaluate[chromedp.Void](`(() => { const a = document.querySelector(`+jsQuote(body)+`); a.scrollIntoView(); a.select(); })()`),
		browsertest.Type(body, "An article written in the web editor, fixed."),
	)
	save(t, tab)
	waitForFile(t, tab, article, "fixed.")
	copyBack(t, tab, d)
	do(t, tab, "see the panel close", browsertest.Until(`!document.querySelector(`+jsQuote(panel)+`)`, 3*time.Minute))
}

// readOPFS is a file the editor wrote, as it is now.
func readOPFS(t *testing.T, tab *browsertest.Tab, file string) []byte {
	t.Helper()
	got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](fmt.Sprintf(`(async () => {
		let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo");
		const parts = %s.split("/");
		for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
		return (await (await dir.getFileHandle(parts.at(-1))).getFile()).text();
	})()`, jsQuote(file)), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(got)
}

// photoWhileEncoding is a photo as an editor adds it, in make dev: an
// article with a new cover photo written into the content folder as the
// editor writes them. Loaded while the photo's sizes are encoded, its
// page shows no broken image (the original stands in) and says
// "processing photo … n s", as the terminal does; once they are, the page
// reloads by itself and shows the encoded picture. A photo encoded before
// the page loads (a fast moment of the machine) shows nothing to check:
// another photo is tried, three in all.
func photoWhileEncoding(t *testing.T, tab *browsertest.Tab, d *devSite) {
	t.Helper()
	for attempt := 1; attempt <= 3; attempt++ {
		name := fmt.Sprintf("harbour-%d.png", attempt)
		slug := fmt.Sprintf("a-photo-being-encoded-%d", attempt)
		var b bytes.Buffer
		// 1200 px wide, six widths to encode in three formats: seconds of
		// a 2-core machine, against the page's load of a fraction of one.
		img := image.NewRGBA(image.Rect(0, 0, 1200, 800))
		for x := range 1200 {
			for y := range 800 {
				img.Set(x, y, color.RGBA{uint8(x * 7 / (y%13 + 1)), uint8(y ^ x), uint8(x + y*attempt), 255})
			}
		}
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		d.write(t, filepath.Join("articles", slug, name), b.Bytes())
		d.write(t, filepath.Join("articles", slug, "index.md"), []byte("---\ntitle: A photo being encoded\ndescription: What a page shows while its photo is encoded.\n"+
			"date: 2025-06-03\nauthor: ana\ntags: [voice-ai]\ncover: {src: "+name+", alt: A harbour at dawn}\n---\nText.\n"))
		d.until(t, "the terminal says the photo is processing", func() bool {
			return strings.Contains(d.out.String(), "processing photo ") && strings.Contains(d.out.String(), name+" … (")
		})
		// Loaded as Load does, since the page before (the last attempt's
		// article) reloads by itself when its photo is encoded.
		tab.Load(t, "/insights/"+slug)
		do(t, tab, "open the article while its photo is encoded",
			chromedp.Evaluate[chromedp.Void](`window.devMark = 1`),
			// Every image loaded, none broken: the original stands in.
			browsertest.Until(`[...document.images].every((i) => i.complete)`, time.Minute),
		)
		got, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`JSON.stringify({
			broken: [...document.images].filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc || i.src),
			cover: [...document.images].filter((i) => (i.currentSrc || i.src).includes("harbour-")).map((i) => i.naturalWidth),
			note: document.getElementById("dev-photos")?.textContent ?? "",
		})`))
		if err != nil {
			t.Fatal(err)
		}
		var seen struct {
			Broken []string
			Cover  []int
			Note   string
		}
		json.Unmarshal([]byte(got), &seen)
		if len(seen.Broken) > 0 || len(seen.Cover) == 0 {
			t.Fatalf("the article shows broken images %q (its cover: widths %v)", seen.Broken, seen.Cover)
		}
		if seen.Note == "" {
			if strings.Contains(d.out.String(), name+" … ") && strings.Contains(d.out.String(), "done") {
				t.Logf("the photo %s was encoded before its page loaded; another", name)
				continue
			}
			t.Fatalf("no note that the photo is processing on its page (the terminal says:\n%s)", d.out.String())
		}
		if !regexp.MustCompile(`processing photo ` + regexp.QuoteMeta(name) + ` … \d+ s`).MatchString(seen.Note) {
			t.Errorf("the page's note: %q, want processing photo %s … n s", seen.Note, name)
		}
		// Encoded: the page reloads itself and shows the encoded picture
		// (an AVIF or WebP size, not the original).
		// The page reloads under the test: an evaluation it cuts short is
		// tried again.
		for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
			done, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`!window.devMark && document.readyState === "complete" && !document.getElementById("dev-photos") && [...document.images].every((i) => i.complete)`))
			if err == nil && done {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the page did not reload with the encoded photo (%v); the terminal says:\n%s", err, d.out.String())
			}
		}
		// The cover as the reloaded page shows it. Once, under load, it
		// read as broken here, just after the wait above had found every
		// image of the page complete: read between a reload's start and
		// its cover's arrival, the page has no cover loaded yet (what
		// began that reload was not seen). So the page is read until its
		// cover has loaded; a cover that loaded broken, or as the
		// original, fails, with what the terminal said.
		var kind string
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
			kind, err = chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`(async () => {
				const i = [...document.images].find((i) => (i.currentSrc || i.src).includes("harbour-"));
				if (document.readyState !== "complete" || !i || !i.complete) return "";
				if (i.naturalWidth === 0) return "broken: " + (i.currentSrc || i.src);
				return (await fetch(i.currentSrc)).headers.get("content-type") + " " + i.currentSrc;
			})()`, chromedp.EvalAwaitPromise))
			if (err == nil && kind != "") || time.Now().After(deadline) {
				break
			}
		}
		if err != nil || !(strings.HasPrefix(kind, "image/avif") || strings.HasPrefix(kind, "image/webp")) {
			t.Errorf("after encoding, the cover is %q (%v), want an encoded size (AVIF or WebP); the terminal says:\n%s", kind, err, d.out.String())
		}
		if !strings.Contains(d.out.String(), name+" … ") || !regexp.MustCompile(regexp.QuoteMeta(name)+` … [0-9.]+ s, done`).MatchString(d.out.String()) {
			t.Errorf("the terminal does not say the photo was processed:\n%s", d.out.String())
		}
		return
	}
	t.Fatal("three photos were each encoded before their page loaded")
}
