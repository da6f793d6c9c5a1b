package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vozia/site/internal/devserver"
	"github.com/vozia/site/internal/problem"
)

// The harness of the cmd/dev tests and benchmarks: cmd/dev itself
// (run), on a temporary copy of a content tree (the test site for the
// tests, which must hold whatever an editor does to content/; the shipped
// content for the benchmarks, which measure it), with an event stream of
// its own to know when each build is done.
//
// The edits the tests make depend on the content model; they live in the
// helpers at the end of this file (editable, addPage, addRedirect,
// removePage), so that a change of the model changes only them.

type devSite struct {
	URL, Content, Frontend string
	out                    *syncBuffer
	events                 chan sseEvent
}

type sseEvent struct {
	name string
	data []byte
}

// The content trees startDev copies, relative to the repository.
const (
	testSite       = "testdata/site"
	shippedContent = "content"
)

// startDev runs cmd/dev on a copy of the repository's content tree src
// (and of its frontend sources when copyFrontend is set), and waits for
// the first build.
func startDev(t testing.TB, src string, copyFrontend bool) *devSite {
	t.Helper()
	d := copyDev(t, src, copyFrontend)
	d.launch(t)
	d.subscribe(t)
	hello := d.next(t)
	var h struct{ Build string }
	json.Unmarshal(hello.data, &h)
	if h.Build == "" {
		e := d.next(t)
		for e.name == "warnings" { // the first build's, before it is published
			e = d.next(t)
		}
		if e.name != "build" {
			t.Fatalf("first build: %s %s\n%s", e.name, e.data, d.out.String())
		}
	}
	return d
}

// copyDev copies the repository's content tree src (and its frontend
// sources when copyFrontend is set) to a temporary directory, for cmd/dev
// to run on.
func copyDev(t testing.TB, src string, copyFrontend bool) *devSite {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	d := &devSite{Content: filepath.Join(tmp, "content"), Frontend: filepath.Join(repo, "frontend"), out: &syncBuffer{}}
	copyTree(t, filepath.Join(repo, src), d.Content)
	if copyFrontend {
		d.Frontend = filepath.Join(tmp, "frontend")
		for _, dir := range []string{"src", "admin"} {
			copyTree(t, filepath.Join(repo, "frontend", dir), filepath.Join(d.Frontend, dir))
		}
		for _, f := range []string{"package.json", "package-lock.json", "tsconfig.json"} {
			copyFile(t, filepath.Join(repo, "frontend", f), filepath.Join(d.Frontend, f))
		}
		if err := os.Symlink(filepath.Join(repo, "frontend", "node_modules"), filepath.Join(d.Frontend, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// launch runs cmd/dev on d until the test ends, and waits until it
// prints its address (d.URL).
func (d *devSite) launch(t testing.TB) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-content", d.Content, "-frontend", d.Frontend,
			"-outbox", filepath.Join(filepath.Dir(d.Content), "outbox.jsonl")}, d.out, d.out)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("cmd/dev: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("cmd/dev did not stop")
		}
	})
	for deadline := time.Now().Add(30 * time.Second); d.URL == ""; time.Sleep(10 * time.Millisecond) {
		if m := regexp.MustCompile(`http://[0-9.:]+`).FindString(d.out.String()); m != "" {
			d.URL = m
		} else if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q", d.out.String())
		}
	}
}

// subscribe opens the server's event stream, as a page does.
func (d *devSite) subscribe(t testing.TB) {
	t.Helper()
	res, err := http.Get(d.URL + devserver.DevPath + "events")
	if err != nil {
		t.Fatal(err)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events: Content-Type %q", ct)
	}
	d.events = make(chan sseEvent, 64)
	go func() {
		defer res.Body.Close()
		var e sseEvent
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				e.data = []byte(strings.TrimPrefix(line, "data: "))
			case line == "" && e.name != "":
				d.events <- e
				e = sseEvent{}
			}
		}
		close(d.events)
	}()
	t.Cleanup(func() { res.Body.Close() })
}

// next returns the next event of the stream.
func (d *devSite) next(t testing.TB) sseEvent {
	t.Helper()
	select {
	case e, ok := <-d.events:
		if !ok {
			t.Fatal("event stream closed")
		}
		return e
	// Bounded with margin: a build that takes a second alone took over a
	// minute with the other test packages beside it on two cores.
	case <-time.After(3 * time.Minute):
		t.Fatalf("no build within 3 minutes:\n%s", d.out.String())
	}
	return sseEvent{}
}

