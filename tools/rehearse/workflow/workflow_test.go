package workflow_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vozia/site/tools/rehearse/workflow"
	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func parse(t *testing.T, name string, data []byte) *syntax.Workflow {
	t.Helper()
	w, err := syntax.Parse(".github/workflows/"+name, data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func rules(t *testing.T) workflow.FlowRules {
	t.Helper()
	r, err := workflow.SiteRules(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The workflows as they stand: every path a job reads under dist/ was
// made by its own steps or handed on in an artifact of a job it needs.
// preview-publish.yml takes what preview.yml's run uploaded.
func TestFlowOfTheWorkflows(t *testing.T) {
	dir := filepath.Join(repoRoot(t), ".github", "workflows")
	preview := parse(t, "preview.yml", read(t, filepath.Join(dir, "preview.yml")))
	for _, name := range []string{"site.yml", "preview.yml", "preview-publish.yml"} {
		t.Run(name, func(t *testing.T) {
			w := parse(t, name, read(t, filepath.Join(dir, name)))
			for _, err := range workflow.CheckFlow(w, rules(t), preview) {
				t.Error(err)
			}
		})
	}
	publish := parse(t, "preview-publish.yml", read(t, filepath.Join(dir, "preview-publish.yml")))
	if !reflect.DeepEqual(publish.RunsAfter, []string{preview.Name}) {
		t.Errorf("preview-publish.yml runs after %v, want the preview workflow %q", publish.RunsAfter, preview.Name)
	}
}

// Each mutation of a copy of a workflow breaks a seam between two jobs
// (or between a job and the credentials it must not hold), and the static
// check says which.
func TestFlowMutations(t *testing.T) {
	site := string(read(t, filepath.Join(repoRoot(t), ".github", "workflows", "site.yml")))
	preview := string(read(t, filepath.Join(repoRoot(t), ".github", "workflows", "preview.yml")))
	publish := string(read(t, filepath.Join(repoRoot(t), ".github", "workflows", "preview-publish.yml")))
	for _, tc := range []struct {
		name, file, old, new string
		want                 []string
	}{
		{
			name: "artifact without oauth.zip", file: site,
			old: "            dist/functions/oauth.zip\n", new: "",
			want: []string{`job deploy-staging, step "make deploy-synth" reads dist/functions/oauth.zip`, "DEPLOY_INPUTS", `seam build → deploy-staging: artifact "dist-staging"`},
		},
		{
			name: "deploy step reads a path no job produced", file: site,
			old: "        run: make deploy-synth\n", new: "        run: make deploy-synth && gzip -t dist/functions/contact-previous.zip\n",
			want: []string{`job deploy-staging, step "make deploy-synth" reads dist/functions/contact-previous.zip (in its script)`, "seam build → deploy-staging"},
		},
		{
			name: "upload that lets a missing path pass", file: site,
			old: "          if-no-files-found: error\n          include-hidden-files: true", new: "          include-hidden-files: true",
			want: []string{`job build uploads "dist-${{ matrix.stage }}" without if-no-files-found: error`},
		},
		{
			name: "deploy that does not wait for the build", file: site,
			old: "    needs: build\n    runs-on: ubuntu-24.04\n    environment:\n      name: staging", new: "    needs: test\n    runs-on: ubuntu-24.04\n    environment:\n      name: staging",
			want: []string{`job deploy-staging downloads artifact "dist-staging", uploaded by job build, which it does not need`},
		},
		{
			name: "credentials in the build job", file: site,
			old: "      - name: make deploy-build\n        env:\n", new: "      - name: make deploy-build\n        env:\n          AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}\n",
			want: []string{`job build takes no credentials, yet step "make deploy-build" sets AWS_ACCESS_KEY_ID`},
		},
		{
			name: "preview artifact without the routing table", file: preview,
			old: "            dist/site\n            dist/cdn\n", new: "            dist/site\n            dist/functions\n",
			want: []string{`job deploy, step "Check the routing table names this pull request only, and the headers are a build's" reads dist/cdn/preview-keys.json`, `seam build → deploy: artifact "preview"`},
		},
		{
			name: "preview deploy that takes the artifact of its own run", file: publish,
			old: "          run-id: ${{ github.event.workflow_run.id }}\n", new: "",
			want: []string{`preview-publish.yml:`, `job deploy downloads artifact "preview", which no job of the workflow uploads`},
		},
		{
			name: "preview deploy after another workflow", file: publish,
			old: "    workflows: [preview]\n", new: "    workflows: [site]\n",
			want: []string{`job deploy downloads artifact "preview" of the run that triggered the workflow (run-id), which no job of a workflow it runs after (on: workflow_run: [site]) uploads`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(tc.file, tc.old) {
				t.Fatalf("the workflow no longer has %q: update the mutation", tc.old)
			}
			// A mutated preview.yml is checked as what preview-publish.yml
			// takes its artifact from.
			mutated := strings.Replace(tc.file, tc.old, tc.new, 1)
			upstream := parse(t, "preview.yml", []byte(preview))
			var w *syntax.Workflow
			switch tc.file {
			case site:
				w = parse(t, "site.yml", []byte(mutated))
			case preview:
				upstream = parse(t, "preview.yml", []byte(mutated))
				w = parse(t, "preview-publish.yml", []byte(publish))
			case publish:
				w = parse(t, "preview-publish.yml", []byte(mutated))
			}
			errs := workflow.CheckFlow(w, rules(t), upstream)
			var msgs []string
			for _, e := range errs {
				msgs = append(msgs, e.Error())
			}
			all := strings.Join(msgs, "\n")
			for _, want := range tc.want {
				if !strings.Contains(all, want) {
					t.Errorf("the check does not say %q; it says:\n%s", want, all)
				}
			}
		})
	}
}

// stackRecorder keeps what the deploy stand-in was handed.
type stackRecorder struct {
	mu    sync.Mutex
	calls []string
	next  workflow.Stack
}

func (s *stackRecorder) Up(ctx context.Context, assembly, stack string) (map[string]string, error) {
	s.mu.Lock()
	s.calls = append(s.calls, stack)
	s.mu.Unlock()
	return s.next.Up(ctx, assembly, stack)
}

func logTo(t *testing.T, work string) io.Writer {
	if testing.Verbose() {
		return os.Stderr
	}
	f, err := os.Create(filepath.Join(work, "rehearsal.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		f.Close()
		if t.Failed() {
			data, _ := os.ReadFile(f.Name())
			if len(data) > 12000 {
				data = data[len(data)-12000:]
			}
			t.Logf("the rehearsal's log ends:\n%s", data)
		}
	})
	return f
}

// site.yml on a push to main, build (the staging leg) then
// deploy-staging, each in its own clean checkout: the deploy job's synth
// runs as written on exactly the files of the build job's artifact, and
// the assembly it writes holds the stack and every asset. The build job
// runs with no credential in any step's environment. Then the same
// deploy job, given the artifact without oauth.zip, fails at the seam.
func TestSiteBuildThenDeployStaging(t *testing.T) {
	// Two builds of the site in clean checkouts: make rehearse runs it, next
	// to make test in .ci/run; the static checks of the data flow run here.
	if os.Getenv("REHEARSE") == "" {
		t.Skip("make rehearse runs the workflows' jobs (REHEARSE=all)")
	}
	repo := repoRoot(t)
	w := parse(t, "site.yml", read(t, filepath.Join(repo, ".github", "workflows", "site.yml")))
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	work := t.TempDir()
	// make rehearse: both stages, production too, and the assemblies
	// handed to the stand-up of the stack when there is one.
	full := os.Getenv("REHEARSE") == "all"
	var next workflow.Stack = workflow.AssemblyCheck{}
	if c := os.Getenv("REHEARSE_STACK_CMD"); c != "" {
		next = workflow.StackCommand{Args: strings.Fields(c), Dir: repo}
	}
	stack := &stackRecorder{next: next}
	opts := workflow.Options{
		Repo: repo, Repository: workflow.Repository, Vars: workflow.Vars(), GitHubAPI: workflow.GitHubAPI(),
		Event:    workflow.Event{Name: "push", Ref: "refs/heads/main"},
		Work:     filepath.Join(work, "run"),
		Jobs:     []string{"deploy-staging"},
		Assume:   []string{"test"}, // make test itself, which runs this
		Legs:     func(_ string, m map[string]string) bool { return m["stage"] == "staging" },
		Prepare:  workflow.SeedNodeModules(repo, "frontend", "deploy"),
		StandIns: []workflow.StandIn{workflow.DeployStandIn(stack)},
		// No live site to read the last deployment's digests from: said so,
		// and no request leaves the machine.
		Env: map[string]string{"DEPLOY_DIGESTS": "none"},
		Log: logTo(t, work),
	}
	wantJobs, wantStacks := "build (staging): success, deploy-staging: success", "VoziaSite-staging"
	if full {
		opts.Jobs, opts.Legs = nil, nil
		wantJobs = "build (staging): success, build (production): success, deploy-staging: success, deploy-production: success"
		wantStacks = "VoziaSite-staging,VoziaSite-production"
	}
	if err := os.MkdirAll(opts.Work, 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := workflow.Run(ctx, w, opts)
	if err != nil {
		t.Fatalf("site.yml, build → deploy-staging: %v", err)
	}
	t.Logf("build → deploy-staging rehearsed in %s", time.Since(start).Round(time.Second))

	var ran []string
	for _, j := range res.Jobs {
		ran = append(ran, j.Name+": "+j.Status)
	}
	if got := strings.Join(ran, ", "); got != wantJobs {
		t.Errorf("jobs %q, want %q", got, wantJobs)
	}
	build, deploy := res.Run("build")[0], res.Run("deploy-staging")[0]
	for _, s := range build.Steps {
		if len(s.Credentials) > 0 {
			t.Errorf("build: step %q ran with %v in its environment", s.Step.Label(), s.Credentials)
		}
	}
	synthed := false
	for _, s := range deploy.Steps {
		if s.Step.Name == "make deploy-synth" {
			synthed = s.Status == "success" && s.StandIn == "" && contains(s.Credentials, "AWS_ACCESS_KEY_ID")
		}
	}
	if !synthed {
		t.Error("deploy-staging: make deploy-synth did not run as written with the job's credentials")
	}
	if got := strings.Join(stack.calls, ","); got != wantStacks {
		t.Errorf("stacks stood up: %q, want %q", got, wantStacks)
	}
	if full && (len(res.GitHubCalls) != 1 || res.GitHubCalls[0].Path != "repos/"+workflow.Repository+"/environments/production") {
		t.Errorf("GitHub API calls %+v, want deploy-production's check of its environment's reviewers", res.GitHubCalls)
	}

	// What the deploy job had under dist/: the artifact's files, and what
	// its own steps wrote under dist/deploy.
	artifact := build.Uploaded["dist-staging"]
	for _, f := range []string{"site/index.html", "cdn/routes.json", "cdn/viewer-request.js", "functions/contact.zip", "functions/deliver.zip", "functions/oauth.zip"} {
		if !contains(artifact, f) {
			t.Errorf("artifact dist-staging lacks %s", f)
		}
	}
	// Every file of the site the build wrote, hidden ones too
	// (.well-known/security.txt): the artifact is all the deploy ships.
	for _, dir := range []string{"site", "cdn"} {
		root := filepath.Join(build.Workspace, "dist", dir)
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(filepath.Join(build.Workspace, "dist"), p)
				if !contains(artifact, filepath.ToSlash(rel)) {
					t.Errorf("the build wrote dist/%s, which artifact dist-staging leaves out: the deploy would not ship it", rel)
				}
			}
			return err
		})
	}
	var got []string
	dist := filepath.Join(deploy.Workspace, "dist")
	filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dist, p)
			if !strings.HasPrefix(rel, "deploy"+string(filepath.Separator)) {
				got = append(got, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(artifact, "\n") {
		t.Errorf("deploy-staging's dist/ (outside dist/deploy) is not the artifact: %d files, the artifact %d", len(got), len(artifact))
	}

	// The one real run of a mutation: the same deploy job given the
	// artifact without oauth.zip.
	mutated := filepath.Join(work, "mutated-artifacts")
	if err := os.CopyFS(mutated, os.DirFS(res.Artifacts)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(mutated, "dist-staging", "functions", "oauth.zip")); err != nil {
		t.Fatal(err)
	}
	opts.Work, opts.Artifacts, opts.Assume = filepath.Join(work, "mutant"), mutated, []string{"test", "build"}
	opts.Log = io.Discard
	os.MkdirAll(opts.Work, 0o755)
	_, err = workflow.Run(ctx, w, opts)
	if err == nil || !strings.Contains(err.Error(), "oauth.zip is missing") || !strings.Contains(err.Error(), "build job's artifact") {
		t.Errorf("deploy-staging on an artifact without oauth.zip: %v; want it to fail naming oauth.zip and the build job's artifact", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The previews for pull request 7, as GitHub chains them, each run in
// clean checkouts: preview.yml's build on pull_request; then
// preview-publish.yml on the workflow_run of that run, taking its
// artifact: the real AWS CLI uploads under pr-7/ of the S3 emulator only,
// with credentials only in the environment preview, and the routing table
// written is exactly the build's preview-keys.json; the page is then
// served at https://pr-7.<previews' domain> by the build's own preview
// functions, reading that table and that bucket; the comment carries the
// preview's address; a build whose manifest hands the AWS CLI a
// Cache-Control of file:///etc/hostname stops before the role, uploading
// nothing; the same run again once the pull request has moved on deploys
// nothing; then preview-publish.yml on pull_request_target
// closed empties pr-7/ and its keys, its host answers 404, and pull
// request 3's keys and files are left alone. make rehearse runs it (a
// second full build).
func TestPreviewOpenedThenClosed(t *testing.T) {
	if os.Getenv("REHEARSE") != "all" {
		t.Skip("make rehearse runs the preview workflows (REHEARSE=all)")
	}
	repo := repoRoot(t)
	dir := filepath.Join(repo, ".github", "workflows")
	build := parse(t, "preview.yml", read(t, filepath.Join(dir, "preview.yml")))
	publish := parse(t, "preview-publish.yml", read(t, filepath.Join(dir, "preview-publish.yml")))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	work := t.TempDir()
	vars := workflow.Vars()
	bucket := vars["PREVIEW_BUCKET"]
	s3, err := workflow.StartS3(ctx, filepath.Join(repo, "dist", "rehearse", "bin", "gofakes3"), bucket)
	if err != nil {
		t.Fatalf("%v (make rehearse-deps builds the emulators)", err)
	}
	defer s3.Close()
	cli, err := workflow.AWSCLI()
	if err != nil {
		t.Fatal(err)
	}
	// Pull request 3's preview, already there: its keys and a file.
	other := map[string]string{"pr-3": `{"v":"a1"}`, "pr-3.0": "[]"}
	cp := exec.CommandContext(ctx, cli, "--endpoint-url", s3.Endpoint, "s3", "cp", "-", "s3://"+bucket+"/pr-3/index.html")
	cp.Stdin = strings.NewReader("pull request 3")
	cp.Env = append(os.Environ(), "AWS_ACCESS_KEY_ID=rehearsal", "AWS_SECRET_ACCESS_KEY=rehearsal", "AWS_REGION=us-east-1")
	if out, err := cp.CombinedOutput(); err != nil {
		t.Fatalf("aws s3 cp: %v\n%s", err, out)
	}
	awsDir := filepath.Join(work, "aws")
	bin, err := workflow.AWSRecorder(awsDir, other, cli, s3.Endpoint)
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, w *syntax.Workflow, ev workflow.Event, api map[string]string) *workflow.Result {
		t.Helper()
		dir := filepath.Join(work, name)
		os.MkdirAll(dir, 0o755)
		res, err := workflow.Run(ctx, w, workflow.Options{
			Repo: repo, Repository: workflow.Repository, Vars: vars, GitHubAPI: api, Event: ev, Work: dir,
			Prepare:  workflow.SeedNodeModules(repo, "frontend"),
			PathDirs: []string{bin},
			Log:      logTo(t, dir),
		})
		if err != nil {
			t.Fatalf("%s, pull request 7 (%s): %v", w.File, name, err)
		}
		return res
	}
	status := func(res *workflow.Result) string {
		var s []string
		for _, j := range res.Jobs {
			s = append(s, j.Name+": "+j.Status)
		}
		return strings.Join(s, ", ")
	}

	opened := run("opened", build, workflow.Event{Name: "pull_request", Ref: "refs/pull/7/merge", Action: "opened", PR: 7, HeadRepo: workflow.Repository, HeadRef: "topic"}, nil)
	if got, want := status(opened), "build: success"; got != want {
		t.Errorf("preview.yml, opened: %s, want %s", got, want)
	}
	for _, s := range opened.Run("build")[0].Steps {
		if len(s.Credentials) > 0 {
			t.Errorf("preview.yml, step %q has credentials %v: the pull request's code runs there", s.Step.Label(), s.Credentials)
		}
	}
	// What GitHub sends when that run completes: its record names pull
	// request 7, open at the commit built.
	built := &workflow.TriggerRun{ID: 4242, Workflow: build.Name, Event: "pull_request", Conclusion: "success", HeadSHA: opened.Commit,
		HeadBranch: "topic", HeadRepo: workflow.Repository, PullRequests: []int{7}, Artifacts: opened.Artifacts}
	api := workflow.GitHubAPI()
	k, v := workflow.PullRequest(7, "open", opened.Commit)
	api[k] = v
	deployed := run("deployed", publish, workflow.Event{Name: "workflow_run", Ref: "refs/heads/main", Run: built}, api)
	if got, want := status(deployed), "deploy: success, comment: success, cleanup: skipped, closed: skipped"; got != want {
		t.Errorf("preview-publish.yml after the build: %s, want %s", got, want)
	}
	for _, s := range deployed.Run("deploy")[0].Steps {
		if s.Step.Uses == "aws-actions/configure-aws-credentials" && s.Subject != "repo:"+workflow.Repository+":environment:preview" {
			t.Errorf("the deploy asks for the previews' role with the token subject %q, want the environment preview's, which alone the role trusts", s.Subject)
		}
	}
	var keys struct {
		Data []struct{ Key, Value string } `json:"data"`
	}
	data := read(t, filepath.Join(opened.Run("build")[0].Workspace, "dist", "cdn", "preview-keys.json"))
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	calls, kvs, err := workflow.AWSCalls(awsDir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for k, v := range other {
		want[k] = v
	}
	for _, kv := range keys.Data {
		want[kv.Key] = kv.Value
	}
	if !reflect.DeepEqual(kvs, want) {
		t.Errorf("the key value store after the upload: %v\nwant pull request 7's table and pull request 3's keys: %v", kvs, want)
	}
	syncs := 0
	for _, c := range calls {
		if c[0] == "s3" {
			syncs++
			if c[1] != "sync" || c[2] != "dist/site" || c[3] != "s3://"+vars["PREVIEW_BUCKET"]+"/pr-7/" {
				t.Errorf("upload outside pr-7/: aws %s", strings.Join(c, " "))
			}
		}
	}
	if syncs < 2 {
		t.Errorf("%d s3 sync calls, want the immutable assets and then the pages", syncs)
	}
	posted := false
	for _, c := range deployed.GitHubCalls {
		if c.Method == "POST" && c.Path == "repos/"+workflow.Repository+"/issues/7/comments" {
			posted = len(c.Fields) == 1 && strings.Contains(c.Fields[0], "https://pr-7."+vars["PREVIEW_DOMAIN"])
		}
	}
	if !posted {
		t.Errorf("no comment with the preview's address: %+v", deployed.GitHubCalls)
	}

	// A pull request whose build writes a Cache-Control that the AWS CLI
	// would read from a file of the runner (file://), in a first JSON
	// document before the build's own: the same deploy, given that
	// artifact, stops before it takes the role, and uploads nothing (the
	// bucket, below, holds only what the first run put).
	hostile := filepath.Join(work, "hostile-artifacts")
	if err := os.CopyFS(hostile, os.DirFS(opened.Artifacts)); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(hostile, "preview", "cdn", "routes.json")
	m := read(t, manifest)
	if !bytes.Contains(m, []byte(`"public, max-age=31536000, immutable"`)) {
		t.Fatalf("%s has no immutable Cache-Control to replace", manifest)
	}
	doctored := bytes.ReplaceAll(m, []byte(`"public, max-age=31536000, immutable"`), []byte(`"file:///etc/hostname"`))
	if err := os.WriteFile(manifest, slices.Concat(doctored, []byte("\n"), m), 0o644); err != nil {
		t.Fatal(err)
	}
	sofar, _, _ := workflow.AWSCalls(awsDir)
	hostileRun := *built
	hostileRun.ID, hostileRun.Artifacts = 4343, hostile
	hdir := filepath.Join(work, "hostile")
	os.MkdirAll(hdir, 0o755)
	hres, err := workflow.Run(ctx, publish, workflow.Options{
		Repo: repo, Repository: workflow.Repository, Vars: vars, GitHubAPI: api, Event: workflow.Event{Name: "workflow_run", Ref: "refs/heads/main", Run: &hostileRun}, Work: hdir,
		PathDirs: []string{bin}, Log: logTo(t, hdir),
	})
	if err == nil || !strings.Contains(err.Error(), "Check the routing table") {
		t.Errorf("preview-publish.yml on a build whose manifest has a Cache-Control of file:///etc/hostname: %v; want the deploy stopped at the check of the routing table", err)
	}
	if hres != nil {
		for _, s := range hres.Run("deploy")[0].Steps {
			if (s.Step.Uses == "aws-actions/configure-aws-credentials" || strings.HasPrefix(s.Step.Label(), "Upload")) && s.Status != "skipped" {
				t.Errorf("the deploy of the hostile build reached %q (%s)", s.Step.Label(), s.Status)
			}
		}
	}
	if after, _, _ := workflow.AWSCalls(awsDir); len(after) != len(sofar) {
		t.Errorf("the deploy of the hostile build called the AWS CLI: %q", after[len(sofar):])
	}

	// What the bucket holds: every file the build wrote, hidden ones too,
	// under pr-7/. (The S3 emulator keeps no Cache-Control: the upload's
	// are checked on its recorded calls, above, and by the deploy tests.)
	objects, err := s3.Objects(ctx, bucket, "")
	if err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(opened.Run("build")[0].Workspace, "dist", "site")
	files := 0
	filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(site, p)
		files++
		o, ok := objects["pr-7/"+filepath.ToSlash(rel)]
		if !ok {
			t.Errorf("pr-7/%s is not in the bucket", rel)
			return nil
		}
		if want := string(read(t, p)); o.Body != want {
			t.Errorf("pr-7/%s: the bucket holds %d bytes, the build wrote %d", rel, len(o.Body), len(want))
		}
		return nil
	})
	if len(objects) != files+1 || objects["pr-3/index.html"].Body != "pull request 3" {
		t.Errorf("the bucket holds %d objects, want pr-7's %d files and pull request 3's page", len(objects), files)
	}
	// The preview at its host, as its distribution serves it.
	host := "pr-7." + vars["PREVIEW_DOMAIN"]
	_, kvs, _ = workflow.AWSCalls(awsDir)
	answers := atPreviewEdge(t, filepath.Join(opened.Run("build")[0].Workspace, "dist", "cdn"), vars["PREVIEW_DOMAIN"], kvs, objects,
		[]edgeRequest{{host, "/"}, {host, "/no-such-page-here"}, {"pr-8." + vars["PREVIEW_DOMAIN"], "/"}})
	if a := answers[0]; a.Status != 200 || !strings.Contains(a.Body, `class="preview-banner"`) || a.Body != objects["pr-7/index.html"].Body {
		t.Errorf("https://%s/ answers %d (%d bytes), want pr-7's home page with its banner", host, a.Status, len(a.Body))
	} else if a.Headers["x-robots-tag"] == "" {
		t.Errorf("https://%s/ has no X-Robots-Tag: a preview must never be indexed (%v)", host, a.Headers)
	}
	if answers[1].Status != 404 || answers[2].Status != 404 {
		t.Errorf("a missing page of pr-7 answers %d, a pull request with no preview %d; want 404 and 404", answers[1].Status, answers[2].Status)
	}

	// A build that finishes after the pull request moved on uploads nothing.
	api[k] = strings.Replace(v, opened.Commit, strings.Repeat("b", 40), 1)
	before := len(calls)
	late := run("late", publish, workflow.Event{Name: "workflow_run", Ref: "refs/heads/main", Run: built}, api)
	if got, want := status(late), "deploy: success, comment: skipped, cleanup: skipped, closed: skipped"; got != want {
		t.Errorf("preview-publish.yml after a superseded build: %s, want %s", got, want)
	}
	if calls, _, _ = workflow.AWSCalls(awsDir); len(calls) != before {
		t.Errorf("a superseded build made %d AWS calls, want none: %v", len(calls)-before, calls[before:])
	}

	closed := run("closed", publish, workflow.Event{Name: "pull_request_target", Ref: "refs/heads/main", Action: "closed", PR: 7, HeadRepo: workflow.Repository, HeadRef: "topic"}, workflow.GitHubAPI())
	if got, want := status(closed), "deploy: skipped, comment: skipped, cleanup: success, closed: success"; got != want {
		t.Errorf("closed: %s, want %s", got, want)
	}
	calls, kvs, err = workflow.AWSCalls(awsDir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(kvs, other) {
		t.Errorf("the key value store after the close: %v, want pull request 3's keys only: %v", kvs, other)
	}
	last := strings.Join(calls[len(calls)-1], " ")
	if last != "s3 rm s3://"+vars["PREVIEW_BUCKET"]+"/pr-7/ --recursive --only-show-errors" {
		t.Errorf("the close ends with aws %s, want the removal of pr-7/", last)
	}
	if objects, err = s3.Objects(ctx, bucket, ""); err != nil {
		t.Fatal(err)
	}
	if len(objects) != 1 || objects["pr-3/index.html"].Body != "pull request 3" {
		t.Errorf("after the close the bucket holds %d objects, want pull request 3's page alone", len(objects))
	}
	if a := atPreviewEdge(t, filepath.Join(opened.Run("build")[0].Workspace, "dist", "cdn"), vars["PREVIEW_DOMAIN"], kvs, objects,
		[]edgeRequest{{host, "/"}})[0]; a.Status != 404 {
		t.Errorf("after the close https://%s/ answers %d, want 404", host, a.Status)
	}
}

type edgeRequest struct {
	Host string `json:"host"`
	Path string `json:"path"`
}

type edgeAnswer struct {
	Status  int               `json:"status"`
	Body    string            `json:"body"`
	Headers map[string]string `json:"headers"`
}

// atPreviewEdge answers requests as the previews' distribution would: the
// build's preview functions (cdn: dist/cdn), with the previews' domain
// filled in as the previews' stack does, reading the key value store kvs,
// in front of the bucket objects; run in a V8 context as CloudFront runs
// them (generator/cdn/testdata/cloudfront.mjs). A missing key answers 404
// (the stack's own not-found page is not in the bucket here).
func atPreviewEdge(t *testing.T, cdn, domain string, kvs map[string]string, objects map[string]workflow.Object, requests []edgeRequest) []edgeAnswer {
	t.Helper()
	dir := t.TempDir()
	q, _ := json.Marshal(domain)
	for _, f := range []string{"preview-request.js", "preview-response.js"} {
		code := string(read(t, filepath.Join(cdn, f)))
		if !strings.Contains(code, "/*DOMAIN*/''") {
			t.Fatalf("%s: no domain placeholder for the stack to fill", f)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte(strings.Replace(code, "/*DOMAIN*/''", string(q), 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{}
	for k, o := range objects {
		files[k] = o.Body
	}
	input, _ := json.Marshal(map[string]any{"mode": "encoded", "files": files, "notFound": "/_preview/404.html", "requests": requests, "kvs": kvs})
	if err := os.WriteFile(filepath.Join(dir, "input.json"), input, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(repoRoot(t), "generator", "cdn", "testdata", "cloudfront.mjs"),
		filepath.Join(dir, "preview-request.js"), filepath.Join(dir, "input.json"), filepath.Join(dir, "preview-response.js"))
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("the previews' edge: %v\n%s", err, stderr)
	}
	var answers []edgeAnswer
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(requests) {
		t.Fatalf("the previews' edge answered %s (%v)", out, err)
	}
	return answers
}
