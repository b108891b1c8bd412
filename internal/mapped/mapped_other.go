//go:build !unix

// Package mapped maps a cache file into memory, read-only; where there is
// no mmap it maps nothing and the caller reads the file.
package mapped

import "os"

// Open maps nothing where there is no mmap: nil bytes, the file's error.
func Open(path string) ([]byte, error) {
	_, err := os.Stat(path)
	return nil, err
}
