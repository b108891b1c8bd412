// Package corpustest parses the embedded corpus once for the tests of a
// package: every revision, oldest first.
package corpustest

import (
	"fmt"
	"os"
	"strings"
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
// ($CRULES_CACHE) and an empty archive of added revisions ($CRULES_DATA),
// removed afterwards: call it from TestMain.
func MainWithCache(m *testing.M) int {
	dir, err := os.MkdirTemp("", "crules-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv("CRULES_CACHE", dir)
	data, err := os.MkdirTemp("", "crules-data")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(data)
	os.Setenv(corpus.DataDirEnv, data)
	return m.Run()
}

// Text returns the embedded text of revision rev (a selector, as
// corpus.Archive.Select takes it), decoded.
func Text(t testing.TB, rev string) string {
	t.Helper()
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := a.Select(rev)
	if err != nil {
		t.Fatal(err)
	}
	text, err := a.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// NewDate is the effective date of NewRevision.
const NewDate = "2026-02-27"

// NewWord is a word only NewRevision has.
const NewWord = "zephyrquill"

// NewRevision returns a revision the project has never seen, as Wizards
// would publish it (UTF-8 with a byte-order mark, CRLF line ends): the
// newest embedded one with its effective date moved to NewDate, a new
// keyword ability 702.190 Zephyrcall (its subrules use NewWord), a new
// subrule 702.187b of mayhem, which renumbers 702.187b and c to c and d,
// and flying (702.9b) reworded.
func NewRevision(t testing.TB) []byte {
	t.Helper()
	s := Text(t, "2026-01-16")
	edits := []struct{ old, new string }{
		{"These rules are effective as of January 16, 2026.", "These rules are effective as of February 27, 2026."},
		{"A creature with flying can block a creature with or without flying.", "A creature with flying can block a creature with or without flying or reach."},
		{"702.187c “Mayhem” without a cost", "702.187d “Mayhem” without a cost"},
		{"\n702.187b “Mayhem [cost]” means", "\n702.187b Mayhem appears on some split cards; each half may have its own mayhem ability.\n\n702.187c “Mayhem [cost]” means"},
		{"\n\n703. Turn-Based Actions\n\n703.1.", "\n\n702.190. Zephyrcall\n\n702.190a Zephyrcall is a triggered ability. “Zephyrcall” means “Whenever this creature attacks, create a 1/1 blue Bird creature token with flying named " + NewWord + ".”\n\n702.190b If a creature has multiple instances of zephyrcall, each triggers separately.\n\n703. Turn-Based Actions\n\n703.1."},
	}
	for _, e := range edits {
		if !strings.Contains(s, e.old) {
			t.Fatalf("NewRevision: 2026-01-16 has no %q", e.old)
		}
		s = strings.ReplaceAll(s, e.old, e.new)
	}
	return append([]byte("\uFEFF"), strings.ReplaceAll(s, "\n", "\r\n")...)
}
