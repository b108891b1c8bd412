package crules_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/crules/crules"
)

var (
	warmOnce sync.Once
	warmDir  string // the embedded revisions' entries in the package's cache
	warmErr  error
)

// warmCache returns a cache folder of the test's own that holds the
// embedded revisions' derived data (the lineage, the term counts, the
// search index of 2026-01-16), as a user who used crules before has it:
// a test of what an addition extends starts from there without building
// them again. They are built once per test binary, in the cache the
// package's tests share (TestMain), which the tests that use that cache
// read too; only the embedded archive's entries are copied.
func warmCache(t *testing.T) string {
	t.Helper()
	warmOnce.Do(func() {
		var lib *crules.Library
		if lib, warmErr = crules.Open(crules.Options{DataDir: t.TempDir()}); warmErr != nil {
			return
		}
		defer lib.Close()
		if _, warmErr = lib.Lineage(); warmErr != nil {
			return
		}
		if _, warmErr = lib.Terms(""); warmErr != nil {
			return
		}
		var r crules.Rev
		if r, warmErr = lib.Select("2026-01-16"); warmErr != nil {
			return
		}
		if _, warmErr = lib.BuildIndex(r, false); warmErr != nil {
			return
		}
		var dir string
		if dir, warmErr = lib.CacheDir(); warmErr != nil {
			return
		}
		warmDir = filepath.Join(dir, lib.Archive().BaseHash()[:16])
	})
	if warmErr != nil {
		t.Fatal(warmErr)
	}
	dst := t.TempDir()
	if err := os.CopyFS(filepath.Join(dst, filepath.Base(warmDir)), os.DirFS(warmDir)); err != nil {
		t.Fatal(err)
	}
	return dst
}
