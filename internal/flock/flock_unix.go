//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package flock

import (
	"errors"
	"os"
	"syscall"
)

// Lock waits for an exclusive lock of f.
func Lock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}

// TryLock takes an exclusive lock of f if no one holds it, and tells
// whether it did.
func TryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
