// Package corpustest parses the embedded corpus once for the tests of a
// package: every revision, oldest first.
package corpustest

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
)

var (
	once sync.Once
	revs []corpus.Revision
	docs []*parse.Document
	err  error
)

// Docs returns every embedded revision and its parse, oldest first.
func Docs(t testing.TB) ([]corpus.Revision, []*parse.Document) {
	t.Helper()
	once.Do(func() {
		var a *corpus.Archive
		if a, err = corpus.Default(); err != nil {
			return
		}
		var texts [][]byte
		if texts, err = a.All(); err != nil {
			return
		}
		revs = a.Revisions()
		docs = make([]*parse.Document, len(revs))
		for i, r := range revs {
			if docs[i], err = parse.Parse(r.File, texts[i]); err != nil {
				err = fmt.Errorf("%s: %w", r.File, err)
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return revs, docs
}

// MainWithCache runs a package's tests with a cache directory of their own
// ($CRULES_CACHE), removed afterwards: call it from TestMain.
func MainWithCache(m *testing.M) int {
	dir, err := os.MkdirTemp("", "crules-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv("CRULES_CACHE", dir)
	return m.Run()
}
