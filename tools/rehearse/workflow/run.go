package workflow

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

// Event is the trigger a rehearsal runs the workflow for.
type Event struct {
	Name string // push, schedule, pull_request, pull_request_target or workflow_run
	// Ref is GITHUB_REF: refs/heads/main; for pull_request,
	// refs/pull/<n>/merge; for pull_request_target, the base branch; for
	// workflow_run, the default branch.
	Ref    string
	Action string // pull_request(_target): opened, synchronize, reopened, closed
	PR     int    // pull_request(_target): its number
	// HeadRepo is the full name of the pull request's head repository
	// (the repository itself unless it comes from a fork).
	HeadRepo string
	// HeadRef is the pull request's head branch.
	HeadRef string
	// HeadSHA is the pull request's head commit; the rehearsed commit
	// when empty.
	HeadSHA string
	// Run is, for workflow_run, the run that completed.
	Run *TriggerRun
}

// TriggerRun is the completed run a workflow_run event is about, as
// GitHub's payload gives it.
type TriggerRun struct {
	ID         int64
	Workflow   string // its workflow's name
	Event      string // what triggered it: pull_request, push, ...
	Conclusion string // success, failure, cancelled, skipped
	HeadSHA    string
	HeadBranch string
	HeadRepo   string // owner/name of the repository its head commit is in
	// PullRequests are the numbers GitHub's record of the run names: the
	// open pull requests of this repository whose head it ran (forks'
	// pull requests are never named).
	PullRequests []int
	// Artifacts is that run's artifact store (Result.Artifacts): what a
	// download-artifact step with its run-id takes.
	Artifacts string
}

// Options are what a rehearsal is run with.
type Options struct {
	// Repo is the working tree rehearsed: its HEAD, plus its uncommitted
	// and untracked (not ignored) files, committed in a scratch clone,
	// is the commit every checkout gets.
	Repo       string
	Repository string // owner/name, github.repository
	Event      Event
	Vars       map[string]string // vars.*
	Secrets    map[string]string // secrets.*
	Work       string            // scratch directory: checkouts, artifacts, homes

	// Jobs, when set, are the only jobs run (with their needs); Assume are
	// jobs taken as succeeded without running them.
	Jobs   []string
	Assume []string
	// Legs, when set, says which legs of a job's matrix run.
	Legs func(job string, matrix map[string]string) bool
	// Prepare runs after each checkout, before the job's first step
	// (SeedNodeModules, for one).
	Prepare func(job, workspace string) error
	// StandIns take the place of run: steps that call what has no
	// emulator here.
	StandIns []StandIn
	// GitHubAPI holds the answers of GitHub's REST API to the gh api calls
	// of the workflows, keyed "METHOD path" (see ghScript).
	GitHubAPI map[string]string
	// Env is added to every step's environment: the local emulators'
	// endpoints (AWS_ENDPOINT_URL_*). A credential here is refused.
	Env map[string]string
	// Artifacts, when set, is the artifact store of an earlier run
	// (Result.Artifacts), one folder an artifact: a rehearsal of later
	// jobs alone starts with those uploads.
	Artifacts string
	// PathDirs are put first on every step's PATH (stand-in commands).
	PathDirs []string
	Log      io.Writer
}

// StandIn takes the place of a run: step whose script starts with Command.
type StandIn struct {
	Command string // the script's first line, e.g. "make deploy-upload"
	Why     string // said in the log and the result
	Run     func(ctx context.Context, s *StepEnv) error
}

// StepEnv is what a stand-in sees of its step.
type StepEnv struct {
	Workspace string
	Dir       string            // the step's working directory
	Env       map[string]string // the step's environment, as the script would have it
	Outputs   map[string]string // set by the stand-in: the step's outputs
	Log       io.Writer
}

// Result is what a rehearsal did.
type Result struct {
	Commit      string
	Artifacts   string // the run's artifact store, one folder an artifact
	Jobs        []*JobRun
	GitHubCalls []GitHubCall // the gh api calls, in order
}

