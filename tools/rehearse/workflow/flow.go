package workflow

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/vozia/site/tools/rehearse/workflow/syntax"
)

// FlowRules say what the commands of run: steps read and write under the
// build's output directory, which no checkout holds (it is ignored by
// git): whatever a job reads there, a step of the same job wrote or an
// artifact it downloads carries.
type FlowRules struct {
	Out string // the output directory: dist
	// Reads and Writes: a command as it appears in a script ("make
	// deploy-synth") and the paths it reads or writes (a directory stands
	// for everything under it), with where the list comes from.
	Reads  map[string]Paths
	Writes map[string]Paths
}

// Paths is a list of paths and where it was read from.
type Paths struct {
	From  string
	Paths []string
}

// CheckFlow checks statically what passes from job to job, for every
// event at once: each path under rules.Out a step reads (literally in its
// script, or through a command of rules.Reads) must have been written by
// an earlier step of its job, or come in an artifact it downloads, which a
// job it needs uploaded with if-no-files-found: error; and a job without a
// configure-aws-credentials step sets no credential in its env. Each
// problem names the seam: the jobs and the artifact between them.
//
// A download with a run-id takes the artifact of the run that triggered
// the workflow (on: workflow_run), not of its own run: it must be
// uploaded by a job of one of the upstream workflows that w runs after.
func CheckFlow(w *syntax.Workflow, rules FlowRules, upstream ...*syntax.Workflow) []error {
	var errs []error
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: %s", w.File, line, fmt.Sprintf(format, args...)))
	}
	type upload struct {
		file  string
		job   *syntax.Job
		line  int
		paths []string
	}
	collect := func(w *syntax.Workflow, into map[string]upload) {
		for _, j := range w.Jobs {
			for _, s := range j.Steps {
				if s.Uses != "actions/upload-artifact" {
					continue
				}
				if s.With["if-no-files-found"] != "error" {
					errs = append(errs, fmt.Errorf("%s:%d: job %s uploads %q without if-no-files-found: error: a path the build did not make would pass as a warning", w.File, s.Line, j.ID, s.With["name"]))
				}
				for _, name := range artifactNames(s.With["name"], j) {
					into[name] = upload{w.File, j, s.Line, uploadPaths(s.With["path"])}
				}
			}
		}
	}
	uploads, triggering := map[string]upload{}, map[string]upload{}
	collect(w, uploads)
	for _, u := range upstream {
		if contains(w.RunsAfter, u.Name) {
			collect(u, triggering)
		}
	}
	wordRE := func(cmd string) *regexp.Regexp {
		return regexp.MustCompile(`(^|[\s;&|(])` + regexp.QuoteMeta(cmd) + `($|[\s;&|)])`)
	}
	outRE := regexp.MustCompile(`(?:^|[^\w./$-])(` + regexp.QuoteMeta(rules.Out) + `/[\w.-]+(?:/[\w.-]+)*)`)
	for _, j := range w.Jobs {
		takes := false
		for _, s := range j.Steps {
			takes = takes || s.Uses == "aws-actions/configure-aws-credentials"
		}
		if !takes {
			for _, env := range []syntax.Env{w.Env, j.Env} {
				for _, e := range env {
					if isCredential(e.Name) {
						fail(j.Line, "job %s takes no credentials (no configure-aws-credentials step), yet its env sets %s", j.ID, e.Name)
					}
				}
			}
		}
		needs := closure(w, j)
		// have: path prefixes present under rules.Out, and where from.
		have := map[string]string{}
		for _, s := range j.Steps {
			if !takes {
				for _, e := range s.Env {
					if isCredential(e.Name) {
						fail(s.Line, "job %s takes no credentials, yet step %q sets %s", j.ID, s.Label(), e.Name)
					}
				}
			}
			switch {
			case s.Uses == "actions/download-artifact" && s.With["run-id"] != "":
				name := s.With["name"]
				up, ok := triggering[name]
				if !ok {
					fail(s.Line, "job %s downloads artifact %q of the run that triggered the workflow (run-id), which no job of a workflow it runs after (on: workflow_run: %v) uploads", j.ID, name, w.RunsAfter)
					continue
				}
				covers(have, s.With["path"], name, up.file, up.line, up.job.ID, up.paths)
			case s.Uses == "actions/download-artifact":
				name := s.With["name"]
				up, ok := uploads[name]
				switch {
				case !ok:
					fail(s.Line, "job %s downloads artifact %q, which no job of the workflow uploads", j.ID, name)
					continue
				case !needs[up.job.ID]:
					fail(s.Line, "job %s downloads artifact %q, uploaded by job %s, which it does not need: nothing makes it wait for the upload", j.ID, name, up.job.ID)
				}
				covers(have, s.With["path"], name, up.file, up.line, up.job.ID, up.paths)
			case s.Run != "":
				for cmd, ps := range rules.Writes {
					if wordRE(cmd).MatchString(s.Run) {
						for _, p := range ps.Paths {
							have[p] = fmt.Sprintf("%s (%s)", cmd, ps.From)
						}
					}
				}
				type read struct{ path, why string }
				var reads []read
				for _, m := range outRE.FindAllStringSubmatch(s.Run, -1) {
					reads = append(reads, read{m[1], "in its script"})
				}
				for cmd, ps := range rules.Reads {
					if wordRE(cmd).MatchString(s.Run) {
						for _, p := range ps.Paths {
							reads = append(reads, read{p, fmt.Sprintf("%s: %s", cmd, ps.From)})
						}
					}
				}
				for _, r := range reads {
					if covered(have, r.path) {
						continue
					}
					fail(s.Line, "job %s, step %q reads %s (%s), which no earlier step of the job wrote and no artifact it downloads carries%s",
						j.ID, s.Label(), r.path, r.why, carried(have, w, j))
				}
			}
		}
	}
	return errs
}

