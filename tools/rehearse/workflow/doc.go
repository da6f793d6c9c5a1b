// Package workflow rehearses this repository's GitHub Actions workflows on
// this machine, as GitHub chains their jobs.
//
// Run takes a workflow, as package syntax parses it, and an event (a push to main; a pull request
// opened, synchronized or closed) and runs the jobs whose if: holds, in
// needs order, each leg of a matrix in its own fresh checkout of the
// rehearsed commit (the working tree's HEAD with its uncommitted files
// committed on top). Only the files a job uploads with upload-artifact
// reach the jobs that download them, with upload-artifact's rules: the
// paths' least common ancestor as the root, hidden files left out,
// if-no-files-found, one upload per name, no file modes. Every run: step
// runs with bash -e as written, its ${{ }} expressions evaluated (matrix,
// vars, secrets, github, steps.*.outputs, needs.*.outputs, env), in an
// environment built from nothing: the runner's variables, the workflow's,
// job's and step's env, $GITHUB_ENV and $GITHUB_PATH of earlier steps;
// $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY are read back.
//
// The actions our workflows use are emulated by what they do (actions.go);
// any other action, action input, workflow key or expression function is an
// error, never skipped. A job without configure-aws-credentials has no
// credential in any step's environment, or it fails; the action needs the
// job's id-token: write and gives a dummy credential for the local
// emulators. Steps that need what has no emulator here are replaced by a
// StandIn, said in the log and the result: make deploy-upload (CloudFormation)
// hands the assembly make deploy-synth wrote to a Stack, the local stand-up
// of the template. gh api is answered from a table (Options.GitHubAPI).
//
// CheckFlow is the same data flow checked statically in milliseconds:
// every path under dist/ a step reads was written by an earlier step of
// its job or comes in an artifact of a job it needs.
//
// Where the rehearsal stops being GitHub is listed in docs/decisions.md;
// what it proves, in docs/deploying.md ("Rehearsal").
package workflow
