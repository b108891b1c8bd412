// Package flock locks open files with flock(2) where the system has it:
// the lock is released when the file is closed or its holder exits,
// however it exits, so a lock that can be taken names a holder that is
// gone. Elsewhere every call reports errors.ErrUnsupported and the
// callers go on unlocked.
package flock
