package generator

import (
	"encoding/json"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
)

// AdminRoutesFile is what the web editor checks a save against before it
// saves (frontend/src/admin/presave.ts): the addresses the site answers
// and the articles that are not published yet, as the build knows them.
const AdminRoutesFile = "admin/routes.json"

// AdminRoutes is AdminRoutesFile: paths only, so that it stays small (a
// thousand articles are some 40 KB).
type AdminRoutes struct {
	// Routes are the paths of the pages and of the redirects.
	Routes []string `json:"routes"`
	// Prefixes answer for every path below them (a rewrite).
	Prefixes []string `json:"prefixes,omitempty"`
	// Unpublished are the draft and scheduled articles by path: a link to
	// one is refused by the build (make dev shows them, so they are among
	// the routes there).
	Unpublished map[string]AdminArticle `json:"unpublished,omitempty"`
}

// AdminArticle is an unpublished article: a draft, or its date.
type AdminArticle struct {
	Draft bool   `json:"draft,omitempty"`
	Date  string `json:"date,omitempty"`
}

// addAdminRoutes adds AdminRoutesFile, made from the site's route table.
func addAdminRoutes(site *content.Site, out *output.Files) {
	r := AdminRoutes{Routes: []string{}}
	for _, rt := range site.Routes {
		if rt.NotFound {
			continue
		}
		r.Routes = append(r.Routes, rt.Path)
		if rt.Prefix {
			r.Prefixes = append(r.Prefixes, rt.Path)
		}
	}
	slices.Sort(r.Routes)
	r.Routes = slices.Compact(r.Routes)
	slices.Sort(r.Prefixes)
	for p, a := range site.Unpublished {
		if r.Unpublished == nil {
			r.Unpublished = map[string]AdminArticle{}
		}
		r.Unpublished[p] = AdminArticle{Draft: a.Status == "draft", Date: string(a.Front.Date)}
	}
	data, err := json.Marshal(r)
	if err != nil {
		panic(err) // strings and maps of strings
	}
	out.Add(output.StageAdmin, AdminRoutesFile, data)
}
