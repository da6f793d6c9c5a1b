// Command hydration prints, for every page route, what loading the page
// costs a slow phone's main thread: the longest task and the total
// blocking time from the navigation's start until the app has hydrated, in
// Debian's headless Chromium at Lighthouse's 4× CPU slowdown (see
// internal/testkit/pageload), beside the same page loaded with its scripts blocked
// (its floor), and their ratio; and the JavaScript the page loads before
// any interaction (gzip, the files its HTML names).
//
//	go run ./bench/hydration [-runs 5] [-v] [-thread] [-slow4g] [-inspected] [-content content] [-frontend frontend] [-baseline DIR] [route...]
//
// It builds the site with the real build, serves it with the real server
// and alternates app and floor loads run by run, each in a fresh tab with
// the cache disabled, so that the machine's load falls on both alike.
// Figures are medians. Target: a ratio of 1.0 on every route (the app adds
// no long task of its own).
//
// Beside the whole load's figures, the same two for the tasks that ended
// after the page's first contentful paint ("after paint"): the window in
// which Lighthouse counts blocking time, since a task before the first
// paint blocks no input. Target: no long task there, TBT 0.
//
// -thread measures each task by its thread time from a trace, the page
// loaded at full speed and the times multiplied by the slowdown (as
// Lighthouse simulates it): figures that stay put on a busy machine, where
// wall times move by 2x from run to run. It also prints the app's longest
// script task: the longest task in which the app's code ran, apart from
// the page's own parsing, style and layout; and the longest task and TBT
// as Lighthouse's simulated throttling times them, which slows a task
// that laid the page out by 2x rather than 4x (pageload.Load.Lantern),
// for the app and its floor.
//
// -slow4g also slows the network as Lighthouse's mobile preset does with
// applied throttling (slow 4G): the page's document then arrives over
// several round trips, as on a phone, instead of all at once from the
// local server, and the browser parses and paints it in pieces.
//
// -inspected keeps the DevTools Runtime domain on during each load, as
// Lighthouse does; by default it is off, as in a visitor's browser (with it
// on, every Error React creates at start-up makes V8 reparse the functions
// on the stack: see internal/testkit/pageload).
//
// -baseline DIR builds the same content with another copy of the app (an
// earlier commit's frontend/, with its node_modules) and measures it in
// the same run, alternating with the others: a before/after comparison
// that a busy machine cannot skew, since both see the same load.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/testkit/browsertest"
	"github.com/vozia/site/internal/testkit/pageload"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hydration:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("hydration", flag.ContinueOnError)
	runs := fs.Int("runs", 5, "loads of each page, with and without its scripts")
	contentDir := fs.String("content", "content", "the content directory")
	frontendDir := fs.String("frontend", "frontend", "the app directory")
	baselineDir := fs.String("baseline", "", "another app `directory` to measure alongside (before/after)")
	slowdown := fs.Float64("slowdown", pageload.CPUSlowdown, "CPU throttling rate")
	verbose := fs.Bool("v", false, "print every load's long tasks")
	slow4G := fs.Bool("slow4g", false, "slow the network too, as Lighthouse's mobile preset does with applied throttling (slow 4G): the document arrives in pieces, as on a phone")
	inspected := fs.Bool("inspected", false, "keep the DevTools Runtime domain on during each load, as Lighthouse does (its cost to the page, which no visitor pays, is then included; see internal/testkit/pageload)")
	thread := fs.Bool("thread", false, "measure tasks by thread time from a trace, the slowdown simulated (figures a busy machine does not move), not by wall time")
	if err := fs.Parse(args); err != nil {
		return err
	}

	site, err := load.Site(os.DirFS(*contentDir))
	if err != nil {
		return err
	}
	routes := fs.Args()
	if len(routes) == 0 {
		for _, r := range site.Routes {
			if r.Redirect == "" && !r.NotFound {
				routes = append(routes, r.Path)
			}
		}
	}

	tmp, err := os.MkdirTemp("", "vozia-hydration-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	apps := []*app{{name: "app", frontend: *frontendDir}}
	if *baselineDir != "" {
		apps = append(apps, &app{name: "baseline", frontend: *baselineDir})
	}
	for i, a := range apps {
		stop, err := a.serve(ctx, *contentDir, filepath.Join(tmp, fmt.Sprint(i)))
		if err != nil {
			return err
		}
		defer stop()
	}

	profile := filepath.Join(tmp, "chromium")
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, browsertest.ChromiumOptions(profile)...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		return fmt.Errorf("start chromium: %w", err)
	}

	load := func(url string, noScript bool) (pageload.Load, error) {
		tab, cancel := chromedp.NewContext(browser)
		defer cancel()
		tab, cancelTimeout := context.WithTimeout(tab, 2*time.Minute)
		defer cancelTimeout()
		if err := chromedp.Do(tab, chromedp.EmulateViewport(412, 823)); err != nil {
			return pageload.Load{}, err
		}
		return pageload.Measure(tab, url, pageload.Options{NoScript: noScript, CPUSlowdown: *slowdown, ThreadTime: *thread, Inspected: *inspected, Slow4G: *slow4G})
	}

	loadBefore := loadavg()
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	measure := "wall time"
	if *thread {
		measure = "thread time (simulated slowdown; every task, not only long ones)"
	}
	if *slow4G {
		measure += ", network slowed to slow 4G"
	}
	if *inspected {
		measure += ", inspected as Lighthouse inspects a page"
	}
	fmt.Fprintf(stdout, "== hydration at %gx CPU slowdown, tasks by %s, median of %d loads: the app against its page without scripts (target: ratio 1.0, TBT 0)\n", *slowdown, measure, *runs)
	header := "route\t"
	for _, a := range apps {
		header += fmt.Sprintf("%[1]s longest task\t%[1]s ratio\t%[1]s TBT\t%[1]s after paint: longest\t%[1]s after paint: TBT\t", a.name)
		if *thread {
			header += fmt.Sprintf("%[1]s script task\t%[1]s as Lighthouse simulates: longest\t%[1]s as Lighthouse simulates: TBT\t", a.name)
		}
		header += fmt.Sprintf("%s JS gzip\t", a.name)
	}
	header += "no-script floor\tfloor TBT\t"
	if *thread {
		header += "floor as Lighthouse simulates: longest\t"
	}
	fmt.Fprintln(tw, header)
	for _, route := range routes {
		// Every load of the route, per app and without scripts; the table
		// gives each figure's median over them.
		loads := make([][]pageload.Load, len(apps))
		var floors []pageload.Load
		for i := 0; i < *runs; i++ {
			for j, a := range apps {
				l, err := load(a.url+route, false)
				if err != nil {
					return err
				}
				if *verbose {
					fmt.Fprintf(stdout, "%s %s: %.0f ms (script: %.0f ms)\n", route, a.name, l.Tasks, l.Script)
				}
				loads[j] = append(loads[j], l)
			}
			l, err := load(apps[0].url+route, true)
			if err != nil {
				return err
			}
			if *verbose {
				fmt.Fprintf(stdout, "%s no scripts: %.0f ms\n", route, l.Tasks)
			}
			floors = append(floors, l)
		}
		f := median(floors, func(l pageload.Load) float64 { return l.Tasks.Longest() })
		row := route + "\t"
		for j, a := range apps {
			js, err := firstLoadJS(a.dir, route)
			if err != nil {
				return err
			}
			ls := loads[j]
			l := median(ls, func(l pageload.Load) float64 { return l.Tasks.Longest() })
			row += fmt.Sprintf("%s\t%s\t%.0f ms\t%s\t%.0f ms\t", ms(l), ratio(l, f, !*thread),
				median(ls, func(l pageload.Load) float64 { return l.Tasks.TBT() }),
				ms(median(ls, func(l pageload.Load) float64 { return l.AfterPaint.Longest() })),
				median(ls, func(l pageload.Load) float64 { return l.AfterPaint.TBT() }))
			if *thread {
				row += fmt.Sprintf("%.0f ms\t%.0f ms\t%.0f ms\t",
					median(ls, func(l pageload.Load) float64 { return l.Script.Longest() }),
					median(ls, func(l pageload.Load) float64 { return l.Lantern.Longest() }),
					median(ls, func(l pageload.Load) float64 { return l.Lantern.TBT() }))
			}
			row += fmt.Sprintf("%.1f KB\t", float64(js)/1024)
		}
		row += fmt.Sprintf("%s\t%.0f ms\t", ms(f), median(floors, func(l pageload.Load) float64 { return l.Tasks.TBT() }))
		if *thread {
			row += fmt.Sprintf("%.0f ms\t", median(floors, func(l pageload.Load) float64 { return l.Lantern.Longest() }))
		}
		fmt.Fprintln(tw, row)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "load average (1, 5, 15 min): %s before, %s after\n", loadBefore, loadavg())
	return nil
}

