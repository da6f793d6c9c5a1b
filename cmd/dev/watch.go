package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/admin"
	"github.com/vozia/site/generator/codegen"
	"github.com/vozia/site/generator/editorplace"
	"github.com/vozia/site/internal/contactform"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/problem"
	"github.com/vozia/site/internal/watch"
)

// quiet is how long the sources must be still before a rebuild: long
// enough to take an editor's save (write, rename, chmod) as one change,
// short against the build itself.
const quiet = 20 * time.Millisecond

// develop is the edit loop of make dev: build, publish to live (or show the
// problems), then rebuild after every batch of changes to the content or
// the frontend sources, until ctx is done. Builds run one at a time and
// always read the files as they are when the build starts, so when edits
// arrive faster than builds the last edit always wins.
func develop(ctx context.Context, live *devserver.Live, contactFn enquiriesSetter, contentDir, frontendDir string, out io.Writer) error {
	src := filepath.Join(frontendDir, "src")
	w, err := watch.New(quiet, contentDir, src)
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	// Every file is read inside the content tree, none through a link.
	tree, err := contentroot.Open(contentDir)
	if err != nil {
		return err
	}
	defer tree.Close()
	d := &dev{ctx: ctx, live: live, contact: contactFn, contentDir: contentDir, frontendDir: frontendDir, out: out}
	bld := generator.NewBuilder(generator.Options{
		Content:     tree,
		FrontendDir: frontendDir,
		// The editor sees drafts and scheduled articles, marked as such.
		Drafts: true,
		// Every page loads the script that reloads it, or shows the
		// build's problems.
		LiveScript: devserver.ReloadScript,
		// Photos encoded once, shared with make build and make check.
		CacheDir: filecache.Folder("", contentDir),
		// A page shows at once; its new photos swap in when encoded (the
		// Builder runs one build at a time).
		ImagesReady: func() { d.build() },
	})
	defer bld.Close()
	d.bld = bld
	d.build()
	absSrc, _ := filepath.Abs(src)
	return w.Run(ctx, func(paths []string) {
		for _, p := range paths {
			if abs, _ := filepath.Abs(p); p == "" || strings.HasPrefix(abs, absSrc+string(filepath.Separator)) {
				bld.FrontendChanged()
				break
			}
		}
		d.build()
	})
}

type dev struct {
	ctx                     context.Context
	live                    *devserver.Live
	bld                     *generator.Builder
	contentDir, frontendDir string
	out                     io.Writer
	// built is set once a build has succeeded.
	built bool
	// contact learns each build's products (its enquiries.json).
	contact enquiriesSetter
	// photos are the photos being encoded that the terminal was told of,
	// with when (builds can run from the watcher and from ImagesReady).
	mu     sync.Mutex
	photos map[string]time.Time
}

// enquiriesSetter is the contact function as make dev mounts it
// (contact.Handler): it takes the products of each build.
type enquiriesSetter interface{ SetEnquiries(data []byte) error }

