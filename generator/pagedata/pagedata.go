// Package pagedata turns each page of a site into the data its document
// embeds for the first load and the client fetches on later navigations
// (content-hashed under /data/), the site data every page embeds, the
// route table (one more hashed file, fetched once after the first page
// has loaded) and the render inputs of the pages.
package pagedata

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/wire"
	"github.com/vozia/site/generator/head"
	"github.com/vozia/site/generator/prerender"
	"github.com/vozia/site/internal/parallel"
)

// pages is the page data stage's hand-over: what each page renders from
// and hydrates from.
type Pages struct {
	// Jobs are the render inputs of Routes, the pages to render.
	Jobs   []prerender.Job
	Routes []content.Route
	// PageJSON is each page's data as its document embeds it; SiteJSON
	// the site data, with the route table's URL, and RenderSite the same
	// without it, as the render reads it.
	PageJSON             map[string][]byte
	SiteJSON, RenderSite []byte
	// Files are the data files: each page's and the route table.
	Files []File
}

// File is a data file; Path is relative to the site root.
type File struct {
	Path string
	Data []byte
}

// pageData makes the page data, hashed, and the client's view of the
// route table. The render is given each page without its head: the
// document's head is written by generator/head, and the app reads it only
// after a client-side navigation. Parsing it in goja was a sixth of an
// article's render. The pages' JSON is made on every core: the render
// waits for it. With noindex (a preview) every page's head says noindex.
func Make(site *content.Site, noindex bool) Pages {
	bodies, data := make([][]byte, len(site.Routes)), make([][]byte, len(site.Routes))
	parallel.For(len(site.Routes), 0, func(i int) {
		rt := site.Routes[i]
		if p := site.Pages[rt.Path]; p != nil {
			fields := head.Fields(head.Page{Site: site.Config, Route: rt, Reviews: site.Collections.Reviews, Path: rt.Path, NoIndex: noindex || !rt.Indexable()})
			var err error
			bodies[i], data[i], err = wire.PageBody{Path: rt.Path, Sections: p.Sections, Collections: p.Collections}.Marshal(fields)
			if err != nil {
				panic(err) // our own types, which marshal
			}
		}
	})
	pg := Pages{PageJSON: map[string][]byte{}}
	renderJSON := map[string][]byte{}
	var clientRoutes []wire.ClientRoute
	for i, rt := range site.Routes {
		cr := ClientRoute(rt)
		if d := data[i]; d != nil {
			pg.PageJSON[rt.Path] = d
			renderJSON[rt.Path] = bodies[i]
			cr.Data = "/" + pg.add(hashedName("data/"+slug(rt.Path), ".json", d), d)
		}
		clientRoutes = append(clientRoutes, cr)
	}
	routesJSON := mustJSON(clientRoutes)
	siteData := wire.SiteData{Config: site.Config, Layout: site.Layout}
	// The app renders from the site data without the route table's URL:
	// the server never fetches the table, and its URL changes with any
	// page's data, which would make every render depend on every page (a
	// Builder re-renders only the pages whose render inputs changed).
	renderSite := mustJSON(siteData)
	pg.RenderSite = renderSite
	siteData.RoutesURL = "/" + pg.add(hashedName("data/routes", ".json", routesJSON), routesJSON)
	pg.SiteJSON = mustJSON(siteData)
	for _, rt := range site.Routes {
		if rt.Redirect == "" {
			pg.Jobs = append(pg.Jobs, prerender.Job{URL: rt.Path, Site: renderSite, Page: renderJSON[rt.Path]})
			pg.Routes = append(pg.Routes, rt)
		}
	}
	return pg
}

// ClientRoute is a route as the client router sees it (lib/routes.ts),
// before its data URL is known.
func ClientRoute(rt content.Route) wire.ClientRoute {
	return wire.ClientRoute{Path: rt.Path, Prefix: rt.Prefix, Redirect: rt.Redirect, NotFound: rt.NotFound}
}

func slug(p string) string {
	if p == "/" {
		return "home"
	}
	return strings.ReplaceAll(strings.Trim(p, "/"), "/", "-")
}

func hashedName(base, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return base + "-" + hex.EncodeToString(sum[:])[:10] + ext
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

func (pg *Pages) add(p string, data []byte) string {
	pg.Files = append(pg.Files, File{Path: p, Data: data})
	return p
}
