package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// The helper process of TestAdviseBacksTheHeapWithHugePages: it allocates
// and touches 16 MB, with or without the advice first, and prints how
// much of the mappings they lie in the kernel backs with huge pages.
func TestMain(m *testing.M) {
	if mode := os.Getenv("HUGEHEAP_HELPER"); mode != "" {
		if mode == "advise" {
			Advise(64 << 20)
		}
		b := make([]byte, 16<<20)
		for i := range len(b) / 4096 {
			b[i*4096] = 1
		}
		p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		fmt.Println(hugeKB(p, p+uintptr(len(b))))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestAdviseBacksTheHeapWithHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("this kernel gives no transparent huge pages (%q, %v)", mode, err)
	}
	advised := helper(t, "advise")
	if advised < 8<<10 {
		t.Errorf("after Advise, 16 MB allocated and touched lie in %d kB of huge pages, want at least 8 MB", advised)
	}
	// The control: where the kernel gives huge pages only to memory asked
	// for (the usual default), the heap has none without the advice.
	if strings.Contains(string(mode), "[madvise]") {
		if plain := helper(t, "plain"); plain != 0 {
			t.Errorf("without Advise, the heap lies in %d kB of huge pages, want none: the test cannot tell the advice's work", plain)
		}
	}
}

func helper(t *testing.T, mode string) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "HUGEHEAP_HELPER="+mode)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("helper (%s): %v", mode, err)
	}
	kb, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("helper (%s) printed %q", mode, out)
	}
	return kb
}

// hugeKB is the AnonHugePages of the mappings that overlap [lo, hi), in
// kB, from /proc/self/smaps: the allocation may begin in memory before the
// advice's first whole huge page, a mapping of its own.
func hugeKB(lo, hi uintptr) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return -1
	}
	defer f.Close()
	in, kb := false, 0
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if r, _, ok := strings.Cut(line, " "); ok && strings.Contains(r, "-") && !strings.HasSuffix(r, ":") {
			b, e, _ := strings.Cut(r, "-")
			beg, err1 := strconv.ParseUint(b, 16, 64)
			end, err2 := strconv.ParseUint(e, 16, 64)
			if err1 == nil && err2 == nil {
				in = beg < uint64(hi) && uint64(lo) < end
				continue
			}
		}
		if v, ok := strings.CutPrefix(line, "AnonHugePages:"); ok && in {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			kb += n
		}
	}
	return kb
}
