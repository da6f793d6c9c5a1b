package prerender

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/generator/bundle"
)

// reactApp bundles a server entry written in the test with the site's own
// React (frontend/node_modules), so that what is pinned here is what the
// installed react-dom writes.
func reactApp(t *testing.T, entry string) *Renderer {
	t.Helper()
	modules, err := filepath.Abs("../../frontend/node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(modules, "react-dom")); err != nil {
		t.Fatalf("react-dom is not installed (make deps): %v", err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"entry-server.tsx": entry, "entry-client.tsx": "export {};\n"} {
		if err := os.WriteFile(filepath.Join(dir, "src", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := bundle.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(b.Server, 1)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// dropImagePreloads reads React's output back: it assumes that React writes
// the preload of a high-priority <img> outside a <picture> at the very
// start of its output, in exactly the form imagePreload matches. If a
// React upgrade writes it in another form, or somewhere else, the preload
// would stay in the body (a second preload of the lead image, and a page
// the build can no longer splice): this test fails first.
func TestReactImagePreloadForm(t *testing.T) {
	// The <img> as Picture renders a lead SVG; "/raw" shows React's own
	// output behind a comment, where dropImagePreloads leaves it alone.
	r := reactApp(t, `import { renderToString } from "react-dom/server";

function renderPage(url: string): string {
  const html = renderToString(
    <main>
      <img src="/images/lead.svg" width={640} height={360} alt="" loading="eager" fetchPriority="high" decoding="async" />
      <img src="/images/other.svg" width={640} height={360} alt="" loading="lazy" decoding="async" />
    </main>,
  );
  return url === "/raw" ? "<!--raw-->" + html : html;
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
`)
	raw, err := r.Render(job("/raw"))
	if err != nil {
		t.Fatal(err)
	}
	react, ok := strings.CutPrefix(raw, "<!--raw-->")
	if !ok {
		t.Fatalf("render %q", raw)
	}
	m := imagePreload.FindString(react)
	if m == "" {
		t.Fatalf("React no longer starts its output with a preload imagePreload matches: %q", react)
	}
	if want := `<link rel="preload" as="image" href="/images/lead.svg" fetchPriority="high"/>`; m != want {
		t.Errorf("React's preload is %s; want %s", m, want)
	}
	if n := strings.Count(react, "<link"); n != 1 {
		t.Errorf("React wrote %d links for one high-priority image: %q", n, react)
	}

	page, err := r.Render(job("/"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimPrefix(react, m); page != want {
		t.Errorf("rendered page %q; want React's output without its preload, %q", page, want)
	}
}