// built waits for the next successful build and returns what it changed.
func (d *devSite) built(t testing.TB) devserver.Change {
	t.Helper()
	for {
		e := d.next(t)
		if e.name == "problems" {
			t.Fatalf("build failed: %s", e.data)
		}
		if e.name == "build" {
			var c devserver.Change
			if err := json.Unmarshal(e.data, &c); err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
}

// failed waits for the next failed build and returns its problems.
func (d *devSite) failed(t testing.TB) []problem.Problem {
	t.Helper()
	for {
		e := d.next(t)
		if e.name == "build" {
			t.Fatalf("build succeeded, want a failure: %s", e.data)
		}
		if e.name == "problems" {
			var p struct{ Problems []problem.Problem }
			if err := json.Unmarshal(e.data, &p); err != nil {
				t.Fatal(err)
			}
			return p.Problems
		}
	}
}

// get fetches a path without following redirects.
func (d *devSite) get(t testing.TB, path string) (int, http.Header, string) {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Get(d.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(body)
}

// until waits for successful builds until cond holds (several writes may
// take several builds).
func (d *devSite) until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Minute); time.Now().Before(deadline); {
		if e := d.next(t); e.name == "build" && cond() {
			return
		}
	}
	t.Fatalf("never: %s\n%s", what, d.out.String())
}

// write saves a content file as most editors do: a temporary file renamed
// over the original, so that no build sees it half-written.
func (d *devSite) write(t testing.TB, file string, data []byte) {
	t.Helper()
	p := filepath.Join(d.Content, file)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

func (d *devSite) read(t testing.TB, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(d.Content, file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(to), 0o755)
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The content edits. These know the content model: adapt them when it
// changes.

// pageFile is the content file of a page (its copy).
func pageFile(route string) string { return "pages" + route + ".yaml" }

// sharedFile is the content file whose copy every page shows.
const sharedFile = "layout.yaml"

var plainValue = regexp.MustCompile(`(?m)^\s*(?:- )?[A-Za-z]+: ([A-Z][A-Za-z ,]{6,})$`)

// editable finds in a content file a plain string value that the page at
// path shows, and returns the file with that value replaced by a new one.
func (d *devSite) editable(t testing.TB, file, path string) (old string, edit func(new string) []byte) {
	t.Helper()
	data := d.read(t, file)
	_, _, page := d.get(t, path)
	for _, m := range plainValue.FindAllSubmatchIndex(data, -1) {
		v := string(data[m[2]:m[3]])
		// A value used once in the file, so that the page shows this use.
		if bytes.Count(data, []byte(v)) == 1 && strings.Contains(page, ">"+html.EscapeString(v)+"<") {
			return v, func(new string) []byte {
				return slices.Concat(data[:m[2]], []byte(new), data[m[3]:])
			}
		}
	}
	t.Fatalf("no plain value of %s is shown on %s", file, path)
	return "", nil
}

// addPage adds a Markdown page at path with the given title (its <h1>).
func (d *devSite) addPage(t testing.TB, path, title string) {
	t.Helper()
	d.write(t, "pages"+path+".md", []byte("---\ntitle: "+title+"\ndescription: A page added while the server runs.\nname: "+title+
		"\nkeywords: [test]\nback: {label: Back to Home, href: /}\n---\n# "+title+"\n\nA page added while the server runs.\n"))
}

// removePage removes a page added by addPage.
func (d *devSite) removePage(t testing.TB, path string) {
	t.Helper()
	if err := os.Remove(filepath.Join(d.Content, "pages"+path+".md")); err != nil {
		t.Fatal(err)
	}
}

// redirectRule is the line of routing.yaml of a permanent redirect.
func redirectRule(from, to string) string { return "  - {from: " + from + ", to: " + to + "}\n" }

// addRedirect adds a permanent redirect.
func (d *devSite) addRedirect(t testing.TB, from, to string) {
	t.Helper()
	routing := d.read(t, "routing.yaml")
	list := regexp.MustCompile(`(?m)^redirects:\n`).FindIndex(routing)
	if list == nil {
		t.Fatal("routing.yaml has no redirects list")
	}
	d.write(t, "routing.yaml", slices.Concat(routing[:list[1]], []byte(redirectRule(from, to)), routing[list[1]:]))
}

// removeRedirect removes a redirect added by addRedirect.
func (d *devSite) removeRedirect(t testing.TB, from, to string) {
	t.Helper()
	d.write(t, "routing.yaml", []byte(strings.Replace(string(d.read(t, "routing.yaml")), redirectRule(from, to), "", 1)))
}
