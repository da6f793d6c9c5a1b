package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

// The actions our workflows use, each emulated by what it does to the
// job's workspace and environment. An action not here, or an input of one
// that is not handled, is an error: silently ignoring it would rehearse a
// different workflow.
func (jc *jobCtx) action(ctx context.Context, s *syntax.Step, sr *StepRun, with, env map[string]string) error {
	rh := jc.rh
	at := func(err error) error {
		if err == nil {
			return nil
		}
		return fmt.Errorf("%s:%d: %s: %w", rh.w.File, s.Line, s.Uses, err)
	}
	known := map[string][]string{
		"actions/checkout":                      {"fetch-depth", "persist-credentials"},
		"actions/setup-go":                      {"go-version-file", "cache"},
		"actions/setup-node":                    {"node-version", "package-manager-cache"},
		"actions/upload-artifact":               {"name", "path", "if-no-files-found", "retention-days", "include-hidden-files"},
		"actions/download-artifact":             {"name", "path", "run-id", "github-token"},
		"aws-actions/configure-aws-credentials": {"role-to-assume", "aws-region", "role-session-name", "inline-session-policy"},
	}
	inputs, ok := known[s.Uses]
	if !ok {
		return at(errors.New("this action is not emulated by the rehearsal"))
	}
	for k := range with {
		if !contains(inputs, k) {
			return fmt.Errorf("%s:%d: %s: input %q is not emulated", rh.w.File, s.WithLine[k], s.Uses, k)
		}
	}
	ws := jc.run.Workspace
	switch s.Uses {
	case "actions/checkout":
		return at(jc.checkout(ctx, with["fetch-depth"]))
	case "actions/setup-go":
		// The runner's Go, checked against what setup-go would install;
		// nothing is downloaded.
		mod, err := os.ReadFile(filepath.Join(ws, with["go-version-file"]))
		if err != nil {
			return at(err)
		}
		m := regexp.MustCompile(`(?m)^go (\S+)`).FindSubmatch(mod)
		if m == nil {
			return at(fmt.Errorf("%s has no go line", with["go-version-file"]))
		}
		out, err := commandOut(ctx, env, ws, "go", "env", "GOVERSION")
		if err != nil {
			return at(fmt.Errorf("no Go on this machine: %w", err))
		}
		if have := strings.TrimPrefix(out, "go"); have != string(m[1]) {
			return at(fmt.Errorf("setup-go would install Go %s (%s); this machine has %s", m[1], with["go-version-file"], have))
		}
	case "actions/setup-node":
		out, err := commandOut(ctx, env, ws, "node", "--version")
		if err != nil {
			return at(fmt.Errorf("no Node.js on this machine: %w", err))
		}
		major, _, _ := strings.Cut(strings.TrimPrefix(out, "v"), ".")
		if major != with["node-version"] {
			return at(fmt.Errorf("setup-node would install Node.js %s; this machine has %s", with["node-version"], out))
		}
	case "actions/upload-artifact":
		return at(jc.upload(with))
	case "actions/download-artifact":
		return at(jc.download(with))
	case "aws-actions/configure-aws-credentials":
		// OIDC: without id-token: write the job has no token to trade and
		// the action fails. The credentials are a dummy, valid for the
		// local emulators only; they reach the job's later steps.
		if env["ACTIONS_ID_TOKEN_REQUEST_URL"] == "" {
			return at(errors.New("no OIDC token: the job needs permissions: id-token: write"))
		}
		if with["role-to-assume"] == "" || with["aws-region"] == "" {
			return at(fmt.Errorf("role-to-assume %q and aws-region %q must both be set (vars unset?)", with["role-to-assume"], with["aws-region"]))
		}
		if p := with["inline-session-policy"]; p != "" && !json.Valid([]byte(p)) {
			return at(fmt.Errorf("inline-session-policy is not JSON: STS would refuse it: %s", p))
		}
		sr.Subject = jc.subject()
		for k, v := range map[string]string{
			"AWS_ACCESS_KEY_ID": "ASIAREHEARSAL0000000", "AWS_SECRET_ACCESS_KEY": "rehearsal-secret",
			"AWS_SESSION_TOKEN": "rehearsal-session", "AWS_REGION": with["aws-region"], "AWS_DEFAULT_REGION": with["aws-region"],
		} {
			jc.env[k] = v
		}
		sr.Outputs["aws-account-id"] = "000000000000"
	}
	return nil
}

func commandOut(ctx context.Context, env map[string]string, dir, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env, cmd.Dir = envList(env), dir
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// checkout is what actions/checkout does: init, fetch the commit (its
// history too with fetch-depth: 0), check it out detached.
func (jc *jobCtx) checkout(ctx context.Context, depth string) error {
	ws := jc.run.Workspace
	if depth == "" {
		depth = "1"
	}
	if _, err := strconv.Atoi(depth); err != nil {
		return fmt.Errorf("fetch-depth %q is not a number", depth)
	}
	args := [][]string{
		{"init", "-q"},
		{"remote", "add", "origin", "file://" + jc.rh.origin_},
		append([]string{"fetch", "-q", "--no-tags", "origin", "+refs/heads/rehearsed:refs/remotes/origin/rehearsed"},
			map[bool][]string{true: {"--depth", depth}}[depth != "0"]...),
		{"checkout", "-q", "--detach", jc.rh.sha},
	}
	for _, a := range args {
		cmd := exec.CommandContext(ctx, "git", a...)
		cmd.Dir = ws
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w\n%s", strings.Join(a, " "), err, out)
		}
	}
	if jc.rh.opts.Prepare != nil {
		return jc.rh.opts.Prepare(jc.run.Job.ID, ws)
	}
	return nil
}

