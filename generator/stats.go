package generator

import (
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/pictures"
	"github.com/vozia/site/generator/prerender"
)

// Stats are the build's own figures, as data: cmd/build prints them in its
// summary (with the gzip sizes, which it measures), make dev counts the
// pages it rendered.
type Stats struct {
	// Routes are the rendered pages, in the order of Result.Jobs.
	Routes []RouteStat
	// Assets are the bundle's files, the stylesheet (inlined into every
	// page, so not in Result.Site) among them; Script and Stylesheet are
	// the URLs of the entry and of the stylesheet.
	Assets             []File
	Script, Stylesheet string
	Render, Total      time.Duration
	// Reused is the number of pages a Builder did not need to render
	// again (their inputs were unchanged).
	Reused int
	// ImagesEncoded is the number of originals the Builder has encoded
	// since it was made (not found in its caches).
	ImagesEncoded int
	// Images are the originals this build processed: each one's files,
	// bytes and encoding time, or that it came from the cache.
	Images []pictures.Encoded
}

// RouteStat is one rendered page: its path, its file in Result.Site, and
// its render time (zero when it was not rendered again).
type RouteStat struct {
	Path, File string
	Render     time.Duration
}

func stats(routes []content.Route, rendered []prerender.Result, b *bundle.Result, render, total time.Duration) Stats {
	s := Stats{Render: render, Total: total, Script: b.Script, Stylesheet: b.Stylesheet}
	for _, a := range b.Assets {
		s.Assets = append(s.Assets, File{Path: a.Path, Data: a.Data})
	}
	s.Routes = make([]RouteStat, len(routes))
	for i, r := range routes {
		s.Routes[i] = RouteStat{Path: r.Path, File: cdn.DocumentFile(r), Render: rendered[i].Time}
	}
	return s
}
