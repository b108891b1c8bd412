package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines bounds the package's non-test source: the command line stays a
// thin front end (flags → options → one library call → a printer), its
// logic in the library and render.
const maxLines = 1500

// TestThin counts the lines of the package's non-test .go files, as
// cat $(ls internal/cli/*.go | grep -v _test.go) | wc -l counts them.
func TestThin(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lines, counted := 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += bytes.Count(b, []byte("\n"))
		counted++
	}
	if counted == 0 {
		t.Fatal("no source files counted")
	}
	if lines > maxLines {
		t.Errorf("internal/cli has %d non-test lines in %d files, more than %d: move what is not flag parsing or a printing choice into the library or render", lines, counted, maxLines)
	}
	t.Logf("%d lines in %d files", lines, counted)
}