// GitHubCall is one call of gh api.
type GitHubCall struct {
	Method string   `json:"method"`
	Path   string   `json:"path"`
	Fields []string `json:"fields"`
}

// JobRun is one run of a job (one leg of its matrix).
type JobRun struct {
	Job       *syntax.Job
	Name      string // id, with the matrix values: build (staging)
	Matrix    map[string]string
	Status    string // success, failure, skipped
	Outputs   map[string]string
	Workspace string
	Uploaded  map[string][]string // artifact name: its files, relative to the artifact
	Steps     []*StepRun
	Err       error
}

// StepRun is one step of a job run.
type StepRun struct {
	Step        *syntax.Step
	Status      string // success, failure, skipped
	Outputs     map[string]string
	StandIn     string   // why a stand-in ran instead of the script
	Credentials []string // the credential variables in its environment
	// Subject is, for configure-aws-credentials, the subject GitHub would
	// write into the job's OIDC token: what the role's trust must name.
	Subject string
	Summary string // what it appended to $GITHUB_STEP_SUMMARY
	Took    time.Duration
}

// Run returns the runs of job id (one per leg), in order.
func (r *Result) Run(id string) []*JobRun {
	var out []*JobRun
	for _, j := range r.Jobs {
		if j.Job.ID == id {
			out = append(out, j)
		}
	}
	return out
}

// Failed is the first failed job run, or nil.
func (r *Result) Failed() *JobRun {
	for _, j := range r.Jobs {
		if j.Status == "failure" {
			return j
		}
	}
	return nil
}

// CredentialVars are the variables through which a process finds cloud
// credentials (the default chains of the AWS SDKs and CLI), and GitHub's
// OIDC token request, which a job gets only with id-token: write.
var CredentialVars = []string{
	"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE",
	"AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN", "AWS_CONTAINER_CREDENTIALS_FULL_URI",
	"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE",
	"ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
}

// Run rehearses the workflow for opts.Event: its jobs in needs order, each
// leg of a matrix in its own clean checkout, the artifacts the only files
// that pass from a job to another. It returns an error when a job fails
// (the result says which and how) or the rehearsal itself cannot run.
func Run(ctx context.Context, w *syntax.Workflow, opts Options) (*Result, error) {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	for k := range opts.Env {
		if isCredential(k) {
			return nil, fmt.Errorf("options: %s: credentials come from configure-aws-credentials only", k)
		}
	}
	rh := &rehearsal{w: w, opts: opts, artifacts: filepath.Join(opts.Work, "artifacts"), done: map[string]string{}, outputs: map[string]map[string]string{}}
	if err := rh.origin(ctx); err != nil {
		return nil, err
	}
	rh.res = &Result{Commit: rh.sha, Artifacts: rh.artifacts}
	out, err := exec.CommandContext(ctx, "go", "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOSUMDB", "GOFLAGS", "GONOSUMDB", "GOPRIVATE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	if err := json.Unmarshal(out, &rh.goEnv); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	for k, v := range rh.goEnv {
		if v == "" {
			delete(rh.goEnv, k)
		}
	}
	if err := os.MkdirAll(rh.artifacts, 0o755); err != nil {
		return nil, err
	}
	if opts.Artifacts != "" {
		if out, err := exec.Command("cp", "-a", opts.Artifacts+"/.", rh.artifacts).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("artifacts of an earlier run: %w\n%s", err, out)
		}
	}
	// gh, answering the GitHub API calls of the workflows.
	bin := filepath.Join(opts.Work, "bin")
	answers, calls := filepath.Join(opts.Work, "github-api.json"), filepath.Join(opts.Work, "github-api-calls.jsonl")
	raw := map[string]json.RawMessage{}
	for k, v := range opts.GitHubAPI {
		if !json.Valid([]byte(v)) {
			return nil, fmt.Errorf("options: the GitHub API's answer to %s is not JSON", k)
		}
		raw[k] = json.RawMessage(v)
	}
	api, _ := json.Marshal(raw)
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(answers, api, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(ghScript(answers, calls)), 0o755); err != nil {
		return nil, err
	}
	rh.opts.PathDirs = append([]string{bin}, rh.opts.PathDirs...)
	rh.eventPath = filepath.Join(opts.Work, "event.json")
	payload, _ := json.Marshal(rh.payload())
	if err := os.WriteFile(rh.eventPath, payload, 0o644); err != nil {
		return nil, err
	}
	defer func() {
		data, _ := os.ReadFile(calls)
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var c GitHubCall
			if json.Unmarshal([]byte(l), &c) == nil {
				rh.res.GitHubCalls = append(rh.res.GitHubCalls, c)
			}
		}
	}()
	for _, id := range opts.Assume {
		rh.done[id] = "success"
	}
	wanted := map[string]bool{}
	var want func(id string)
	want = func(id string) {
		if wanted[id] || rh.done[id] != "" {
			return
		}
		wanted[id] = true
		for _, n := range w.Job(id).Needs {
			want(n)
		}
	}
	for _, j := range w.Jobs {
		if len(opts.Jobs) == 0 || contains(opts.Jobs, j.ID) {
			want(j.ID)
		}
	}
	// GitHub starts a job once every job it needs has finished; here one
	// at a time, in file order among the ready ones.
	for progress := true; progress; {
		progress = false
		for _, j := range w.Jobs {
			if !wanted[j.ID] || rh.done[j.ID] != "" {
				continue
			}
			ready := true
			for _, n := range j.Needs {
				ready = ready && rh.done[n] != ""
			}
			if !ready {
				continue
			}
			progress = true
			if err := rh.job(ctx, j); err != nil {
				return rh.res, err
			}
		}
	}
	if f := rh.res.Failed(); f != nil {
		return rh.res, fmt.Errorf("job %s failed: %w", f.Name, f.Err)
	}
	return rh.res, nil
}

