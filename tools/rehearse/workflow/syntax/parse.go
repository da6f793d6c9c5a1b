// Package syntax is a GitHub Actions workflow file as the rehearsal
// (package workflow) reads it: the jobs, their needs, matrix, outputs,
// permissions and steps, each with its line (Parse), and the expression
// language of its if: and ${{ }} (Eval, Interpolate, Truthy), evaluated as
// GitHub does against the contexts the runner keeps. It reads every key
// the rehearsal runs and refuses any other at its line, so that a
// rehearsal never passes by skipping what it did not understand; running
// the jobs is the runner's, apart.
package syntax

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// Workflow is the part of a workflow file the rehearsal runs: its jobs in
// file order, with the line of everything a problem may point to.
type Workflow struct {
	File string // as given to Parse, for file:line in problems
	Name string
	Env  Env
	Jobs []*Job
	// RunsAfter are the workflows (by name) whose completed runs trigger
	// this one (on.workflow_run.workflows): the artifacts of such a run
	// are what its download-artifact steps with a run-id can take.
	RunsAfter []string
}

// Job is one job of a workflow.
type Job struct {
	ID          string
	Line        int
	If          string
	Needs       []string
	Env         Env
	Matrix      []Axis // in file order
	Permissions map[string]string
	Outputs     map[string]string
	Container   string
	// Environment is the GitHub environment the job runs in (environment:
	// or environment.name): it decides the subject of the job's OIDC token.
	Environment string
	Steps       []*Step
}

// Axis is one key of a job's strategy.matrix.
type Axis struct {
	Key    string
	Values []string
}

// Step is one step of a job: a run: script or a uses: action.
type Step struct {
	Line             int
	Name             string
	ID               string
	If               string
	Uses             string // without the @ref
	Run              string
	Shell            string
	WorkingDirectory string
	Env              Env
	With             map[string]string
	WithLine         map[string]int
}

// Env is an env: block, in file order (later entries may not refer to
// earlier ones: GitHub evaluates each on its own).
type Env []EnvVar

// EnvVar is one entry of an env: block.
type EnvVar struct{ Name, Value string }

// Label is how problems and logs name a step.
func (s *Step) Label() string {
	switch {
	case s.Name != "":
		return s.Name
	case s.Uses != "":
		return s.Uses
	default:
		first, _, _ := strings.Cut(strings.TrimSpace(s.Run), "\n")
		return first
	}
}

// Job returns the job of that id, or nil.
func (w *Workflow) Job(id string) *Job {
	for _, j := range w.Jobs {
		if j.ID == id {
			return j
		}
	}
	return nil
}

