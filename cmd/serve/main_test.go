package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRun starts the command on a free port, fetches a page and a 404, and
// stops it by cancelling its context, as Ctrl-C does.
func TestRun(t *testing.T) {
	root := t.TempDir()
	for p, s := range map[string]string{
		"site/index.html": "home",
		"site/404.html":   "not found",
		"cdn/routes.json": `{"trailingSlash":"remove","redirects":[],"rewrites":[],"notFound":{"file":"/404.html","status":404},"headers":[]}`,
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(s), 0o644)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", filepath.Join(root, "site"), "-outbox", filepath.Join(root, "o.jsonl")}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no address in %q", line)
	}
	base := strings.Fields(line[i:])[0]
	for path, want := range map[string]int{"/": 200, "/missing": 404} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run returned %v after cancel", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop on cancel")
	}
}

func TestRunWithoutBuild(t *testing.T) {
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-dir", t.TempDir()}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "go run ./cmd/build") {
		t.Errorf("serving nothing: %v", err)
	}
}