type rehearsal struct {
	w         *syntax.Workflow
	opts      Options
	res       *Result
	origin_   string
	sha       string
	before    string // the rehearsed commit's parent (github.event.before)
	artifacts string
	done      map[string]string            // job id: success, failure, skipped
	outputs   map[string]map[string]string // job id: its outputs
	goEnv     map[string]string            // Go's caches and proxy, for every job
	eventPath string                       // $GITHUB_EVENT_PATH
	n         int
}

// headSHA is the pull request's head commit.
func (rh *rehearsal) headSHA() string {
	if rh.opts.Event.HeadSHA != "" {
		return rh.opts.Event.HeadSHA
	}
	return rh.sha
}

// payload is the event as GitHub writes it to $GITHUB_EVENT_PATH: the
// fields of it the rehearsal knows.
func (rh *rehearsal) payload() map[string]any {
	ev := rh.opts.Event
	repo := map[string]any{"full_name": rh.opts.Repository}
	out := map[string]any{"repository": repo}
	switch ev.Name {
	case "pull_request", "pull_request_target":
		out["action"] = ev.Action
		out["number"] = ev.PR
		out["pull_request"] = map[string]any{
			"number":   ev.PR,
			"html_url": fmt.Sprintf("https://github.com/%s/pull/%d", rh.opts.Repository, ev.PR),
			"head":     map[string]any{"sha": rh.headSHA(), "ref": ev.HeadRef, "repo": map[string]any{"full_name": ev.HeadRepo}},
		}
	case "workflow_run":
		if r := ev.Run; r != nil {
			prs := []any{}
			for _, n := range r.PullRequests {
				prs = append(prs, map[string]any{"number": n, "head": map[string]any{"sha": r.HeadSHA, "ref": r.HeadBranch}})
			}
			out["action"] = "completed"
			out["workflow_run"] = map[string]any{
				"id": r.ID, "name": r.Workflow, "event": r.Event, "conclusion": r.Conclusion, "head_sha": r.HeadSHA,
				"head_branch": r.HeadBranch, "head_repository": map[string]any{"full_name": r.HeadRepo}, "pull_requests": prs,
			}
		}
	}
	return out
}

