package bundle

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A build whose sources are unchanged takes both bundles from the cache,
// byte for byte; an edited source, or a new file that an import now
// resolves to, builds them again.
func TestCacheReusesOnlyUnchangedInputs(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("src/entry-server.tsx", `import { greet } from "./greet"; (globalThis as any).page = greet("server");`)
	write("src/entry-client.tsx", `import { greet } from "./greet"; console.log(greet("browser"));`)
	write("src/greet.ts", `import { word } from "greeting"; export const greet = (s: string) => word + s;`)
	write("node_modules/greeting/index.js", `export const word = "hello ";`)
	write("package-lock.json", `{"lockfileVersion": 3}`)
	cache := NewCache(t.TempDir(), "bundle")

	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	// rebuild bundles the app and says whether the cache held both bundles.
	rebuild := func() (*Result, bool) {
		t.Helper()
		_, server := cache.Get("server "+abs, abs)
		_, browser := cache.Get("browser "+abs, abs)
		return bundled(t, dir, cache), server && browser
	}
	first, hit := rebuild()
	if hit || !bytes.Contains(first.Server, []byte(`"hello "`)) {
		t.Fatalf("first build: from the cache %v, server bundle %q", hit, first.Server)
	}
	again, hit := rebuild()
	if !hit || !bytes.Equal(again.Server, first.Server) || again.Script != first.Script || len(again.Assets) != len(first.Assets) ||
		!bytes.Equal(again.Assets[0].Data, first.Assets[0].Data) {
		t.Fatalf("unchanged sources: from the cache %v, same bundles %v", hit, bytes.Equal(again.Server, first.Server))
	}

	// A package's files are known by their size and time, and the lock
	// file by its bytes.
	write("package-lock.json", `{"lockfileVersion": 3, "packages": {}}`)
	if _, hit := rebuild(); hit {
		t.Error("a changed lock file: the bundles came from the cache")
	}
	for _, c := range []struct{ name, file, text, want string }{
		{"a package's file edited by hand", "node_modules/greeting/index.js", `export const word = "hi there ";`, `"hi there "`},
		{"an edited source", "src/greet.ts", `export const greet = (s: string) => "good day " + s;`, `"good day "`},
		// "./greet" resolves to greet.tsx before greet.ts.
		{"a new file an import resolves to", "src/greet.tsx", `export const greet = (s: string) => "welcome " + s;`, `"welcome "`},
	} {
		write(c.file, c.text)
		res, hit := rebuild()
		if hit || !bytes.Contains(res.Server, []byte(c.want)) {
			t.Errorf("%s: from the cache %v, server bundle %q, want %s", c.name, hit, res.Server, c.want)
		}
		if res.Script == first.Script {
			t.Errorf("%s: the browser bundle kept its name %s", c.name, res.Script)
		}
	}
}

// CachedServer hands over the server bundle the app's cache last kept,
// before anything checks it against the sources: stale after an edit
// until the next build, nil with no cache.
func TestCachedServer(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("src/entry-server.tsx", `(globalThis as any).page = "first";`)
	write("src/entry-client.tsx", `console.log("browser");`)
	write("package-lock.json", `{"lockfileVersion": 3}`)
	if got := CachedServer(dir); got != nil {
		t.Fatalf("no build yet: %q", got)
	}
	build := func() []byte {
		t.Helper()
		return bundled(t, dir, NewCache(FrontendCache(dir), "bundle")).Server
	}
	first := build()
	if got := CachedServer(dir); !bytes.Equal(got, first) {
		t.Fatalf("after a build: %q, want the build's %q", got, first)
	}
	write("src/entry-server.tsx", `(globalThis as any).page = "second";`)
	if got := CachedServer(dir); !bytes.Equal(got, first) {
		t.Errorf("edited, not built: %q, want the last build's", got)
	}
	if second := build(); !bytes.Contains(second, []byte(`"second"`)) || !bytes.Equal(CachedServer(dir), second) {
		t.Errorf("built again: %q, want %q", CachedServer(dir), second)
	}
}

// The app's own bundles with lazy kinds (whose registry entries our
// plugin writes, in a namespace of its own) are kept too: a second build
// of the unchanged app takes the server and browser bundles and the
// kinds' modules from the cache, byte for byte.
func TestCacheKeepsLazyKinds(t *testing.T) {
	cache := NewCache(t.TempDir(), "bundle")
	lazy := []string{"contact", "security"}
	dir, err := filepath.Abs("../../frontend")
	if err != nil {
		t.Fatal(err)
	}
	rebuild := func() (*Result, []string) {
		t.Helper()
		res := bundled(t, dir, cache, lazy...)
		var missed []string
		for _, key := range []string{"server " + dir, "browser " + dir, "kinds " + dir + "\x00" + res.Script + "\x00contact,security"} {
			if _, ok := cache.Get(key, dir); !ok {
				missed = append(missed, strings.Fields(key)[0])
			}
		}
		return res, missed
	}
	first, missed := rebuild()
	if len(missed) > 0 {
		t.Fatalf("after a build, the cache lacks the %q bundles", missed)
	}
	if len(first.Kinds) != len(lazy) {
		t.Fatalf("%d lazy kinds built, want %d", len(first.Kinds), len(lazy))
	}
	again, _ := rebuild()
	if !bytes.Equal(again.Server, first.Server) || again.Script != first.Script || !reflect.DeepEqual(again.Kinds, first.Kinds) || !reflect.DeepEqual(again.Assets, first.Assets) {
		t.Error("the bundles taken from the cache differ from those built")
	}
}

// writer writes a file of the app in dir, its folders made.
func writer(t *testing.T, dir string) func(name, text string) {
	return func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// bundled bundles the app in dir with cache, as a build does.
func bundled(t *testing.T, dir string, cache Cache, lazy ...string) *Result {
	t.Helper()
	b, err := New(dir, cache, lazy...)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Dispose()
	res, err := b.Rebuild(nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
