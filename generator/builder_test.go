package generator

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vozia/site/generator/load"
	"github.com/vozia/site/internal/filecache"
)

// TestBuilderRebuilds edits a copy of the content between builds of one
// Builder and checks both that only what changed is rendered again and
// that every warm build gives exactly the files of a cold build.
func TestBuilderRebuilds(t *testing.T) {
	fsys := contentFS(t)
	opt := Options{Content: fsys, FrontendDir: "../frontend", Now: shippedNow, Workers: 2}
	bld := NewBuilder(opt)
	defer bld.Close()
	build := func(t *testing.T) *Result {
		t.Helper()
		res, err := bld.Build(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := build(t)
	pages := len(first.Stats.Routes)
	if first.Stats.Reused != 0 {
		t.Fatalf("first build reused %d renders", first.Stats.Reused)
	}
	home, notFound := files(first)["index.html"], files(first)["404.html"]
	if first.Changed != nil {
		t.Errorf("the first build says %q changed: it has nothing to compare with", first.Changed)
	}
	// changed checks Result.Changed, what make dev reloads.
	changed := func(t *testing.T, res *Result, want ...string) {
		t.Helper()
		if res.Changed == nil || !slices.Equal(res.Changed, want) {
			t.Errorf("changed %q, want %q", res.Changed, want)
		}
	}

	t.Run("unchanged", func(t *testing.T) {
		res := build(t)
		if res.Stats.Reused != pages {
			t.Errorf("reused %d of %d pages", res.Stats.Reused, pages)
		}
		sameFiles(t, res, first)
		changed(t, res)
	})
	t.Run("one page", func(t *testing.T) {
		// Whichever page of the content has copy of its own to edit: the
		// test holds for any valid content.
		path, file, doc, old, set := editablePage(t, fsys, first)
		t.Logf("editing %q in %s (%s)", old, file, path)
		set(old + " (edited)")
		res := build(t)
		if res.Stats.Reused != pages-1 {
			t.Errorf("reused %d of %d pages, want all but %s", res.Stats.Reused, pages, path)
		}
		if !strings.Contains(string(files(res)[doc]), html.EscapeString(old+" (edited)")) {
			t.Errorf("%s does not show the edit of %s", path, file)
		}
		sameFiles(t, res, cold(t, opt))
		// Every page names the route table, whose hashed name changed with
		// the page's data; only the edited page changed for a reader.
		if bytes.Equal(files(res)["index.html"], home) {
			t.Fatal("the home page is the same, byte for byte: the route table's name did not change")
		}
		changed(t, res, doc)
	})
	t.Run("shared data", func(t *testing.T) {
		file := "layout.yaml"
		old, set := editable(t, fsys, file, home, notFound)
		set(old + " (edited)")
		res := build(t)
		if res.Stats.Reused != 0 {
			t.Errorf("reused %d pages after an edit of %s, which every page shows", res.Stats.Reused, file)
		}
		sameFiles(t, res, cold(t, opt))
		for _, r := range res.Stats.Routes {
			if !slices.Contains(res.Changed, r.File) {
				t.Errorf("%s is not among the changed files after an edit of %s, which every page shows", r.File, file)
			}
		}
	})
	t.Run("frontend unchanged", func(t *testing.T) {
		bld.FrontendChanged()
		res := build(t)
		if res.Stats.Reused != pages {
			t.Errorf("reused %d of %d pages after rebuilding identical bundles", res.Stats.Reused, pages)
		}
		changed(t, res)
	})
	t.Run("broken then fixed", func(t *testing.T) {
		good := fsys["site.yaml"].Data
		fsys["site.yaml"] = &fstest.MapFile{Data: append(bytes.Clone(good), "\nnotAField: 1\n"...)}
		if _, err := bld.Build(context.Background()); err == nil || !strings.Contains(err.Error(), "site.yaml:") {
			t.Fatalf("broken site.yaml: %v", err)
		}
		fsys["site.yaml"] = &fstest.MapFile{Data: good}
		res := build(t)
		sameFiles(t, res, cold(t, opt))
		// The failed build is not the last one: nothing changed since the
		// last good build.
		changed(t, res)
	})
}

func cold(t *testing.T, opt Options) *Result {
	t.Helper()
	res, err := Build(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func sameFiles(t *testing.T, got, want *Result) {
	t.Helper()
	g, w := files(got), files(want)
	for p, data := range w {
		if !bytes.Equal(g[p], data) {
			t.Errorf("%s differs from the cold build's", p)
		}
	}
	for p := range g {
		if w[p] == nil {
			t.Errorf("%s is not in the cold build", p)
		}
	}
}

var plainValue = regexp.MustCompile(`(?m)^\s*(?:- )?[A-Za-z]+: ([A-Z][A-Za-z ,]{6,})$`)

// editable finds in file a plain YAML string value that every one of the
// documents shows, so that the test edits real copy without naming it; set
// replaces that value.
func editable(t testing.TB, fsys fstest.MapFS, file string, docs ...[]byte) (old string, set func(string)) {
	t.Helper()
	if fsys[file] == nil {
		t.Fatalf("no %s in the content", file)
	}
	old, set = findEditable(fsys, file, docs...)
	if set == nil {
		t.Fatalf("no plain value of %s is shown on the page", file)
	}
	return old, set
}

// editablePage finds a page of res, not the home page, whose own YAML
// file under pages/ has a value it shows (editable): its path, file, output
// document, and the value with its setter.
func editablePage(t testing.TB, fsys fstest.MapFS, res *Result) (path, file, doc, old string, set func(string)) {
	t.Helper()
	site, err := load.SiteWith(fsys, load.Options{Now: shippedNow})
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, r := range res.Stats.Routes {
		docs[r.Path] = r.File
	}
	for _, r := range site.Routes {
		if r.Path == "/" || r.NotFound || r.Redirect != "" || r.Subject != nil || r.Posting != nil ||
			!strings.HasPrefix(r.File, "pages/") || filepath.Ext(r.File) != ".yaml" || docs[r.Path] == "" {
			continue
		}
		if old, set := findEditable(fsys, r.File, files(res)[docs[r.Path]]); set != nil {
			return r.Path, r.File, docs[r.Path], old, set
		}
	}
	t.Fatal("no page of the content but the home page has a plain value in its YAML that it shows")
	return
}

// findEditable is editable's search: set is nil when file has no such value.
func findEditable(fsys fstest.MapFS, file string, docs ...[]byte) (old string, set func(string)) {
	f := fsys[file]
	data := f.Data
	for _, m := range plainValue.FindAllSubmatchIndex(data, -1) {
		v := string(data[m[2]:m[3]])
		shown := bytes.Count(data, []byte(v)) == 1 // else the page may show another use of it
		for _, d := range docs {
			shown = shown && bytes.Contains(d, []byte(">"+html.EscapeString(v)+"<"))
		}
		if shown {
			return v, func(new string) {
				fsys[file] = &fstest.MapFile{Data: slices.Concat(data[:m[2]], []byte(new), data[m[3]:])}
			}
		}
	}
	return "", nil
}

// TestBuildHasNoDevelopmentCode: the live reload script and its endpoints
// belong to cmd/dev; the site built for the CDN never links them.
func TestBuildHasNoDevelopmentCode(t *testing.T) {
	for _, f := range shippedSite(t).Site {
		for _, s := range []string{"/__dev/", "EventSource", "dev-problems"} {
			if bytes.Contains(f.Data, []byte(s)) {
				t.Errorf("%s contains %q", f.Path, s)
			}
		}
	}
}

// BenchmarkBuilderEdit is a warm rebuild of the shipped site after an edit
// of one page's copy, and after an edit of the copy every page shows (the
// build alone; cmd/serve's BenchmarkEdit adds the watcher, the server and
// the browser).
func BenchmarkBuilderEdit(b *testing.B) {
	fsys := contentFS(b)
	bld := NewBuilder(Options{Content: fsys, FrontendDir: "../frontend", Now: shippedNow})
	defer bld.Close()
	first, err := bld.Build(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	_, _, _, pageOld, pageSet := editablePage(b, fsys, first)
	sharedOld, sharedSet := editable(b, fsys, "layout.yaml", files(first)["index.html"])
	for _, e := range []struct {
		name string
		old  string
		set  func(string)
	}{
		{"page", pageOld, pageSet},
		{"shared", sharedOld, sharedSet},
	} {
		old, set := e.old, e.set
		b.Run(e.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				set(fmt.Sprintf("%s %d", old, i))
				if _, err := bld.Build(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
		set(old)
	}
}

// With a cache directory, a build in a new process (a new Builder)
// renders only the pages whose inputs changed since the last build that
// used it, and gives exactly the files of a build without the cache.
func TestRenderCacheAcrossBuilds(t *testing.T) {
	fsys := fixtureFS(t)
	opt := Options{Content: fsys, FrontendDir: "../frontend", Now: fixedNow, Workers: 2}
	cached := opt
	cached.CacheDir = t.TempDir()
	entries := func() int { return len(filecache.NewPackfile(cached.CacheDir, "render").Keys()) }
	first := cold(t, cached)
	pages := len(first.Stats.Routes)
	if first.Stats.Reused != 0 || entries() != pages {
		t.Fatalf("first build: reused %d, %d cache entries for %d pages", first.Stats.Reused, entries(), pages)
	}
	sameFiles(t, first, cold(t, opt))

	again := cold(t, cached)
	if again.Stats.Reused != pages {
		t.Errorf("unchanged: reused %d of %d pages", again.Stats.Reused, pages)
	}
	sameFiles(t, again, first)

	old, set := editable(t, fsys, "pages/about.yaml", files(first)["about/index.html"])
	set(old + " (edited)")
	edited := cold(t, cached)
	if edited.Stats.Reused != pages-1 {
		t.Errorf("one page edited: reused %d of %d pages", edited.Stats.Reused, pages)
	}
	sameFiles(t, edited, cold(t, opt))
	if n := entries(); n != pages {
		t.Errorf("%d cache entries after the edit, want %d (one build's worth)", n, pages)
	}

	// A lost entry is a miss, not an error.
	pack := filecache.NewPackfile(cached.CacheDir, "render")
	pack.KeepOnly(pack.Keys()[1:])
	if lost := cold(t, cached); lost.Stats.Reused != pages-1 {
		t.Errorf("one entry lost: reused %d of %d pages", lost.Stats.Reused, pages)
	} else {
		sameFiles(t, lost, edited)
	}
	// So is a damaged cache: every page is rendered again.
	e, _ := os.ReadDir(filepath.Join(cached.CacheDir, "render"))
	if len(e) != 1 {
		t.Fatalf("the render cache holds %d files, want its one pack", len(e))
	}
	name := filepath.Join(cached.CacheDir, "render", e[0].Name())
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	os.WriteFile(name, data, 0o644)
	if damaged := cold(t, cached); damaged.Stats.Reused != 0 {
		t.Errorf("a damaged cache: reused %d of %d pages", damaged.Stats.Reused, pages)
	} else {
		sameFiles(t, damaged, edited)
	}
}
