//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import (
	"os"
	"syscall"
)

// lockFile waits for an exclusive flock(2) of f.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}
