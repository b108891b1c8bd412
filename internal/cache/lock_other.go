//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cache

import (
	"errors"
	"os"
)

// lockFile cannot lock f on this system: the entry is built unlocked, as
// before locks, and two processes may both build it (each leaves a whole
// entry, see Store).
func lockFile(*os.File) error { return errors.ErrUnsupported }
