package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Stack stands a synthesized cloud assembly up in CloudFormation's place
// and returns the stack's outputs (SiteUrl, ...) as the stand-up answers
// them. The stand-up of the template on local emulators implements it
// (StackCommand runs it as a command); AssemblyCheck is the least one.
type Stack interface {
	Up(ctx context.Context, assembly, stack string) (map[string]string, error)
}

// StackCommand runs a command that stands the assembly up, e.g.
//
//	go run ./tools/rehearse/stack -cdk-out {cdk-out} -stack {stack}
//
// with {cdk-out} and {stack} replaced. It must exit 0 once the stack is
// up; a line of its standard output that is a JSON object of strings, if
// any, is the stack's outputs.
type StackCommand struct {
	Args []string
	Dir  string // where it runs: the repository
}

func (c StackCommand) Up(ctx context.Context, assembly, stack string) (map[string]string, error) {
	var args []string
	for _, a := range c.Args {
		args = append(args, strings.NewReplacer("{cdk-out}", assembly, "{stack}", stack).Replace(a))
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = c.Dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.MultiWriter(&out, os.Stderr), os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("stand-up %s: %w", strings.Join(args, " "), err)
	}
	outputs := map[string]string{}
	for _, l := range strings.Split(out.String(), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "{") {
			if err := json.Unmarshal([]byte(l), &outputs); err != nil {
				return nil, fmt.Errorf("stand-up %s: %q is not a JSON object of strings: %w", strings.Join(args, " "), l, err)
			}
		}
	}
	return outputs, nil
}

// AssemblyCheck is what can be said of an assembly with no stand-up: it
// holds the stack's template, and every file asset its asset manifest
// names (the Lambda packages, the site's files) is in it. Its outputs are
// the template's output names, with no values.
type AssemblyCheck struct{}

