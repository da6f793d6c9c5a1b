package prerender

import (
	"bytes"
	"testing"

	"github.com/vozia/site/generator/bundle"
)

// A build starts goja on the server bundle its cache last kept, before it
// knows that bundle is current (Pool.Prepare): the pages are rendered by
// the bundle the build hands over, prepared or not.
func TestPoolPrepare(t *testing.T) {
	b, err := bundle.Build("testdata/app")
	if err != nil {
		t.Fatal(err)
	}
	current := b.Server
	// The same app, as it was before an edit that changed its heading.
	stale := bytes.Replace(current, []byte("<h1>"), []byte("<h2>"), 1)
	if bytes.Equal(stale, current) {
		t.Fatal(`the test app's server bundle has no <h1> to change`)
	}
	render := func(r *Renderer) string {
		t.Helper()
		html, err := r.Render(job("/platform"))
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	const want = "<h1>/platform</h1><p>Vozia</p><p>Platform</p><p>/platform</p>"

	var p Pool
	if !p.Empty() {
		t.Fatal("a new pool is not empty")
	}
	p.Prepare(stale, 2)
	if p.Empty() {
		t.Fatal("a pool preparing a renderer says it is empty")
	}
	r, err := p.Renderer(current, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := render(r); got != want {
		t.Errorf("prepared with a stale bundle, the pool renders %q, want %q", got, want)
	}

	// Prepared with the current bundle, the pool hands over that renderer,
	// and keeps it for the next build.
	var q Pool
	q.Prepare(current, 2)
	r1, err := q.Renderer(current, 2)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := q.Renderer(current, 2)
	if err != nil {
		t.Fatal(err)
	}
	if r1 != r2 {
		t.Error("the same bundle asked twice: two renderers")
	}
	if got := render(r1); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// A bundle that does not compile is the error of whoever asks for it.
	var e Pool
	e.Prepare([]byte("function ("), 1)
	if _, err := e.Renderer([]byte("function ("), 1); err == nil {
		t.Error("a bundle that does not parse: no error")
	}
}
