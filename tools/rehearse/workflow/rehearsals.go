package workflow

import (
	"context"
	"fmt"
	"path/filepath"
)

// Repository is github.repository in a rehearsal (deploy/environments.json
// trusts it for the previews' role).
const Repository = "vozia/site"

// Vars are the repository and environment variables of a rehearsal:
// placeholders of the shape the workflows and the stacks expect (the
// account 000000000000 exists nowhere).
func Vars() map[string]string {
	return map[string]string{
		"AWS_DEPLOY_ROLE_ARN":  "arn:aws:iam::000000000000:role/vozia-site-deploy",
		"AWS_REGION":           "us-east-1",
		"CERTIFICATE_ARN":      "arn:aws:acm:us-east-1:000000000000:certificate/00000000-0000-0000-0000-000000000000",
		"CONTACT_SES_FROM":     "website@vozia.example",
		"CONTACT_SES_TO":       "hello@vozia.example",
		"CONTACT_SES_IDENTITY": "vozia.example",
		"PREVIEW_DOMAIN":       "vozia-preview.example",
		"PREVIEW_BUCKET":       "vozia-site-preview",
		"PREVIEW_KVS_ARN":      "arn:aws:cloudfront::000000000000:key-value-store/00000000-0000-0000-0000-000000000000",
		"PREVIEW_ROLE_ARN":     "arn:aws:iam::000000000000:role/vozia-site-preview",
	}
}

// GitHubAPI answers the GitHub API calls of the workflows as a repository
// set up as docs/deploying.md asks would: production has required
// reviewers; the previews' environment deploys from main only; pull
// request 7 has no preview comment yet.
func GitHubAPI() map[string]string {
	return map[string]string{
		"GET repos/" + Repository + "/environments/production": `{"name":"production","protection_rules":[{"id":1,"type":"required_reviewers"},{"id":2,"type":"branch_policy"}]}`,
		"GET repos/" + Repository + "/environments/preview": `{"name":"preview","deployment_branch_policy":{"protected_branches":false,"custom_branch_policies":true},` +
			`"protection_rules":[{"id":3,"type":"branch_policy"}]}`,
		"GET repos/" + Repository + "/environments/preview/deployment-branch-policies": `{"total_count":1,"branch_policies":[{"id":4,"name":"main","type":"branch"}]}`,
		"GET repos/" + Repository + "/issues/7/comments":                               `[]`,
		"POST repos/" + Repository + "/issues/7/comments":                              `{"id":70}`,
	}
}

// PullRequest is GitHub's answer for pull request n of the rehearsal's
// repository, in state at head, into main (GET repos/<repository>/pulls/<n>).
func PullRequest(n int, state, head string) (string, string) {
	return fmt.Sprintf("GET repos/%s/pulls/%d", Repository, n),
		fmt.Sprintf(`{"number":%d,"state":%q,"head":{"sha":%q,"ref":"topic","repo":{"full_name":%q}},"base":{"ref":"main"}}`, n, state, head, Repository)
}

// SiteRules are the reads and writes of the commands of site.yml and
// preview.yml under dist/: what make deploy-synth refuses to run without
// comes from deploy/deploy.mk itself (DEPLOY_INPUTS).
func SiteRules(repo string) (FlowRules, error) {
	inputs, err := MakeVar(filepath.Join(repo, "deploy", "deploy.mk"), "DEPLOY_INPUTS")
	if err != nil {
		return FlowRules{}, err
	}
	inputs.From = relTo(repo, inputs.From)
	build := Paths{From: "the build", Paths: []string{"dist"}}
	return FlowRules{
		Out: "dist",
		Reads: map[string]Paths{
			"make deploy-synth":  inputs,
			"make deploy-upload": {From: "the assembly make deploy-synth writes", Paths: []string{"dist/deploy/cdk.out"}},
		},
		Writes: map[string]Paths{
			"make deploy-build":   build,
			"make build":          build,
			"go run ./cmd/build":  {From: "cmd/build", Paths: []string{"dist/site", "dist/cdn"}},
			"make deploy-synth":   {From: "deploy/deploy.mk DEPLOY_OUT", Paths: []string{"dist/deploy"}},
			"make deploy-upload":  {From: "deploy/deploy.mk DEPLOY_OUT", Paths: []string{"dist/deploy"}},
			"make deploy-digests": {From: "deploy/deploy.mk DEPLOY_OUT", Paths: []string{"dist/deploy"}},
		},
	}, nil
}

func relTo(repo, p string) string {
	if r, err := filepath.Rel(repo, p); err == nil {
		return r
	}
	return p
}

// DeployStandIn stands in for make deploy-upload, the one step of a
// deploy job that needs CloudFormation: the assembly the job's make
// deploy-synth step wrote (dist/deploy/cdk.out) goes to stack, and the
// stack's SiteUrl output becomes the step's site-url output.
func DeployStandIn(stack Stack) StandIn {
	return StandIn{
		Command: "make deploy-upload",
		Why:     "cdk deploy hands the assembly to CloudFormation, which has no emulator here: the assembly make deploy-synth wrote is stood up locally instead",
		Run: func(ctx context.Context, s *StepEnv) error {
			name := "VoziaSite-" + s.Env["DEPLOY_ENV"]
			assembly := filepath.Join(s.Workspace, "dist", "deploy", "cdk.out")
			out, err := stack.Up(ctx, assembly, name)
			if err != nil {
				return fmt.Errorf("stack %s from %s: %w", name, assembly, err)
			}
			fmt.Fprintf(s.Log, "   stack %s stood up from %s: outputs %v\n", name, assembly, out)
			s.Outputs["site-url"] = out["SiteUrl"]
			return nil
		},
	}
}
