package published

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/problem"
)

// Cache keeps the route table of the content at a git revision (HEAD, or
// the one a build names as published) between the builds of a session,
// read again when its commit or the day changes, and, with
// a cache folder, between processes: the addresses published at a commit,
// on a day, are the same in every build of them, and reading them is a
// git archive and a load of the whole content. The zero Cache is ready to
// use and keeps nothing on disk; it is not safe for concurrent use.
type Cache struct {
	head Head
	day  string
	disk filecache.Dir
}

// NewCache returns a Cache that also keeps the route table under
// cacheDir (none when empty), by the revision's commit, the content folder and the
// day (and, as every filecache entry, the build's own version).
func NewCache(cacheDir string) Cache {
	return Cache{disk: filecache.New(cacheDir, "published", ".json")}
}

// Routes are the routes of the content at git's revision rev (empty:
// HEAD), the addresses the site has published; none for a content outside
// git (dir empty, or no commit). A revision named that the clone does not
// have is an error: CI asked for a check it cannot make. A revision that
// does not load (a schema the change itself moves on, such as a field made
// required) is compared as far as its files give routes, with a warning
// saying so and why: refused, the change would never pass, and left out,
// an address the same change drops would go unseen. Routes kept on disk hold what Gone
// reads of a route: its Path, File and NotFound.
func (c *Cache) Routes(ctx context.Context, dir, rev string, now time.Time) ([]content.Route, content.ErrorList) {
	if dir == "" {
		return nil, nil
	}
	unchecked := func(kind problem.Kind, err error) content.ErrorList {
		return content.ErrorList{{Kind: kind, Message: fmt.Sprintf("the addresses published %s are not checked: %v", label(rev), err)}}
	}
	commit, err := Commit(ctx, dir, rev)
	if err != nil {
		return nil, unchecked(problem.KindError, err)
	}
	if commit == "" {
		return nil, nil
	}
	day := now.Format(time.DateOnly)
	if c.head.Commit == commit && c.day == day {
		return c.head.Routes, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	key := commit + "\x00" + abs + "\x00" + day
	if head, ok := c.kept(key, commit); ok {
		c.head, c.day = head, day
		return c.head.Routes, nil
	}
	head, err := At(ctx, dir, commit, now)
	if err != nil {
		return nil, unchecked(problem.KindWarning, err)
	}
	if nl := head.Partly; nl != nil {
		// Not kept: the warning is said on every build until the commit
		// compared with loads. Its problems one to a line under it, as the
		// build's own are printed: in the warning's one line they were a
		// run of escaped line breaks.
		what := "are checked as far as they can be read: the content at commit %s does not load with this build's rules (a field made required since, say), and a file that cannot be read at all is not compared:"
		if len(head.Routes) == 0 {
			what = "are not checked: the content at commit %s does not load with this build's rules, and gives no address:"
		}
		return head.Routes, content.ErrorList{{Kind: problem.KindWarning,
			Message: fmt.Sprintf("the addresses published %s "+what, label(rev), nl.Commit),
			Detail:  nl.Problems.Error()}}
	}
	if head.Unchanged {
		// Nothing has gone, and the routes were not read: nothing to
		// keep for the next build, which may follow an edit.
		return nil, nil
	}
	c.head, c.day = head, day
	c.keep(key, head)
	return c.head.Routes, nil
}

// keptRoute is what the disk keeps of a route.
type keptRoute struct {
	Path, File string
	NotFound   bool `json:",omitempty"`
}

func (c *Cache) kept(key, commit string) (Head, bool) {
	var routes []keptRoute
	if !c.disk.GetJSON(key, &routes) {
		return Head{}, false
	}
	head := Head{Commit: commit}
	for _, r := range routes {
		head.Routes = append(head.Routes, content.Route{Path: r.Path, File: r.File, NotFound: r.NotFound})
	}
	return head, true
}

func (c *Cache) keep(key string, head Head) {
	routes := make([]keptRoute, len(head.Routes))
	for i, r := range head.Routes {
		routes[i] = keptRoute{r.Path, r.File, r.NotFound}
	}
	c.disk.KeepJSON(key, routes)
}
