package generator

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/internal/parallel"
)

// Stats are the figures of the build summary. The gzip sizes are measured
// only when asked for (MeasureSizes, Print): `make dev` never shows them,
// and cmd/build measures them while it writes the files.
type Stats struct {
	Routes []RouteStat
	Assets []AssetStat
	// CSSGzip and JSGzip are what every page loads before interaction.
	CSSGzip, JSGzip int
	Render, Total   time.Duration
	// Reused is the number of pages a Builder did not need to render
	// again (their inputs were unchanged).
	Reused int
	// ImagesEncoded is the number of originals the Builder has encoded
	// since it was made (not found in its caches).
	ImagesEncoded int

	measured           bool
	script, stylesheet string
	// shown are the routes the summary lists, by index (summaryRoutes).
	shown []int
}

// summaryRoutes is how many pages the summary lists: every page of a site
// of up to that many, else the largest by HTML size, whose gzip sizes
// alone are measured. A table of a thousand rows helps no one, and
// gzipping every page of a thousand-article site for it was a tenth of
// the build's CPU.
const summaryRoutes = 40

type RouteStat struct {
	Path, File string
	HTMLGzip   int
	Render     time.Duration
	html       []byte
}

type AssetStat struct {
	Path       string
	Size, Gzip int
	data       []byte
}

func stats(routes []content.Route, rendered []prerender.Result, files []File, b *bundle.Result, render, total time.Duration) Stats {
	s := Stats{Render: render, Total: total, script: b.Script, stylesheet: b.Stylesheet}
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	s.Routes = make([]RouteStat, len(routes))
	for i, r := range routes {
		s.Routes[i] = RouteStat{Path: r.Path, File: cdn.DocumentFile(r), Render: rendered[i].Time, html: byPath[cdn.DocumentFile(r)]}
	}
	s.Assets = make([]AssetStat, len(b.Assets))
	for i, a := range b.Assets {
		s.Assets[i] = AssetStat{Path: a.Path, Size: len(a.Data), data: a.Data}
	}
	return s
}

// MeasureSizes measures the gzip sizes of the assets and of the pages the
// summary lists (summaryRoutes), once, on every core.
func (s *Stats) MeasureSizes() {
	if s.measured {
		return
	}
	s.measured = true
	s.shown = make([]int, len(s.Routes))
	for i := range s.shown {
		s.shown[i] = i
	}
	if len(s.shown) > summaryRoutes {
		slices.SortStableFunc(s.shown, func(a, b int) int { return len(s.Routes[b].html) - len(s.Routes[a].html) })
		s.shown = s.shown[:summaryRoutes]
	}
	// The assets first: the script is the largest job.
	parallel.For(len(s.Assets)+len(s.shown), 0, func(i int) {
		if i < len(s.Assets) {
			s.Assets[i].Gzip = gzipSize(s.Assets[i].data)
			return
		}
		r := &s.Routes[s.shown[i-len(s.Assets)]]
		r.HTMLGzip = gzipSize(r.html)
	})
	for _, a := range s.Assets {
		switch "/" + a.Path {
		case s.script:
			s.JSGzip = a.Gzip
		case s.stylesheet:
			s.CSSGzip = a.Gzip
		}
	}
}

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

// Print writes the summary table.
func (s *Stats) Print(w io.Writer) {
	s.MeasureSizes()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "route\tHTML gzip\tCSS gzip\tJS gzip\trender\t")
	for _, i := range s.shown {
		r := s.Routes[i]
		render := ms(r.Render)
		if r.Render == 0 { // not rendered: the same inputs were rendered before
			render = "reused"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", r.Path, kb(r.HTMLGzip), kb(s.CSSGzip), kb(s.JSGzip), render)
	}
	if more := len(s.Routes) - len(s.shown); more > 0 {
		fmt.Fprintf(tw, "(the %d largest pages of %d)\t\t\t\t\t\n", len(s.shown), len(s.Routes))
	}
	fmt.Fprintln(tw, "\t\t\t\t\t")
	fmt.Fprintln(tw, "asset\tsize\tgzip\t\t\t")
	for _, a := range s.Assets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t\n", a.Path, kb(a.Size), kb(a.Gzip))
	}
	tw.Flush()
	if s.Reused > 0 {
		fmt.Fprintf(w, "%d pages, %d rendered in %s and %d reused from earlier builds; total %s\n", len(s.Routes), len(s.Routes)-s.Reused, ms(s.Render), s.Reused, ms(s.Total))
		return
	}
	fmt.Fprintf(w, "%d pages rendered in %s; total %s\n", len(s.Routes), ms(s.Render), ms(s.Total))
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func ms(d time.Duration) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000), "")
}
