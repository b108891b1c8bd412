//go:build !unix

package corpus

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// lockDir holds an exclusive lock on dir (its file .lock, created
// exclusively) until unlock is called, waiting up to a minute for another
// process that holds it.
func lockDir(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, ".lock")
	for deadline := time.Now().Add(time.Minute); ; {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) || time.Now().After(deadline) {
			return nil, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}
