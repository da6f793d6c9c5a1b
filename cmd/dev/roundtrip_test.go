package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"gopkg.in/yaml.v3"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// roundTripMark is what the test types at the end of one text field of
// each entry: short, so that no length limit is reached, and found
// nowhere else in the site.
const roundTripMark = " zq"

// TestEditorRoundTrip opens every file the web editor can open (every
// entry of frontend/admin/config.yml) in the real editor, on a copy of
// the shipped content, in one session:
//
//   - opened and left alone, an entry does not count as changed (its Save
//     stays disabled: the editor has no save of an unchanged entry), and
//     no file it did not save is written;
//   - after one text field is changed and saved, the file's diff is that
//     field's line alone, as written with its quotes, key order,
//     comments and flow lists;
//   - the site the build reads from the saved files is the shipped one
//     with that text changed, and nothing else.
//
// A file with no text field of the kinds it changes (routing.yaml: only
// addresses) is opened and checked unchanged.
func TestEditorRoundTrip(t *testing.T) {
	// Every file in one editor session: 38 files in 3m38s (5.6 s a file)
	// at a load average of 10 to 20 on two cores, 5m51s (9.2 s a file) at
	// 20 (29 November 2026); make test-roundtrip runs it, outside make
	// test's budget.
	if os.Getenv("VOZIA_ROUNDTRIP") == "" {
		t.Skip("make test-roundtrip runs the web editor's round trip over every file")
	}
	start := time.Now()
	d := startDev(t, shippedContent, false)
	entries := editorEntries(t, filepath.Join(d.Frontend, "admin", "config.yml"), d.Content)
	// VOZIA_ROUNDTRIP_FILES (a regular expression) picks the files, to
	// run the round trip of a few while one is being fixed.
	if only := os.Getenv("VOZIA_ROUNDTRIP_FILES"); only != "" {
		re := regexp.MustCompile(only)
		entries = slices.DeleteFunc(entries, func(e editorEntry) bool { return !re.MatchString(e.file) })
	}
	env := browsertest.Attach(t, d.URL)
	tab := env.NewTab(t, 1280, 900)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab.Ctx), 30*time.Minute)
	defer cancel()
	tab.Ctx = ctx
	githubStandIn(t, tab, nil)
	openLocalRepo(t, tab, d)
	t.Logf("the editor opened the repository in %s", time.Since(start).Round(time.Second))

	now := time.Date(2025, 7, 1, 12, 0, 0, 0, time.UTC)
	before, err := load.SiteWith(os.DirFS(d.Content), load.Options{Now: now, Drafts: true})
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]string{} // file → the field's key path
	previewed := previewedCollections(t, filepath.Join(d.Frontend, "src", "admin", "previews.gen.ts"))
	for _, e := range entries {
		began := time.Now()
		// From the collection's list, so that the form found is the
		// entry's, not the last one's still closing.
		list := e.hash[:strings.Index(e.hash, "/entries/")]
		do(t, tab, "list "+list, chromedp.Evaluate[chromedp.Void](`location.hash = `+jsQuote(list)),
			browsertest.Until(`document.querySelector("section[data-key-path]") === null`, 2*time.Minute))
		do(t, tab, "open "+e.file, chromedp.Evaluate[chromedp.Void](`location.hash = `+jsQuote(e.hash)),
			browsertest.Until(`document.querySelector("section[data-key-path]") !== null && `+saveButtonJS+` !== null`, 2*time.Minute))
		// A file of records is named in the table by its name (a page
		// file may share it: pages/security.yaml).
		records := !previewed[e.collection()] && previewed[e.name()]
		if previewed[e.collection()] || records {
			previewDrawn(t, tab, e.file, shownText(t, filepath.Join(d.Content, filepath.FromSlash(e.file)), records))
		}
		if dirty, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](saveEnabledJS)); dirty {
			t.Errorf("%s: opened and left alone, the editor counts it as changed (Save is enabled)", e.file)
		}
		key := markAndSave(t, tab, e.file)
		if key != "" {
			changed[e.file] = key
		}
		t.Logf("%s: %q in %s", e.file, key, time.Since(began).Round(100*time.Millisecond))
	}
	t.Logf("%d entries opened, %d changed and saved, in %s", len(entries), len(changed), time.Since(start).Round(time.Second))

	// What the editor wrote, in a copy of the content.
	files, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[[]opfsFile](opfsRead, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	after := t.TempDir()
	copyTree(t, d.Content, after)
	for _, f := range files {
		data, _ := base64.StdEncoding.DecodeString(f.Data)
		old, err := os.ReadFile(filepath.Join(d.Content, filepath.FromSlash(f.Path)))
		if err == nil && bytes.Equal(old, data) {
			continue
		}
		key, ok := changed[f.Path]
		if !ok {
			t.Errorf("%s: written, though the test saved nothing there:\n%s", f.Path, lineDiff(string(old), string(data)))
			continue
		}
		if msg := oneFieldDiff(string(old), string(data)); msg != "" {
			t.Errorf("%s: changing %s alone changed more than its line: %s\n%s", f.Path, key, msg, lineDiff(string(old), string(data)))
		}
		if err := os.WriteFile(filepath.Join(after, filepath.FromSlash(f.Path)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for file := range changed {
		if !slicesContainsPath(files, file) {
			t.Errorf("%s: saved, but not found in the repository folder", file)
		}
	}

	// The site the build reads is the same, but for the typed text.
	got, err := load.SiteWith(os.DirFS(after), load.Options{Now: now, Drafts: true})
	if err != nil {
		t.Fatalf("the build refuses what the editor saved:\n%v", err)
	}
	// An article card's memo is a digest of the card: the typed text
	// changes it with the card.
	memo := regexp.MustCompile(`"memo":"[^"]*"`)
	a, _ := json.Marshal(before)
	b, _ := json.Marshal(got)
	a, b = memo.ReplaceAll(a, []byte(`"memo":""`)), memo.ReplaceAll(b, []byte(`"memo":""`))
	// A value made from a field shows the text as it is made: a mailto:
	// subject escapes it.
	stripped := bytes.ReplaceAll(b, []byte(roundTripMark), nil)
	stripped = bytes.ReplaceAll(stripped, []byte(url.PathEscape(roundTripMark)), nil)
	if !bytes.Equal(a, stripped) {
		i := 0
		for i < len(a) && i < len(stripped) && a[i] == stripped[i] {
			i++
		}
		lo := max(0, i-200)
		t.Errorf("the site read from the saved files differs in more than the typed text, first at byte %d:\nshipped: …%s…\nsaved:   …%s…", i, a[lo:min(len(a), i+200)], stripped[lo:min(len(stripped), i+200)])
	}
	if n := bytes.Count(b, []byte(roundTripMark)); n < len(changed) {
		t.Errorf("the site read from the saved files shows %d of the %d changed fields", n, len(changed))
	}
	t.Logf("round trip of %d files in %s", len(entries), time.Since(start).Round(time.Second))
}

// markAndSave types roundTripMark at the end of a text field of the open
// entry and saves it, and returns the field's key path ("" when the entry
// has none). A field whose text is already as long as the editor lets it
// be (a title at its limit) refuses three more characters: the mark is
// taken back and the next field has it. Any other refusal is an error.
func markAndSave(t *testing.T, tab *browsertest.Tab, file string) string {
	t.Helper()
	tried := []string{}
	for {
		skip, _ := json.Marshal(tried)
		key, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](strings.Replace(markFieldJS, "SKIP", string(skip), 1), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if key == "" {
			if len(tried) > 0 {
				t.Errorf("%s: every text field refused the typed text (%q)", file, tried)
			}
			return ""
		}
		do(t, tab, "type in "+file+" "+key, chromedp.KeyEvent(roundTripMark))
		save(t, tab)
		refusal := waitForSave(t, tab, "content/"+file, strings.TrimSpace(roundTripMark), key)
		if refusal == "" {
			return key
		}
		if !strings.Contains(refusal, "at most") {
			t.Errorf("%s: the editor refuses to save %s with %q typed at its end: %s", file, key, roundTripMark, refusal)
		}
		t.Logf("%s: %s is full (%s): the next field", file, key, refusal)
		tried = append(tried, key)
		back := make([]chromedp.Action[chromedp.Void], 0, len(roundTripMark))
		for range roundTripMark {
			back = append(back, chromedp.KeyEvent(kb.Backspace))
		}
		// Taken back, the entry is as read: the editor disables Save again
		// once it has taken that in, and the next field's text goes in a
		// save of its own.
		back = append(back, browsertest.Until("!"+saveEnabledJS, 2*time.Minute))
		do(t, tab, "take back the text typed in "+key, back...)
	}
}

// saveButtonJS finds the editor's Save button.
const saveButtonJS = `([...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Save") ?? null)`

const saveEnabledJS = `(() => { const b = ` + saveButtonJS + `; return !!b && !b.disabled && b.getAttribute("aria-disabled") !== "true"; })()`

// markFieldJS puts the caret at the end of the first text field, in this
// order of keys, that the entry's form shows filled in, and returns its
// key path ("" for none). Lists draw their items when scrolled into view.
// A title comes late: three more characters may pass its length rule. The
// site's brand is not among them: it enters the length of every title.
const markFieldJS = `(async () => {
  const keys = ["heading", "question", "company", "speaker", "name", "label", "alt", "title", "description"];
  const skip = SKIP;
  const pick = () => {
    const found = [];
    for (const s of document.querySelectorAll("section[data-key-path]")) {
      const key = s.dataset.keyPath.split(".").at(-1);
      const rank = keys.indexOf(key);
      if (rank < 0 || skip.includes(s.dataset.keyPath)) continue;
      const input = s.querySelector(":scope > * input:not([type]), :scope > * input[type=text], :scope > * textarea");
      // Not a choice's search box (a relation such as the author).
      if (!input || input.readOnly || input.disabled || !input.value || input.closest("section[data-key-path]") !== s ||
        input.getAttribute("role") === "combobox" || input.closest('[role="listbox"], [role="radiogroup"], [role="combobox"]')) continue;
      found.push([rank, s.dataset.keyPath, input]);
    }
    found.sort((a, b) => a[0] - b[0]);
    return found[0];
  };
  let got = pick();
  for (let i = 0; !got && i < 60; i++) {
    const all = document.querySelectorAll("section[data-key-path]");
    all[Math.min(all.length - 1, i * 3)]?.scrollIntoView();
    await new Promise((r) => setTimeout(r, 200));
    got = pick();
  }
  if (!got) return "";
  const [, key, input] = got;
  input.scrollIntoView({block: "center"});
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  return key;
})()`

type editorEntry struct{ file, hash string }

// collection is the name of the entry's collection in the editor.
func (e editorEntry) collection() string {
	c, _, _ := strings.Cut(strings.TrimPrefix(e.hash, "#/collections/"), "/")
	return c
}

// name is the name of the entry in its collection (a file's name).
func (e editorEntry) name() string { return path.Base(e.hash) }

// previewedCollections are the collections and files whose preview the
// site's components draw (previews.gen.ts's previewForms and
// recordPreviews).
func previewedCollections(t *testing.T, file string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+"?([a-zA-Z-]+)"?: ("[a-z]+"|\{ (collection|kind): "[a-zA-Z-]+".*\}),$`).FindAllStringSubmatch(string(data), -1) {
		out[m[1]] = true
	}
	if len(out) == 0 {
		t.Fatalf("%s lists no previewed collection", file)
	}
	return out
}

// shownText are texts of the first record of a file of records (for a
// record file) that a visitor reads where the site shows the records:
// its words of more than one word with no citation, and its names.
func shownText(t *testing.T, file string, records bool) []string {
	t.Helper()
	if !records {
		return nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	// The first record: the file's first item, or the first item of its
	// first list.
	first := func(v any) any {
		switch x := v.(type) {
		case []any:
			if len(x) > 0 {
				return x[0]
			}
		case map[string]any:
			keys := slices.Sorted(maps.Keys(x))
			for _, k := range keys {
				if l, ok := x[k].([]any); ok && len(l) > 0 {
					return l[0]
				}
			}
		}
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if len(x) >= 5 && !strings.Contains(x, "{claim:") && !strings.ContainsAny(x, "/#*_`[") {
				out = append(out, x)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(x[k])
			}
		}
	}
	walk(first(v))
	if len(out) == 0 {
		t.Fatalf("%s: its first record has no text to look for in its preview", file)
	}
	return out
}

// previewDrawn waits until the preview pane of the open entry has drawn
// its page with the site's components, and checks that every section was
// drawn (none says it cannot be), that no citation of a claim is left as
// written ({claim:key}), and, for a file of records, that a section of
// the site shows one of the texts of its first record.
func previewDrawn(t *testing.T, tab *browsertest.Tab, file string, shown []string) {
	t.Helper()
	want, _ := json.Marshal(shown)
	js := `(() => {
		const docs = [document, ...[...document.querySelectorAll("iframe")].map((f) => { try { return f.contentDocument; } catch { return null; } })];
		const shown = ` + string(want) + ` ?? [];
		for (const d of docs) {
			const main = d?.querySelector("main#main");
			if (!main || main.children.length === 0) continue;
			const sections = [...main.querySelectorAll("section")].map((s) => s.textContent.replace(/\s+/g, " "));
			return {drawn: true, errors: [...main.querySelectorAll("[data-preview-error]")].map((e) => e.textContent), claims: (main.textContent.match(/\{claim:[^}]*\}/g) ?? []),
				shows: shown.length === 0 || shown.some((w) => sections.some((s) => s.includes(w.replace(/\s+/g, " "))))};
		}
		return {drawn: false};
	})()`
	type state struct {
		Drawn  bool     `json:"drawn"`
		Errors []string `json:"errors"`
		Claims []string `json:"claims"`
		Shows  bool     `json:"shows"`
	}
	var got state
	for deadline := time.Now().Add(2 * time.Minute); !got.Drawn && time.Now().Before(deadline); {
		var err error
		if got, err = chromedp.Run(tab.Ctx, chromedp.Evaluate[state](js)); err != nil {
			t.Fatal(err)
		}
		if !got.Drawn {
			chromedp.Do(tab.Ctx, browsertest.Until(`new Promise((r) => setTimeout(() => r(true), 100))`, time.Second))
		}
	}
	if got.Drawn {
		if broken := brokenImages(t, tab); len(broken) > 0 {
			t.Errorf("%s: the preview shows broken images: %q", file, broken)
		}
	}
	switch {
	case !got.Drawn:
		t.Errorf("%s: the preview never drew the page (errors %q)", file, tab.Errors())
	case len(got.Errors) > 0:
		t.Errorf("%s: the preview cannot draw sections: %q", file, got.Errors)
	case len(got.Claims) > 0:
		t.Errorf("%s: the preview shows citations as written: %q", file, got.Claims)
	case !got.Shows:
		t.Errorf("%s: the preview's sections show none of its first record's texts %q", file, shown)
	}
}

// brokenImages are the addresses of the images of the preview pane that
// the browser could not load (a 404: an image the editor's preview
// names by a path only the built site has), once every image of the
// pane has loaded or failed.
func brokenImages(t *testing.T, tab *browsertest.Tab) []string {
	t.Helper()
	const js = `(() => {
		const docs = [document, ...[...document.querySelectorAll("iframe")].map((f) => { try { return f.contentDocument; } catch { return null; } })];
		const imgs = docs.flatMap((d) => [...(d?.querySelectorAll("main#main img") ?? [])]);
		// A lazy image below the fold would wait for a scroll.
		for (const i of imgs) i.loading = "eager";
		if (imgs.some((i) => !i.complete)) return null;
		return imgs.filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc || i.src);
	})()`
	var broken []string
	err := chromedp.Do(tab.Ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(time.Minute), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		t.Errorf("the preview's images never finished loading: %v", err)
		return nil
	}
	broken, err = chromedp.Run(tab.Ctx, chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatal(err)
	}
	return broken
}

// editorEntries lists every file of dir the editor's configuration opens,
// with the editor's address of its entry.
func editorEntries(t *testing.T, config, dir string) []editorEntry {
	t.Helper()
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Collections []struct {
			Name, Folder, Extension, Path string
			Files                         []struct{ Name, File string }
		}
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	var out, folders []editorEntry
	for _, c := range cfg.Collections {
		for _, f := range c.Files {
			out = append(out, editorEntry{strings.TrimPrefix(f.File, "content/"), "#/collections/" + c.Name + "/entries/" + f.Name})
		}
		if c.Folder == "" {
			continue
		}
		root := filepath.Join(dir, strings.TrimPrefix(c.Folder, "content"))
		err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || filepath.Ext(p) != "."+c.Extension {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(strings.TrimSuffix(rel, "."+c.Extension))
			// An entry's address is its path under the folder (an
			// article's "<slug>/index").
			if path.Base(c.Path) != "{{slug}}" && path.Base(rel) != path.Base(c.Path) {
				return nil
			}
			file, _ := filepath.Rel(dir, p)
			folders = append(folders, editorEntry{filepath.ToSlash(file), "#/collections/" + c.Name + "/entries/" + rel})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The files of the collections and settings first, then each folder.
	out = append(out, folders...)
	if len(out) == 0 {
		t.Fatal("the editor's configuration opens no file")
	}
	return out
}

// oneFieldDiff says what is wrong with saved as old with roundTripMark
// typed at the end of one line's text, or "".
func oneFieldDiff(old, saved string) string {
	a, b := strings.Split(old, "\n"), strings.Split(saved, "\n")
	if len(a) != len(b) {
		return fmt.Sprintf("%d lines became %d", len(a), len(b))
	}
	var diff []int
	for i := range a {
		if a[i] != b[i] {
			diff = append(diff, i+1)
		}
	}
	if len(diff) != 1 {
		return fmt.Sprintf("lines %v changed", diff)
	}
	if i := diff[0] - 1; strings.Replace(b[i], roundTripMark, "", 1) != a[i] {
		return fmt.Sprintf("line %d is not the line with the typed text alone", i+1)
	}
	return ""
}

// lineDiff lists the lines of a and b that differ, by line number.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(x), len(y)) && len(out) < 40; i++ {
		var l, r string
		if i < len(x) {
			l = x[i]
		}
		if i < len(y) {
			r = y[i]
		}
		if l != r {
			out = append(out, fmt.Sprintf("%4d - %s\n     + %s", i+1, l, r))
		}
	}
	return strings.Join(out, "\n")
}

func slicesContainsPath(files []opfsFile, p string) bool {
	for _, f := range files {
		if f.Path == p {
			return true
		}
	}
	return false
}

// waitForSave waits until the editor has written file with text in it,
// and returns "", or until it shows why it refuses the field key, and
// returns that.
func waitForSave(t *testing.T, tab *browsertest.Tab, file, text, key string) string {
	t.Helper()
	js := fmt.Sprintf(`(async () => {
		const alert = document.querySelector('section[data-key-path=%s] [role="alert"]');
		if (alert && alert.innerText.trim()) return {refusal: alert.innerText.trim()};
		let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo");
		const parts = %s.split("/");
		try {
			for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p);
			return {saved: await (await (await dir.getFileHandle(parts.at(-1))).getFile()).text()};
		} catch { return {}; }
	})()`, jsQuote(key), jsQuote(file))
	type state struct {
		Saved   string `json:"saved"`
		Refusal string `json:"refusal"`
	}
	// Bounded with margin: saving writes through the browser's storage,
	// which took tens of seconds with both cores busy several times over.
	var got state
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); {
		var err error
		got, err = chromedp.Run(tab.Ctx, chromedp.Evaluate[state](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got.Refusal != "" {
			return got.Refusal
		}
		if strings.Contains(got.Saved, text) {
			// The editor closes the entry once the save is done, which
			// comes after the file is written, and goes back to the list:
			// the next entry opened before that would be closed in its
			// place.
			do(t, tab, "wait for the editor to close "+file, browsertest.Until(`document.querySelector("section[data-key-path]") === null && !location.hash.includes("/entries/")`, 2*time.Minute))
			return ""
		}
		chromedp.Do(tab.Ctx, browsertest.Until(`new Promise((r) => setTimeout(() => r(true), 100))`, time.Second))
	}
	body, _ := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if png, err := chromedp.Run(tab.Ctx, chromedp.CaptureScreenshot()); err == nil {
		os.WriteFile(filepath.Join(os.TempDir(), "roundtrip-failure.png"), png, 0o644)
	}
	t.Fatalf("the editor never saved %s with %q (console %q, errors %q); the file:\n%.2000s\nthe page:\n%s", file, text, consoleErrorsOnly(tab), tab.Errors(), got.Saved, body)
	return ""
}
