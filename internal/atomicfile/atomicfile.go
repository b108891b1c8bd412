// Package atomicfile writes files whole or not at all: through a temporary
// file in the same folder, renamed into place, so an interrupted write
// leaves no half-written file and two writers racing each leave a whole
// one.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to path (mode 0644) atomically.
func Write(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer Track(tmp.Name())()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
