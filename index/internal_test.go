package index

import (
	"encoding/binary"
	"path/filepath"
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/crules/crules/internal/corpustest"
)

// TestStoredByNumber reads every document of the latest revision back by
// its number, in a cached index, a memory index and one of several segments;
// a wrong number is noticed, and reading falls back to the ID.
func TestStoredByNumber(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	last := len(docs) - 1
	want := Documents(docs[last], revs[last].Name())
	dir := filepath.Join(t.TempDir(), "ix")
	if err := Build(dir, want, nil); err != nil {
		t.Fatal(err)
	}
	disk, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer disk.Close()
	mem, err := BuildMem(want)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	// Cached and memory indexes have one segment; numbers run on across
	// segments in one built in several batches.
	m, err := NewMapping()
	if err != nil {
		t.Fatal(err)
	}
	b, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for start := 0; start < len(want); start += 1000 {
		batch := b.NewBatch()
		for i := start; i < min(start+1000, len(want)); i++ {
			if err := batch.Index(bleveID(&want[i]), &want[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Batch(batch); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("common words", func(t *testing.T) { testCommonWords(t, disk) })
	t.Run("lengths", func(t *testing.T) {
		for name, ix := range map[string]*Index{"cached": disk, "memory": mem} {
			// The body of the latest revision averages 26 terms; bleve's
			// own figure would be 1.
			if avg := float64(ix.stats.FieldCardinality[FieldBody]) / ix.stats.DocCount; avg < 20 || avg > 30 {
				t.Errorf("%s: body length %.1f terms on average, want about 26", name, avg)
			}
			if ix.stats.FieldCardinality[FieldID] != len(want) {
				t.Errorf("%s: id field %d terms, want one a document", name, ix.stats.FieldCardinality[FieldID])
			}
		}
	})
	for name, ix := range map[string]*Index{"cached": disk, "memory": mem, "batches": {bleve: b}} {
		adv, err := ix.bleve.Advanced()
		if err != nil {
			t.Fatal(err)
		}
		r, err := adv.Reader()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if n := len(r.(*scorch.IndexSnapshot).Segments()); name == "batches" && n < 2 {
			t.Fatalf("%s: %d segment: the test checks no numbering across segments", name, n)
		}
		for i := range want {
			x := &want[i]
			id := bleveID(x)
			num, err := r.InternalID(id)
			if err != nil || num == nil {
				t.Fatalf("%s: %s: no number (%v)", name, id, err)
			}
			text, rs, ok := storedByNumber(r, docRef{id, num})
			wantText := x.Text
			if wantText == "" {
				wantText = x.Subrules // a heading rule
			}
			if !ok || text != wantText || !slices.Equal(rs, x.Revs) {
				t.Fatalf("%s: %s %s: read %q %v (%v), want %q %v", name, x.Kind, x.ID, text, rs, ok, wantText, x.Revs)
			}
			other := make(index.IndexInternalID, 8)
			binary.BigEndian.PutUint64(other, (binary.BigEndian.Uint64(num)+1)%uint64(len(want)))
			if _, _, ok := storedByNumber(r, docRef{id, other}); ok {
				t.Fatalf("%s: %s %s: another document's number taken for its own", name, x.Kind, x.ID)
			}
			if text, _, err := stored(r, docRef{id, other}); err != nil || text != wantText {
				t.Fatalf("%s: %s %s with a wrong number: read %q (%v)", name, x.Kind, x.ID, text, err)
			}
		}
	}
}

// testCommonWords: a common word only adds to what rarer words find,
// unless the query has no other.
func testCommonWords(t *testing.T, ix *Index) {
	if n, all := ix.docFreq("player"), ix.docCount(); n*commonShare <= all {
		t.Fatalf("player is in %d documents of %d: not common", n, all)
	}
	if n := ix.docFreq("zzqxjv"); n != 0 {
		t.Fatalf("a made-up word is in %d documents", n)
	}
	if _, cached := ix.freqs.Load("zzqxjv"); cached {
		t.Error("a word the index lacks was cached: a server's cache would grow with every made-up word")
	}
	if _, ok := ix.bodyMatch("player splice").(*query.BooleanQuery); !ok {
		t.Error("player splice: the common word is not set apart")
	}
	for _, words := range []string{"splice arcane", "player card"} {
		if _, ok := ix.bodyMatch(words).(*query.MatchQuery); !ok {
			t.Errorf("%s: %T, want one match query", words, ix.bodyMatch(words))
		}
	}
	hits, err := ix.Search("player card", Options{Limit: 3})
	if err != nil || len(hits) == 0 {
		t.Errorf("player card: %d hits (%v)", len(hits), err)
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"splice", "splice", 0}, {"splcie", "splice", 1}, {"splce", "splice", 1}, {"trampel", "trample", 1}, {"spilt", "split", 1}, {"abcd", "badc", 2}, {"cat", "dog", 3}, {"commander", "comander", 1}} {
		if got := editDistance(tc.a, tc.b, 2); got != min(tc.want, 3) {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, min(tc.want, 3))
		}
	}
}
