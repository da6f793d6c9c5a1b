package syntax_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

// workflowFile parses .github/workflows/NAME of the repository.
func workflowFile(t *testing.T, name string) *syntax.Workflow {
	t.Helper()
	file := filepath.Join("..", "..", "..", "..", ".github", "workflows", name)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	w, err := syntax.Parse(".github/workflows/"+name, data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// The jobs' if: of both workflows, evaluated for the events GitHub sends:
// deployments on main only, previews for this repository's pull requests
// only, cleanup on close only.
func TestJobConditions(t *testing.T) {
	site := workflowFile(t, "site.yml")
	preview := workflowFile(t, "preview.yml")
	publish := workflowFile(t, "preview-publish.yml")
	ctx := func(g map[string]string) syntax.Contexts {
		return func(p []string) (any, error) {
			if p[0] == "needs" {
				return nil, nil // before any run, a job's outputs are empty
			}
			if p[0] != "github" {
				t.Fatalf("if: reads %v", p)
			}
			return g[strings.Join(p[1:], ".")], nil
		}
	}
	afterBuild := func(change ...string) map[string]string {
		g := map[string]string{"event_name": "workflow_run", "repository": "vozia/site", "event.workflow_run.event": "pull_request",
			"event.workflow_run.conclusion": "success", "event.workflow_run.head_repository.full_name": "vozia/site"}
		for i := 0; i+1 < len(change); i += 2 {
			g[change[i]] = change[i+1]
		}
		return g
	}
	for _, tc := range []struct {
		name string
		w    *syntax.Workflow
		g    map[string]string
		runs string // the jobs whose if: holds
	}{
		{"push to main", site, map[string]string{"event_name": "push", "ref": "refs/heads/main"}, "test build deploy-staging deploy-production"},
		{"daily run on main", site, map[string]string{"event_name": "schedule", "ref": "refs/heads/main"}, "test build deploy-staging deploy-production"},
		{"push elsewhere", site, map[string]string{"event_name": "push", "ref": "refs/heads/topic"}, "test"},
		{"pull request", site, map[string]string{"event_name": "pull_request", "ref": "refs/pull/7/merge"}, "test"},
		{"preview opened", preview, map[string]string{"event.action": "opened", "repository": "vozia/site", "event.pull_request.head.repo.full_name": "vozia/site"}, "build"},
		{"preview from a fork", preview, map[string]string{"event.action": "synchronize", "repository": "vozia/site", "event.pull_request.head.repo.full_name": "someone/site"}, ""},
		{"preview built", publish, afterBuild(), "deploy"},
		{"preview build failed", publish, afterBuild("event.workflow_run.conclusion", "failure"), ""},
		{"preview build cancelled by a newer push", publish, afterBuild("event.workflow_run.conclusion", "cancelled"), ""},
		{"a fork's run of the preview workflow", publish, afterBuild("event.workflow_run.head_repository.full_name", "someone/site"), ""},
		{"a push run of a workflow named preview", publish, afterBuild("event.workflow_run.event", "push"), ""},
		{"preview closed", publish, map[string]string{"event_name": "pull_request_target", "event.action": "closed", "repository": "vozia/site", "event.pull_request.head.repo.full_name": "vozia/site"}, "cleanup closed"},
		{"a fork's pull request closed", publish, map[string]string{"event_name": "pull_request_target", "event.action": "closed", "repository": "vozia/site", "event.pull_request.head.repo.full_name": "someone/site"}, "closed"},
		{"the daily sweep of previews", publish, map[string]string{"event_name": "schedule", "repository": "vozia/site"}, "cleanup"},
		{"the sweep by hand", publish, map[string]string{"event_name": "workflow_dispatch", "repository": "vozia/site"}, "cleanup"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Jobs with no if: of their own run when what they need ran.
			var runs []string
			for _, j := range tc.w.Jobs {
				ok := true
				if j.If != "" {
					v, err := syntax.Eval(j.If, ctx(tc.g))
					if err != nil {
						t.Fatal(err)
					}
					ok = syntax.Truthy(v)
				}
				if ok {
					runs = append(runs, j.ID)
				}
			}
			if got := strings.Join(runs, " "); got != tc.runs {
				t.Errorf("if: holds for %q, want %q", got, tc.runs)
			}
		})
	}
}
