package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/testkit/browsertest"
)

// editableArticle is an article of the content whose front matter has a
// plain value its page shows, and that page; "" when none has.
func editableArticle(b *testing.B, d *devSite) (file, path string) {
	site, err := load.Site(os.DirFS(d.Content))
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range site.Articles {
		_, _, body := d.get(b, a.Path)
		for _, m := range plainValue.FindAllSubmatch(d.read(b, a.File), -1) {
			if strings.Contains(body, ">"+string(m[1])+"<") {
				return a.File, a.Path
			}
		}
	}
	return "", ""
}

// BenchmarkEdit is make dev's loop on the shipped content (a copy), timed
// from the write of a file: to the rebuilt page being served ("server",
// target 150 ms for a one-page edit on 2 cores), and to the reloaded page
// showing the edit in Chromium ("browser", target 300 ms). Four edits: a
// value of one page's copy, a value of the copy every page shares, a
// frontend source (a statement in app.tsx, which changes both bundles),
// and an article's title (its page, the index, its tags, the feeds and
// its share image change).
func BenchmarkEdit(b *testing.B) {
	d := startDev(b, shippedContent, true)
	const page = "/platform"
	app := filepath.Join(d.Frontend, "src", "app.tsx")
	appSrc, err := os.ReadFile(app)
	if err != nil {
		b.Fatal(err)
	}
	type edit struct {
		name  string
		write func(i int) (shows string) // JavaScript that is true once the page shows edit i
		page  string                     // the page that shows it; page when empty
	}
	// content edits a value of file that page shows, keeping at most max
	// characters of it (0: all) so that a limited field (an article's
	// title) stays valid with a number appended.
	content := func(file, page string, max int) func(i int) string {
		old, replace := d.editable(b, file, page)
		if r := []rune(old); max > 0 && len(r) > max {
			old = strings.TrimSpace(string(r[:max]))
		}
		return func(i int) string {
			v := fmt.Sprintf("%s %d", old, i)
			d.write(b, file, replace(v))
			return fmt.Sprintf(`document.body.textContent.includes(%q)`, v)
		}
	}
	edits := []edit{
		{"page", content(pageFile(page), page, 0), ""},
		{"shared", content(sharedFile, page, 0), ""},
		{"frontend", func(i int) string {
			src := slices.Concat(appSrc, []byte(fmt.Sprintf("\n(globalThis as { devEdit?: number }).devEdit = %d;\n", i)))
			tmp := filepath.Join(filepath.Dir(app), ".app.tsx.tmp")
			if err := os.WriteFile(tmp, src, 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.Rename(tmp, app); err != nil {
				b.Fatal(err)
			}
			return fmt.Sprintf(`window.devEdit === %d && document.documentElement.hasAttribute("data-hydrated")`, i)
		}, ""},
	}
	if file, path := editableArticle(b, d); file != "" {
		edits = append(edits, edit{"article", content(file, path, 40), path})
	}
	n := 0
	for i := range edits {
		edits[i].page = cmp.Or(edits[i].page, page)
	}
	for _, e := range edits {
		page := e.page
		b.Run(e.name+"/server", func(b *testing.B) {
			defer cpu(b)()
			for b.Loop() {
				n++
				shows := e.write(n)
				for {
					if c := d.built(b); c.All || slices.Contains(c.URLs, page) {
						break
					}
				}
				if e.name != "frontend" {
					if _, _, body := d.get(b, page); !strings.Contains(body, fmt.Sprintf(" %d<", n)) {
						b.Fatalf("%s does not show edit %d (%s)", page, n, shows)
					}
				}
			}
		})
	}
	env := browsertest.Attach(b, d.URL)
	for _, e := range edits {
		page := e.page
		b.Run(e.name+"/browser", func(b *testing.B) {
			tab := env.NewTab(b, 1280, 800) // each tab lives 90 s at most
			tab.Load(b, page)
			defer cpu(b)()
			for b.Loop() {
				n++
				shows := e.write(n)
				for deadline := time.Now().Add(time.Minute); ; time.Sleep(2 * time.Millisecond) {
					ok, err := chromedp.Run(tab.Ctx, chromedp.Evaluate[bool](shows))
					if err == nil && ok {
						break
					}
					if time.Now().After(deadline) {
						b.Fatalf("the page never showed edit %d: %s (%v; %q)", n, shows, err, tab.Errors())
					}
				}
				b.StopTimer()
				for { // the build's event, which the page saw first
					if c := d.built(b); c.All || slices.Contains(c.URLs, page) {
						break
					}
				}
				b.StartTimer()
			}
		})
	}
}

// cpu reports the CPU time this process (server and build) spent per
// operation, a figure that other work on a shared machine does not
// inflate as it does the wall time (the browser's own time is not in it).
func cpu(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64((cpuTime()-start).Milliseconds())/float64(b.N), "cpu-ms/op")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
