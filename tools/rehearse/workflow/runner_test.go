package workflow_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vozia/site/tools/rehearse/workflow"
	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

// A repository written by the test, with one workflow, rehearsed: the
// runner's own rules, each as GitHub has it, in seconds.
func rehearseSmall(t *testing.T, yml string, opts workflow.Options) (*workflow.Result, error) {
	t.Helper()
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if err := os.WriteFile(filepath.Join(repo, "README"), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	w, err := syntax.Parse("test.yml", []byte(yml))
	if err != nil {
		t.Fatal(err)
	}
	opts.Repo, opts.Work, opts.Repository = repo, t.TempDir(), "o/r"
	if opts.Event.Name == "" {
		opts.Event = workflow.Event{Name: "push", Ref: "refs/heads/main"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return workflow.Run(ctx, w, opts)
}

func TestRunnerRules(t *testing.T) {
	const uses = "      - uses: actions/checkout@0000000000000000000000000000000000000000\n"
	t.Run("artifacts carry the uploaded paths only, from their common root, without hidden files", func(t *testing.T) {
		res, err := rehearseSmall(t, `
jobs:
  make:
    strategy:
      matrix:
        stage: [a, b]
    outputs:
      word: ${{ steps.w.outputs.word }}
    steps:
`+uses+`      - id: w
        run: |
          mkdir -p out/site/.well-known out/fn out/other
          echo page > out/site/index.html
          echo key > out/site/.well-known/security.txt
          echo zip > out/fn/a.zip
          echo no > out/other/x
          echo "word=${{ matrix.stage }}-ok" >> "$GITHUB_OUTPUT"
      - uses: actions/upload-artifact@0000000000000000000000000000000000000000
        with:
          name: dist-${{ matrix.stage }}
          path: |
            out/site
            out/fn/a.zip
          if-no-files-found: error
  use:
    needs: make
    steps:
      - uses: actions/download-artifact@0000000000000000000000000000000000000000
        with:
          name: dist-b
          path: got
      - run: echo "FROM=${{ needs.make.outputs.word }}" >> "$GITHUB_ENV"
      - working-directory: got
        run: |
          test "$FROM" = b-ok
          find . -type f | sort > ../files
          test "$(cat ../files | tr '\n' ' ')" = "./fn/a.zip ./site/index.html "
          test ! -d ../out
`, workflow.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(res.Run("make")[1].Uploaded["dist-b"], " "); got != "fn/a.zip site/index.html" {
			t.Errorf("dist-b carries %q", got)
		}
	})
	t.Run("a path the job did not make fails the upload", func(t *testing.T) {
		_, err := rehearseSmall(t, `
jobs:
  make:
    steps:
      - run: mkdir -p out && echo x > out/a
      - uses: actions/upload-artifact@0000000000000000000000000000000000000000
        with:
          name: d
          path: |
            out/a
            out/b.zip
          if-no-files-found: error
`, workflow.Options{})
		if err == nil || !strings.Contains(err.Error(), "no files were found with the provided path: out/b.zip") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a credential reaches no job without the credentials action", func(t *testing.T) {
		_, err := rehearseSmall(t, `
jobs:
  build:
    env:
      AWS_SECRET_ACCESS_KEY: ${{ secrets.KEY }}
    steps:
      - run: "true"
`, workflow.Options{Secrets: map[string]string{"KEY": "k"}})
		if err == nil || !strings.Contains(err.Error(), "job build takes no credentials") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("the credentials action needs id-token: write, then only its job has them", func(t *testing.T) {
		const job = `
    steps:
      - uses: aws-actions/configure-aws-credentials@0000000000000000000000000000000000000000
        with:
          role-to-assume: ${{ vars.ROLE }}
          aws-region: us-east-1
      - run: test -n "$AWS_ACCESS_KEY_ID"
`
		_, err := rehearseSmall(t, "jobs:\n  deploy:"+job, workflow.Options{Vars: map[string]string{"ROLE": "arn:aws:iam::0:role/r"}})
		if err == nil || !strings.Contains(err.Error(), "id-token: write") {
			t.Errorf("without id-token: write: %v", err)
		}
		res, err := rehearseSmall(t, "jobs:\n  deploy:\n    permissions:\n      id-token: write"+job+`  after:
    needs: deploy
    steps:
      - run: test -z "${AWS_ACCESS_KEY_ID:-}"
`, workflow.Options{Vars: map[string]string{"ROLE": "arn:aws:iam::0:role/r"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Run("after")[0].Steps[0].Credentials) != 0 {
			t.Errorf("after: %v", res.Run("after")[0].Steps[0].Credentials)
		}
	})
	t.Run("gh api is answered from the table, and an unanswered call fails", func(t *testing.T) {
		api := map[string]string{"GET repos/o/r/environments/production": `{"protection_rules":[{"type":"required_reviewers"}]}`}
		_, err := rehearseSmall(t, `
jobs:
  j:
    steps:
      - run: |
          r=$(gh api "repos/$GITHUB_REPOSITORY/environments/production" --jq '[.protection_rules[]?.type] | join(",")')
          test "$r" = required_reviewers
`, workflow.Options{GitHubAPI: api})
		if err != nil {
			t.Fatal(err)
		}
		_, err = rehearseSmall(t, "jobs:\n  j:\n    steps:\n      - run: gh api repos/o/r/environments/staging\n", workflow.Options{GitHubAPI: api})
		if err == nil || !strings.Contains(err.Error(), "GET repos/o/r/environments/staging is not answered") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("an action the rehearsal does not emulate is an error, not a skip", func(t *testing.T) {
		_, err := rehearseSmall(t, "jobs:\n  j:\n    steps:\n      - uses: actions/cache@0000000000000000000000000000000000000000\n", workflow.Options{})
		if err == nil || !strings.Contains(err.Error(), "test.yml:4: actions/cache: this action is not emulated") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a workflow_run takes the triggering run's artifact only with its run-id and actions: read, and sees GitHub's payload", func(t *testing.T) {
		// The triggering run: one artifact.
		up, err := rehearseSmall(t, `
jobs:
  build:
    steps:
      - run: mkdir -p out && echo built > out/x
      - uses: actions/upload-artifact@0000000000000000000000000000000000000000
        with:
          name: made
          path: out
          if-no-files-found: error
`, workflow.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ev := workflow.Event{Name: "workflow_run", Ref: "refs/heads/main", Run: &workflow.TriggerRun{
			ID: 99, Workflow: "build", Event: "pull_request", Conclusion: "success", HeadSHA: up.Commit, HeadBranch: "topic",
			HeadRepo: "o/r", PullRequests: []int{5}, Artifacts: up.Artifacts}}
		after := func(perm, runID string) (*workflow.Result, error) {
			return rehearseSmall(t, `
on:
  workflow_run:
    workflows: [build]
    types: [completed]
jobs:
  take:
    environment: previews
    permissions:
      `+perm+`
      id-token: write
    steps:
      - uses: actions/download-artifact@0000000000000000000000000000000000000000
        with:
          name: made
          path: got
          run-id: `+runID+`
          github-token: ${{ github.token }}
      - run: |
          test "$(cat got/x)" = built
          test "$(jq -r '.workflow_run.pull_requests[0].number' "$GITHUB_EVENT_PATH")" = 5
          test "${{ github.event.workflow_run.head_branch }}" = topic
      - uses: aws-actions/configure-aws-credentials@0000000000000000000000000000000000000000
        with:
          role-to-assume: arn:aws:iam::000000000000:role/r
          aws-region: us-east-1
`, workflow.Options{Event: ev})
		}
		res, err := after("actions: read", "${{ github.event.workflow_run.id }}")
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Run("take")[0].Steps[2].Subject; got != "repo:o/r:environment:previews" {
			t.Errorf("the OIDC subject of a job in an environment: %q", got)
		}
		if _, err := after("actions: none", "${{ github.event.workflow_run.id }}"); err == nil || !strings.Contains(err.Error(), "needs permissions: actions: read") {
			t.Errorf("without actions: read: %v", err)
		}
		if _, err := after("actions: read", "98"); err == nil || !strings.Contains(err.Error(), "only the run this workflow_run event is about") {
			t.Errorf("another run's id: %v", err)
		}
	})
}
