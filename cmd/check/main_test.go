package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/internal/testkit/sitefixture"
)

// make check on the test site: it passes as it is; it passes with a link
// to an article scheduled for tomorrow, which it names in a note, not as a
// problem; and it refuses a link to a draft with the production build's
// problem, at the link's place. With a warning, its last line says so.
// "Today" is the test's.
func TestCheck(t *testing.T) {
	today := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	src, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "content")
	write := func(name string, data []byte) {
		t.Helper()
		writeFile(t, dir, name, data)
	}
	for p, f := range src {
		write(p, f.Data)
	}
	args := []string{"-content", dir, "-frontend", "../../frontend", "-validate", "../../tools/validate", "-cache", filepath.Join(t.TempDir(), "cache")}

	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, today, &stdout, &stderr); err != nil {
		t.Fatalf("the test site does not pass:\n%v\n%s", err, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "ok, not compared with the live site: ") || !strings.Contains(stdout.String(), " pages built in ") || !strings.Contains(stdout.String(), " HTML files and ") || !strings.Contains(stdout.String(), "feeds checked, 0 findings") {
		t.Errorf("the check does not say what it checked:\n%s", stdout.String())
	}

	launch := "---\ntitle: The launch\ndescription: What launches.\ndate: 2026-12-03\nauthor: ana\n" +
		"tags: [launch]\ncover: {src: /images/articles/voice.svg, alt: A circle}\n---\nText.\n"
	write("articles/the-launch.md", []byte(launch))
	write("pages/legal/privacy.md", append(src["pages/legal/privacy.md"].Data, "\nSee [the launch](/insights/the-launch).\n"...))
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), args, today, &stdout, &stderr); err != nil {
		t.Fatalf("a link to tomorrow's article: %v", err)
	}
	note := "note: 1 link to a scheduled article shows as words until the article's day, then as a link: /insights/the-launch on 2026-12-03 (" +
		filepath.ToSlash(filepath.Join(dir, "pages/legal/privacy.md")) + ":"
	if !strings.HasPrefix(stdout.String(), "ok, not compared with the live site: ") || !strings.Contains(stdout.String(), note) || strings.Contains(stderr.String(), "the-launch") {
		t.Errorf("a link to tomorrow's article: got\n%s%s\nwant ok, and %s...", stdout.String(), stderr.String(), note)
	}

	// A warning (a stray quote at a text's end, which the page would
	// show): the last line, the one read, says it is there.
	write("pages/services.yaml", []byte(strings.Replace(string(src["pages/services.yaml"].Data), "heading: All services\n", "heading: All services\"\n", 1)))
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), args, today, &stdout, &stderr); err != nil {
		t.Fatalf("a stray quote: %v", err)
	}
	if !strings.HasPrefix(stdout.String(), "ok, not compared with the live site, with 1 warning above: ") || !strings.Contains(stderr.String(), "pages/services.yaml:11") {
		t.Errorf("a stray quote: got\n%s%s\nwant the warning at pages/services.yaml:11, and a last line saying ok, not compared with the live site, with 1 warning above", stderr.String(), stdout.String())
	}
	write("pages/services.yaml", src["pages/services.yaml"].Data)

	write("articles/the-launch.md", []byte(strings.Replace(launch, "date: 2026-12-03\n", "date: 2026-12-01\ndraft: true\n", 1)))
	err = run(context.Background(), args, today, &stdout, &stderr)
	want := `link "/insights/the-launch": links to a draft article (articles/the-launch.md has draft: true): the build refuses the link until the article is published`
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "pages/legal/privacy.md")+":") || !strings.Contains(err.Error(), want) {
		t.Errorf("a link to a draft: got %v\nwant %s at pages/legal/privacy.md", err, want)
	}
}