func (rh *rehearsal) logf(format string, args ...any) {
	fmt.Fprintf(rh.opts.Log, format+"\n", args...)
}

// origin makes the repository every checkout clones: the working tree's
// HEAD and, committed on top, what the working tree changes, so that what
// is rehearsed is what is on disk.
func (rh *rehearsal) origin(ctx context.Context) error {
	rh.origin_ = filepath.Join(rh.opts.Work, "origin")
	git := func(dir string, args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=rehearsal", "GIT_AUTHOR_EMAIL=rehearsal@localhost",
			"GIT_COMMITTER_NAME=rehearsal", "GIT_COMMITTER_EMAIL=rehearsal@localhost")
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				out = append(out, ee.Stderr...)
			}
			return "", fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "status" {
			return string(out), nil // its first entry may start with a space
		}
		return strings.TrimSpace(string(out)), nil
	}
	head, err := git(rh.opts.Repo, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	if _, err := git(rh.opts.Work, "clone", "-q", "--no-checkout", rh.opts.Repo, rh.origin_); err != nil {
		return err
	}
	if _, err := git(rh.origin_, "checkout", "-q", "-B", "rehearsed", head); err != nil {
		return err
	}
	changed, err := git(rh.opts.Repo, "status", "--porcelain", "-z", "--untracked-files=all", "--no-renames")
	if err != nil {
		return err
	}
	n := 0
	for _, e := range strings.Split(changed, "\x00") {
		if len(e) < 4 {
			continue
		}
		rel := e[3:]
		src, dst := filepath.Join(rh.opts.Repo, rel), filepath.Join(rh.origin_, rel)
		if _, err := os.Lstat(src); errors.Is(err, os.ErrNotExist) {
			os.Remove(dst)
		} else if err := copyFile(src, dst); err != nil {
			return err
		}
		n++
	}
	if left, err := git(rh.origin_, "status", "--porcelain"); err != nil {
		return err
	} else if left != "" {
		if _, err := git(rh.origin_, "add", "-A"); err != nil {
			return err
		}
		if _, err := git(rh.origin_, "commit", "-q", "--no-verify", "-m", "the working tree, rehearsed"); err != nil {
			return err
		}
		rh.logf("rehearsing %s with %d uncommitted files of the working tree on top", head[:12], n)
	}
	rh.sha, err = git(rh.origin_, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	// A push's github.event.before: the commit the rehearsed one follows
	// (what the site was last built from), zeros for a first commit, as
	// GitHub sends for a new branch.
	rh.before, err = git(rh.origin_, "rev-parse", "--verify", "--quiet", "HEAD^")
	if err != nil {
		rh.before, err = strings.Repeat("0", 40), nil
	}
	return err
}

func (rh *rehearsal) job(ctx context.Context, j *syntax.Job) error {
	for _, n := range j.Needs {
		if rh.done[n] != "success" {
			rh.logf("== %s: skipped (needs %s, which is %s)", j.ID, n, rh.done[n])
			rh.done[j.ID] = "skipped"
			rh.res.Jobs = append(rh.res.Jobs, &JobRun{Job: j, Name: j.ID, Status: "skipped"})
			return nil
		}
	}
	if j.If != "" {
		v, err := syntax.Eval(j.If, rh.contexts(nil, nil, nil))
		if err != nil {
			return fmt.Errorf("%s:%d: job %s: if: %w", rh.w.File, j.Line, j.ID, err)
		}
		if !syntax.Truthy(v) {
			rh.logf("== %s: skipped (if: %s)", j.ID, j.If)
			rh.done[j.ID] = "skipped"
			rh.res.Jobs = append(rh.res.Jobs, &JobRun{Job: j, Name: j.ID, Status: "skipped"})
			return nil
		}
	}
	status := "success"
	for _, leg := range legs(j.Matrix) {
		if rh.opts.Legs != nil && len(leg) > 0 && !rh.opts.Legs(j.ID, leg) {
			continue
		}
		run, err := rh.leg(ctx, j, leg)
		rh.res.Jobs = append(rh.res.Jobs, run)
		if err != nil {
			return err
		}
		if run.Status != "success" {
			status = run.Status
		}
	}
	rh.done[j.ID] = status
	return nil
}

// legs is the matrix's product, in file order; one empty leg without one.
func legs(axes []syntax.Axis) []map[string]string {
	out := []map[string]string{{}}
	for _, a := range axes {
		var next []map[string]string
		for _, l := range out {
			for _, v := range a.Values {
				m := map[string]string{a.Key: v}
				for k, x := range l {
					m[k] = x
				}
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

func (rh *rehearsal) contexts(matrix map[string]string, steps map[string]*StepRun, env map[string]string) syntax.Contexts {
	ev := rh.opts.Event
	return func(path []string) (any, error) {
		get := func(m map[string]string, i int) (any, error) {
			if len(path) != i+1 {
				return nil, fmt.Errorf("%s: no such property", strings.Join(path, "."))
			}
			return m[path[i]], nil
		}
		switch path[0] {
		case "matrix":
			return get(matrix, 1)
		case "vars":
			return get(rh.opts.Vars, 1)
		case "secrets":
			return get(rh.opts.Secrets, 1)
		case "env":
			return get(env, 1)
		case "steps":
			if len(path) != 4 || path[2] != "outputs" {
				return nil, fmt.Errorf("%s: only steps.<id>.outputs.<name> is rehearsed", strings.Join(path, "."))
			}
			if s := steps[path[1]]; s != nil {
				return s.Outputs[path[3]], nil
			}
			return nil, nil
		case "needs":
			if len(path) != 4 || path[2] != "outputs" {
				return nil, fmt.Errorf("%s: only needs.<job>.outputs.<name> is rehearsed", strings.Join(path, "."))
			}
			return rh.outputs[path[1]][path[3]], nil
		case "github":
			g := map[string]string{
				"event_name": ev.Name, "ref": ev.Ref, "repository": rh.opts.Repository, "sha": rh.sha,
				"token": "rehearsal-github-token", "event.action": ev.Action,
			}
			if ev.Name == "push" {
				g["event.before"] = rh.before
				g["base_ref"] = ""
			}
			if ev.Name == "pull_request" || ev.Name == "pull_request_target" {
				g["base_ref"] = "main"
				g["event.pull_request.number"] = strconv.Itoa(ev.PR)
				g["event.pull_request.html_url"] = fmt.Sprintf("https://github.com/%s/pull/%d", rh.opts.Repository, ev.PR)
				g["event.pull_request.head.sha"] = rh.headSHA()
				g["event.pull_request.head.ref"] = ev.HeadRef
				g["event.pull_request.head.repo.full_name"] = ev.HeadRepo
			}
			if r := ev.Run; ev.Name == "workflow_run" && r != nil {
				g["event.workflow_run.id"] = strconv.FormatInt(r.ID, 10)
				g["event.workflow_run.name"] = r.Workflow
				g["event.workflow_run.event"] = r.Event
				g["event.workflow_run.conclusion"] = r.Conclusion
				g["event.workflow_run.head_sha"] = r.HeadSHA
				g["event.workflow_run.head_branch"] = r.HeadBranch
				g["event.workflow_run.head_repository.full_name"] = r.HeadRepo
			}
			k := strings.Join(path[1:], ".")
			if v, ok := g[k]; ok {
				return v, nil
			}
			// Another event's fields are null in this one's payload, as
			// on GitHub; any other name is a field the rehearsal lacks.
			pr := ev.Name == "pull_request" || ev.Name == "pull_request_target"
			if strings.HasPrefix(k, "event.pull_request.") && !pr || strings.HasPrefix(k, "event.workflow_run.") && ev.Name != "workflow_run" {
				return nil, nil
			}
			return nil, fmt.Errorf("github.%s is not rehearsed", k)
		}
		return nil, fmt.Errorf("context %q is not rehearsed", path[0])
	}
}

func (rh *rehearsal) leg(ctx context.Context, j *syntax.Job, matrix map[string]string) (*JobRun, error) {
	rh.n++
	name := j.ID
	var vals []string
	for _, a := range j.Matrix {
		vals = append(vals, matrix[a.Key])
	}
	if len(vals) > 0 {
		name += " (" + strings.Join(vals, ", ") + ")"
	}
	dir := filepath.Join(rh.opts.Work, fmt.Sprintf("%02d-%s%s", rh.n, j.ID, strings.Join(append([]string{""}, vals...), "-")))
	run := &JobRun{Job: j, Name: name, Matrix: matrix, Status: "success", Outputs: map[string]string{},
		Workspace: filepath.Join(dir, "workspace"), Uploaded: map[string][]string{}}
	home, tmp := filepath.Join(dir, "home"), filepath.Join(dir, "tmp")
	for _, d := range []string{run.Workspace, home, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return run, err
		}
	}
	rh.logf("== %s (%s:%d), in %s", name, rh.w.File, j.Line, run.Workspace)
	jc := &jobCtx{rh: rh, run: run, home: home, tmp: tmp, steps: map[string]*StepRun{}, env: map[string]string{}}
	jc.base = rh.baseEnv(run.Workspace, home, tmp, j)
	takes := false
	for _, s := range j.Steps {
		takes = takes || s.Uses == "aws-actions/configure-aws-credentials"
	}
	for _, s := range j.Steps {
		sr := &StepRun{Step: s, Status: "skipped", Outputs: map[string]string{}}
		run.Steps = append(run.Steps, sr)
		if s.ID != "" {
			jc.steps[s.ID] = sr
		}
		if run.Status != "success" {
			continue
		}
		if s.If != "" {
			// GitHub's implied success() holds here (a failed step ends
			// the job above); the status functions are not rehearsed.
			if strings.Contains(s.If, "()") {
				return run, fmt.Errorf("%s:%d: step if: %s: status functions are not rehearsed", rh.w.File, s.Line, s.If)
			}
			v, err := syntax.Eval(s.If, rh.contexts(matrix, jc.steps, nil))
			if err != nil {
				return run, fmt.Errorf("%s:%d: step if: %w", rh.w.File, s.Line, err)
			}
			if !syntax.Truthy(v) {
				rh.logf("-- %s: %s skipped (if: %s)", name, s.Label(), s.If)
				continue
			}
		}
		began := time.Now()
		err := jc.step(ctx, s, sr, matrix)
		sr.Took = time.Since(began)
		rh.logf("   (%s)", sr.Took.Round(100*time.Millisecond))
		if err == nil && !takes && len(sr.Credentials) > 0 {
			err = fmt.Errorf("%s:%d: job %s takes no credentials (no configure-aws-credentials step), yet step %q ran with %s in its environment",
				rh.w.File, s.Line, j.ID, s.Label(), strings.Join(sr.Credentials, ", "))
		}
		if err != nil {
			sr.Status, run.Status, run.Err = "failure", "failure", err
			rh.logf("-- %s: step %q failed: %v", name, s.Label(), err)
			continue
		}
		sr.Status = "success"
	}
	if run.Status == "success" {
		for k, expr := range j.Outputs {
			v, err := syntax.Interpolate(expr, rh.contexts(matrix, jc.steps, nil))
			if err != nil {
				return run, fmt.Errorf("%s:%d: job %s: outputs.%s: %w", rh.w.File, j.Line, j.ID, k, err)
			}
			run.Outputs[k] = v
		}
		if rh.outputs[j.ID] == nil {
			rh.outputs[j.ID] = map[string]string{}
		}
		for k, v := range run.Outputs {
			rh.outputs[j.ID][k] = v
		}
	}
	rh.logf("== %s: %s", name, run.Status)
	return run, nil
}

// baseEnv is what a GitHub runner gives every step, built from nothing:
// none of this machine's environment reaches a job but the tools' PATH
// and Go's caches (shared for speed: a runner with setup-go cache: false
// starts with none). The module's own packages compile again in each
// checkout (their path is part of Go's cache key); its dependencies do not.
func (rh *rehearsal) baseEnv(ws, home, tmp string, j *syntax.Job) map[string]string {
	env := map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true", "HOME": home, "TMPDIR": tmp, "RUNNER_TEMP": tmp, "LANG": "C.UTF-8",
		"GITHUB_WORKSPACE": ws, "GITHUB_REPOSITORY": rh.opts.Repository, "GITHUB_EVENT_NAME": rh.opts.Event.Name,
		"GITHUB_REF": rh.opts.Event.Ref, "GITHUB_SHA": rh.sha, "GITHUB_JOB": j.ID, "GITHUB_RUN_ID": "1",
		"GITHUB_EVENT_PATH": rh.eventPath,
		"RUNNER_OS":         "Linux", "GOTOOLCHAIN": "local", "npm_config_update_notifier": "false",
	}
	path := os.Getenv("PATH")
	if len(rh.opts.PathDirs) > 0 {
		path = strings.Join(rh.opts.PathDirs, string(os.PathListSeparator)) + string(os.PathListSeparator) + path
	}
	env["PATH"] = path
	for k, v := range rh.goEnv {
		env[k] = v
	}
	if j.Permissions["id-token"] == "write" {
		// GitHub sets these only for a job granted id-token: write; the
		// credentials action trades the token for the role's keys.
		env["ACTIONS_ID_TOKEN_REQUEST_URL"] = "http://127.0.0.1:0/rehearsal-oidc"
		env["ACTIONS_ID_TOKEN_REQUEST_TOKEN"] = "rehearsal-oidc-token"
	}
	for k, v := range rh.opts.Env {
		env[k] = v
	}
	return env
}

type jobCtx struct {
	rh        *rehearsal
	run       *JobRun
	home, tmp string
	base      map[string]string
	env       map[string]string // $GITHUB_ENV so far
	path      []string          // $GITHUB_PATH so far
	steps     map[string]*StepRun
}

func (jc *jobCtx) step(ctx context.Context, s *syntax.Step, sr *StepRun, matrix map[string]string) error {
	rh, file := jc.rh, jc.rh.w.File
	at := func(err error) error {
		if err == nil {
			return nil
		}
		return fmt.Errorf("%s:%d: %w", file, s.Line, err)
	}
	// The environment as GitHub layers it: runner, $GITHUB_ENV, then the
	// workflow's, the job's and the step's env, each value evaluated.
	env := map[string]string{}
	for k, v := range jc.base {
		env[k] = v
	}
	for k, v := range jc.env {
		env[k] = v
	}
	for _, block := range []syntax.Env{rh.w.Env, jc.run.Job.Env, s.Env} {
		cx := rh.contexts(matrix, jc.steps, env)
		for _, e := range block {
			v, err := syntax.Interpolate(e.Value, cx)
			if err != nil {
				return at(fmt.Errorf("env %s: %w", e.Name, err))
			}
			env[e.Name] = v
		}
	}
	if len(jc.path) > 0 {
		env["PATH"] = strings.Join(jc.path, ":") + ":" + env["PATH"]
	}
	for _, k := range CredentialVars {
		if env[k] != "" {
			sr.Credentials = append(sr.Credentials, k)
		}
	}
	if _, err := os.Stat(filepath.Join(jc.home, ".aws")); err == nil {
		sr.Credentials = append(sr.Credentials, "~/.aws")
	}
	cx := rh.contexts(matrix, jc.steps, env)
	if s.Uses != "" {
		with := map[string]string{}
		for k, v := range s.With {
			x, err := syntax.Interpolate(v, cx)
			if err != nil {
				return fmt.Errorf("%s:%d: with %s: %w", file, s.WithLine[k], k, err)
			}
			with[k] = x
		}
		rh.logf("-- %s: %s (emulated)", jc.run.Name, s.Uses)
		return jc.action(ctx, s, sr, with, env)
	}
	script, err := syntax.Interpolate(s.Run, cx)
	if err != nil {
		return at(err)
	}
	dir := jc.run.Workspace
	if s.WorkingDirectory != "" {
		dir = filepath.Join(dir, s.WorkingDirectory)
	}
	first, _, _ := strings.Cut(strings.TrimSpace(s.Run), "\n")
	for _, si := range rh.opts.StandIns {
		if strings.TrimSpace(first) == si.Command {
			sr.StandIn = si.Why
			rh.logf("-- %s: %q stood in for: %s", jc.run.Name, si.Command, si.Why)
			se := &StepEnv{Workspace: jc.run.Workspace, Dir: dir, Env: env, Outputs: sr.Outputs, Log: rh.opts.Log}
			return at(si.Run(ctx, se))
		}
	}
	files := map[string]string{}
	for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"} {
		p := filepath.Join(jc.tmp, fmt.Sprintf("%s-%d", strings.ToLower(f), s.Line))
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return err
		}
		files[f], env[f] = p, p
	}
	scriptFile := filepath.Join(jc.tmp, fmt.Sprintf("step-%d.sh", s.Line))
	if err := os.WriteFile(scriptFile, []byte(script), 0o644); err != nil {
		return err
	}
	rh.logf("-- %s: run %s:%d %q", jc.run.Name, file, s.Line, s.Label())
	// GitHub's default shell on Linux: bash -e {0}.
	cmd := exec.CommandContext(ctx, "bash", "-e", scriptFile)
	cmd.Dir = dir
	cmd.Env = envList(env)
	tail := &tailWriter{max: 4000}
	out := io.MultiWriter(prefixed(rh.opts.Log, "   | "), tail)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 0
	if err := cmd.Run(); err != nil {
		return at(fmt.Errorf("step %q: %w; its output ends:\n%s", s.Label(), err, tail.String()))
	}
	if err := readKV(files["GITHUB_OUTPUT"], sr.Outputs); err != nil {
		return at(err)
	}
	if err := readKV(files["GITHUB_ENV"], jc.env); err != nil {
		return at(err)
	}
	if p, err := os.ReadFile(files["GITHUB_PATH"]); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(p)), "\n") {
			if l != "" {
				jc.path = append([]string{l}, jc.path...)
			}
		}
	}
	summary, _ := os.ReadFile(files["GITHUB_STEP_SUMMARY"])
	sr.Summary = string(summary)
	return nil
}

