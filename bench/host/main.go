// Command host prints what the machine charges for the three things a
// build and a test suite do most besides computing: touching memory a
// process has not touched before, crossing into the kernel, and starting a
// process. make bench prints it first, because every timing after it is
// read against it.
//
// The same project's figures move with the host, and not in step: on one
// virtual machine of the same kind (2 cores), a first touch of a page cost
// 12 µs, a system call 1 µs and a start of /bin/true 2.9 ms; there the
// build's 137 MB took 28,500 page faults, a third of its CPU, and make
// test 14 million, in 1,200 CPU-s where another host of the kind had
// taken 450 (docs/measurements.md, 2 December 2026). A figure with this
// table beside it can be compared with another.
//
//	go run ./bench/host [-mb 128]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

func main() {
	mb := flag.Int("mb", 128, "MB of fresh memory to touch")
	flag.Parse()
	page := os.Getpagesize()

	// Fresh anonymous memory, one write a page: each write is a page
	// fault, as a growing heap meets them.
	n := *mb << 20
	fault := best(3, func() time.Duration {
		b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			fail(err)
		}
		defer syscall.Munmap(b)
		start := time.Now()
		for i := 0; i < n; i += page {
			b[i] = 1
		}
		return time.Since(start) / time.Duration(n/page)
	})

	// The cheapest system call there is.
	const calls = 100_000
	call := best(3, func() time.Duration {
		start := time.Now()
		for range calls {
			syscall.Getppid()
		}
		return time.Since(start) / calls
	})

	// A process started and waited for, as make and go test do thousands
	// of times.
	const starts = 20
	start := best(3, func() time.Duration {
		t := time.Now()
		for range starts {
			if err := exec.Command("/bin/true").Run(); err != nil {
				fail(err)
			}
		}
		return time.Since(t) / starts
	})

	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("== host: %d cores, load %s", runtime.NumCPU(), load)
	fmt.Printf("  first touch of a page (%d KB)  %8.2f µs\n", page>>10, us(fault))
	fmt.Printf("  system call (getppid)        %8.2f µs\n", us(call))
	fmt.Printf("  start of /bin/true           %8.2f ms\n", us(start)/1000)
}

// best is the least of runs measurements: the machine's price, with as
// little of the other processes' noise as a few runs can shed.
func best(runs int, measure func() time.Duration) time.Duration {
	least := measure()
	for range runs - 1 {
		least = min(least, measure())
	}
	return least
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "host:", err)
	os.Exit(1)
}
