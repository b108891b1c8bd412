package index_test

import (
	"testing"

	"github.com/blevesearch/bleve/v2"
)

// TestFuzzyQueries: bleve's Levenshtein automata are built on first use
// (the vellum in third_party defers them from scorch's package init), and
// a fuzzy query still finds words one and two edits away, and only those.
func TestFuzzyQueries(t *testing.T) {
	ix, err := bleve.NewMemOnly(bleve.NewIndexMapping())
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for id, text := range map[string]string{"a": "convoke", "b": "splice onto arcane", "c": "cascade"} {
		if err := ix.Index(id, map[string]string{"text": text}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		term      string
		fuzziness int
		want      uint64
	}{
		{"convoek", 1, 0}, // a transposition is two edits to bleve
		{"convoek", 2, 1},
		{"cnvoke", 1, 1},
		{"cnvok", 1, 0},
		{"cnvok", 2, 1},
		{"splcie", 2, 1},
		{"zzzzzz", 2, 0},
	} {
		q := bleve.NewFuzzyQuery(c.term)
		q.SetFuzziness(c.fuzziness)
		res, err := ix.Search(bleve.NewSearchRequest(q))
		if err != nil {
			t.Fatalf("%s~%d: %v", c.term, c.fuzziness, err)
		}
		if res.Total != c.want {
			t.Errorf("%s~%d: %d hits, want %d", c.term, c.fuzziness, res.Total, c.want)
		}
	}
}