// readKV reads a $GITHUB_OUTPUT or $GITHUB_ENV file: name=value lines and
// name<<DELIMITER blocks.
func readKV(path string, into map[string]string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		if k, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(k, "=") {
			var val []string
			for sc.Scan() && sc.Text() != delim {
				val = append(val, sc.Text())
			}
			into[k] = strings.Join(val, "\n")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return fmt.Errorf("%s: %q is neither name=value nor name<<DELIMITER", filepath.Base(path), line)
		}
		into[k] = v
	}
	return sc.Err()
}

func envList(env map[string]string) []string {
	var out []string
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

func isCredential(k string) bool { return contains(CredentialVars, k) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// tailWriter keeps the last max bytes written, for the error of a step.
type tailWriter struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix string
	bol    bool
}

func prefixed(w io.Writer, prefix string) io.Writer {
	if w == io.Discard {
		return w
	}
	return &prefixWriter{w: w, prefix: prefix, bol: true}
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var buf bytes.Buffer
	for _, c := range b {
		if p.bol {
			buf.WriteString(p.prefix)
		}
		buf.WriteByte(c)
		p.bol = c == '\n'
	}
	_, err := p.w.Write(buf.Bytes())
	return len(b), err
}

func copyFile(src, dst string) error {
	fi, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	os.Remove(dst)
	if fi.Mode()&os.ModeSymlink != 0 {
		target, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, fi.Mode().Perm())
}
