package admin

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/output"
)

// RoutesFile is what the web editor checks a save against before it
// saves (frontend/src/admin/presave.ts): the addresses the site answers
// and the articles that are not published yet, as the build knows them.
// The editor asks about a link to an address no page has, or to a
// draft; not about one to a scheduled article.
const RoutesFile = "admin/routes.json"

// Routes is RoutesFile: paths only, so that it stays small (a
// thousand articles are some 40 KB).
type Routes struct {
	// Routes are the paths of the pages and of the redirects.
	Routes []string `json:"routes"`
	// Prefixes answer for every path below them (a rewrite).
	Prefixes []string `json:"prefixes,omitempty"`
	// Unpublished are the draft and scheduled articles by path, in a build
	// with drafts (make dev, which shows them, so they are among the routes
	// there): a link to a draft is refused by the daily build. A production
	// build names none: its editor is public, and an article not published
	// leaves no trace in it (a link to one is then a link to an address no
	// page has, refused before the save all the same).
	Unpublished map[string]Article `json:"unpublished,omitempty"`
	// Scheduled are the scheduled articles' addresses, each as the
	// SHA-256 of its path in hex, sorted, in every build: a link to one is
	// let be (the site shows its words until the article's day), and the
	// editor knows one when it sees one without the public file naming
	// an article before its day.
	Scheduled []string `json:"scheduled,omitempty"`
}

// ScheduledKey is how Routes.Scheduled names the address p.
func ScheduledKey(p string) string {
	sum := sha256.Sum256([]byte(p))
	return hex.EncodeToString(sum[:])
}

// Article is an unpublished article: a draft, or its date.
type Article struct {
	Draft bool   `json:"draft,omitempty"`
	Date  string `json:"date,omitempty"`
}

// AddRoutes adds RoutesFile, made from the site's route table, with the
// unpublished articles when drafts is set (make dev).
func AddRoutes(site *content.Site, drafts bool, out *output.Files) {
	r := Routes{Routes: []string{}}
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
	if drafts && len(site.Unpublished) > 0 {
		r.Unpublished = make(map[string]Article, len(site.Unpublished))
		for p, a := range site.Unpublished {
			r.Unpublished[p] = Article{Draft: a.Status == "draft", Date: string(a.Front.Date)}
		}
	}
	for p, a := range site.Unpublished {
		if a.Status == "scheduled" {
			r.Scheduled = append(r.Scheduled, ScheduledKey(p))
		}
	}
	slices.Sort(r.Scheduled)
	data, err := json.Marshal(r)
	if err != nil {
		panic(err) // strings and maps of strings
	}
	out.Add(output.StageAdmin, RoutesFile, data)
}
