package generator

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/prerender"
)

// Stats are the figures of the build summary and of the budget tests.
type Stats struct {
	Routes []RouteStat
	Assets []AssetStat
	// CSSGzip and JSGzip are what every page loads before interaction.
	CSSGzip, JSGzip int
	Render, Total   time.Duration
	// Reused is the number of pages a Builder did not need to render
	// again (their inputs were unchanged).
	Reused int
}

type RouteStat struct {
	Path, File string
	HTMLGzip   int
	Render     time.Duration
}

type AssetStat struct {
	Path       string
	Size, Gzip int
}

func stats(routes []content.Route, rendered []prerender.Result, files []File, b *bundle.Result, render, total time.Duration) Stats {
	s := Stats{Render: render, Total: total}
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Data
	}
	s.Routes = make([]RouteStat, len(routes))
	for i, r := range routes {
		s.Routes[i] = RouteStat{Path: r.Path, File: htmlFile(r), Render: rendered[i].Time}
	}
	// Compressing every page at the best level is most of this stage on a
	// large site: spread it over the cores.
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for i := range next {
				s.Routes[i].HTMLGzip = gzipSize(byPath[s.Routes[i].File])
			}
		})
	}
	for i := range s.Routes {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, a := range b.Assets {
		as := AssetStat{Path: a.Path, Size: len(a.Data), Gzip: gzipSize(a.Data)}
		s.Assets = append(s.Assets, as)
		switch "/" + a.Path {
		case b.Script:
			s.JSGzip = as.Gzip
		case b.Stylesheet:
			s.CSSGzip = as.Gzip
		}
	}
	return s
}

// Print writes the summary table.
func (s Stats) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "route\tHTML gzip\tCSS gzip\tJS gzip\trender\t")
	for _, r := range s.Routes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", r.Path, kb(r.HTMLGzip), kb(s.CSSGzip), kb(s.JSGzip), ms(r.Render))
	}
	fmt.Fprintln(tw, "\t\t\t\t\t")
	fmt.Fprintln(tw, "asset\tsize\tgzip\t\t\t")
	for _, a := range s.Assets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t\n", a.Path, kb(a.Size), kb(a.Gzip))
	}
	tw.Flush()
	fmt.Fprintf(w, "%d pages rendered in %s; total %s\n", len(s.Routes), ms(s.Render), ms(s.Total))
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func ms(d time.Duration) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000), "")
}
