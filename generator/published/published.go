// Package published keeps the addresses the site has published from
// disappearing silently.
//
// The addresses published are the routes of the content at git's HEAD
// (the last commit, which the daily build published or will), read as
// the production build reads them, on the day of the build. An address of
// those that the new route table no longer answers (no page, alias or
// redirect) is a warning naming it, with the fix: an alias on the page
// that replaced it (aliases: [/old]), or a redirect in routing.yaml. A
// page deleted on purpose takes a redirect to where its visitors should
// go; either way the old address goes on answering. When the content on
// disk is HEAD's, file for file (a clean clone's build, CI's), nothing can
// have gone, and HEAD's content is not loaded a second time.
package published

import (
	"archive/tar"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"
	"time"

	"github.com/vozia/site/generator/cdn"
	"github.com/vozia/site/generator/content"
	"github.com/vozia/site/generator/content/field"
	"github.com/vozia/site/generator/frontmatter"
	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/problem"
	"gopkg.in/yaml.v3"
)

// Head is the route table of the content at git's HEAD.
type Head struct {
	// Commit is HEAD's commit, empty when dir is not in a git work tree.
	Commit string
	Routes []content.Route
	// Unchanged is set, and Routes left out, when the content on disk is
	// HEAD's, file for file: no address can have gone (a clean clone's
	// build, CI's), and loading the same content twice took a cold build
	// 30 ms of CPU.
	Unchanged bool
	// Partly is set when the content does not load with this build's
	// rules: Routes are those its files gave despite that (none, it may
	// be), a file that could not be read at all giving none.
	Partly *NotLoaded
}

// At reads the content directory dir as git's revision rev has it (empty:
// HEAD) and returns its routes as of now. Outside a git work tree, before
// the first commit, or for a directory that the revision does not hold (a
// copy of the content under dist/, which git ignores, or one not committed
// yet), there is nothing published to keep: a Head without routes; nor
// when the content on disk is the revision's (Head.Unchanged). A revision
// named but not in the clone is an error: what it published goes
// unchecked.
func At(ctx context.Context, dir, rev string, now time.Time) (Head, error) {
	commit, err := Commit(ctx, dir, rev)
	if err != nil || commit == "" {
		return Head{}, err
	}
	prefix, err := git(ctx, dir, "rev-parse", "--show-prefix")
	if err != nil {
		return Head{}, fmt.Errorf("git rev-parse --show-prefix in %s: %w", dir, err)
	}
	if err := exec.CommandContext(ctx, "git", "-C", dir, "cat-file", "-e", commit+":"+strings.TrimSuffix(prefix, "/")).Run(); err != nil {
		return Head{Commit: commit}, nil
	}
	// Run in dir, git archive writes the paths relative to it. The commit
	// read above, not HEAD again: what is read is what Cache keeps it by.
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "archive", "--format=tar", commit, ".")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return Head{}, fmt.Errorf("git archive %s of %s: %v: %s", commit, dir, err, strings.TrimSpace(stderr.String()))
	}
	fsys := fstest.MapFS{}
	tr := tar.NewReader(&out)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Head{}, err
		}
		name := h.Name
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return Head{}, err
		}
		fsys[name] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	if len(fsys) == 0 {
		return Head{Commit: commit}, nil
	}
	if sameFiles(fsys, dir) {
		return Head{Commit: commit, Unchanged: true}, nil
	}
	// Its routes as far as this build's rules read them: a commit from
	// before a field was made required does not load, and the change that
	// made it required may also drop an address.
	site, err := load.SiteWith(fsys, load.Options{Now: now})
	head := Head{Commit: commit, Routes: site.Routes}
	if err != nil {
		head.Partly = &NotLoaded{Commit: commit[:min(len(commit), 12)], Problems: problem.Of(err)}
	}
	return head, nil
}

// NotLoaded says why the content at a commit does not load with this
// build's rules (a field made required since, say).
type NotLoaded struct {
	Commit   string
	Problems problem.List
}

// sameFiles says whether the folder dir holds the files of fsys, with
// the same bytes, and no other file.
func sameFiles(fsys fstest.MapFS, dir string) bool {
	seen := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		f, ok := fsys[filepath.ToSlash(rel)]
		if !ok || !d.Type().IsRegular() {
			return errDiffers
		}
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(data, f.Data) {
			return errDiffers
		}
		seen++
		return nil
	})
	return err == nil && seen == len(fsys)
}

var errDiffers = errors.New("differs from HEAD")

// Commit is the commit of git's revision rev (empty: HEAD) for the work
// tree of dir; "" outside one or before its first commit. A revision
// named that the clone does not have is an error.
func Commit(ctx context.Context, dir, rev string) (string, error) {
	commit, err := git(ctx, dir, "rev-parse", "--verify", "--quiet", cmp.Or(rev, "HEAD")+"^{commit}")
	if err == nil {
		return commit, nil
	}
	if rev == "" {
		return "", nil
	}
	return "", fmt.Errorf("the published revision %q is not in this clone of %s: fetch it (a clone with its history: git fetch, or actions/checkout's fetch-depth: 0)", rev, dir)
}

