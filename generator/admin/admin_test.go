package admin

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// remoteFont is a font file named by an absolute URL, quoted or in url().
	remoteFont = regexp.MustCompile(`(?i)(https?:)?//[^"'()\s]+\.(woff2?|ttf|otf)\b`)
	ownFont    = regexp.MustCompile(regexp.QuoteMeta("/"+Dir+"/assets/") + `[^"'()\s]+\.woff2`)
)

// TestBuild: the editor's files are all under admin/, load nothing from
// another origin, and the page names its own script and the pinned
// editor.
func TestBuild(t *testing.T) {
	files, err := Build("../../frontend", "")
	if err != nil {
		t.Fatal(err)
	}
	var page []byte
	total, ownFontRefs := 0, 0
	for _, f := range files {
		total += len(f.Data)
		if !strings.HasPrefix(f.Path, "admin/") {
			t.Errorf("%s is outside admin/", f.Path)
		}
		if f.Path == "admin/index.html" {
			page = f.Data
		}
		if strings.HasSuffix(f.Path, ".js") && bytes.Contains(f.Data, []byte("cdn.jsdelivr.net/fontsource")) {
			t.Errorf("%s still loads fonts from a CDN", f.Path)
		}
		// ownFonts reads the editor's bundle as text: a font URL of
		// another form (another CDN, another path) would escape fontURL
		// and load from elsewhere, so none may remain, and the rewrite
		// must have found the fonts it rewrites.
		if strings.HasSuffix(f.Path, ".js") || strings.HasSuffix(f.Path, ".css") {
			for _, u := range remoteFont.FindAll(f.Data, -1) {
				t.Errorf("%s loads a font from another origin: %s", f.Path, u)
			}
			ownFontRefs += len(ownFont.FindAll(f.Data, -1))
		}
	}
	if ownFontRefs == 0 {
		t.Error("no file of the editor names a font under its own assets/: did its stylesheet stop naming fonts, or fontURL stop matching them?")
	}
	t.Logf("%d files, %d bytes", len(files), total)
	for _, f := range files {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(f.Data)
		w.Close()
		t.Logf("%8d %8d gzip  %s", len(f.Data), z.Len(), f.Path)
	}
	for _, want := range []string{`src="/admin/admin-`, `content="/admin/sveltia/index.js"`, `name="robots" content="noindex`, `href="/admin/config.yml"`, `<p id="editor-loading" role="status">`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("admin/index.html lacks %q:\n%s", want, page)
		}
	}
}

// TestBuildLive: in make dev the editor's page loads the live-reload
// script last in its head, as every page does; otherwise it has none.
func TestBuildLive(t *testing.T) {
	const live = "/__dev/reload.js"
	for _, url := range []string{"", live} {
		files, err := Build("../../frontend", url)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range files {
			if f.Path != "admin/index.html" {
				continue
			}
			found = true
			tag := []byte(`<script type="module" src="` + live + `"></script>` + "\n</head>")
			if url != "" && (bytes.Count(f.Data, []byte(live)) != 1 || !bytes.Contains(f.Data, tag)) {
				t.Errorf("the editor's page does not load %s last in its head:\n%s", live, f.Data)
			} else if url == "" && bytes.Contains(f.Data, []byte(live)) {
				t.Errorf("the editor's page of a build for the CDN loads %s:\n%s", live, f.Data)
			}
		}
		if !found {
			t.Fatal("no admin/index.html")
		}
	}
}

// The editor's modules are made once per lock file and kept (with the
// packages, bundle.FrontendCache): a build takes them from there, each
// file as a link to its kept copy, and one with an entry gone makes the
// same files again, byte for byte.
func TestModulesKept(t *testing.T) {
	cache := t.TempDir()
	first, err := build("../../frontend", "", cache)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(cache, "editor")
	entries, _ := os.ReadDir(dir)
	if len(entries) < 2 {
		t.Fatalf("%s holds %d entries, want the list of this lock file's and its files'", dir, len(entries))
	}
	kept, err := build("../../frontend", "", cache)
	if err != nil {
		t.Fatal(err)
	}
	// Every file of the editor's package, and every one made of it, is
	// linked to a file on disk (the package's, or its kept copy), so no
	// build writes their megabytes again; and each holds what the file
	// says.
	index := ""
	for _, f := range kept {
		if !strings.HasPrefix(f.Path, Dir+"/") {
			continue
		}
		if f.From == "" {
			t.Errorf("%s names no file on disk to link", f.Path)
			continue
		}
		if b, err := os.ReadFile(f.From); err != nil || !bytes.Equal(b, f.Data) {
			t.Errorf("%s: %s does not hold its bytes (%v)", f.Path, f.From, err)
		}
		if f.Path == Dir+"/index.js" {
			index = f.From
		}
	}
	if !strings.HasPrefix(index, dir) {
		t.Fatalf("the editor's index.js is not taken from its kept copy in %s: %q", dir, index)
	}

	// Taken from the entry: a mark put in its index.js reaches the output.
	if err := os.WriteFile(index, []byte("// kept"), 0o600); err != nil {
		t.Fatal(err)
	}
	marked, err := build("../../frontend", "", cache)
	if err != nil {
		t.Fatal(err)
	}
	if f := find(marked, Dir+"/index.js"); string(f) != "// kept" {
		t.Error("the editor's index.js was made again while the cache held it")
	}

	// Made again with one of its files gone: the same files.
	if err := os.Remove(index); err != nil {
		t.Fatal(err)
	}
	again, err := build("../../frontend", "", cache)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != len(first) {
		t.Fatalf("%d files made afresh, %d the first time", len(again), len(first))
	}
	for i := range first {
		if again[i].Path != first[i].Path || !bytes.Equal(again[i].Data, first[i].Data) {
			t.Errorf("%s differs when made afresh", first[i].Path)
		}
	}
}

func find(files []File, p string) []byte {
	for _, f := range files {
		if f.Path == p {
			return f.Data
		}
	}
	return nil
}
