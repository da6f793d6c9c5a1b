package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/parallel"
	"github.com/vozia/site/internal/problem"
)

// summary is the table the command prints after a build: each page's
// HTML and the assets every page loads, gzipped as a CDN sends them, and
// the render times. The build hands over its figures (generator.Stats);
// the sizes are measured here, while the files are written.
type summary struct {
	stats  generator.Stats
	routes []routeRow
	assets []assetRow
	// cssGzip and jsGzip are what every page loads before interaction.
	cssGzip, jsGzip int
	// shown are the routes the summary lists, by index (summaryRoutes).
	shown []int
}

// summaryRoutes is how many pages the summary lists: every page of a site
// of up to that many, else the largest by HTML size, whose gzip sizes
// alone are measured. A table of a thousand rows helps no one, and
// gzipping every page of a thousand-article site for it was a tenth of
// the build's CPU.
const summaryRoutes = 40

type routeRow struct {
	path     string
	htmlGzip int
	render   time.Duration
	html     []byte
	// scripts and styles are what the page loads beside what every page
	// does (generator.RouteStat); cssGzip and jsGzip its own sums.
	scripts         []string
	styles          [][]byte
	cssGzip, jsGzip int
}

type assetRow struct {
	path       string
	size, gzip int
	data       []byte
}

func newSummary(res *generator.Result) *summary {
	s := &summary{stats: res.Stats}
	byPath := make(map[string][]byte, len(res.Site))
	for _, f := range res.Site {
		byPath[f.Path] = f.Data
	}
	for _, r := range res.Stats.Routes {
		s.routes = append(s.routes, routeRow{path: r.Path, render: r.Render, html: byPath[r.File], scripts: r.Scripts, styles: r.Styles})
	}
	for _, a := range res.Stats.Bundle.Assets {
		s.assets = append(s.assets, assetRow{path: a.Path, size: len(a.Data), data: a.Data})
	}
	return s
}

// measure measures the gzip sizes of the assets and of the pages the
// summary lists (summaryRoutes), on every core. An asset's size is
// taken from kept, by the SHA-256 of its bytes, when a build measured
// it before, and kept there when not: the assets change only with the app
// (kept beside its bundles, bundle.FrontendCache), and compressing the
// script again was two fifths of the summary's processor time, on the
// core the writing of a shipped site's files waits for.
func (s *summary) measure(kept filecache.Dir) {
	var known map[string]int
	kept.GetJSON(gzipSizesKey, &known)
	sums := make([]string, len(s.assets))
	s.shown = make([]int, len(s.routes))
	for i := range s.shown {
		s.shown[i] = i
	}
	if len(s.shown) > summaryRoutes {
		slices.SortStableFunc(s.shown, func(a, b int) int { return len(s.routes[b].html) - len(s.routes[a].html) })
		s.shown = s.shown[:summaryRoutes]
	}
	// The assets first: the script is the largest job.
	parallel.For(len(s.assets)+len(s.shown), 0, func(i int) {
		if i < len(s.assets) {
			a := &s.assets[i]
			sum := sha256.Sum256(a.data)
			sums[i] = hex.EncodeToString(sum[:])
			if n, ok := known[sums[i]]; ok {
				a.gzip = n
			} else {
				a.gzip = gzipSize(a.data)
			}
			return
		}
		r := &s.routes[s.shown[i-len(s.assets)]]
		r.htmlGzip = gzipSize(r.html)
		for _, css := range r.styles {
			r.cssGzip += gzipSize(css)
		}
	})
	// The sizes of this build's assets only, so that the entry does not
	// grow with every version of the app.
	now := make(map[string]int, len(s.assets))
	for i, a := range s.assets {
		now[sums[i]] = a.gzip
	}
	if !maps.Equal(now, known) {
		kept.KeepJSON(gzipSizesKey, now)
	}
	gz := map[string]int{}
	for _, a := range s.assets {
		gz["/"+a.path] = a.gzip
		switch "/" + a.path {
		case s.stats.Bundle.Script:
			s.jsGzip = a.gzip
		case s.stats.Bundle.Stylesheet:
			s.cssGzip = a.gzip
		}
	}
	for _, i := range s.shown {
		r := &s.routes[i]
		r.cssGzip += s.cssGzip
		r.jsGzip = s.jsGzip
		for _, src := range r.scripts {
			r.jsGzip += gz[src]
		}
	}
}

// gzipSizesKey is the entry of the assets' gzip sizes in the app's cache.
const gzipSizesKey = "assets"

// gzipSize is the size of data gzipped at the default level, as a CDN
// compresses it. klauspost/compress does it in a third of the time of
// compress/gzip's best level, for sizes within 3% of it.
// Its writers are reused: each holds a megabyte of tables, and a new one
// per page was a gigabyte of garbage on a thousand-page site.
func gzipSize(data []byte) int {
	var n countWriter
	w := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(w)
	w.Reset(&n)
	w.Write(data)
	w.Close()
	return int(n)
}

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	return w
}}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// print writes the table; measure comes first.
func (s *summary) print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "route\tHTML gzip\tCSS gzip\tJS gzip\trender\t")
	for _, i := range s.shown {
		r := s.routes[i]
		render := ms(r.render)
		if r.render == 0 { // not rendered: the same inputs were rendered before
			render = "reused"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", cell(r.path), kb(r.htmlGzip), kb(r.cssGzip), kb(r.jsGzip), render)
	}
	if more := len(s.routes) - len(s.shown); more > 0 {
		fmt.Fprintf(tw, "(the %d largest pages of %d)\t\t\t\t\t\n", len(s.shown), len(s.routes))
	}
	fmt.Fprintln(tw, "\t\t\t\t\t")
	fmt.Fprintln(tw, "asset\tsize\tgzip\t\t\t")
	for _, a := range s.assets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t\n", cell(a.path), kb(a.size), kb(a.gzip))
	}
	// Each photo and what it cost: a large one is what makes a build slow
	// the first time (the cache, dist/cache, keeps its files after that).
	if len(s.stats.Images) > 0 {
		fmt.Fprintln(tw, "\t\t\t\t\t")
		fmt.Fprintln(tw, "image\tfiles\tbytes\tencoded\t\t")
		for _, im := range s.stats.Images {
			took := fmt.Sprintf("%.1f s", im.Took.Seconds())
			if im.Cached {
				took = "cached"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t\t\n", cell(im.File), im.Variants, kb(im.Bytes), took)
		}
	}
	tw.Flush()
	st := s.stats
	if st.Reused > 0 {
		fmt.Fprintf(w, "%d pages, %d rendered in %s and %d reused from earlier builds; total %s\n", len(s.routes), len(s.routes)-st.Reused, ms(st.Render), st.Reused, ms(st.Total))
		return
	}
	fmt.Fprintf(w, "%d pages rendered in %s; total %s\n", len(s.routes), ms(st.Render), ms(st.Total))
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// cell is a route's, an asset's or an image's name as one cell of the
// table: escaped as every outside text is printed (problem.Text), its tabs
// too, which would move the columns.
func cell(s string) string { return strings.ReplaceAll(problem.Text(s), "\t", `\t`) }
