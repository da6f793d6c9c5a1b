package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
// up; a JSON object of string values on its standard output, if any, is
// the stack's outputs.
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
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("stand-up %s: %w", strings.Join(args, " "), err)
	}
	outputs := map[string]string{}
	if i := bytes.IndexByte(out.Bytes(), '{'); i >= 0 {
		if err := json.Unmarshal(out.Bytes()[i:], &outputs); err != nil {
			return nil, fmt.Errorf("stand-up %s: its output is not a JSON object of strings: %w", strings.Join(args, " "), err)
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
