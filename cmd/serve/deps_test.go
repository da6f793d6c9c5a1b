package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The local servers never talk to AWS, so they link no AWS client: the
// contact function's AWS adapters and Lambda entries are packages of their
// own (functions/contact/sqsqueue, dynamoledger, sesmail, lambdaevent) that
// only the Lambda programs import. This command serves a built site, so it
// links no part of the builder either.
func TestLinksNoAWSClientAndNoBuilder(t *testing.T) {
	aws := []string{"github.com/aws/"} // the SDK, smithy, aws-lambda-go
	builder := []string{"github.com/vozia/site/generator", "github.com/evanw/esbuild", "github.com/dop251/goja", "github.com/yuin/goldmark"}
	for _, tt := range []struct {
		pkg    string
		banned []string
	}{
		{".", append(aws, builder...)},
		{"../dev", aws},
	} {
		imports := deps(t, tt.pkg)
		var banned, entries []string
		for pkg, to := range imports {
			if hasPrefix(pkg, tt.banned) {
				banned = append(banned, pkg)
			}
			// The project's imports that pull them in: the ones to undo.
			if strings.HasPrefix(pkg, "github.com/vozia/site/") && !hasPrefix(pkg, tt.banned) {
				for _, imp := range to {
					if hasPrefix(imp, tt.banned) {
						entries = append(entries, pkg+" imports "+imp)
					}
				}
			}
		}
		if len(banned) > 0 {
			slices.Sort(entries)
			t.Errorf("%s links %d packages it must not (%s, ...):\n%s", tt.pkg, len(banned), slices.Min(banned), strings.Join(entries, "\n"))
		}
	}
}

// deps lists the packages pkg links, each with its imports, as go list
// sees them.
func deps(t *testing.T, pkg string) map[string][]string {
	t.Helper()
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gocmd); err != nil {
		if gocmd, err = exec.LookPath("go"); err != nil {
			t.Fatalf("no go command to list the packages with: %v", err)
		}
	}
	out, err := exec.Command(gocmd, "list", "-deps", "-f", `{{.ImportPath}} {{join .Imports " "}}`, pkg).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, stderr)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		m[f[0]] = f[1:]
	}
	return m
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