// upload is actions/upload-artifact (v4 and later): the files of each
// path, stored relative to the paths' least common ancestor; hidden files
// left out unless include-hidden-files; a name uploaded twice in a run is
// refused.
func (jc *jobCtx) upload(with map[string]string) error {
	name := with["name"]
	if name == "" {
		name = "artifact"
	}
	store := filepath.Join(jc.rh.artifacts, name)
	if _, err := os.Stat(store); err == nil {
		return fmt.Errorf("artifact %q was already uploaded in this run (artifacts are immutable)", name)
	}
	paths := uploadPaths(with["path"])
	if len(paths) == 0 {
		return errors.New("no path")
	}
	root := commonRoot(jc.run.Workspace, paths)
	hidden := with["include-hidden-files"] == "true"
	var files []string
	var missing []string
	for _, p := range paths {
		if strings.ContainsAny(p, "*?[!") {
			return fmt.Errorf("path %q: patterns are not rehearsed", p)
		}
		abs := filepath.Join(jc.run.Workspace, p)
		n := 0
		err := filepath.WalkDir(abs, func(f string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !hidden && strings.HasPrefix(d.Name(), ".") && f != abs {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(root, f)
			if err := copyData(f, filepath.Join(store, rel)); err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
			n++
			return nil
		})
		if errors.Is(err, fs.ErrNotExist) || err == nil && n == 0 {
			missing = append(missing, p)
		} else if err != nil {
			return err
		}
	}
	if len(missing) > 0 {
		switch with["if-no-files-found"] {
		case "error":
			return fmt.Errorf("no files were found with the provided path: %s", strings.Join(missing, ", "))
		case "ignore":
		default:
			jc.rh.logf("   warning: no files were found with the provided path: %s", strings.Join(missing, ", "))
		}
	}
	if len(files) == 0 {
		return nil
	}
	sort.Strings(files)
	jc.run.Uploaded[name] = files
	jc.rh.logf("   artifact %q: %d files from %s", name, len(files), strings.Join(paths, ", "))
	return nil
}

// subject is the subject of the job's OIDC token, as GitHub writes it:
// the environment when the job runs in one, else the pull request for
// pull_request events, else the ref.
func (jc *jobCtx) subject() string {
	repo, ev := jc.rh.opts.Repository, jc.rh.opts.Event
	switch {
	case jc.run.Job.Environment != "":
		return "repo:" + repo + ":environment:" + jc.run.Job.Environment
	case ev.Name == "pull_request" || ev.Name == "pull_request_target":
		return "repo:" + repo + ":pull_request"
	default:
		return "repo:" + repo + ":ref:" + ev.Ref
	}
}

// download is actions/download-artifact: the artifact's files under path,
// with the permissions an artifact keeps (none: files come back 0644).
// With a run-id, the artifact of that run: only the run a workflow_run
// event is about is rehearsed, and GitHub hands it over only to a token
// with actions: read.
func (jc *jobCtx) download(with map[string]string) error {
	name := with["name"]
	if name == "" {
		return errors.New("download of every artifact (no name) is not rehearsed")
	}
	store := filepath.Join(jc.rh.artifacts, name)
	if id := with["run-id"]; id != "" {
		run := jc.rh.opts.Event.Run
		if run == nil || id != strconv.FormatInt(run.ID, 10) {
			return fmt.Errorf("artifact %q of run %s: only the run this workflow_run event is about is rehearsed", name, id)
		}
		if with["github-token"] == "" {
			return fmt.Errorf("artifact %q of run %s: another run's artifacts need github-token", name, id)
		}
		if p := jc.run.Job.Permissions["actions"]; p != "read" && p != "write" {
			return fmt.Errorf("artifact %q of run %s: the job's token needs permissions: actions: read", name, id)
		}
		store = filepath.Join(run.Artifacts, name)
		if _, err := os.Stat(store); err != nil {
			return fmt.Errorf("artifact %q: not found: run %s (workflow %s) uploaded no such artifact", name, id, run.Workflow)
		}
	} else if _, err := os.Stat(store); err != nil {
		return fmt.Errorf("artifact %q: not found: no earlier job of this run uploaded it", name)
	}
	dst := filepath.Join(jc.run.Workspace, with["path"])
	n := 0
	err := filepath.WalkDir(store, func(f string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(store, f)
		n++
		return copyData(f, filepath.Join(dst, rel))
	})
	jc.rh.logf("   artifact %q: %d files into %s", name, n, with["path"])
	return err
}

// uploadPaths splits upload-artifact's path input: one path a line, a
// leading ! (exclusion) refused.
func uploadPaths(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, path.Clean(l))
		}
	}
	return out
}

// commonRoot is upload-artifact's root: a single directory is its own
// root, a single file its directory, several paths their least common
// ancestor.
func commonRoot(ws string, paths []string) string {
	if len(paths) == 1 {
		abs := filepath.Join(ws, paths[0])
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			return abs
		}
		return filepath.Dir(abs)
	}
	parts := strings.Split(paths[0], "/")
	for _, p := range paths[1:] {
		q := strings.Split(p, "/")
		i := 0
		for i < len(parts) && i < len(q) && parts[i] == q[i] {
			i++
		}
		parts = parts[:i]
	}
	return filepath.Join(append([]string{ws}, parts...)...)
}

func copyData(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