// The checkers' cache (make check's second run) reports what a run
// without it would: the same findings for pages unchanged, under each
// page's own name when two pages have the same bytes, and a page's new
// findings once it changes.
func TestValidateCache(t *testing.T) {
	site, cache := filepath.Join(t.TempDir(), "site"), filepath.Join(t.TempDir(), "cache")
	write := func(name string, data []byte) {
		t.Helper()
		writeFile(t, site, name, data)
	}
	validate := func() string { return checkers(site, "--cache", cache) }
	broken := page(`<div><p>Text</div>`)
	write("a/index.html", broken)
	write("b/index.html", broken)
	write("c/index.html", page(`<p>Fine</p>`))
	first := validate()
	if !strings.Contains(first, "a/index.html:1:") || !strings.Contains(first, "b/index.html:1:") || !strings.Contains(first, "3 HTML files and 0 feeds checked, 2 findings") {
		t.Fatalf("the first run does not find the implicit close in a and b:\n%s", first)
	}
	if second := validate(); second != first {
		t.Errorf("the second run, from the cache, says otherwise:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	write("c/index.html", broken)
	if third := validate(); !strings.Contains(third, "c/index.html:1:") || !strings.Contains(third, "3 findings") {
		t.Errorf("a page changed after the first run is not checked again:\n%s", third)
	}
}

// The ids React writes for useId (React 19: "_R_…_", in a component's
// labels and aria attributes) pass the checkers, as HTML allows them; an
// id HTML refuses (with a space) still fails. The markup is React's own,
// rendered by the app's React in Node.
func TestValidateReactIDs(t *testing.T) {
	render := exec.Command("node", "-e", `const React = require("react");
const { renderToString } = require("react-dom/server");
function Field() {
  const id = React.useId();
  return React.createElement("p", null, React.createElement("label", { htmlFor: id }, "Name"), React.createElement("input", { id, name: "name", type: "text" }));
}
process.stdout.write(renderToString(React.createElement(Field)));`)
	render.Dir = "../../frontend"
	field, err := render.Output()
	if err != nil {
		t.Fatalf("React's render: %v", err)
	}
	if !strings.Contains(string(field), `id="_`) {
		t.Fatalf("React's useId no longer writes an id that starts with an underscore (%s): this test's reason is gone", field)
	}
	site := filepath.Join(t.TempDir(), "site")
	writeFile(t, site, "react/index.html", page("<main>"+string(field)+"</main>"))
	writeFile(t, site, "spaced/index.html", page(`<main><p id="two words">Text</p></main>`))
	out := checkers(site)
	if strings.Contains(out, "react/index.html") {
		t.Errorf("React's useId markup %s is refused:\n%s", field, out)
	}
	if !strings.Contains(out, "spaced/index.html:1:") || !strings.Contains(out, "valid-id") {
		t.Errorf("an id with a space passes:\n%s", out)
	}
}

// page is a document around body, on one line, as the checkers take one.
func page(body string) []byte {
	return []byte(`<!doctype html><html lang="en"><head><title>x</title><meta name="robots" content="noindex,nofollow"></head><body>` + body + `</body></html>`)
}

// writeFile writes data to name under root, making its folders.
func writeFile(t *testing.T, root, name string, data []byte) {
	t.Helper()
	p := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkers runs the page checkers (tools/validate) on site, args before
// it, and returns what they print, findings or not.
func checkers(site string, args ...string) string {
	out, _ := exec.Command("node", append(append([]string{"../../tools/validate/validate.mjs"}, args...), site)...).CombinedOutput()
	return string(out)
}

// An address the last commit answered that the content no longer does (an
// alias removed) is a warning here, where no published revision is named,
// and a refusal in CI, which names origin/main: the last line says so, and
// which revision the check compared with. An editor's trial, in a clone
// with no origin/main, read "ok, with 1 warning above" and took it for a
// pass.
func TestCheckSaysCIRefusesADroppedAddress(t *testing.T) {
	today := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	src, err := sitefixture.Copy(os.DirFS("../../testdata/site"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "content")
	for p, f := range src {
		writeFile(t, dir, p, f.Data)
	}
	const article = "articles/on-premise.md"
	kept := src[article].Data
	writeFile(t, dir, article, []byte(strings.Replace(string(kept), "---\n", "---\naliases: [/insights/on-prem]\n", 1)))
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=Editor", "-c", "user.email=editor@vozia.example"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "the site, with an alias")
	writeFile(t, dir, article, kept)

	args := []string{"-content", dir, "-frontend", "../../frontend", "-validate", "../../tools/validate", "-cache", filepath.Join(t.TempDir(), "cache")}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, today, &stdout, &stderr); err != nil {
		t.Fatalf("an alias removed: %v", err)
	}
	if !strings.Contains(stderr.String(), "the address /insights/on-prem (and /insights/on-prem/share.jpg, /insights/on-prem/share.png), published") {
		t.Errorf("no warning names the address dropped, with its share images:\n%s", stderr.String())
	}
	want := "1 of the warnings above is an address the last commit answered that this content does not: CI checks a pull request against the site's main branch and refuses it"
	if !strings.HasPrefix(stdout.String(), "ok, not compared with the live site, with 1 warning above: ") || !strings.Contains(stdout.String(), want) {
		t.Errorf("an alias removed: the check's last lines read\n%s\nwant ok, not compared with the live site, with 1 warning above, and %q", stdout.String(), want)
	}
	// The clone names no remote: the way to compare with main starts by
	// adding one (an editor's re-trial was told to fetch an origin the
	// clone did not have).
	if advice := "This clone names no remote repository. To compare with it: git remote add origin"; !strings.Contains(stdout.String(), advice) {
		t.Errorf("in a clone with no remote, the last lines read\n%s\nwant %q", stdout.String(), advice)
	}

	// The removal committed: the last commit no longer answers the
	// address, so nothing here sees it dropped, and the check says it did
	// not compare with the live site (an editor's trial read a plain "ok"
	// for a rename committed).
	git("commit", "-q", "-am", "the alias removed")
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), args, today, &stdout, &stderr); err != nil {
		t.Fatalf("the removal committed: %v", err)
	}
	if last := stdout.String(); !strings.HasPrefix(last, "ok, not compared with the live site: ") || !strings.Contains(last, "Not compared with the live site: this check compared with the last commit, so an address that a commit of this clone dropped (a page renamed or removed) is not seen here") {
		t.Errorf("the removal committed: the check's last lines read\n%s\nwant ok, and that it did not compare with the live site", last)
	}
	// Named what is live, it compares with that, and says nothing of it.
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), append(args, "-published", "HEAD~1"), today, &stdout, &stderr); err == nil || strings.Contains(stdout.String(), "Not compared") {
		t.Errorf("compared with the commit before the removal: %v, the last lines\n%s\nwant a refusal of the address dropped", err, stdout.String())
	}
}

// The way to compare with main follows the clone's remotes: fetch origin
// when it has one, another remote named when it has only others, and a
// remote to add when it has none.
func TestCompareWithMainNamesTheCloneRemotes(t *testing.T) {
	for _, tc := range []struct {
		remotes []string
		want    string
	}{
		{nil, "git remote add origin <the site's repository>, git fetch origin, then make check"},
		{[]string{"origin"}, "To compare with it: git fetch origin, then make check (it compares with origin/main"},
		{[]string{"fork", "upstream"}, "To compare with it: git fetch upstream, then make check (it compares with upstream/main"},
		{[]string{"github"}, "To compare with it: git fetch github, then make check PUBLISHED=github/main"},
	} {
		root := t.TempDir()
		git := func(args ...string) {
			t.Helper()
			if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
				t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		}
		git("init", "-q")
		for _, r := range tc.remotes {
			git("remote", "add", r, "https://git.example/vozia/site.git")
		}
		content := filepath.Join(root, "content")
		if err := os.Mkdir(content, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, got := compareWithMain(content); !strings.Contains(got, tc.want) {
			t.Errorf("remotes %q: %q, want it to say %q", tc.remotes, got, tc.want)
		}
	}
}
