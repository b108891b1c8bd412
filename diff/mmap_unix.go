//go:build unix

package diff

import (
	"os"
	"syscall"
)

// mapFile maps the size bytes of f read-only, shared: the pages of the
// page cache used in place, none copied, read only where a history goes.
// The mapping is never unmapped: strings of the head (IDs, titles) are
// slices of it and may outlive the Lineage. A cache file is replaced by
// renaming another over it, never rewritten in place, so the pages mapped
// stay those of the file opened.
func mapFile(f *os.File, size int64) ([]byte, bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return b, true
}
