// Command budgets measures how the build meets the worst input of each of
// its budgets: every over-budget input must be refused, with its place and
// what to do, in under 5 s and 1 GB of peak memory (resident set), as
// /usr/bin/time -v measures cmd/build refusing it.
//
//	go run ./bench/budgets [-build dist/bin/build] [-frontend frontend] [-runs 3] [-only NAME]
//
// Each input is the test site (testdata/site) with one hostile change,
// written once under dist/bench/budgets. A budget of the build adds its
// worst input to inputs below: a name, what it writes into the content
// tree, and a piece of the problem the build must print.
package main

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// input is the worst case of one budget.
type input struct {
	name string
	// write adds the hostile files to the content tree at dir.
	write func(dir string) error
	// want is a piece of the problem the build must print; "" for the
	// worst input within a budget, which the build must build.
	want string
}

// page is a Markdown page at /notes with body.
func page(dir, body string) error {
	return writeFile(dir, "pages/notes.md", []byte("---\ntitle: Notes\ndescription: Notes in Markdown.\nname: Notes\n---\n# Notes\n\n"+body+"\n"))
}

var inputs = []input{
	{
		// The reproduction: a PNG of zeros, 16000x16000, 1 MB on
		// disk, 1 GB decoded as RGBA; before the budget, 45 s and 2.4 GB.
		name: "png-bomb-16000",
		write: func(dir string) error {
			if err := writePNG(dir, "images/bomb.png", 16000, 16000); err != nil {
				return err
			}
			return page(dir, "![A bomb](/images/bomb.png)")
		},
		want: "over the limit of 50",
	},
	{
		// Four of them: 200 s and 4.8 GB before.
		name: "png-bomb-16000-x4",
		write: func(dir string) error {
			var body []string
			for i := range 4 {
				name := fmt.Sprintf("images/bomb-%d.png", i)
				if err := writePNG(dir, name, 16000, 16000); err != nil {
					return err
				}
				body = append(body, fmt.Sprintf("![Bomb %d](/%s)", i, name))
			}
			return page(dir, strings.Join(body, "\n\n"))
		},
		want: "over the limit of 50",
	},
	{
		// Just over the limit of pixels per image, within the one per side.
		name: "png-pixels-7072",
		write: func(dir string) error {
			if err := writePNG(dir, "images/big.png", 7072, 7072); err != nil {
				return err
			}
			return page(dir, "![Big](/images/big.png)")
		},
		want: "50 megapixels, over the limit of 50",
	},
	{
		// Nine photos within the limit each, over the budget of them all.
		name: "png-total-9x49mp",
		write: func(dir string) error {
			var body []string
			for i := range 9 {
				name := fmt.Sprintf("images/p-%d.png", i)
				if err := writePNG(dir, name, 7000, 7000); err != nil {
					return err
				}
				body = append(body, fmt.Sprintf("![Photo %d](/%s)", i, name))
			}
			return page(dir, strings.Join(body, "\n\n"))
		},
		want: "over the build's budget of 400",
	},
	{
		// An SVG as large as a drawing may be (5 MB), its script at the
		// end: all of it is read before the refusal.
		name: "svg-5mb-script-at-end",
		write: func(dir string) error {
			var b bytes.Buffer
			b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">` + "\n")
			for b.Len() < 5<<20-200 {
				b.WriteString(`<rect x="1" y="2" width="3" height="4" fill="#FF6B35"/>` + "\n")
			}
			b.WriteString("<script>alert(1)</script></svg>\n")
			if err := writeFile(dir, "images/big.svg", b.Bytes()); err != nil {
				return err
			}
			return page(dir, "![Big](/images/big.svg)")
		},
		want: "holds a <script>",
	},
	{
		// Groups nested as deep as 5 MB allows.
		name: "svg-deep-nesting",
		write: func(dir string) error {
			var b bytes.Buffer
			b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">`)
			n := (5<<20 - 200) / 7
			b.WriteString(strings.Repeat("<g>", n/2))
			b.WriteString(strings.Repeat("</g>", n/2))
			b.WriteString("</svg>\n")
			if err := writeFile(dir, "images/deep.svg", b.Bytes()); err != nil {
				return err
			}
			return page(dir, "![Deep](/images/deep.svg)")
		},
		want: "nests elements more than",
	},
	{
		// An SVG over the limit of a drawing's size.
		name: "svg-40mb",
		write: func(dir string) error {
			var b bytes.Buffer
			b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">` + "\n")
			for b.Len() < 40<<20-200 {
				b.WriteString(`<rect x="1" y="2" width="3" height="4" fill="#FF6B35"/>` + "\n")
			}
			b.WriteString("</svg>\n")
			if err := writeFile(dir, "images/big.svg", b.Bytes()); err != nil {
				return err
			}
			return page(dir, "![Big](/images/big.svg)")
		},
		want: "over the limit of 5 MB",
	},
	{
		// A file over the largest the build reads, named as an image: it
		// is refused from its size, not read.
		name: "file-1gb",
		write: func(dir string) error {
			f, err := os.Create(filepath.Join(dir, "images/huge.png"))
			if err != nil {
				return err
			}
			defer f.Close()
			if err := f.Truncate(1 << 30); err != nil { // sparse: no disk
				return err
			}
			return page(dir, "![Huge](/images/huge.png)")
		},
		want: "over 64 MB",
	},
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "budgets:", err)
		os.Exit(1)
	}
}

