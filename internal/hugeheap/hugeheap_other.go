//go:build !linux

package hugeheap

// advise does nothing: transparent huge pages are Linux's.
func advise(int) int { return 0 }
