package crules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/parse"
)

// TestTreeCached: a revision's parsed tree is cached by its first use and
// read by the next library (as by the next process) without parsing,
// equal to the parse; libraries racing on an empty cache each leave the
// one whole file; a tree file damaged anywhere (a bit flipped at every
// 1/17 of it, cut short, emptied) is refused and written again, and the document is
// still the parse.
func TestTreeCached(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var wg sync.WaitGroup
	docs := make([]*crules.Document, 4)
	for i := range docs {
		wg.Go(func() {
			lib, err := crules.Open(crules.Options{CacheDir: dir})
			if err != nil {
				t.Error(err)
				return
			}
			defer lib.Close()
			if docs[i], err = lib.Document(lib.Latest().Source()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	lib := open(t, crules.Options{CacheDir: dir})
	r := lib.Latest()
	text, err := lib.Archive().Text(r.Revision())
	if err != nil {
		t.Fatal(err)
	}
	want, err := parse.Parse(r.Revision().File, text)
	if err != nil {
		t.Fatal(err)
	}
	want.Encoding = parse.Encoding(r.Revision().Encoding)
	for i, d := range docs {
		if !reflect.DeepEqual(d.Document, want) {
			t.Fatalf("library %d: the document differs from the parse", i)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*tree-*"))
	if len(files) != 1 || strings.Contains(files[0], ".tmp") {
		t.Fatalf("cache files %v, want one tree", files)
	}
	path := files[0]
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// read opens a library on the cache, checks its document against the
	// parse and reports whether it wrote the tree file again.
	read := func(name string) (rewritten bool) {
		t.Helper()
		before, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		lib := open(t, crules.Options{CacheDir: dir})
		d, err := lib.Document(lib.Latest().Source())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(d.Document, want) {
			t.Fatalf("%s: the document differs from the parse", name)
		}
		after, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != string(good) {
			t.Fatalf("%s: the tree file holds another tree after the read", name)
		}
		return !os.SameFile(before, after)
	}
	if read("warm") {
		t.Error("warm: the tree was written again, not read")
	}
	damage := map[string]func([]byte) []byte{
		"cut short": func(b []byte) []byte { return b[:len(b)/2] },
		"empty":     func(b []byte) []byte { return nil },
	}
	for i := 0; i < len(good); i += len(good)/17 + 1 {
		damage[fmt.Sprintf("bit flipped at byte %d", i)] = func(b []byte) []byte {
			b[i] ^= 0x08
			return b
		}
	}
	for name, f := range damage {
		if err := os.WriteFile(path, f(append([]byte(nil), good...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if !read(name) {
			t.Errorf("%s: the damaged tree was not written again", name)
		}
	}
}

// BenchmarkDocumentLatest: a new library (as a new process) getting the
// latest revision's document: from the cached tree, and with no cache
// to read (decompressed from the archive and parsed; the tree cannot be
// written under a file, so each run parses).
func BenchmarkDocumentLatest(b *testing.B) {
	unwritable := filepath.Join(b.TempDir(), "file")
	if err := os.WriteFile(unwritable, nil, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, dir string }{{"cached", b.TempDir()}, {"parsed", filepath.Join(unwritable, "crules")}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lib, err := crules.Open(crules.Options{CacheDir: c.dir})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := lib.Document(lib.Latest().Source()); err != nil {
					b.Fatal(err)
				}
				lib.Close()
			}
		})
	}
}