func (AssemblyCheck) Up(_ context.Context, assembly, stack string) (map[string]string, error) {
	var manifest struct {
		Artifacts map[string]struct {
			Type       string `json:"type"`
			Properties struct {
				TemplateFile string `json:"templateFile"`
				File         string `json:"file"`
			} `json:"properties"`
		} `json:"artifacts"`
	}
	if err := readJSON(filepath.Join(assembly, "manifest.json"), &manifest); err != nil {
		return nil, fmt.Errorf("cloud assembly: %w", err)
	}
	a, ok := manifest.Artifacts[stack]
	if !ok || a.Type != "aws:cloudformation:stack" {
		return nil, fmt.Errorf("cloud assembly %s: no stack %q", assembly, stack)
	}
	var template struct {
		Resources map[string]any `json:"Resources"`
		Outputs   map[string]any `json:"Outputs"`
	}
	if err := readJSON(filepath.Join(assembly, a.Properties.TemplateFile), &template); err != nil {
		return nil, fmt.Errorf("cloud assembly: %w", err)
	}
	if len(template.Resources) == 0 {
		return nil, fmt.Errorf("cloud assembly: %s has no resources", a.Properties.TemplateFile)
	}
	for _, m := range manifest.Artifacts {
		if m.Type != "cdk:asset-manifest" || !strings.HasPrefix(m.Properties.File, stack+".") {
			continue
		}
		var assets struct {
			Files map[string]struct {
				Source struct {
					Path string `json:"path"`
				} `json:"source"`
			} `json:"files"`
		}
		if err := readJSON(filepath.Join(assembly, m.Properties.File), &assets); err != nil {
			return nil, fmt.Errorf("cloud assembly: %w", err)
		}
		for id, f := range assets.Files {
			if _, err := os.Stat(filepath.Join(assembly, f.Source.Path)); err != nil {
				return nil, fmt.Errorf("cloud assembly: asset %s: %w", id, err)
			}
		}
	}
	outputs := map[string]string{}
	for k := range template.Outputs {
		outputs[k] = ""
	}
	return outputs, nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// SeedNodeModules gives a fresh checkout the npm packages of repo's
// folders (hard-linked copies) where the checkout's lock file is the one
// they were installed from, and marks them installed, so that the steps'
// make targets find them current and do not run npm ci. A lock file that
// differs gets no copy: npm ci then runs as written.
func SeedNodeModules(repo string, dirs ...string) func(job, ws string) error {
	return func(_, ws string) error {
		for _, d := range dirs {
			src, dst := filepath.Join(repo, d), filepath.Join(ws, d)
			same := true
			for _, f := range []string{"package.json", "package-lock.json"} {
				a, err1 := os.ReadFile(filepath.Join(src, f))
				b, err2 := os.ReadFile(filepath.Join(dst, f))
				same = same && err1 == nil && err2 == nil && bytes.Equal(a, b)
			}
			if _, err := os.Stat(filepath.Join(src, "node_modules", ".installed")); !same || err != nil {
				continue
			}
			if out, err := exec.Command("cp", "-al", filepath.Join(src, "node_modules"), filepath.Join(dst, "node_modules")).CombinedOutput(); err != nil {
				return fmt.Errorf("seeding %s/node_modules: %w\n%s", d, err, out)
			}
			stamp := filepath.Join(dst, "node_modules", ".installed")
			os.Remove(stamp) // a hard link: touching it would touch repo's
			if err := os.WriteFile(stamp, nil, 0o644); err != nil {
				return err
			}
		}
		return nil
	}
}

// ghScript is gh as the rehearsal answers it: `gh api` only, GitHub's
// REST API answered from answers (a JSON object keyed "METHOD path"), each
// call appended to calls as a JSON line. An unanswered call fails the step.
func ghScript(answers, calls string) string {
	return `#!/bin/bash
# gh api, answered by the rehearsal (` + answers + `)
set -euo pipefail
[ "${1:-}" = api ] || { echo "gh $*: only gh api is rehearsed" >&2; exit 1; }
shift
method= jqf= p= fields=()
while [ $# -gt 0 ]; do
  case "$1" in
    -X|--method) method=$2; shift 2 ;;
    --jq|-q) jqf=$2; shift 2 ;;
    --paginate) shift ;;
    -f|-F|--field|--raw-field) fields+=("$2"); shift 2 ;;
    *) p=$1; shift ;;
  esac
done
if [ -z "$method" ]; then if [ ${#fields[@]} -gt 0 ]; then method=POST; else method=GET; fi; fi
jq -cn --arg m "$method" --arg p "$p" --args '{method: $m, path: $p, fields: $ARGS.positional}' ${fields[@]+"${fields[@]}"} >> '` + calls + `'
body=$(jq -c --arg k "$method $p" '.[$k] // empty' '` + answers + `')
[ -n "$body" ] || { echo "gh api: $method $p is not answered by the rehearsal" >&2; exit 1; }
if [ -n "$jqf" ]; then jq -r "$jqf" <<<"$body"; else printf '%s\n' "$body"; fi
`
}

// AWSRecorder writes, in dir, the aws command the preview workflows'
// scripts call: it records each call (calls.jsonl, one JSON array of
// arguments a line) and refuses to run without credentials as the CLI
// would. Their S3 calls (s3 sync, s3 rm) go to the real AWS CLI (cli)
// against the S3 emulator at s3 (its endpoint); with no emulator they are
// only recorded. The CloudFront key value store of the previews' routing
// tables has no emulator: it is kept in kvs.json (its keys, and an ETag
// that update-keys must match), for the calls the workflows make. It
// returns the directory to put first on PATH.
func AWSRecorder(dir string, kvs map[string]string, cli, s3 string) (string, error) {
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return "", err
	}
	state, _ := json.Marshal(map[string]any{"etag": "1", "items": kvs})
	if err := os.WriteFile(filepath.Join(dir, "kvs.json"), state, 0o644); err != nil {
		return "", err
	}
	script := `#!/bin/bash
# aws, recorded by the rehearsal: S3 calls go to the S3 emulator, if any;
# the key value store is a file.
set -euo pipefail
dir='` + dir + `' cli='` + cli + `' s3='` + s3 + `'
jq -cn '$ARGS.positional' --args -- "$@" >> "$dir/calls.jsonl"
[ -n "${AWS_ACCESS_KEY_ID:-}" ] && [ -n "${AWS_REGION:-}" ] || { echo "aws: Unable to locate credentials or region" >&2; exit 253; }
svc=$1 op=$2
shift 2
arg() { local name=$1; shift; while [ $# -gt 0 ]; do if [ "$1" = "$name" ]; then printf '%s' "$2"; return; fi; shift; done; }
kvs="$dir/kvs.json"
case "$svc $op" in
  "s3 sync"|"s3 rm")
    if [ -n "$s3" ]; then exec "$cli" --endpoint-url "$s3" "$svc" "$op" "$@"; fi ;;
  "cloudfront-keyvaluestore describe-key-value-store")
    [ "$(arg --query "$@")" = ETag ] || { echo "aws: describe-key-value-store: query not rehearsed" >&2; exit 1; }
    jq -r .etag "$kvs" ;;
  "cloudfront-keyvaluestore list-keys")
    [ "$(arg --query "$@")" = 'Items[].Key' ] || { echo "aws: list-keys: query not rehearsed" >&2; exit 1; }
    jq -c '.items | keys' "$kvs" ;;
  "cloudfront-keyvaluestore update-keys")
    [ "$(arg --if-match "$@")" = "$(jq -r .etag "$kvs")" ] || { echo "aws: update-keys: the ETag does not match (a concurrent update)" >&2; exit 254; }
    puts=$(arg --puts "$@"); dels=$(arg --deletes "$@")
    jq --argjson p "${puts:-[]}" --argjson d "${dels:-[]}" \
      '.items = ((.items + ($p | map({(.Key): .Value}) | add // {})) | delpaths($d | map([.Key]))) | .etag = ((.etag | tonumber) + 1 | tostring)' \
      "$kvs" > "$kvs.new"
    mv "$kvs.new" "$kvs"
    echo '{}' ;;
  *) echo "aws $svc $op: not rehearsed" >&2; exit 1 ;;
esac
`
	return bin, os.WriteFile(filepath.Join(bin, "aws"), []byte(script), 0o755)
}

// AWSCLI is the real AWS CLI of this machine: Debian's (make
// rehearse-deps installs it) or one on PATH, never a shim that depends on
// the caller's HOME (a job's HOME is its own).
func AWSCLI() (string, error) {
	for _, p := range []string{"/usr/bin/aws", "/usr/local/bin/aws"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("aws")
	if err != nil || strings.Contains(p, "/shims/") {
		return "", errors.New("no AWS CLI: make rehearse-deps installs Debian's awscli")
	}
	return p, nil
}

// AWSCalls reads what an AWSRecorder recorded: the calls, and the key
// value store's keys and values.
func AWSCalls(dir string) (calls [][]string, kvs map[string]string, err error) {
	data, err := os.ReadFile(filepath.Join(dir, "calls.jsonl"))
	if err != nil && !os.IsNotExist(err) {
		return nil, nil, err
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c []string
		if l != "" && json.Unmarshal([]byte(l), &c) == nil {
			calls = append(calls, c)
		}
	}
	var state struct {
		Items map[string]string `json:"items"`
	}
	err = readJSON(filepath.Join(dir, "kvs.json"), &state)
	return calls, state.Items, err
}
