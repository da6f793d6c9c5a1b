// Command stages prints what share of a build's CPU each of its stages
// takes: it runs the prebuilt cmd/build with -cpuprofile, reads the
// profile's samples by their label stage (generator/internal/stage, and "write"
// in cmd/build), and adds them up over the runs. The stages overlap in
// time (the bundles and the render run beside the content's loading), so
// a share of CPU, which adds up to the whole, says more than their wall
// times would. Samples with no stage are the Go runtime's own (the
// collector, the scheduler) and the process's start.
//
//	go run ./bench/stages [-runs 3] [-title T] -- dist/bin/build -out DIR [flags...]
//
// A "{out}" in the command is a fresh folder for each run.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/google/pprof/profile"
)

func main() {
	runs := flag.Int("runs", 3, "runs to add up")
	title := flag.String("title", "stages", "the table's title")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: stages [-runs N] [-title T] -- build [args...]")
		os.Exit(2)
	}
	if err := run(*title, *runs, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "stages:", err)
		os.Exit(1)
	}
}

func run(title string, runs int, command []string) error {
	byStage := map[string]time.Duration{}
	var total time.Duration
	for i := range runs {
		dir, err := os.MkdirTemp("", "stages-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		prof := filepath.Join(dir, "cpu.prof")
		args := []string{"-cpuprofile", prof}
		for _, a := range command[1:] {
			args = append(args, strings.ReplaceAll(a, "{out}", filepath.Join(dir, "out")))
		}
		cmd := exec.Command(command[0], args...)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("run %d: %s: %w", i+1, strings.Join(command, " "), err)
		}
		f, err := os.Open(prof)
		if err != nil {
			return err
		}
		p, err := profile.Parse(f)
		f.Close()
		if err != nil {
			return err
		}
		cpu := slices.IndexFunc(p.SampleType, func(t *profile.ValueType) bool { return t.Type == "cpu" })
		if cpu < 0 {
			return fmt.Errorf("%s: no cpu samples", prof)
		}
		for _, s := range p.Sample {
			d := time.Duration(s.Value[cpu])
			stage := "(runtime: collector, scheduler, start)"
			if l := s.Label["stage"]; len(l) > 0 {
				stage = l[0]
			}
			byStage[stage] += d
			total += d
		}
	}
	names := make([]string, 0, len(byStage))
	for n := range byStage {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return int(byStage[b] - byStage[a]) })
	fmt.Printf("== %s: CPU by stage, %d runs of %s\n", title, runs, strings.Join(command, " "))
	fmt.Printf("  %-40s %10s %7s\n", "stage", "CPU a run", "share")
	for _, n := range names {
		fmt.Printf("  %-40s %8.0f ms %6.1f%%\n", n, float64(byStage[n].Milliseconds())/float64(runs), 100*float64(byStage[n])/float64(total))
	}
	fmt.Printf("  %-40s %8.0f ms\n", "total", float64(total.Milliseconds())/float64(runs))
	return nil
}
