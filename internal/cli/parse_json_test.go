package cli

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crules/crules/internal/golden"
)

// TestParseJSONBytes holds the bytes parse --json prints for published
// files of each kind (the 1999 banner layout with its index, a hard-wrapped
// Windows-1252 file, UTF-16 with a byte-order mark, the newest) as their
// size and SHA-256 in testdata/parse-json.golden (go test -update rewrites
// it): the trees are too large to keep whole, and the printer must not
// change one byte of them.
func TestParseJSONBytes(t *testing.T) {
	var got bytes.Buffer
	for _, f := range []string{"CR-1999-04-23.txt", "CR-2003-10-01.txt", "CR-2005-10-01.txt", "CR-2016-08-26.txt", "CR-2026-01-16.txt"} {
		code, out, errs := run(t, "parse", "--quiet", filepath.Join("..", "..", "..", "shared", "corpus", f), "--json")
		if code != ExitOK {
			t.Fatalf("parse %s --json: exit %d: %s", f, code, errs)
		}
		fmt.Fprintf(&got, "%s %d %x\n", f, len(out), sha256.Sum256([]byte(out)))
	}
	golden.Check(t, filepath.Join("testdata", "parse-json.golden"), got.Bytes())
}
