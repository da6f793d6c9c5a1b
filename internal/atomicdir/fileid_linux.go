package atomicdir

import (
	"os"
	"syscall"
)

// fileID is what the file system says of a regular file (WriteKept).
func fileID(fi os.FileInfo) (id, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || !fi.Mode().IsRegular() {
		return id{}, false
	}
	return id{ino: int64(st.Ino), size: st.Size, mode: st.Mode, mtime: st.Mtim.Nano()}, true
}