// covers records the paths an artifact brings under dir, as
// download-artifact lays them out (below the upload's common root).
func covers(have map[string]string, dir, name, file string, line int, job string, paths []string) {
	root := strings.Split(commonRootRel(paths), "/")
	for _, p := range paths {
		rel := strings.Join(strings.Split(p, "/")[len(root):], "/")
		if root[0] == "." {
			rel = p
		}
		have[path.Join(dir, rel)] = fmt.Sprintf("artifact %q (%s:%d, job %s)", name, file, line, job)
	}
}

// carried says what the job's artifacts carry, naming the seam.
func carried(have map[string]string, w *syntax.Workflow, j *syntax.Job) string {
	by := map[string][]string{}
	for p, from := range have {
		if strings.HasPrefix(from, "artifact ") {
			by[from] = append(by[from], p)
		}
	}
	if len(by) == 0 {
		return ""
	}
	var parts []string
	for from, ps := range by {
		sort.Strings(ps)
		up := from[strings.LastIndex(from, "job ")+4 : len(from)-1]
		parts = append(parts, fmt.Sprintf("; seam %s → %s: %s carries %s", up, j.ID, from, strings.Join(ps, ", ")))
	}
	sort.Strings(parts)
	return strings.Join(parts, "")
}

func covered(have map[string]string, p string) bool {
	for h := range have {
		if p == h || strings.HasPrefix(p, h+"/") {
			return true
		}
	}
	return false
}

// closure is every job j waits for, directly or not.
func closure(w *syntax.Workflow, j *syntax.Job) map[string]bool {
	out := map[string]bool{}
	var walk func(*syntax.Job)
	walk = func(j *syntax.Job) {
		for _, n := range j.Needs {
			if !out[n] {
				out[n] = true
				walk(w.Job(n))
			}
		}
	}
	walk(j)
	return out
}

// artifactNames expands an upload's name over the job's matrix.
func artifactNames(name string, j *syntax.Job) []string {
	var out []string
	for _, leg := range legs(j.Matrix) {
		n, err := syntax.Interpolate(name, func(p []string) (any, error) {
			if len(p) == 2 && p[0] == "matrix" {
				return leg[p[1]], nil
			}
			return nil, fmt.Errorf("%s: only matrix values are known before a run", strings.Join(p, "."))
		})
		if err != nil {
			n = name
		}
		if !contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// commonRootRel is upload-artifact's root of several paths, relative to
// the workspace ("." when they share none).
func commonRootRel(paths []string) string {
	if len(paths) == 1 {
		return path.Dir(paths[0])
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
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

// MakeVar reads a variable's words from a makefile: NAME := a b \ c.
func MakeVar(file, name string) (Paths, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Paths{}, err
	}
	lines := strings.Split(string(data), "\n")
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `\s*:?=\s*(.*)$`)
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		val, start := m[1], i+1
		for strings.HasSuffix(val, `\`) && i+1 < len(lines) {
			i++
			val = strings.TrimSuffix(val, `\`) + " " + lines[i]
		}
		return Paths{From: fmt.Sprintf("%s:%d %s", file, start, name), Paths: strings.Fields(val)}, nil
	}
	return Paths{}, fmt.Errorf("%s: no variable %s", file, name)
}
