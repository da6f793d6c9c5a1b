package watch

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestWatch makes the changes editors make and checks that each arrives,
// as one batch per burst, with scratch files left out.
func TestWatch(t *testing.T) {
	root := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(root, "pages"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "pages", "a.yaml"), []byte("a: 1\n"), 0o644))
	w, err := New(200*time.Millisecond, root)
	if err != nil {
		t.Fatal(err)
	}
	batches := make(chan []string, 16)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error)
	go func() { stopped <- w.Run(ctx, func(b []string) { batches <- b }) }()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Error(err)
		}
	}()
	next := func(t *testing.T) []string {
		t.Helper()
		select {
		case b := <-batches:
			return b
		case <-time.After(10 * time.Second):
			t.Fatal("no batch")
			return nil
		}
	}
	a := filepath.Join(root, "pages", "a.yaml")

	t.Run("write", func(t *testing.T) {
		must(t, os.WriteFile(a, []byte("a: 2\n"), 0o644))
		if b := next(t); !slices.Equal(b, []string{a}) {
			t.Errorf("batch %q, want [%s]", b, a)
		}
	})
	t.Run("rename over the file, with scratch files", func(t *testing.T) {
		tmp := filepath.Join(root, "pages", ".a.yaml.swp")
		must(t, os.WriteFile(filepath.Join(root, "pages", "4913"), nil, 0o644))
		must(t, os.Remove(filepath.Join(root, "pages", "4913")))
		must(t, os.WriteFile(tmp, []byte("a: 3\n"), 0o644))
		must(t, os.Rename(a, a+"~"))
		must(t, os.Rename(tmp, a))
		if b := next(t); !slices.Equal(b, []string{a}) {
			t.Errorf("batch %q, want [%s] once", b, a)
		}
	})
	t.Run("sed -i", func(t *testing.T) {
		// The real tool: it writes sedXXXXXX beside the file, then renames
		// it over the file.
		if out, err := exec.Command("sed", "-i", "s/3/4/", a).CombinedOutput(); err != nil {
			t.Fatalf("sed: %v %s", err, out)
		}
		if b := next(t); !slices.Equal(b, []string{a}) {
			t.Errorf("batch %q, want [%s] alone", b, a)
		}
	})
	t.Run("new directory", func(t *testing.T) {
		// Made elsewhere and moved in whole, as a file manager or git
		// does: the files are inside before any watch can exist.
		made := filepath.Join(t.TempDir(), "solutions")
		must(t, os.MkdirAll(filepath.Join(made, "deep"), 0o755))
		must(t, os.WriteFile(filepath.Join(made, "deep", "b.yaml"), []byte("b: 1\n"), 0o644))
		dir := filepath.Join(root, "pages", "solutions")
		must(t, os.Rename(made, dir))
		b := next(t)
		if want := filepath.Join(dir, "deep", "b.yaml"); !slices.Contains(b, want) {
			t.Errorf("batch %q lacks %s", b, want)
		}
		// And the new directories are watched from now on.
		c := filepath.Join(dir, "deep", "c.yaml")
		must(t, os.WriteFile(c, []byte("c: 1\n"), 0o644))
		if b := next(t); !slices.Equal(b, []string{c}) {
			t.Errorf("batch %q, want [%s]", b, c)
		}
	})
	t.Run("renamed directory", func(t *testing.T) {
		// An article's folder renamed (git mv): saves inside it under its
		// new name must arrive, under that name.
		old := filepath.Join(root, "pages", "solutions")
		renamed := filepath.Join(root, "pages", "products")
		must(t, os.Rename(old, renamed))
		if b := next(t); !slices.Contains(b, filepath.Join(renamed, "deep", "b.yaml")) {
			t.Errorf("batch %q lacks the renamed folder's files", b)
		}
		c := filepath.Join(renamed, "deep", "c.yaml")
		must(t, os.WriteFile(c, []byte("c: 2\n"), 0o644))
		if b := next(t); !slices.Equal(b, []string{c}) {
			t.Errorf("batch %q, want [%s]", b, c)
		}
	})
	t.Run("deleted file", func(t *testing.T) {
		must(t, os.Remove(a))
		if b := next(t); !slices.Equal(b, []string{a}) {
			t.Errorf("batch %q, want [%s]", b, a)
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
