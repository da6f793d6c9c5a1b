package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestEnvironLinkPublishesNothing: a symbolic link to the build's own
// environment, committed under content/images/, was published as a text
// file holding the deploy job's keys. The build runs here in a process
// whose environment holds a secret from its start (what
// /proc/self/environ shows), and must refuse the link at its name without
// writing or printing the secret.
func TestEnvironLinkPublishesNothing(t *testing.T) {
	if dir := os.Getenv("VOZIA_ENVIRON_CHILD"); dir != "" {
		// The child: the build, as CI runs it, with the secret set.
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), []string{"-out", filepath.Join(dir, "dist", "site"), "-content", filepath.Join(dir, "content"), "-frontend", "../../frontend"}, &stdout, &stderr)
		os.Stdout.Write(stdout.Bytes())
		os.Stdout.Write(stderr.Bytes())
		if err != nil {
			os.Stdout.WriteString(err.Error() + "\n")
			os.Exit(3)
		}
		return
	}
	content := copyContent(t)
	dir := filepath.Dir(content)
	if err := os.Symlink("/proc/self/environ", filepath.Join(content, "images", "notes.txt")); err != nil {
		t.Fatal(err)
	}
	secret := "AKIA-test-secret-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cmd := exec.Command(os.Args[0], "-test.run=^TestEnvironLinkPublishesNothing$", "-test.count=1")
	cmd.Env = append(os.Environ(), "VOZIA_ENVIRON_CHILD="+dir, "AWS_SECRET_ACCESS_KEY="+secret)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("the build did not fail (%v):\n%s", err, out)
	}
	if !strings.Contains(string(out), "images/notes.txt:1:1: images/notes.txt is a symbolic link") {
		t.Errorf("the build's problems do not name the link:\n%s", out)
	}
	if bytes.Contains(out, []byte(secret)) {
		t.Errorf("the build printed the secret:\n%s", out)
	}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte(secret)) {
				t.Errorf("%s holds the secret", p)
			}
		}
		return nil
	})
}
