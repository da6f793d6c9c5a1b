//go:build !linux

package atomicdir

import "os"

// fileID gives no inode here: WriteKept writes every file.
func fileID(os.FileInfo) (id, bool) { return id{}, false }
