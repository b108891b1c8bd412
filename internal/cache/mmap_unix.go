//go:build unix

package cache

import (
	"os"
	"syscall"
)

// mapFile maps the file at path read-only, shared: the page cache's pages
// used in place. A mapping is never unmapped (what decodes it may keep
// strings over it), and an entry is replaced by renaming another over it,
// never rewritten in place, so the pages stay those of the file opened.
func mapFile(path string) ([]byte, error) {
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
		return os.ReadFile(path)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return os.ReadFile(path)
	}
	return b, nil
}
