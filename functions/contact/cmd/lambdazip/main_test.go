package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestPackMakesAnExecutableBootstrap(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "built-binary")
	content := []byte("\x7fELF pretend binary")
	if err := os.WriteFile(exe, content, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "dist", "contact.zip")
	if err := run([]string{"-o", out, exe}); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}

	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "bootstrap" {
		t.Fatalf("zip holds %v; want only bootstrap", zr.File)
	}
	if m := zr.File[0].Mode(); m.Perm() != 0o755 || !m.IsRegular() {
		t.Errorf("bootstrap mode %v; want an executable file (0755)", m)
	}
	rc, _ := zr.File[0].Open()
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, content) {
		t.Errorf("bootstrap holds %q; want the executable", got)
	}

	// Same input, same bytes: a redeploy of an unchanged function is a no-op.
	if err := run([]string{"-o", out, exe}); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(out)
	if !bytes.Equal(first, second) {
		t.Error("packing the same binary twice gave different zips")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "dist", ".lambdazip-*")); len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestPackRefusesMissingInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "contact.zip")
	if err := run([]string{"-o", out, filepath.Join(dir, "missing")}); err == nil {
		t.Fatal("packed a missing executable")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed pack left %s behind", out)
	}
	if err := run(nil); err == nil {
		t.Error("ran without arguments")
	}
}