// label names the revision rev in a message: "by the last commit" for
// HEAD, which an editor knows as what they last committed.
func label(rev string) string {
	if rev == "" || rev == "HEAD" {
		return "by the last commit"
	}
	return "at " + rev
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...).Output()
	return strings.TrimSpace(string(out)), err
}

// Gone are the addresses of before (pages, aliases and redirects, as
// published at the revision rev) that routes no longer answer, as problems
// at where the fix goes, with the fix:
//   - an article held back (unpublished, by its path: a draft now, or
//     dated after today): at its file, saying so;
//   - an address of a file that still makes its own page (an alias
//     removed, a tag's page emptied, a list's page 2): the redirect to
//     that page;
//   - the file that published the address, still there: its aliases;
//   - else the page that most likely replaced it (a renamed article:
//     replacement), with the alias to add;
//   - else routing.yaml, with the redirect's line.
//
// An address under another that is gone (an alias's share images) is
// named in that one's problem. Each problem is placed on the line the fix
// is written on (fixLine), in files, the content as it is now.
func Gone(before, routes []content.Route, rev string, files fs.FS, unpublished map[string]*content.LoadedArticle) content.ErrorList {
	l, _ := goneAddresses(before, routes, rev, files, unpublished)
	return l
}

// Moved is what Gone says of an address: its problem, and the address of
// the page most likely to have replaced it, if one is.
type Moved struct {
	Problem content.Error
	To      string
}

// GoneByAddress is Gone's problems by the address each names, and by each
// address under it that it names too: for a link to such an address,
// which is most likely to a page renamed.
func GoneByAddress(before, routes []content.Route, rev string, files fs.FS, unpublished map[string]*content.LoadedArticle) map[string]Moved {
	_, at := goneAddresses(before, routes, rev, files, unpublished)
	return at
}

// goneAddresses is Gone's problems, and what it says of each address gone.
func goneAddresses(before, routes []content.Route, rev string, files fs.FS, unpublished map[string]*content.LoadedArticle) (content.ErrorList, map[string]Moved) {
	exists := func(file string) bool { _, err := fs.Stat(files, file); return err == nil }
	resolve := cdn.Resolver(routes)
	published := map[string]bool{}
	for _, r := range before {
		published[r.Path] = true
	}
	pageOf := map[string]string{} // a file's own page now
	for _, r := range routes {
		if r.File != "" && r.Redirect == "" && !r.NotFound {
			if p, ok := pageOf[r.File]; !ok || len(r.Path) < len(p) {
				pageOf[r.File] = r.Path
			}
		}
	}
	// The addresses gone; one under another gone (an alias's share
	// images, under the alias) is named in that one's problem, whose fix
	// brings both back, rather than in three problems with one fix.
	var gone []content.Route
	isGone := map[string]bool{}
	for _, r := range before {
		if r.NotFound || isGone[r.Path] {
			continue
		}
		if _, ok := resolve(r.Path); !ok {
			gone = append(gone, r)
			isGone[r.Path] = true
		}
	}
	top := func(p string) string { // the highest gone address above p, or p
		for d := path.Dir(p); d != p && isGone[d]; d = path.Dir(p) {
			p = d
		}
		return p
	}
	under := map[string][]string{}
	for _, r := range gone {
		if t := top(r.Path); t != r.Path {
			under[t] = append(under[t], r.Path)
		}
	}
	var out content.ErrorList
	index := map[string]Moved{}
	for _, r := range gone {
		if top(r.Path) != r.Path {
			continue
		}
		at := content.Error{File: content.RoutingFile, Col: 1}
		key := "redirects"
		from := ""
		if r.File != "" {
			from = fmt.Sprintf(" (from %s)", r.File)
		}
		parent := "/" // the nearest address above it that answers
		for p := path.Dir(r.Path); p != "/" && p != "."; p = path.Dir(p) {
			if _, ok := resolve(p); ok {
				parent = p
				break
			}
		}
		redirectTo := func(to string) string {
			return fmt.Sprintf("a redirect in %s: - {from: %s, to: %s}", content.RoutingFile, r.Path, to)
		}
		redirect := redirectTo(parent)
		fix := fmt.Sprintf("keep it working with aliases: [%s] on the page that replaced it, or %s", r.Path, redirect)
		own, makes := pageOf[r.File]
		to := "" // the page that most likely replaced it
		switch n := replacement(r, published, routes); {
		case unpublished[r.Path] != nil:
			a := unpublished[r.Path]
			at.File = a.File
			if a.Status == "draft" {
				key = "draft"
				fix = fmt.Sprintf("the article is a draft now (draft: true), which takes it off the site: remove draft to keep it live, or add %s", redirect)
			} else {
				key = "date"
				fix = fmt.Sprintf("its date, %s, is after today, which takes the article off the site until then: give it back its date (and updated: for the change), or add %s", a.Front.Date, redirect)
			}
		case r.File != "" && makes && own != r.Path && r.Redirect != "":
			// An alias removed: the fix is where it was written (an
			// editor's trial read it at routing.yaml's redirects: line,
			// and the page it went back to in a hard sentence).
			at.File, key = r.File, "aliases"
			fix = fmt.Sprintf("it was an alias of %s (%s), which no longer lists it: put it back in that page's aliases: list, or add %s", r.File, own, redirectTo(own))
		case r.File != "" && makes && own != r.Path:
			// Why, as far as the route published says: an editor's trial
			// read three possible causes for a tag emptied by a draft.
			why := "a tag's page with no article left, or a list's page beyond its last"
			switch {
			case r.Prev != "":
				why = "a page of its list beyond the last there is now"
			case strings.Contains(r.Path, "/tags/"):
				why = "no published article has that tag any more"
			}
			fix = fmt.Sprintf("%s, which still makes %s, no longer answers it (%s): add %s", r.File, own, why, redirectTo(own))
		case r.File != "" && exists(r.File):
			at.File, key = r.File, "aliases"
		case n != nil:
			at.File, key, to = n.File, "aliases", n.Path
			// An editor's trial read the line quoted, a "---", and knew
			// where the alias goes from the guide only; another read a
			// YAML page's first line, a comment.
			var where string
			var has bool
			at.Line, where, has = fixLine(files, n.File, key)
			add := fmt.Sprintf("add aliases: [%s] to it%s", r.Path, where)
			if has {
				// A second rename: a second aliases: line would be refused,
				// and keeping one would drop the first rename's address.
				add = fmt.Sprintf("add %s to its aliases: list", r.Path)
			}
			fix = fmt.Sprintf("if this page (%s, new at %s) replaced it, %s; else %s", n.File, n.Path, add, redirect)
		}
		if at.Line == 0 { // not placed above
			at.Line, _, _ = fixLine(files, at.File, key)
		}
		// The fix is key, at the top of the file's YAML: the web editor
		// names that field, not the one on the line the fix goes above
		// (an editor's trial read "Cover › Text alternative" for a
		// renamed article's alias).
		at.Missing = key
		also := ""
		if u := under[r.Path]; len(u) > 0 {
			also = " (and " + strings.Join(u, ", ") + ")"
		}
		at.Message = fmt.Sprintf("the address %s%s, published%s %s, no longer answers: %s", r.Path, also, from, label(rev), fix)
		for _, p := range append([]string{r.Path}, under[r.Path]...) {
			index[p] = Moved{Problem: at, To: to}
		}
		out = append(out, at)
	}
	return out, index
}

