package generator

import (
	"time"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/prerender"
)

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
