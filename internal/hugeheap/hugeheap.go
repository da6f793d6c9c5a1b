// Package hugeheap asks the kernel to back the next part of the Go heap
// with transparent huge pages (2 MB each) rather than 4 KB ones.
//
// A build is one burst of allocation that ends with the process: nearly
// every byte of its heap is memory the process touches for the first
// time, and each first touch of a 4 KB page is a fault into the kernel.
// On the virtual machines the project builds on, a fault costs 10 to
// 13 µs (bench/host): the shipped site's 100 MB heap took 18,600 faults,
// a quarter of the build's processor time. A 2 MB page is one fault.
//
// Go's runtime leaves its heap to the system's default, which on most
// Linux distributions is huge pages only where a program asks for them
// ("madvise" in /sys/kernel/mm/transparent_hugepage/enabled); Go 1.21.0
// asked, for every program, and 1.21.1 stopped, for long-running servers
// whose memory the kernel then kept in huge pages they hardly used. A
// build is not one: Advise asks for its process alone.
//
// What it costs: memory rounded up to 2 MB where the heap is sparse (a
// build's is dense: the shipped site's peak was 108 MB against 102), and,
// where the system's "defrag" setting is "madvise" (the usual default)
// and its free memory is fragmented, a fault may wait while the kernel
// compacts memory for a huge page. Where huge pages are off ("never"),
// Advise does nothing.
package hugeheap

// chunk is what Advise allocates at a time: a multiple of the huge page,
// small enough that the one chunk the runtime may zero (memory it reuses,
// not fresh from the system) costs little.
const chunk = 4 << 20

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// Advise maps the next n bytes of the Go heap without touching them,
// asks the kernel to back them with huge pages when they are first
// touched (madvise MADV_HUGEPAGE), and hands them back to the heap, which
// allocates from its lowest free addresses first: the allocations that
// follow land there. It returns how many bytes the advice covers: 0 where
// the kernel has no transparent huge pages or they are off.
//
// Call it first thing in main, once: it runs a garbage collection to
// return the memory to the heap.
func Advise(n int) int { return advise(n) }