// app is one build of the site, served.
type app struct {
	name, frontend string
	dir, url       string
}

// serve builds the content with the app into dir/site and serves it.
func (a *app) serve(ctx context.Context, contentDir, dir string) (stop func(), err error) {
	a.dir = filepath.Join(dir, "site")
	res, err := generator.Build(ctx, generator.Options{Content: os.DirFS(contentDir), FrontendDir: a.frontend})
	if err != nil {
		return nil, fmt.Errorf("build with %s: %w", a.frontend, err)
	}
	if err := res.WriteTo(a.dir); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	h, err := devserver.New(ctx, devserver.Options{Dir: a.dir})
	if err != nil {
		ln.Close()
		return nil, err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	a.url = "http://" + ln.Addr().String()
	return func() { srv.Close() }, nil
}

// median is the median over loads of one figure of each.
func median(loads []pageload.Load, figure func(pageload.Load) float64) float64 {
	xs := make([]float64, len(loads))
	for i, l := range loads {
		xs[i] = figure(l)
	}
	return pageload.Median(xs)
}

// ratio prints app over floor. By wall time, an app with no task of 50 ms
// or more has no figure (the browser reports no shorter task): its ratio
// is below what a 50 ms task would give.
func ratio(app, floor float64, wall bool) string {
	if wall && app < pageload.LongTask {
		return fmt.Sprintf("< %.2fx", pageload.Ratio(pageload.LongTask, floor))
	}
	return fmt.Sprintf("%.2fx", pageload.Ratio(app, floor))
}

// ms prints a longest task; none of 50 ms or more is "< 50 ms".
func ms(d float64) string {
	if d < pageload.LongTask {
		return "< 50 ms"
	}
	return fmt.Sprintf("%.0f ms", d)
}

// scriptRefs are the scripts a page loads before any interaction: its
// module scripts and the modules it preloads, read with an HTML parser as
// the browser reads them, whatever the order of their attributes, and
// those its loader adds once it has painted (generator/document/loader.go).
func scriptRefs(doc []byte) []string {
	var refs []string
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return refs
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Key] = a.Val
			}
			switch {
			case tok.Data == "script" && attr["type"] == "module" && attr["src"] != "":
				refs = append(refs, attr["src"])
			case tok.Data == "link" && attr["rel"] == "modulepreload" && attr["href"] != "":
				refs = append(refs, attr["href"])
			case tok.Data == "script" && attr["data-scripts"] != "":
				refs = append(refs, strings.Fields(attr["data-scripts"]+" "+attr["data-preload"])...)
			}
		}
	}
}

// firstLoadJS is the gzip size of the JavaScript files the route's HTML
// names.
func firstLoadJS(dir, route string) (int, error) {
	doc, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(route, "/"), "index.html"))
	if err != nil {
		return 0, err
	}
	total := 0
	seen := map[string]bool{}
	for _, ref := range scriptRefs(doc) {
		if seen[ref] {
			continue
		}
		seen[ref] = true
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(ref, "/"))))
		if err != nil {
			return 0, err
		}
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		total += buf.Len()
	}
	if total == 0 {
		return 0, errors.New(route + ": no script in the page")
	}
	return total, nil
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
