// Command images compares the build's image stage (generator/imagefiles) with
// sharp (libvips, bench/sharp) on the same originals, for make bench:
//
//	go run ./bench/images [-n 20] [-width 2400] [-dir dist/bench/images]
//
// It draws n photo-like originals (imagetest.Photo, with EXIF), processes
// them cold with the site's settings on every core, then with sharp
// (its defaults, at the same qualities: AVIF effort 4), then
// again from a warm disk cache (what cmd/build -cache does for an
// unchanged image), and prints the wall times, the AVIF bytes and their
// ratios, with the CPU time of each (on a shared machine, the fairer
// comparison).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/vozia/site/generator/imagefiles"
	"github.com/vozia/site/internal/testkit/imagetest"
)

func main() {
	n := flag.Int("n", 20, "originals")
	width := flag.Int("width", 2400, "width of each original (3:2)")
	dir := flag.String("dir", "dist/bench/images", "working `dir`")
	flag.Parse()
	if err := run(*n, *width, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "images:", err)
		os.Exit(1)
	}
}

func run(n, width int, dir string) error {
	os.RemoveAll(dir)
	in := filepath.Join(dir, "originals")
	if err := os.MkdirAll(in, 0o755); err != nil {
		return err
	}
	var srcs []imagefiles.Source
	var total int
	for i := range n {
		data := imagetest.JPEG(imagetest.Photo(width, width*2/3, uint64(i+1)), 90, 1+i%2*5) // every other one sideways (6)
		name := fmt.Sprintf("photo-%02d.jpg", i)
		if err := os.WriteFile(filepath.Join(in, name), data, 0o644); err != nil {
			return err
		}
		srcs = append(srcs, imagefiles.Source{Name: "images/" + name, Data: data})
		total += len(data)
	}
	fmt.Printf("== images: %d originals of %dx%d, %.1f MB of JPEG in all\n", n, width, width*2/3, float64(total)/(1<<20))

	cache := filepath.Join(dir, "cache")
	start, cpu0 := time.Now(), cpuTime(syscall.RUSAGE_SELF)
	res, err := imagefiles.NewProcessor(imagefiles.Default, cache).Process(context.Background(), srcs)
	if err != nil {
		return err
	}
	goWall, goCPU := time.Since(start), cpuTime(syscall.RUSAGE_SELF)-cpu0
	goBytes := map[imagefiles.Format]int{}
	for _, r := range res {
		for _, v := range r.Variants {
			goBytes[v.Format] += len(r.Files[v.Path])
		}
	}

	start = time.Now()
	out, err := exec.Command("node", "bench/sharp/process.mjs", in, filepath.Join(dir, "sharp")).Output()
	if err != nil {
		return fmt.Errorf("sharp: %w", err)
	}
	sharpWall, sharpCPU := time.Since(start), cpuTime(syscall.RUSAGE_CHILDREN)
	var sharpBytes map[string]int
	if err := json.Unmarshal(out, &sharpBytes); err != nil {
		return fmt.Errorf("sharp printed %q: %w", out, err)
	}

	start = time.Now()
	warm := imagefiles.NewProcessor(imagefiles.Default, cache)
	if _, err := warm.Process(context.Background(), srcs); err != nil {
		return err
	}
	warmWall := time.Since(start)
	if warm.Encoded() != 0 {
		return fmt.Errorf("the warm run encoded %d originals", warm.Encoded())
	}

	fmt.Printf("%-28s %10s %10s %10s %10s %10s\n", "", "wall", "CPU", "AVIF", "WebP", "JPEG")
	fmt.Printf("%-28s %10s %10s %9.0fK %9.0fK %9.0fK\n", "generator/images (cold)", goWall.Round(time.Millisecond), goCPU.Round(time.Millisecond), kb(goBytes[imagefiles.AVIF]), kb(goBytes[imagefiles.WebP]), kb(goBytes[imagefiles.JPEG]))
	fmt.Printf("%-28s %10s %10s %9.0fK %9.0fK %9.0fK\n", "sharp (cold)", sharpWall.Round(time.Millisecond), sharpCPU.Round(time.Millisecond), kb(sharpBytes["avif"]), kb(sharpBytes["webp"]), kb(sharpBytes["jpeg"]))
	fmt.Printf("%-28s %9.2fx %9.2fx %9.2fx %9.2fx %9.2fx   (targets: wall at most 3x, AVIF at most 1.1x)\n", "ratio", goWall.Seconds()/sharpWall.Seconds(), goCPU.Seconds()/sharpCPU.Seconds(),
		ratio(goBytes[imagefiles.AVIF], sharpBytes["avif"]), ratio(goBytes[imagefiles.WebP], sharpBytes["webp"]), ratio(goBytes[imagefiles.JPEG], sharpBytes["jpeg"]))
	fmt.Printf("%-28s %10s   (target: under 100 ms)\n", "generator/images (warm cache)", warmWall.Round(time.Millisecond))
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("load average: %s\n", strings.TrimSpace(string(load)))
	return nil
}

// cpuTime is the user and system time of this process or of its waited-for children.
func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func kb(n int) float64 { return float64(n) / 1024 }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
