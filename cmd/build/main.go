// Command build is the CI entry: it builds the site from content/ and
// frontend/ into dist/site (and the routing manifest into dist/cdn).
//
//	go run ./cmd/build [-out dist/site] [-content content] [-frontend frontend]
//	                   [-base-url URL] [-contact-url URL] [-analytics-id G-XXXXXXX]
//	                   [-cache dir] [-whole] [-no-editor] [-preview-pr N -preview-url URL] [-cpuprofile file]
//
// On success it prints a summary table and exits 0. On failure it prints
// every problem, content errors as path:line:col: message, exits 1 and
// leaves the previous output untouched.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/generator/prpreview"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/hugeheap"
	"github.com/vozia/site/internal/problem"
)

// memoryLimit is the build's soft memory limit unless GOMEMLIMIT sets one,
// and gcPercent its GC target unless GOGC sets one. A build is one burst
// of allocation (esbuild's syntax trees, then React's renders) that ends
// with the process, so the collector runs rarely: at two and a half times
// the live heap. Fewer collections cost fresh pages from the system, and a
// fresh page costs more than the collections save: with no collection at
// all below the limit, the shipped site took 2.06 s of CPU and 201 MB,
// 1.62 s and 139 MB at GOGC=400 (side by side at a load of 21 to 25, 29
// November 2026). On a machine whose page faults are slow (13 µs a first
// touch, bench/host), 21 runs alternating at a load of 1.1 to 1.9 (2
// December 2026): 1.34 s of CPU and 94 MB at 150, 1.47 s and 127 MB at
// 400 (wall 0.77 s against 0.82 s); 100 and 200 gave the same as 150
// within the spread. The site with 1,000 articles holds a live heap near
// 240 MB while its pages are assembled and checked, so it runs at the
// limit, where a lower target still saves collections' fresh pages: 8.8 s
// at 400 against 7.5 s at 100, and in another run 6.2 s at 150 against
// 6.4 s at 100 (3 runs each, alternating). At a limit of 400 MiB it took no less time and peaked at
// 430 MB. Below the live heap the collector runs without pause: at
// 224 MiB, when the build held more, it took 16.6 s instead of 9.3 s.
const (
	memoryLimit = 320 << 20
	gcPercent   = 150
)

func main() {
	// The heap up to the limit in huge pages, where the kernel gives them
	// on request (internal/hugeheap): the shipped site took 0.72 s of CPU
	// and 0.41 s with them, 0.94 s and 0.52 s without, and 5,400 page
	// faults against 18,600 (9 runs alternating, load 1.0 to 1.7, 4
	// December 2026). With huge pages a fresh page is cheap, and a higher
	// target than the one below gains little: 250 and 400 took 0.66 and
	// 0.65 s of CPU for 24 and 45 MB more, no collection 0.64 s for 70 MB
	// more.
	hugeheap.Advise(memoryLimit)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(gcPercent)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // the usage asked for, and printed: not a failure
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "dist/site", "output `dir` (the CDN root); the routing manifest goes to ../cdn beside it")
	contentDir := fs.String("content", "content", "content `dir` (YAML and Markdown)")
	frontendDir := fs.String("frontend", "frontend", "frontend `dir` (package.json, node_modules, src)")
	baseURL := fs.String("base-url", "", "site `URL`, overriding baseURL in content/site.yaml")
	contactURL := fs.String("contact-url", "", "contact endpoint `URL`, overriding contactEndpoint in content/site.yaml")
	analyticsID := fs.String("analytics-id", "", "Google Analytics measurement `ID`, overriding analytics.measurementID in content/site.yaml")
	cacheDir := fs.String("cache", "", "keep the encoded images and the renders in `dir` between builds, so that a photo is encoded once and unchanged pages are not rendered again (default: dist/cache beside the content dir, shared with make check and make dev; none: no cache)")
	noEditor := fs.Bool("no-editor", false, "build the site without the web editor (/admin/), to measure what the editor costs a build (make bench)")
	whole := fs.Bool("whole", false, "render every page whole, without splicing pages into a shared layout (see generator.Options.Whole)")
	previewPR := fs.Int("preview-pr", 0, "build the preview of pull request `N` at -base-url, on a registrable domain apart from the live site's: a banner on every page, noindex, no analytics (generator/preview)")
	previewURL := fs.String("preview-url", "", "the pull request's page, where the preview's banner links (with -preview-pr)")
	publishedRev := fs.String("published", "", "the git `revision` the live site was built from (CI: origin/main for a pull request, the commit before a push): an address it answered that this build does not refuses the build (default: a warning for addresses answered at HEAD)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the build to `file` (go tool pprof reads it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	var pv *prpreview.Preview
	if *previewPR != 0 || *previewURL != "" {
		pv = &prpreview.Preview{PR: *previewPR, URL: *previewURL}
	}
	if _, err := os.Stat(filepath.Join(*frontendDir, "node_modules")); err != nil {
		return fmt.Errorf("%s/node_modules is missing: run `make build` (or npm ci in %s)", *frontendDir, *frontendDir)
	}
	// On by default: without it, one large photo makes every build encode
	// it again (a 12-megapixel cover took a build from 4 s to 57 s). The
	// cache is never under content/, and two builds of the same inputs
	// give the same files with or without it.
	*cacheDir = filecache.Folder(*cacheDir, *contentDir)
	// Every file is read inside the content tree, none through a link.
	tree, err := contentroot.Open(*contentDir)
	if err != nil {
		return err
	}
	defer tree.Close()
	res, err := generator.Build(ctx, generator.Options{
		Content:     tree,
		FrontendDir: *frontendDir,
		BaseURL:     *baseURL,
		ContactURL:  *contactURL,
		AnalyticsID: *analyticsID,
		CacheDir:    *cacheDir,
		Whole:       *whole,
		NoEditor:    *noEditor,
		Published:   *publishedRev,
		Preview:     pv,
	})
	if err != nil {
		// Every problem, each with its place and the offending line.
		var text strings.Builder
		problem.Print(&text, problem.Of(err).WithSources())
		return fmt.Errorf("build failed, %s left as it was:\n%s", problem.Text(*out), strings.TrimRight(text.String(), "\n"))
	}
	// What is reported without refusing: files nothing shows or links to,
	// which are not published.
	problem.Print(stderr, res.Warnings.WithSources())
	// The summary's gzip sizes are measured while the files are written.
	sum := newSummary(res)
	measured := make(chan struct{})
	// Labelled as the build's stages are (generator/internal/stage), for the
	// profile's shares (bench/stages).
	pprof.Do(ctx, pprof.Labels("stage", "write"), func(context.Context) {
		go func() {
			sum.measure(filecache.New(bundle.FrontendCache(*frontendDir), "gzip-sizes", ".json"))
			close(measured)
		}()
		err = res.WriteKept(*out, *cacheDir)
	})
	<-measured
	if err != nil {
		return err
	}
	sum.print(stdout)
	fmt.Fprintf(stdout, "wrote %d files to %s\n", len(res.Site), problem.Text(*out))
	if res.Note != "" {
		fmt.Fprintln(stdout, problem.Text(res.Note))
	}
	return nil
}
