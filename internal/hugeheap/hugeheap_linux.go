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
	// Adjacent chunks are one range: a huge page may cross from one
	// chunk into the next. The addresses go to the system call as
	// numbers, as it takes them.
	advised := 0
	madvise := func(beg, end uintptr) {
		beg, end = (beg+hugePage-1)&^(hugePage-1), end&^(hugePage-1)
		if beg < end {
			if _, _, errno := unix.Syscall(unix.SYS_MADVISE, beg, end-beg, unix.MADV_HUGEPAGE); errno == 0 {
				advised += int(end - beg)
			}
		}
	}
	var beg, end uintptr
	for _, c := range chunks {
		p := uintptr(unsafe.Pointer(unsafe.SliceData(c)))
		if p != end {
			madvise(beg, end)
			beg = p
		}
		end = p + uintptr(len(c))
	}
	madvise(beg, end)
	runtime.KeepAlive(chunks)
	runtime.GC() // the chunks back to the heap
	return advised
}
