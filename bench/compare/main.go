// Command compare times commands against each other, alternating them run
// by run so that the machine's load falls on all alike, and prints the
// median wall time, peak memory and CPU time (user and system) of each,
// and their ratios to the last:
//
//	go run ./bench/compare -runs 5 -title "shipped site" \
//	    -cmd 'cmd/build=dist/bin/build -out {out}/site' \
//	    -cmd 'Node=node bench/node/prerender.mjs frontend jobs.json {out}'
//
// Each run gets a fresh empty directory as {out}, removed once every run
// has ended: on our machines' ext4 (mounted with discard), creating files
// stayed slow for seconds after a few thousand were removed, and a removal
// right after each run laid that cost on the next command's run, the other
// side's (the build of 1,000 articles spent 0.6 s in the kernel when no
// output had just been removed, 1.5 to 5.0 s when one had; 4 December
// 2026). Peak
// memory is the largest maximum resident set size the kernel reports
// (getrusage) for the process or any of its descendants, as GNU time -v
// prints it; CPU is their sum. Descendants a command leaves behind when it
// exits (esbuild's service process under Node) are counted too: compare is
// their subreaper and waits for them.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

type command struct {
	name string
	args []string
	wall []time.Duration
	rss  []int64 // KB
	cpu  []time.Duration
}

type cmdFlags []*command

func (c *cmdFlags) String() string { return "" }

func (c *cmdFlags) Set(s string) error {
	name, line, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(line) == "" {
		return fmt.Errorf("want NAME=COMMAND, got %q", s)
	}
	*c = append(*c, &command{name: name, args: strings.Fields(line)})
	return nil
}

func main() {
	var cmds cmdFlags
	runs := flag.Int("runs", 5, "runs of each command")
	title := flag.String("title", "", "heading of the table")
	flag.Var(&cmds, "cmd", "`NAME=COMMAND` to time ({out} is a fresh directory); repeat; ratios are to the last")
	flag.Parse()
	// PR_SET_CHILD_SUBREAPER: orphans of the commands become our children.
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, 36, 1, 0); errno != 0 {
		fmt.Fprintln(os.Stderr, "compare: prctl:", errno)
		os.Exit(1)
	}
	if len(cmds) < 1 {
		fmt.Fprintln(os.Stderr, "compare: no -cmd")
		os.Exit(2)
	}
	var outs []string
	removeOuts := func() {
		for _, out := range outs {
			os.RemoveAll(out)
		}
	}
	for range *runs {
		for _, c := range cmds {
			out, err := c.run()
			if out != "" {
				outs = append(outs, out)
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "compare: %s: %v\n", c.name, err)
				removeOuts()
				os.Exit(1)
			}
		}
	}
	defer removeOuts()
	base := cmds[len(cmds)-1]
	fmt.Printf("== %s: median of %d runs, alternating\n", *title, *runs)
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\twall\tpeak memory\tCPU\twall vs %s\tmemory vs %s\tCPU vs %s\twall of each run (s)\t\n", base.name, base.name, base.name)
	for _, c := range cmds {
		w, m := median(c.wall), median(c.rss)
		var all []string
		for _, d := range c.wall {
			all = append(all, fmt.Sprintf("%.2f", d.Seconds()))
		}
		cpu := median(c.cpu)
		fmt.Fprintf(tw, "%s\t%.2f s\t%d MB\t%.2f s\t%.2f×\t%.2f×\t%.2f×\t%s\t\n", c.name, w.Seconds(), m/1024, cpu.Seconds(),
			w.Seconds()/median(base.wall).Seconds(), float64(m)/float64(median(base.rss)),
			cpu.Seconds()/median(base.cpu).Seconds(), strings.Join(all, " "))
	}
	tw.Flush()
}

// run runs c once in a fresh directory, which it returns for the caller to
// remove once every run has ended.
func (c *command) run() (out string, err error) {
	out, err = os.MkdirTemp("", "compare-")
	if err != nil {
		return "", err
	}
	args := make([]string, len(c.args))
	for i, a := range c.args {
		args[i] = strings.ReplaceAll(a, "{out}", out)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return out, err
	}
	wall := time.Since(start)
	ru := *cmd.ProcessState.SysUsage().(*syscall.Rusage)
	rss, cpu := ru.Maxrss, cpuTime(ru)
	for {
		var status syscall.WaitStatus
		if _, err := syscall.Wait4(-1, &status, 0, &ru); err != nil {
			break // ECHILD: every orphan is waited for
		}
		rss, cpu = max(rss, ru.Maxrss), cpu+cpuTime(ru)
	}
	c.wall = append(c.wall, wall)
	c.rss = append(c.rss, rss)
	c.cpu = append(c.cpu, cpu)
	return out, nil
}

func cpuTime(ru syscall.Rusage) time.Duration {
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func median[T int64 | time.Duration](s []T) T {
	s = slices.Clone(s)
	slices.Sort(s)
	return s[len(s)/2]
}
