// Package cache keeps derived data (lineages, search indexes) under the
// user's cache directory, keyed by the corpus and a format version, so a
// stale or corrupt entry is rebuilt rather than trusted.
//
// Entries are written through a temporary file and renamed into place, so
// two processes building the same entry at once each leave a whole file.
package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/crules/crules/internal/atomicfile"
)

// Dir is the root of crules' cache: os.UserCacheDir()/crules, or
// $CRULES_CACHE when set.
func Dir() (string, error) {
	if d := os.Getenv("CRULES_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory: %w", err)
	}
	return filepath.Join(d, "crules"), nil
}

// Path is where an entry named name lives for a corpus hash and format
// version under the cache root dir (Dir, or another):
// dir/<hash>/<name>.v<version>.
func Path(dir, corpusHash, name string, version int) string {
	if len(corpusHash) > 16 {
		corpusHash = corpusHash[:16]
	}
	return filepath.Join(dir, corpusHash, fmt.Sprintf("%s.v%d", name, version))
}

// Load reads the entry at path, written by Store, with decode, once its
// checksum holds. A missing entry is reported as os.ErrNotExist; a wrong
// checksum or a decode error means a corrupt or foreign entry.
func Load(path string, decode func(io.Reader) error) error {
	b, err := LoadBytes(path)
	if err != nil {
		return err
	}
	return decode(bytes.NewReader(b))
}

// LoadBytes returns what Store wrote at path, in one read, once its
// checksum holds: for a decoder that keeps pointing into the bytes. A
// missing entry is os.ErrNotExist, a wrong checksum ErrDamaged.
func LoadBytes(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n := len(b) - crc32.Size
	if n < 0 || crc32.Checksum(b[:n], castagnoli) != binary.BigEndian.Uint32(b[n:]) {
		return nil, ErrDamaged
	}
	return b[:n], nil
}

// MapBytes is LoadBytes with the entry mapped into memory, not read into
// the heap: for a decoder whose result points into the bytes (a cached
// tree), which may then only be read. The pages are the page cache's,
// faulted in a few at a time as they are read, none copied.
func MapBytes(path string) ([]byte, error) {
	b, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	n := len(b) - crc32.Size
	if n < 0 || crc32.Checksum(b[:n], castagnoli) != binary.BigEndian.Uint32(b[n:]) {
		return nil, ErrDamaged
	}
	return b[:n:n], nil
}

// ErrDamaged is what Load reports of an entry whose checksum fails.
var ErrDamaged = errors.New("damaged cache entry")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Store writes the entry at path with encode, atomically, followed by the
// CRC-32C of what encode wrote, which Load checks.
func Store(path string, encode func(io.Writer) error) error {
	return store(path, encode, true)
}

// StoreOwn writes the entry at path with encode, atomically, as it is: for
// a format that checks itself (the lineage) and is not read by Load.
func StoreOwn(path string, encode func(io.Writer) error) error {
	return store(path, encode, false)
}

func store(path string, encode func(io.Writer) error, sum bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		return err
	}
	if sum {
		buf.Write(binary.BigEndian.AppendUint32(nil, crc32.Checksum(buf.Bytes(), castagnoli)))
	}
	return atomicfile.Write(path, buf.Bytes())
}

// Prune removes the entries beside the one at path whose names begin with
// family but which are not it: what older versions of crules (another
// format version, another lexicon) left there. Errors are ignored: a
// stale entry left behind is harmless.
func Prune(path, family string) {
	dir, keep := filepath.Split(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); n != keep && strings.HasPrefix(n, family) && !strings.Contains(n, ".tmp") {
			_ = os.RemoveAll(filepath.Join(dir, n))
		}
	}
}
