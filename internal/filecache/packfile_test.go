package filecache

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestPackfile: entries put by one build are read by the next, in
// another process's Packfile as in the same; a build that keeps the same
// entries does not write the pack again; one that keeps fewer drops the
// others; a pack damaged anywhere is empty, never wrong; and the folder
// holds one file, whose name is not a key.
func TestPackfile(t *testing.T) {
	root := t.TempDir()
	p := NewPackfile(root, "render")
	if _, ok := p.Get("a"); ok || !p.Empty() {
		t.Fatal("an empty cache has an entry")
	}
	p.Put("a", []byte("A"))
	p.Put("b", []byte("BB"))
	if got, ok := p.Get("a"); !ok || string(got) != "A" {
		t.Fatalf("Get(a) before the pack is written = %q, %v", got, ok)
	}
	p.KeepOnly([]string{"a", "b"})
	if p.Empty() {
		t.Error("a written pack is empty")
	}
	entries, _ := os.ReadDir(filepath.Join(root, "render"))
	if len(entries) != 1 || entries[0].Name() == "a" || filepath.Ext(entries[0].Name()) != ".pack" {
		t.Fatalf("the folder holds %v, want one .pack", entries)
	}
	pack := filepath.Join(root, "render", entries[0].Name())

	next := NewPackfile(root, "render")
	for k, want := range map[string]string{"a": "A", "b": "BB"} {
		if got, ok := next.Get(k); !ok || string(got) != want {
			t.Errorf("the next build's Get(%s) = %q, %v", k, got, ok)
		}
	}
	// Unchanged: the pack is not written again.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(pack, old, old); err != nil {
		t.Fatal(err)
	}
	next.KeepOnly([]string{"b", "a"})
	if fi, err := os.Stat(pack); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("a build that kept the same entries wrote the pack again (%v)", err)
	}
	// Fewer, and one new.
	next.Put("c", []byte("C"))
	next.KeepOnly([]string{"b", "c"})
	if got := next.Keys(); !slices.Equal(got, []string{"b", "c"}) {
		t.Errorf("after KeepOnly(b, c) the pack holds %q", got)
	}
	if _, ok := NewPackfile(root, "render").Get("a"); ok {
		t.Error("KeepOnly(b, c) kept a")
	}

	// Damaged: a byte changed anywhere, or the file cut short, is a miss.
	data, err := os.ReadFile(pack)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		bad := slices.Clone(data)
		bad[i] ^= 0x20
		os.WriteFile(pack, bad, 0o644)
		if got, ok := NewPackfile(root, "render").Get("b"); ok && string(got) != "BB" {
			t.Fatalf("byte %d changed: Get(b) = %q", i, got)
		}
		if keys := NewPackfile(root, "render").Keys(); len(keys) != 0 {
			t.Fatalf("byte %d changed: the pack still reads as %q", i, keys)
		}
	}
	os.WriteFile(pack, data[:len(data)-1], 0o644)
	if _, ok := NewPackfile(root, "render").Get("b"); ok {
		t.Error("a pack cut short was read")
	}

	zero := NewPackfile("", "render")
	zero.Put("a", []byte("A"))
	zero.KeepOnly([]string{"a"})
	if _, ok := zero.Get("a"); ok || !zero.Empty() {
		t.Error("a Packfile without a root keeps entries")
	}
}

// TestPackfileConcurrent: the share images are drawn on every core, each
// asking for its entry and putting it (run with -race).
func TestPackfileConcurrent(t *testing.T) {
	root := t.TempDir()
	p := NewPackfile(root, "share")
	keys := make([]string, 64)
	var wg sync.WaitGroup
	for i := range keys {
		keys[i] = fmt.Sprint("key", i)
		wg.Go(func() {
			if _, ok := p.Get(keys[i]); !ok {
				p.Put(keys[i], []byte(keys[i]))
			}
		})
	}
	wg.Wait()
	p.KeepOnly(keys)
	if got := NewPackfile(root, "share").Keys(); len(got) != len(keys) {
		t.Errorf("the pack holds %d entries, want %d", len(got), len(keys))
	}
}

// TestPackfileVersions: cmd/build, cmd/check and cmd/dev are three
// binaries of three versions (Version) when the code is not a clean
// commit's; each keeps its own pack, and a build of one never deletes
// another's, up to keptVersions of them: the oldest goes first. Anything
// else in the folder is removed but another build's write under way.
func TestPackfileVersions(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "render")
	os.MkdirAll(dir, 0o755)
	stale := filepath.Join(dir, "0123.html") // an entry of the one-file-a-key format
	os.WriteFile(stale, []byte("old"), 0o644)
	underWay, abandoned := filepath.Join(dir, ".new-1"), filepath.Join(dir, ".new-2")
	os.WriteFile(underWay, nil, 0o644)
	os.WriteFile(abandoned, nil, 0o644)
	long := time.Now().Add(-time.Hour)
	os.Chtimes(abandoned, long, long)

	of := func(v string) *Packfile {
		return &Packfile{root: root, kind: "render", version: v, fresh: map[string][]byte{}}
	}
	start := time.Now().Add(-time.Hour)
	versions := []string{"v1", "v2", "v3", "v4", "v5"}
	for i, v := range versions {
		p := of(v)
		p.Put("page", []byte(v))
		p.KeepOnly([]string{"page"})
		at := start.Add(time.Duration(i) * time.Minute) // written in this order
		os.Chtimes(p.path(), at, at)
		if i == 2 {
			for _, w := range versions[:3] {
				if got, ok := of(w).Get("page"); !ok || string(got) != w {
					t.Errorf("after three versions' builds, %s's pack reads %q, %v", w, got, ok)
				}
			}
		}
	}
	for i, v := range versions {
		_, ok := of(v).Get("page")
		if want := i >= len(versions)-keptVersions; ok != want {
			t.Errorf("after %d versions' builds, %s's pack kept: %v, want %v", len(versions), v, ok, want)
		}
	}
	for name, want := range map[string]bool{stale: false, abandoned: false, underWay: true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s kept: %v, want %v", filepath.Base(name), err == nil, want)
		}
	}
}