// ParseFile reads and parses a workflow file.
func ParseFile(path string) (*Workflow, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads the workflow keys the rehearsal runs. A key it does not know
// in a job or a step is an error at its line: a rehearsal that skipped a
// setting it cannot honour would pass where GitHub may not.
func Parse(file string, data []byte) (*Workflow, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:1:1: not a workflow (a mapping at the top)", file)
	}
	p := parser{file: filepath.ToSlash(file)}
	w := &Workflow{File: p.file}
	err := p.mapping(doc.Content[0], func(k string, kn, v *yaml.Node) error {
		switch k {
		case "name":
			w.Name = v.Value
		case "on":
			// The trigger is chosen by the rehearsal (Event); what it reads
			// of on: is which workflows' runs this one follows.
			if v.Kind != yaml.MappingNode {
				return nil
			}
			return p.mapping(v, func(k string, _, v *yaml.Node) error {
				if k != "workflow_run" || v.Kind != yaml.MappingNode {
					return nil
				}
				return p.mapping(v, func(k string, _, v *yaml.Node) error {
					if k != "workflows" {
						return nil
					}
					var err error
					w.RunsAfter, err = p.list(v, "workflow_run.workflows")
					return err
				})
			})
		case "permissions", "concurrency":
			// Token permissions matter only for id-token and actions, read
			// per job.
		case "env":
			env, err := p.env(v)
			w.Env = env
			return err
		case "jobs":
			return p.mapping(v, func(id string, kn, jv *yaml.Node) error {
				j, err := p.job(id, kn, jv)
				if err == nil {
					w.Jobs = append(w.Jobs, j)
				}
				return err
			})
		default:
			return p.errf(kn, "workflow key %q is not rehearsed", k)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, j := range w.Jobs {
		for _, n := range j.Needs {
			if w.Job(n) == nil {
				return nil, fmt.Errorf("%s:%d: job %q needs %q, which is not a job of this workflow", p.file, j.Line, j.ID, n)
			}
		}
	}
	return w, nil
}

type parser struct{ file string }

func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", p.file, n.Line, n.Column, fmt.Sprintf(format, args...))
}

func (p *parser) mapping(n *yaml.Node, f func(key string, kn, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return p.errf(n, "expected a mapping")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if err := f(n.Content[i].Value, n.Content[i], n.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", p.errf(n, "%s: expected a single value", what)
	}
	return n.Value, nil
}

func (p *parser) list(n *yaml.Node, what string) ([]string, error) {
	if n.Kind == yaml.ScalarNode {
		return []string{n.Value}, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, p.errf(n, "%s: expected a list", what)
	}
	var out []string
	for _, c := range n.Content {
		s, err := p.scalar(c, what)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (p *parser) env(n *yaml.Node) (Env, error) {
	var env Env
	err := p.mapping(n, func(k string, kn, v *yaml.Node) error {
		s, err := p.scalar(v, "env "+k)
		env = append(env, EnvVar{k, s})
		return err
	})
	return env, err
}

func (p *parser) job(id string, kn, n *yaml.Node) (*Job, error) {
	j := &Job{ID: id, Line: kn.Line, Permissions: map[string]string{}, Outputs: map[string]string{}}
	err := p.mapping(n, func(k string, kn, v *yaml.Node) error {
		var err error
		switch k {
		case "if":
			j.If, err = p.scalar(v, "if")
		case "needs":
			j.Needs, err = p.list(v, "needs")
		case "env":
			j.Env, err = p.env(v)
		case "container":
			j.Container, err = p.scalar(v, "container")
		case "permissions":
			if v.Kind == yaml.ScalarNode {
				return nil // read-all / write-all: refused by the workflow tests
			}
			err = p.mapping(v, func(k string, _, v *yaml.Node) error {
				j.Permissions[k] = v.Value
				return nil
			})
		case "outputs":
			err = p.mapping(v, func(k string, _, v *yaml.Node) error {
				j.Outputs[k] = v.Value
				return nil
			})
		case "strategy":
			err = p.mapping(v, func(k string, kn, v *yaml.Node) error {
				if k != "matrix" {
					return p.errf(kn, "strategy key %q is not rehearsed", k)
				}
				return p.mapping(v, func(k string, kn, v *yaml.Node) error {
					vals, err := p.list(v, "matrix "+k)
					j.Matrix = append(j.Matrix, Axis{k, vals})
					return err
				})
			})
		case "steps":
			if v.Kind != yaml.SequenceNode {
				return p.errf(v, "steps: expected a list")
			}
			for _, sn := range v.Content {
				s, err := p.step(sn)
				if err != nil {
					return err
				}
				j.Steps = append(j.Steps, s)
			}
		case "environment":
			if v.Kind == yaml.MappingNode {
				return p.mapping(v, func(k string, kn, v *yaml.Node) error {
					switch k {
					case "name":
						j.Environment, err = p.scalar(v, "environment.name")
						return err
					case "url":
						return nil
					}
					return p.errf(kn, "environment key %q is not rehearsed", k)
				})
			}
			j.Environment, err = p.scalar(v, "environment")
		case "runs-on", "timeout-minutes", "concurrency", "name":
			// The machine, the clock and GitHub's deployment records:
			// nothing a job hands to the next.
		default:
			return p.errf(kn, "job %q: key %q is not rehearsed", id, k)
		}
		return err
	})
	return j, err
}

func (p *parser) step(n *yaml.Node) (*Step, error) {
	s := &Step{Line: n.Line, With: map[string]string{}, WithLine: map[string]int{}}
	err := p.mapping(n, func(k string, kn, v *yaml.Node) error {
		var err error
		switch k {
		case "name":
			s.Name, err = p.scalar(v, k)
		case "id":
			s.ID, err = p.scalar(v, k)
		case "if":
			s.If, err = p.scalar(v, k)
		case "uses":
			var u string
			u, err = p.scalar(v, k)
			s.Uses, _, _ = strings.Cut(u, "@")
		case "run":
			s.Run, err = p.scalar(v, k)
		case "shell":
			s.Shell, err = p.scalar(v, k)
		case "working-directory":
			s.WorkingDirectory, err = p.scalar(v, k)
		case "env":
			s.Env, err = p.env(v)
		case "with":
			err = p.mapping(v, func(k string, kn, v *yaml.Node) error {
				val, err := p.scalar(v, "with "+k)
				s.With[k] = val
				s.WithLine[k] = kn.Line
				return err
			})
		case "timeout-minutes", "continue-on-error":
			if k == "continue-on-error" {
				return p.errf(kn, "step key %q is not rehearsed", k)
			}
		default:
			return p.errf(kn, "step key %q is not rehearsed", k)
		}
		return err
	})
	if err == nil && (s.Run == "") == (s.Uses == "") {
		err = p.errf(n, "a step has either run: or uses:")
	}
	if err == nil && s.Shell != "" && s.Shell != "bash" {
		err = p.errf(n, "shell %q is not rehearsed (bash only)", s.Shell)
	}
	return s, err
}
