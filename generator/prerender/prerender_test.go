package prerender

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vozia/site/generator/bundle"
	"github.com/vozia/site/internal/problem"
)

func renderer(t *testing.T, workers int) *Renderer {
	t.Helper()
	b, err := bundle.Build("testdata/app")
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(b.Server, workers)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func job(url string) Job {
	return Job{URL: url, Site: []byte(`{"brand":"Vozia"}`), Page: []byte(`{"title":"Platform"}`)}
}

func TestRender(t *testing.T) {
	r := renderer(t, 1)
	html, err := r.Render(job("/platform"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "<h1>/platform</h1><p>Vozia</p><p>Platform</p><p>/platform</p>"; html != want {
		t.Errorf("got %q, want %q", html, want)
	}
}

func TestRenderFailures(t *testing.T) {
	r := renderer(t, 1)
	tests := []struct {
		url, msg, file string
		line           int
	}{
		// A thrown error is placed at the source file and line, not the
		// bundle's, its path relative to the app's folder.
		{"/throw", "TypeError", "src/explode.ts", 3},
		{"/console-error", "console.error: Warning: Each child", "src/entry-server.tsx", 10},
		{"/console-warn", "console.warn: deprecated", "src/entry-server.tsx", 13},
		{"/empty", "rendered an empty page", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			_, err := r.Render(job(tc.url))
			if err == nil {
				t.Fatal("render succeeded")
			}
			ps := problem.Of(err)
			if len(ps) != 1 || !strings.Contains(ps[0].Message, tc.msg) || ps[0].File != tc.file || ps[0].Line != tc.line {
				t.Errorf("problems %+v, want %q at %s:%d", ps, tc.msg, tc.file, tc.line)
			}
		})
	}
	// The stack is mapped frame by frame to the app's sources.
	_, err := r.Render(job("/throw"))
	if ps := problem.Of(err); len(ps) != 1 || !strings.HasPrefix(ps[0].Detail, "at ") || !strings.Contains(ps[0].Detail, "src/explode.ts:3:") || strings.Contains(ps[0].Detail, "server.js") {
		t.Errorf("stack of a thrown error: %+v", ps)
	}
	// A failed render leaves the runtime usable for the next page.
	if _, err := r.Render(job("/ok")); err != nil {
		t.Errorf("render after failures: %v", err)
	}
}

func TestRenderAll(t *testing.T) {
	r := renderer(t, 2)
	var jobs []Job
	for i := range 20 {
		jobs = append(jobs, job(fmt.Sprintf("/p%d", i)))
	}
	jobs = append(jobs, job("/throw"), job("/empty"))
	out, err := r.RenderAll(jobs)
	if err == nil {
		t.Fatal("RenderAll hid the failing routes")
	}
	for _, w := range []string{"render /throw:", "render /empty:"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error does not name the route (%q): %v", w, err)
		}
	}
	out, err = r.RenderAll(jobs[:20])
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range out {
		if !strings.HasPrefix(res.HTML, fmt.Sprintf("<h1>/p%d</h1>", i)) {
			t.Errorf("result %d out of order: %q", i, res.HTML)
		}
	}
}

// React's preloads ahead of the page go (the head has the page's own);
// the page itself, and any link inside it, stay.
func TestDropImagePreloads(t *testing.T) {
	in := `<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/><link rel="preload" as="image" href="/b.svg"/><!--$--><header><link rel="preload" as="image" href="/c.svg"/></header>`
	want := `<!--$--><header><link rel="preload" as="image" href="/c.svg"/></header>`
	if got := dropImagePreloads(in); got != want {
		t.Errorf("dropImagePreloads = %s, want %s", got, want)
	}
	if got := dropImagePreloads(want); got != want {
		t.Errorf("a page without preloads changed: %s", got)
	}
}

func TestAppPath(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"../src/app.tsx", "src/app.tsx", true},
		{"../../node_modules/react/index.js", "node_modules/react/index.js", true},
		{"src/app.tsx", "src/app.tsx", false},
		{"../lib/src/app.tsx", "../lib/src/app.tsx", false},
		{"<stdin>", "<stdin>", false},
	}
	for _, tt := range tests {
		if got, ok := appPath(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("appPath(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
