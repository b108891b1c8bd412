package cache

import (
	"os"

	"github.com/crules/crules/internal/mapped"
)

// mapFile maps the file at path (see package mapped), or reads it where
// it cannot.
func mapFile(path string) ([]byte, error) {
	b, err := mapped.Open(path)
	if b == nil && err == nil {
		return os.ReadFile(path)
	}
	return b, err
}
