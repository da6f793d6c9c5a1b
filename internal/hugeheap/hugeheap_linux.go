package hugeheap

import (
	"os"
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

func advise(n int) int {
	if mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil || strings.Contains(string(mode), "[never]") {
		return 0
	}
	// Chunks, not one allocation: the runtime zeroes an allocation that
	// begins in memory it has used before (a gap its start-up left), and a
	// zeroed allocation is touched, 4 KB at a time, before the advice.
	chunks := make([][]byte, n/chunk)
	for i := range chunks {
		chunks[i] = make([]byte, chunk)
	}
	advised := 0
	for beg, end := range spans(chunks) {
		beg, end = alignUp(beg), end&^(hugePage-1)
		// The addresses as numbers: the system call takes them so, and
		// the range crosses from one chunk into the next.
		if beg < end {
			if _, _, errno := unix.Syscall(unix.SYS_MADVISE, beg, end-beg, unix.MADV_HUGEPAGE); errno == 0 {
				advised += int(end - beg)
			}
		}
	}
	runtime.KeepAlive(chunks)
	chunks = nil
	runtime.GC()
	return advised
}

// spans yields the address ranges the chunks cover, adjacent chunks as
// one range.
func spans(chunks [][]byte) func(yield func(beg, end uintptr) bool) {
	return func(yield func(beg, end uintptr) bool) {
		var beg, end uintptr
		for _, c := range chunks {
			p := uintptr(unsafe.Pointer(unsafe.SliceData(c)))
			if p != end && end != 0 {
				if !yield(beg, end) {
					return
				}
				beg = p
			} else if end == 0 {
				beg = p
			}
			end = p + uintptr(len(c))
		}
		if end != 0 {
			yield(beg, end)
		}
	}
}

func alignUp(p uintptr) uintptr { return (p + hugePage - 1) &^ (hugePage - 1) }
