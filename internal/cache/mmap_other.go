//go:build !unix

package cache

import "os"

// mapFile reads the file where there is no mmap.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
