//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package flock

import (
	"errors"
	"os"
)

// Lock cannot lock f on this system.
func Lock(*os.File) error { return errors.ErrUnsupported }

// TryLock cannot lock f on this system.
func TryLock(*os.File) (bool, error) { return false, errors.ErrUnsupported }