// fixLine is the line of file where the fix of a gone address is
// written, key (aliases, redirects, draft, date) at the top level of its
// YAML, or of a Markdown file's front matter: the key's own line where
// the file has it, else the line closing the front matter, or a YAML
// page's sections: line, above which a new key goes (where then says so),
// else the first line; has says the file has the key. An editor's
// trial found every such problem placed on the first line, far from where
// the alias goes. (load's keyLine finds a key the editor wrote, to point
// into its value; this places a fix, whether the key is there or not.)
func fixLine(files fs.FS, file, key string) (line int, where string, has bool) {
	const aboveEnd = ", on a line of its own above the --- that closes its front matter"
	src, err := fs.ReadFile(files, file)
	if err != nil {
		return 1, "", false
	}
	first, end, above := 1, 1, "" // the YAML's first line in the file; where a new key goes
	if strings.HasSuffix(file, ".md") {
		front, _, bodyLine, ok := frontmatter.Split(src)
		if !ok {
			return 1, "", false
		}
		src, first, end, above = front, 2, bodyLine-1, aboveEnd
	}
	var doc yaml.Node
	if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return end, above, false
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return first - 1 + m.Content[i].Line, "", true
		}
	}
	// A YAML page: above its sections, after its metadata.
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == "sections" && above == "" {
			return first - 1 + m.Content[i].Line, ", on a line of its own above sections:", false
		}
	}
	return end, above, false
}

// replacement is the page most likely to have replaced r, whose address
// no longer answers and whose file is gone (an article renamed): a page
// whose address was not published, under the same address as r's
// (/insights/...), from the same folder of content (articles/); of
// several, the nearest in name, if one is near. Nil if none is.
func replacement(r content.Route, published map[string]bool, routes []content.Route) *content.Route {
	var cands []*content.Route
	var names []string
	for i := range routes {
		n := &routes[i]
		if published[n.Path] || n.File == "" || n.Redirect != "" || n.NotFound ||
			path.Dir(n.Path) != path.Dir(r.Path) || topFolder(n.File) != topFolder(r.File) {
			continue
		}
		cands = append(cands, n)
		names = append(names, path.Base(n.Path))
	}
	if len(cands) == 1 {
		return cands[0]
	}
	if near := field.Closest(path.Base(r.Path), names); near != "" {
		return cands[slices.Index(names, near)]
	}
	return nil
}

// topFolder is the folder of content that holds file ("articles" for
// articles/a/index.md).
func topFolder(file string) string {
	top, _, _ := strings.Cut(file, "/")
	return top
}