func (d *dev) build() {
	start := time.Now()
	res, err := d.bld.Build(d.ctx)
	if err != nil {
		problems := d.described(problem.Of(err).WithSources())
		if !d.built {
			// Nothing to serve yet: the web editor still opens, so that a
			// mistake saved from it can be fixed in it.
			d.serveEditor()
			fmt.Fprintf(d.out, "build failed after %s; nothing built yet (the web editor at /admin/ opens):\n", since(start))
		} else {
			fmt.Fprintf(d.out, "build failed after %s; serving the last good build:\n", since(start))
		}
		problem.Print(d.out, problems)
		// The open pages' overlay once the terminal has said it all: an
		// editor (and TestWatch) who reads one then the other finds both
		// (TestWatch failed at a load of 9, the terminal still writing).
		d.live.Fail(problems)
		return
	}
	d.built = true
	// What the daily build would say without refusing (an address
	// published at git's HEAD that no longer answers, a stray quote the
	// page shows): in the terminal, and in a note on the open pages,
	// where an editor looks (an editor's trial: the terminal alone said
	// it, and the page showed the quote).
	warnings := d.described(res.Warnings.WithSources())
	d.live.Warn(warnings)
	for _, f := range res.CDN {
		if f.Path == contactform.EnquiriesFile && d.contact != nil {
			if err := d.contact.SetEnquiries(f.Data); err != nil {
				fmt.Fprintf(d.out, "contact function: %v\n", err)
			}
		}
	}
	c := d.live.Publish(res.Site, res.Manifest, res.Changed)
	d.processing(res.Processing)
	rendered := len(res.Stats.Routes) - res.Stats.Reused
	what := "nothing changed"
	switch {
	case c.All:
		what = "reloading every page"
	case len(c.URLs) > 0:
		what = "reloading " + problem.Text(strings.Join(c.URLs, ", "))
	case len(c.Files) > 0:
		what = "reloading " + problem.Text(strings.Join(c.Files, ", "))
	}
	fmt.Fprintf(d.out, "built in %s (%d of %d pages rendered); %s\n", since(start), rendered, len(res.Stats.Routes), what)
	problem.Print(d.out, warnings)
	if res.Note != "" {
		fmt.Fprintln(d.out, problem.Text(res.Note))
	}
}

// described names each problem's entry and field as the web editor shows
// them, for the overlay and the terminal, beside its file:line:col (an
// editor's trial: the terminal said only the file's place). The editor's
// configuration is read only when there is a problem to place: most good
// builds have none.
func (d *dev) described(l problem.List) problem.List {
	if len(l) == 0 {
		return l
	}
	config, _ := os.ReadFile(filepath.Join(d.frontendDir, "admin", "config.yml"))
	return editorplace.Describe(config, d.contentDir, readFile, l)
}

// processing serves the originals of the photos still being encoded in
// the place of their sizes, has the open pages say so, and tells the
// terminal when each starts and ends.
func (d *dev) processing(originals map[string]string) {
	onDisk := make(map[string]string, len(originals))
	for p, f := range originals {
		onDisk[p] = filepath.Join(d.contentDir, filepath.FromSlash(f))
	}
	photos := d.live.Processing(onDisk)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.photos == nil {
		d.photos = map[string]time.Time{}
	}
	now := map[string]bool{}
	for _, p := range photos {
		now[p.File] = true
		if _, ok := d.photos[p.File]; !ok {
			d.photos[p.File] = time.UnixMilli(p.Since)
			fmt.Fprintf(d.out, "processing photo %s … (its pages show the original until its sizes are encoded)\n", problem.Text(p.File))
		}
	}
	for f, since := range d.photos {
		if !now[f] {
			fmt.Fprintf(d.out, "processing photo %s … %.1f s, done: reloading the pages that show it\n", problem.Text(f), time.Since(since).Seconds())
			delete(d.photos, f)
		}
	}
}

// serveEditor has the dev server answer /admin/ from the editor's own
// files while no build has succeeded. They depend on the frontend only
// (the title rule then leaves room for no brand, a new colour starts
// empty and no claim is listed: site.yaml or claims.yaml may be the file
// that is broken).
func (d *dev) serveEditor() {
	files, err := admin.Build(d.frontendDir, devserver.ReloadScript)
	if err != nil {
		fmt.Fprintf(d.out, "the web editor: %v\n", err)
		return
	}
	m := make(map[string][]byte, len(files))
	for _, f := range files {
		data := f.Data
		if f.Path == admin.ConfigFile {
			data = codegen.EditorConfigFor(data, codegen.EditorSite{})
		}
		m[f.Path] = data
	}
	d.live.ServeEditor(m)
}

func readFile(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) }

func since(t time.Time) string { return fmt.Sprintf("%d ms", time.Since(t).Milliseconds()) }
