package crules_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules"
)

// TestFileSizeLimit: every way a file is read refuses one over the limit
// at once: a sparse 200 MB file by its size without reading a byte of it,
// /dev/zero once the limit has come, with ErrBadInput naming the file and
// the limit.
func TestFileSizeLimit(t *testing.T) {
	lib := open(t, crules.Options{})
	sparse := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(200 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	calls := map[string]func(path string) error{
		"ReadFile": func(p string) error { _, err := lib.ReadFile(p); return err },
		"Resolve":  func(p string) error { _, err := lib.Resolve("latest", p); return err },
		"SourceOf": func(p string) error { _, err := lib.SourceOf(p); return err },
		"SourcesOf": func(p string) error {
			_, err := lib.SourcesOf("latest", p)
			return err
		},
		"SimulateFiles": func(p string) error { _, err := lib.SimulateFiles("", p); return err },
		"CitePaths":     func(p string) error { _, err := lib.CitePaths(p); return err },
	}
	for _, tc := range []struct {
		path     string
		maxAlloc uint64 // bytes a call may allocate
	}{
		{sparse, 1 << 20},
		{"/dev/zero", 40 << 20},
	} {
		for name, call := range calls {
			limit := "32 MB"
			if name == "CitePaths" {
				limit = "16 MB" // the most cite reads of a file
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			err := call(tc.path)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, crules.ErrBadInput) || !strings.Contains(err.Error(), tc.path) || !strings.Contains(err.Error(), "limit of "+limit) {
				t.Errorf("%s(%s) = %v, want ErrBadInput naming the file and the limit of %s", name, tc.path, err, limit)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > tc.maxAlloc {
				t.Errorf("%s(%s) allocated %d MB, want at most %d MB", name, tc.path, alloc>>20, tc.maxAlloc>>20)
			}
			if took > 5*time.Second {
				t.Errorf("%s(%s) took %v", name, tc.path, took)
			}
		}
	}
}

// TestReadFromLimit: standard input is cut off once more than the limit
// has come.
func TestReadFromLimit(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zero.Close()
	if _, err := crules.ReadFrom("<stdin>", zero); !errors.Is(err, crules.ErrBadInput) || !strings.Contains(err.Error(), "<stdin>: file too large: more than the limit of 32 MB") {
		t.Errorf("ReadFrom(/dev/zero) = %v", err)
	}
	src, err := crules.ReadFrom("<stdin>", strings.NewReader("100.1. A rule.\n"))
	if err != nil || string(src.Data) != "100.1. A rule.\n" {
		t.Errorf("ReadFrom(a rule) = %q, %v", src.Data, err)
	}
}
