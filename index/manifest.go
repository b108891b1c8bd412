package index

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The completion marker of an index folder is its manifest: every file
// bleve wrote (index_meta.json, store/root.bolt, the segments) with its
// size and CRC-32C, written last. Open checks every file against it before
// bleve reads a byte, so a truncated or overwritten file is a damaged
// index, rebuilt, never a panic or a wrong answer; a marker that is
// missing, cut short or altered is one too.
const manifestHeader = "crules index manifest 1\n"

// ErrDamaged is wrapped in the error of Open for an index whose files do
// not match its manifest, and in the error of a search that bleve could
// not finish on a damaged index (a panic recovered): the index must be
// built again.
var ErrDamaged = errors.New("damaged index")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// writeManifest writes the manifest of the index folder dir into it.
func writeManifest(dir string) error {
	var b bytes.Buffer
	b.WriteString(manifestHeader)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == completeMarker {
			return err
		}
		size, sum, err := checksum(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%08x %d %s\n", sum, size, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, completeMarker), b.Bytes(), 0o644)
}

// verify checks the files of the index folder dir against its manifest.
// A missing manifest is ErrNotBuilt; any difference is ErrDamaged.
func verify(dir string) error {
	raw, err := os.ReadFile(filepath.Join(dir, completeMarker))
	if err != nil {
		return fmt.Errorf("%w: %s", ErrNotBuilt, dir)
	}
	body, ok := strings.CutPrefix(string(raw), manifestHeader)
	if !ok || !strings.HasSuffix(body, "\n") {
		return fmt.Errorf("%w: %s: no manifest", ErrDamaged, dir)
	}
	files := 0
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), " ", 3)
		if len(f) != 3 || !filepath.IsLocal(filepath.FromSlash(f[2])) {
			return fmt.Errorf("%w: %s: a bad line in the manifest", ErrDamaged, dir)
		}
		sum, err1 := strconv.ParseUint(f[0], 16, 32)
		size, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%w: %s: a bad line in the manifest", ErrDamaged, dir)
		}
		gotSize, gotSum, err := checksum(filepath.Join(dir, filepath.FromSlash(f[2])))
		if err != nil || gotSize != size || gotSum != uint32(sum) {
			return fmt.Errorf("%w: %s: %s differs from the manifest", ErrDamaged, dir, f[2])
		}
		files++
	}
	if files == 0 {
		return fmt.Errorf("%w: %s: an empty manifest", ErrDamaged, dir)
	}
	return nil
}

// checksum returns the size and CRC-32C of the file at path.
func checksum(path string) (int64, uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	h := crc32.New(castagnoli)
	n, err := io.CopyBuffer(h, f, make([]byte, 1<<18))
	return n, h.Sum32(), err
}
