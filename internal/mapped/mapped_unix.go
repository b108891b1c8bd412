//go:build unix

// Package mapped maps a cache file into memory, read-only: the page
// cache's pages used in place, none copied, faulted in a few at a time as
// they are read.
package mapped

import (
	"os"
	"syscall"
)

// Open maps the file at path, shared and read-only, and returns its
// bytes; nil bytes where it cannot be mapped (an empty file, a size
// beyond an int, mmap refused), which the caller then reads. A mapping is
// never unmapped: what reads it may keep strings over it. A cache entry
// is replaced by renaming another over it, never rewritten in place, so
// the pages stay those of the file opened.
func Open(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size <= 0 || int64(int(size)) != size {
		return nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil
	}
	return b, nil
}
