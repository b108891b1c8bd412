//go:build !unix

package diff

import "os"

// mapFile maps nothing where there is no mmap: the lineage is read with
// pread, part by part.
func mapFile(*os.File, int64) ([]byte, bool) { return nil, false }
