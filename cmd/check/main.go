// Command check runs, in seconds and with no browser, everything the daily
// build would refuse: the editor's command before a push (make check).
//
//	go run ./cmd/check [-content content] [-frontend frontend] [-validate tools/validate] [-cache dir]
//
// It runs the production build in memory, as of today (the content's
// schema, every link and #part, links and redirects to articles not yet
// published, images, budgets), then checks what that build would publish
// with tools/validate: html-validate and the structured data of every
// page, and every feed against its format. It exits 0 and says what it
// checked, or prints every problem and exits 1. It writes nothing under
// dist/site. What make test adds: the browser tests (every page at every
// width in Chromium, accessibility, the forms), the unit tests of the
// build itself, and the deploy app's checks.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/vozia/site/generator"
	"github.com/vozia/site/internal/contentroot"
	"github.com/vozia/site/internal/filecache"
	"github.com/vozia/site/internal/hugeheap"
	"github.com/vozia/site/internal/problem"
)

func main() {
	hugeheap.Advise(320 << 20) // as cmd/build: a build's heap in huge pages
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], time.Now(), os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // the usage asked for, and printed: not a failure
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run checks the content as the daily build of the day of now would.
func run(ctx context.Context, args []string, now time.Time, stdout, stderr io.Writer) error {
	start := time.Now()
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	contentDir := fs.String("content", "content", "content `dir` (YAML and Markdown)")
	frontendDir := fs.String("frontend", "frontend", "frontend `dir` (package.json, node_modules, src)")
	validateDir := fs.String("validate", "tools/validate", "the checkers' `dir` (validate.mjs and its node_modules)")
	cacheDir := fs.String("cache", "", "the build's cache `dir` (encoded images, renders, the checkers' findings), shared with make build and make dev (default: dist/cache beside the content dir; none: no cache)")
	publishedRev := fs.String("published", "", "the git `revision` the live site was built from (origin/main, say): an address it answered that this content does not is refused (default: a warning for addresses answered at HEAD)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	for _, dir := range []string{*frontendDir, *validateDir} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
			return fmt.Errorf("%s/node_modules is missing: run `make check` (it installs what is missing)", dir)
		}
	}
	*cacheDir = filecache.Folder(*cacheDir, *contentDir)
	tree, err := contentroot.Open(*contentDir)
	if err != nil {
		return err
	}
	defer tree.Close()
	res, err := generator.Build(ctx, generator.Options{
		Content:     tree,
		FrontendDir: *frontendDir,
		CacheDir:    *cacheDir,
		Published:   *publishedRev,
		Now:         now,
	})
	if err != nil {
		var text strings.Builder
		problem.Print(&text, problem.Of(err).WithSources())
		return fmt.Errorf("the daily build would refuse this content:\n%s", strings.TrimRight(text.String(), "\n"))
	}
	problem.Print(stderr, res.Warnings.WithSources())
	built := time.Since(start)

	// The checkers read files: the site goes to a temporary directory.
	tmp, err := os.MkdirTemp("", "vozia-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	site := filepath.Join(tmp, "site")
	if err := res.WriteTo(site); err != nil {
		return err
	}
	var out strings.Builder
	validate := []string{filepath.Join(*validateDir, "validate.mjs")}
	if *cacheDir != "" {
		// The checkers' findings on a page are kept by its bytes: a second
		// run checks only the pages that changed.
		validate = append(validate, "--cache", filepath.Join(*cacheDir, "validate"))
	}
	cmd := exec.CommandContext(ctx, "node", append(validate, site)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the published pages or feeds do not validate (%v):\n%s", err, problem.TextLines(strings.TrimRight(out.String(), "\n")))
	}
	// Warnings go to stderr, above: the last line, the one an editor
	// reads, says they are there, so that "ok" is not taken for "nothing
	// to look at".
	verdict := "ok"
	if *publishedRev == "" {
		// Said up front: an editor's re-trial read "ok" first and the
		// line below as a contradiction.
		verdict = "ok, not compared with the live site"
	}
	if n := len(res.Warnings); n > 0 {
		verdict += fmt.Sprintf(", with %d %s above", n, plural(n, "warning", "warnings"))
	}
	fmt.Fprintf(stdout, "%s: the daily build accepts this content (%d pages built in %.1f s); %s; %.1f s in all\n", verdict,
		len(res.Stats.Routes), built.Seconds(), problem.Text(strings.TrimSpace(lastLine(out.String()))), time.Since(start).Seconds())
	if res.Note != "" {
		fmt.Fprintln(stdout, problem.Text(res.Note))
	}
	if *publishedRev == "" {
		// Compared with the last commit only (make check names a remote's
		// main only when the clone has one): an address a commit of this
		// clone dropped is not seen here, and CI, which compares with
		// main, refuses it. An editor's trial read "ok" for an alias
		// removed, then for a rename committed.
		if res.Dropped > 0 {
			fmt.Fprintf(stdout, "%d of the warnings above %s the last commit answered that this content does not: CI checks a pull request against the site's main branch and refuses %s (add the alias or redirect each one names).\n",
				res.Dropped, plural(res.Dropped, "is an address", "are addresses"), plural(res.Dropped, "it", "them"))
		}
		unseen, howTo := compareWithMain(*contentDir)
		fmt.Fprintf(stdout, "Not compared with the live site: %s\n%s.\n", unseen, howTo)
	}
	return nil
}

// compareWithMain says what this check could not see, short of the live
// site, and how this clone can make make check compare with the site's
// main branch, by the remotes it names: an editor's trial, in a clone with
// no remote at all, was told to run git fetch origin.
func compareWithMain(contentDir string) (unseen, howTo string) {
	out, err := exec.Command("git", "-C", contentDir, "remote").Output()
	if err != nil {
		return "this content is not in a git clone of the site's repository, so an address it no longer answers (a page renamed or removed) is not seen here, and CI refuses it.",
			"In a clone, make check compares with origin/main"
	}
	unseen = "this check compared with the last commit, so an address that a commit of this clone dropped (a page renamed or removed) is not seen here, and CI, which compares with the site's main branch, refuses it."
	remotes := strings.Fields(string(out))
	// The remotes make check compares with by itself (Makefile, PUBLISHED),
	// a fork's upstream after origin.
	for _, remote := range []string{"origin", "upstream"} {
		if slices.Contains(remotes, remote) {
			return unseen, fmt.Sprintf("To compare with it: git fetch %[1]s, then make check (it compares with %[1]s/main once the clone has it)", remote)
		}
	}
	if len(remotes) > 0 {
		return unseen, fmt.Sprintf("To compare with it: git fetch %[1]s, then make check PUBLISHED=%[1]s/main", remotes[0])
	}
	return unseen, "This clone names no remote repository. To compare with it: git remote add origin <the site's repository>, git fetch origin, then make check (it compares with origin/main)"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}
