package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/watch"
)

// quiet is how long the sources must be still before a rebuild: long
// enough to take an editor's save (write, rename, chmod) as one change,
// short against the build itself.
const quiet = 20 * time.Millisecond

// develop is the edit loop of -watch: build, publish to live (or show the
// problems), then rebuild after every batch of changes to the content or
// the frontend sources, until ctx is done. Builds run one at a time and
// always read the files as they are when the build starts, so when edits
// arrive faster than builds the last edit always wins.
func develop(ctx context.Context, live *devserver.Live, contentDir, frontendDir string, out io.Writer) error {
	src := filepath.Join(frontendDir, "src")
	w, err := watch.New(quiet, contentDir, src)
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	bld := generator.NewBuilder(generator.Options{
		Content:     os.DirFS(contentDir),
		ContentDir:  contentDir,
		FrontendDir: frontendDir,
		// The editor sees drafts and scheduled articles, marked as such.
		Drafts: true,
	})
	defer bld.Close()
	d := &dev{ctx: ctx, live: live, bld: bld, contentDir: contentDir, frontendDir: frontendDir, out: out}
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
}

func (d *dev) build() {
	start := time.Now()
	res, err := d.bld.Build(d.ctx)
	if err != nil {
		problems := problemsOf(err, d.contentDir, d.frontendDir)
		d.live.Fail(problems)
		fmt.Fprintf(d.out, "build failed after %s; serving the last good build:\n", since(start))
		for _, p := range problems {
			fmt.Fprintln(d.out, "  "+p.String())
			if p.Source != "" {
				fmt.Fprintf(d.out, "    %d | %s\n", p.Line, p.Source)
			}
			if p.Detail != "" {
				fmt.Fprintln(d.out, indent(p.Detail, "    "))
			}
		}
		return
	}
	var manifest []byte
	for _, f := range res.CDN {
		if f.Path == "routes.json" {
			manifest = f.Data
		}
	}
	c, err := d.live.Publish(res.Site, manifest)
	if err != nil {
		fmt.Fprintln(d.out, err)
		return
	}
	rendered := len(res.Stats.Routes) - res.Stats.Reused
	what := "nothing changed"
	switch {
	case c.All:
		what = "reloading every page"
	case len(c.URLs) > 0:
		what = "reloading " + strings.Join(c.URLs, ", ")
	case len(c.Files) > 0:
		what = "reloading " + strings.Join(c.Files, ", ")
	}
	fmt.Fprintf(d.out, "built in %s (%d of %d pages rendered); %s\n", since(start), rendered, len(res.Stats.Routes), what)
}

func since(t time.Time) string { return fmt.Sprintf("%d ms", time.Since(t).Milliseconds()) }

func indent(s, by string) string { return by + strings.ReplaceAll(s, "\n", "\n"+by) }

// located finds "file:line:col: message" at the start of a line (content
// and esbuild errors), or "(at file:line:col)" and "file:line:col" in a
// render error's message or stack.
var (
	located = regexp.MustCompile(`^([^\s:][^:]*):(\d+):(\d+): (.*)$`)
	inside  = regexp.MustCompile(`(frontend/src/[^\s:()]+):(\d+):(\d+)`)
)

// problemsOf turns a build error into the overlay's problems: one per
// line of the error, paths made relative to the working directory (as the
// terminal and the editor see them), with the offending source line.
// Indented lines (a stack trace) belong to the problem above them.
func problemsOf(err error, contentDir, frontendDir string) []devserver.Problem {
	var list interface{ Prefix(string) error }
	if errors.As(err, &list) {
		err = list.Prefix(contentDir)
	}
	var out []devserver.Problem
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if n := len(out); n > 0 && (line[0] == ' ' || line[0] == '\t') {
			out[n-1].Detail = strings.TrimPrefix(out[n-1].Detail+"\n"+strings.TrimSpace(line), "\n")
			if out[n-1].File == "" {
				locate(&out[n-1], inside.FindStringSubmatch(line))
			}
			continue
		}
		p := devserver.Problem{Message: line}
		if m := located.FindStringSubmatch(line); m != nil {
			locate(&p, m)
			p.Message = m[4]
		} else if m := inside.FindStringSubmatchIndex(line); m != nil {
			locate(&p, []string{line[m[0]:m[1]], line[m[2]:m[3]], line[m[4]:m[5]], line[m[6]:m[7]]})
			// "server bundle: frontend/src/x.tsx:1:2: text" reads as
			// "…/x.tsx:1:2: server bundle: text".
			if rest, ok := strings.CutPrefix(line[m[1]:], ": "); ok {
				p.Message = line[:m[0]] + rest
			}
		}
		out = append(out, p)
	}
	for i, p := range out {
		if p.File == "" {
			continue
		}
		// esbuild and the source maps name frontend files from the
		// repository root; the frontend may be elsewhere.
		if rest, ok := strings.CutPrefix(p.File, "frontend/"); ok {
			out[i].File = filepath.ToSlash(filepath.Join(frontendDir, rest))
		}
		out[i].Source = sourceLine(out[i].File, p.Line)
	}
	return out
}

func locate(p *devserver.Problem, m []string) {
	if m == nil {
		return
	}
	p.File = m[1]
	p.Line, _ = strconv.Atoi(m[2])
	p.Col, _ = strconv.Atoi(m[3])
}

// sourceLine returns line n (1-based) of a file, or "".
func sourceLine(file string, n int) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return strings.TrimRight(sc.Text(), "\r")
		}
	}
	return ""
}
