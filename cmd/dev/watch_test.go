package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/vozia/site/internal/testkit/browsertest"
)

// The tests here attach to the dev server they start themselves.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browsertest.Site{})) }

// TestWatch edits a copy of the content under cmd/dev and looks
// at the result in Chromium, as an editor would, without reloading by
// hand.
func TestWatch(t *testing.T) {
	d := startDev(t, testSite, false)
	env := browsertest.Attach(t, d.URL)
	tab := env.NewTab(t, 1280, 800)
	other := env.NewTab(t, 1280, 800)
	const page = "/about" // a page of the test site, written in YAML

	t.Run("an edit appears in the open page", func(t *testing.T) {
		tab.Load(t, page)
		other.Load(t, "/")
		mark(t, tab)
		mark(t, other)
		old, edit := d.editable(t, pageFile(page), page)
		d.write(t, pageFile(page), edit(old+" edited"))
		c := d.built(t)
		if !slices.Contains(c.URLs, page) {
			t.Errorf("the build reports changes to %q, not %s", c.URLs, page)
		}
		waitFor(t, tab, fmt.Sprintf(`!window.devMark && document.body.textContent.includes(%q)`, old+" edited"))
		if !marked(t, other) {
			t.Error("the home page reloaded for an edit of another page")
		}
		d.write(t, pageFile(page), edit(old))
		d.built(t)
		waitFor(t, tab, fmt.Sprintf(`!document.body.textContent.includes(%q)`, old+" edited"))
	})

	t.Run("a broken edit shows the problems until it is fixed", func(t *testing.T) {
		tab.Load(t, page)
		tab.Reset()
		mark(t, tab)
		good := d.read(t, pageFile(page))
		// Template syntax after an emoji and a tab, each drawn wider than
		// a letter (where the browser has an emoji font): the overlay's
		// caret stands under the braces all the same.
		_, edit := d.editable(t, pageFile(page), page)
		d.write(t, pageFile(page), edit("🎉\tBroken {{x}}"))
		problems := d.failed(t)
		if len(problems) == 0 || problems[0].File == "" || problems[0].Line == 0 || problems[0].Source == "" {
			t.Fatalf("problems %+v, want a file:line:col and the line", problems)
		}
		want := problems[0].Error()
		if !strings.Contains(want, pageFile(page)+":") {
			t.Errorf("problem %q does not name %s", want, pageFile(page))
		}
		waitFor(t, tab, `!!document.querySelector("dialog#dev-problems[open]")`)
		text, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`document.querySelector("dialog#dev-problems").innerText`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, want) || !strings.Contains(text, strings.TrimSpace(problems[0].Source)) {
			t.Errorf("the overlay says %q, want %q and the line %q", text, want, problems[0].Source)
		}
		// The caret's left edge, against that of the braces, as drawn.
		off, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[float64](`(() => {
			const box = (node, i) => {
				const r = document.createRange();
				r.setStart(node, i);
				r.setEnd(node, i + 1);
				return r.getBoundingClientRect();
			};
			let braces, caret;
			const walk = document.createTreeWalker(document.querySelector("dialog#dev-problems .dev-problems__source"), NodeFilter.SHOW_TEXT);
			for (let n; (n = walk.nextNode()); ) {
				if (!braces && n.data.includes("{{")) braces = box(n, n.data.indexOf("{{"));
				if (n.data.includes("^")) caret = box(n, n.data.lastIndexOf("^"));
			}
			return braces && caret ? caret.left - braces.left : NaN;
		})()`))
		if err != nil || !(off > -1 && off < 1) {
			t.Errorf("the overlay's caret stands %v px from the braces it points at (%v)", off, err)
		}
		if !strings.Contains(d.out.String(), want) {
			t.Errorf("the terminal does not print %q:\n%s", want, d.out.String())
		}
		// Where the web editor shows it, as the overlay says it.
		if p := problems[0]; p.Entry == "" || p.Field == "" {
			t.Errorf("the problem is not placed in the web editor: %+v", p)
		} else if where := "in the web editor: " + p.Entry + " › " + p.Field; !strings.Contains(d.out.String(), where) {
			t.Errorf("the terminal does not say %q:\n%s", where, d.out.String())
		}
		focused, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`document.querySelector("dialog#dev-problems").contains(document.activeElement)`))
		if err != nil || !focused {
			t.Errorf("focus is not in the overlay (%v)", err)
		}
		if !marked(t, tab) {
			t.Error("the page reloaded on a failed build; it should keep the last good one")
		}
		// The last good build goes on being served underneath.
		if status, _, body := d.get(t, page); status != 200 || !strings.Contains(body, "</html>") {
			t.Errorf("GET %s during the failure: %d", page, status)
		}
		if err := chromedp.Do(tab.Ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, tab, `!document.querySelector("dialog#dev-problems[open]")`)
		// A page loaded while the build is broken shows the problems too.
		other.Load(t, "/")
		waitFor(t, other, `!!document.querySelector("dialog#dev-problems[open]")`)

		d.write(t, pageFile(page), good)
		d.built(t)
		waitFor(t, tab, `!window.devMark && document.readyState === "complete" && !document.querySelector("dialog#dev-problems")`)
		waitFor(t, other, `!document.querySelector("dialog#dev-problems")`)
		if errs := tab.Errors(); len(errs) > 0 {
			t.Errorf("browser errors (CSP?): %q", errs)
		}
	})

	t.Run("a warning shows on the page until it is mended", func(t *testing.T) {
		tab.Load(t, page)
		tab.Reset()
		mark(t, tab)
		old, edit := d.editable(t, pageFile(page), page)
		// A slip the build takes and the page would show: a closing quote
		// that no quote opens.
		d.write(t, pageFile(page), edit(old+`"`))
		d.built(t)
		note := `document.querySelector("aside#dev-warnings")`
		// The page reloaded with the slip, and the note over it.
		waitFor(t, tab, fmt.Sprintf(`!window.devMark && document.readyState === "complete" && document.querySelector("main").innerText.includes(%q) && !!%s`, old+`"`, note))
		text, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](note+`.innerText`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, pageFile(page)+":") || !strings.Contains(text, "that no quote opens") || !strings.Contains(text, "1 warning") {
			t.Errorf("the page's note says %q, want the warning at %s", text, pageFile(page))
		}
		if !strings.Contains(d.out.String(), "that no quote opens") {
			t.Errorf("the terminal does not print the warning:\n%s", d.out.String())
		}
		// A note, not a dialog: the page stays usable, focus where it was.
		if inNote, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](note+`.contains(document.activeElement) || !!document.querySelector("dialog[open]")`)); err != nil || inNote {
			t.Errorf("the note took focus or opened a dialog (%v)", err)
		}
		// Another page, open meanwhile, learns of it when it loads.
		other.Load(t, "/")
		waitFor(t, other, `!!document.querySelector("aside#dev-warnings")`)
		// Dismissed, the same note stays away from the tab's next loads.
		if _, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](note+`.querySelector("button").click() ?? true`)); err != nil {
			t.Fatal(err)
		}
		tab.Load(t, page)
		waitFor(t, tab, `document.documentElement.dataset.devHello !== undefined && !document.querySelector("aside#dev-warnings")`)
		waitFor(t, other, `!!document.querySelector("aside#dev-warnings")`)

		mark(t, tab)
		d.write(t, pageFile(page), edit(old))
		d.built(t)
		waitFor(t, tab, fmt.Sprintf(`!window.devMark && document.readyState === "complete" && !document.querySelector("main").innerText.includes(%q) && !document.querySelector("aside#dev-warnings")`, old+`"`))
		waitFor(t, other, `!document.querySelector("aside#dev-warnings")`)
		if errs := tab.Errors(); len(errs) > 0 {
			t.Errorf("browser errors (CSP?): %q", errs)
		}
	})

	t.Run("new pages, redirects and deleted pages apply at once", func(t *testing.T) {
		const added, redirect = "/dev-added-page", "/dev-old-page"
		if status, _, _ := d.get(t, added); status != 404 {
			t.Fatalf("GET %s before adding it: %d", added, status)
		}
		tab.Load(t, added) // the 404 page, which reloads when the page appears
		// The reload script learns its document's name from the response,
		// as the browser exposes it: here the not-found page's, not the URL.
		timing, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[string](`performance.getEntriesByType("navigation")[0].serverTiming.map((m) => m.name + "=" + m.description).join(" ")`))
		if err != nil || !strings.Contains(timing, "file=404.html") || !strings.Contains(timing, "build=") || strings.Contains(timing, "build= ") {
			t.Errorf("the not-found page's Server-Timing, as the page sees it: %q (%v)", timing, err)
		}
		d.addPage(t, added, "Added while serving")
		d.addRedirect(t, redirect, added)
		d.until(t, "the redirect is served", func() bool { s, _, _ := d.get(t, redirect); return s != 404 })
		if status, _, body := d.get(t, added); status != 200 || !strings.Contains(body, "Added while serving") {
			t.Errorf("GET %s after adding it: %d", added, status)
		}
		if status, h, _ := d.get(t, redirect); status != 301 || h.Get("Location") != added {
			t.Errorf("GET %s: %d to %q, want 301 to %s", redirect, status, h.Get("Location"), added)
		}
		waitFor(t, tab, `document.querySelector("h1")?.innerText === "Added while serving"`)

		d.removePage(t, added)
		d.removeRedirect(t, redirect, added)
		d.until(t, "the page is gone", func() bool { s, _, _ := d.get(t, redirect); return s == 404 })
		if status, _, _ := d.get(t, added); status != 404 {
			t.Errorf("GET %s after deleting it: %d, want 404", added, status)
		}
		waitFor(t, tab, `document.querySelector("h1")?.innerText !== "Added while serving"`)
	})

	t.Run("the last edit wins", func(t *testing.T) {
		old, edit := d.editable(t, pageFile(page), page)
		// Readers all along: every response is one whole build.
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var torn []string
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				res, err := http.Get(d.URL + page)
				if err != nil {
					torn = append(torn, err.Error())
					continue
				}
				body, err := io.ReadAll(res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != 200 || !strings.HasSuffix(string(body), "</html>\n") {
					torn = append(torn, fmt.Sprintf("%d %d bytes (%v)", res.StatusCode, len(body), err))
				}
			}
		})
		const n = 12
		// Written in place (truncate, then write), as some tools do, so
		// that a build can catch a file half-written.
		for i := 1; i <= n; i++ {
			if err := os.WriteFile(filepath.Join(d.Content, pageFile(page)), edit(fmt.Sprintf("%s v%d", old, i)), 0o644); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Duration(i%4) * 7 * time.Millisecond)
		}
		last := fmt.Sprintf("%s v%d", old, n)
		// A build may catch a file half-written and fail; the next one,
		// after the write, succeeds.
		for deadline := time.Now().Add(60 * time.Second); ; {
			if e := d.next(t); e.name == "build" {
				if _, _, body := d.get(t, page); strings.Contains(body, ">"+last+"<") {
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s never showed the last edit", page)
			}
		}
		close(stop)
		wg.Wait()
		if len(torn) > 0 {
			t.Errorf("incomplete responses during the edits: %q", torn)
		}
		// Nothing older comes back: no build is left to run.
		select {
		case e := <-d.events:
			if _, _, body := d.get(t, page); e.name != "build" || !strings.Contains(body, ">"+last+"<") {
				t.Errorf("a later build (%s %s) replaced the last edit", e.name, e.data)
			}
		case <-time.After(time.Second):
		}
		tab.Load(t, page)
		waitFor(t, tab, fmt.Sprintf(`document.body.textContent.includes(%q)`, last))
	})
}

// mark sets a flag on the page's window, which a reload clears.
func mark(t *testing.T, tab *browsertest.Tab) {
	t.Helper()
	if err := chromedp.Do(tab.Ctx, chromedp.Evaluate[chromedp.Void](`window.devMark = true`)); err != nil {
		t.Fatal(err)
	}
}

func marked(t *testing.T, tab *browsertest.Tab) bool {
	t.Helper()
	ok, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](`window.devMark === true`))
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// waitFor evaluates cond in the tab until it holds; the page may reload in
// between, which fails single evaluations, not the wait. The bound has
// margin for a machine running several suites: at load 27 a page that
// the server already served with the change was not showing it within
// 30 s, while alone the same wait took a second.
func waitFor(t testing.TB, tab *browsertest.Tab, cond string) {
	t.Helper()
	var last error
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		ok, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return
		}
		last = err
	}
	t.Fatalf("never true: %s (last error: %v; page errors: %q)", cond, last, tab.Errors())
}
