package cache

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/crules/crules/internal/flock"
)

// Lock takes the lock of the entry at path, shared by every process that
// builds it, waiting while another holds it, and returns its release. The
// caller looks for the entry again once it holds the lock: another process
// may have built it meanwhile. When the lock cannot be taken (a cache
// folder that cannot be written), the entry is built unlocked: the
// release is then a no-op and err says why.
//
// The lock is a hidden file beside the entry, ".<name>.lock", locked with
// flock(2) where the system has it, so that it is released when its
// holder exits however it exits; the file itself stays.
func Lock(path string) (release func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return func() {}, err
	}
	dir, name := filepath.Split(path)
	f, err := os.OpenFile(filepath.Join(dir, "."+name+".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return func() {}, err
	}
	if err := flock.Lock(f); err != nil {
		f.Close()
		return func() {}, err
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}

// RemoveTemps removes what interrupted writes of the entry at path left
// beside it: an index's "<name>.tmp*" folders and a file's
// ".<name>.tmp*" (see atomicfile). Only a holder of the entry's Lock may
// call it: no other process is then writing them.
func RemoveTemps(path string) {
	dir, name := filepath.Split(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, name+".tmp") || strings.HasPrefix(n, "."+name+".tmp") {
			_ = os.RemoveAll(filepath.Join(dir, n))
		}
	}
}