func run() error {
	build := flag.String("build", "dist/bin/build", "the cmd/build `binary`")
	frontend := flag.String("frontend", "frontend", "frontend `dir`")
	site := flag.String("site", "testdata/site", "the test site's content `dir`")
	work := flag.String("work", "dist/bench/budgets", "`dir` for the inputs")
	runs := flag.Int("runs", 3, "runs of each input; the table gives the worst")
	only := flag.String("only", "", "measure only the input of this `name`")
	flag.Parse()
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		return errors.New("/usr/bin/time is missing (Debian: apt-get install time)")
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("== budgets: the worst input of each, refused by %s (worst of %d runs; load %s)\n", *build, *runs, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Printf("%-26s %8s %8s %10s  %s\n", "input", "wall s", "CPU s", "peak MB", "verdict")
	failed := false
	for _, in := range slices.Concat(inputs, textInputs) {
		if *only != "" && in.name != *only {
			continue
		}
		dir := filepath.Join(*work, in.name)
		content := filepath.Join(dir, "content")
		if _, err := os.Stat(content); err != nil {
			os.RemoveAll(dir)
			if err := os.CopyFS(content, os.DirFS(*site)); err != nil {
				return err
			}
			if err := in.write(content); err != nil {
				return fmt.Errorf("%s: %w", in.name, err)
			}
		}
		var wall, cpu time.Duration
		var peak int64
		verdict := "ok"
		for range *runs {
			w, c, rss, out, err := measure(*build, "-content", content, "-frontend", *frontend, "-out", filepath.Join(dir, "dist", "site"))
			if err != nil {
				return fmt.Errorf("%s: %w", in.name, err)
			}
			wall, cpu, peak = max(wall, w), max(cpu, c), max(peak, rss)
			switch {
			case in.want == "" && strings.Contains(out, "build failed"):
				verdict = fmt.Sprintf("REFUSED, want it built:\n%s", out)
			case in.want == "":
			case !strings.Contains(out, "build failed"):
				verdict = "NOT REFUSED"
			case !strings.Contains(out, in.want):
				verdict = fmt.Sprintf("refused without %q:\n%s", in.want, out)
			}
		}
		// On a machine busier than its cores, the wall time measures the
		// others' work: the CPU time is the build's.
		slow := wall > 5*time.Second
		if busy() {
			slow = cpu > 5*time.Second
		}
		if verdict == "ok" && (slow || peak > 1<<30) {
			verdict = "OVER 5 s OR 1 GB"
		}
		failed = failed || verdict != "ok"
		fmt.Printf("%-26s %8.2f %8.2f %10.0f  %s\n", in.name, wall.Seconds(), cpu.Seconds(), float64(peak)/(1<<20), verdict)
	}
	if failed {
		return errors.New("an input was not refused within its budget")
	}
	return nil
}

// measure runs the command under /usr/bin/time -v and returns its wall
// time, CPU time (user and system: what a busy machine does not stretch),
// peak resident set and output.
func measure(name string, args ...string) (wall, cpu time.Duration, rss int64, output string, err error) {
	statsFile, err := os.CreateTemp("", "budgets-time-*")
	if err != nil {
		return 0, 0, 0, "", err
	}
	statsFile.Close()
	defer os.Remove(statsFile.Name())
	var out bytes.Buffer
	cmd := exec.Command("/usr/bin/time", append([]string{"-v", "-o", statsFile.Name(), name}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return 0, 0, 0, "", err
	}
	data, err := os.ReadFile(statsFile.Name())
	if err != nil {
		return 0, 0, 0, "", err
	}
	stats := bytes.NewBuffer(data)
	sc := bufio.NewScanner(stats)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "Maximum resident set size (kbytes): "); ok {
			kb, _ := strconv.ParseInt(v, 10, 64)
			rss = kb << 10
		}
		if v, ok := strings.CutPrefix(line, "Elapsed (wall clock) time (h:mm:ss or m:ss): "); ok {
			wall = parseClock(v)
		}
		for _, p := range []string{"User time (seconds): ", "System time (seconds): "} {
			if v, ok := strings.CutPrefix(line, p); ok {
				f, _ := strconv.ParseFloat(v, 64)
				cpu += time.Duration(f * float64(time.Second))
			}
		}
	}
	if rss == 0 {
		return 0, 0, 0, "", fmt.Errorf("no figures from /usr/bin/time:\n%s", stats.String())
	}
	return wall, cpu, rss, out.String(), nil
}

// busy reports whether the load average is over the number of cores.
func busy() bool {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return false
	}
	load, _ := strconv.ParseFloat(f[0], 64)
	return load > float64(runtime.NumCPU())
}

// parseClock reads h:mm:ss or m:ss.ss.
func parseClock(s string) time.Duration {
	parts := strings.Split(s, ":")
	slices.Reverse(parts)
	var d time.Duration
	for i, p := range parts {
		f, _ := strconv.ParseFloat(p, 64)
		d += time.Duration(f * float64(time.Second) * []float64{1, 60, 3600}[min(i, 2)])
	}
	return d
}

func writeFile(dir, name string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// writePNG writes a w x h RGBA PNG of zeros, streaming its rows through
// the compressor: a 16000 px square is 1 MB on disk.
func writePNG(dir, name string, w, h int) error {
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, 1+4*w) // filter byte 0, then zeros
	for range h {
		zw.Write(row)
	}
	zw.Close()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h))
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0)) // 8-bit RGBA
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return os.WriteFile(p, b.Bytes(), 0o644)
}
