package index

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"

	"github.com/crules/crules/internal/atomicfile"
)

// completeMarker is written into an index folder last, holding its
// manifest (see writeManifest); a folder without it is an interrupted
// build and is rebuilt.
const completeMarker = "crules-complete"

// An Index is an open search index of one revision, or of all of them.
// It is safe for concurrent searches.
type Index struct {
	bleve  bleve.Index
	dir    string
	titles sync.Map // title → its analysed terms, see titleTerms
	freqs  sync.Map // term → how many bodies hold it, see docFreq
	stats  *search.BM25Stats

	wordsOnce sync.Once
	words     map[string]int // see vocabulary

	linesOnce sync.Once
	lines     map[string]string // content key → lineage, see lineOf
}

// ErrNotBuilt is returned by Open for a folder that holds no complete
// index.
var ErrNotBuilt = errors.New("index not built")

// Open opens the index in dir. A missing or incomplete index is
// ErrNotBuilt (wrapped), one whose files differ from those written (see
// verify) or that bleve cannot read is ErrDamaged (wrapped): either way
// the caller rebuilds it.
func Open(dir string) (*Index, error) {
	if err := verify(dir); err != nil {
		return nil, err
	}
	return open(dir)
}

// open opens the index in dir as it is, unchecked.
func open(dir string) (ix *Index, err error) {
	defer func() {
		if p := recover(); p != nil {
			ix, err = nil, fmt.Errorf("%w: %s: %v", ErrDamaged, dir, p)
		}
	}()
	b, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrDamaged, dir, err)
	}
	ix = &Index{bleve: b, dir: dir}
	raw, err := b.GetInternal([]byte(lengthsKey))
	if err == nil {
		var l fieldLengths
		if l, err = decodeLengths(raw); err == nil {
			ix.stats, err = ix.bm25Stats(l)
		}
	}
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("%w: %s: %v", ErrDamaged, dir, err)
	}
	return ix, nil
}

// bm25Stats are l for the fields of the index.
func (ix *Index) bm25Stats(l fieldLengths) (*search.BM25Stats, error) {
	fields, err := ix.bleve.Fields()
	if err != nil {
		return nil, err
	}
	return l.stats(fields), nil
}

// Close releases the index.
func (ix *Index) Close() error { return ix.bleve.Close() }

// Build writes an index of docs to dir. It builds in a temporary folder
// beside dir and renames it into place, so a reader never sees half an
// index; when another process finished the same index first, its index is
// kept and this one discarded. progress, if not nil, is called with the
// number of documents indexed so far.
func Build(dir string, docs []Doc, progress func(done int)) error {
	m, err := NewMapping()
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, filepath.Base(dir)+".tmp*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	defer atomicfile.Track(tmp)()
	path := filepath.Join(tmp, "index")
	b, err := bleve.New(path, m)
	if err != nil {
		return err
	}
	batch := b.NewBatch()
	for i := range docs {
		if err := batch.Index(bleveID(&docs[i]), &docs[i]); err != nil {
			b.Close()
			return err
		}
		if batch.Size() >= 2000 || i == len(docs)-1 {
			if err := b.Batch(batch); err != nil {
				b.Close()
				return err
			}
			batch.Reset()
			if progress != nil {
				progress(i + 1)
			}
		}
	}
	if err := singleSegment(b); err != nil {
		b.Close()
		return err
	}
	if err := keepLengths(b); err != nil {
		b.Close()
		return err
	}
	if err := keepTables(b, docs); err != nil {
		b.Close()
		return err
	}
	if err := b.Close(); err != nil {
		return err
	}
	return place(path, dir)
}

// keepTables stores beside the documents of an index what Open reads of
// them: the vocabulary and the lineage table.
func keepTables(b bleve.Index, docs []Doc) error {
	if err := b.SetInternal([]byte(wordsKey), encodeWords(vocabulary(docs))); err != nil {
		return err
	}
	return b.SetInternal([]byte(linesKey), encodeLines(docs))
}

// place writes the manifest of the closed index at path and renames it to
// dir.
func place(path, dir string) error {
	if err := writeManifest(path); err != nil {
		return err
	}
	if err := os.Rename(path, dir); err != nil {
		if verify(dir) == nil {
			return nil // another process won the race; its index is the same
		}
		// An incomplete or damaged folder is in the way: replace it.
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		return os.Rename(path, dir)
	}
	return nil
}

// lengthsOf measures the field lengths of an index.
func lengthsOf(b bleve.Index) (fieldLengths, error) {
	adv, err := b.Advanced()
	if err != nil {
		return fieldLengths{}, err
	}
	r, err := adv.Reader()
	if err != nil {
		return fieldLengths{}, err
	}
	defer r.Close()
	return measure(r)
}

// keepLengths stores the field lengths of an index in it, for Open.
func keepLengths(b bleve.Index) error {
	l, err := lengthsOf(b)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return b.SetInternal([]byte(lengthsKey), raw)
}

// singleSegment merges the index's segments into one: a query then reads
// one postings list a term rather than one a segment (a tenth less time).
func singleSegment(b bleve.Index) error {
	adv, err := b.Advanced()
	if err != nil {
		return err
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return nil
	}
	return s.ForceMerge(context.Background(), nil)
}

// BuildMem indexes docs in memory, for a document that is not in the
// corpus (a file given with --file); nothing is cached.
func BuildMem(docs []Doc) (*Index, error) {
	m, err := NewMapping()
	if err != nil {
		return nil, err
	}
	// scorch, as the cached indexes are (bleve.NewMemOnly is upside_down):
	// the same scoring, and stored fields read by number.
	b, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, err
	}
	ix := &Index{bleve: b, words: vocabulary(docs)}
	if raw := encodeLines(docs); raw != nil {
		ix.lines, _ = decodeLines(raw)
	}
	batch := b.NewBatch()
	for i := range docs {
		if err = batch.Index(bleveID(&docs[i]), &docs[i]); err != nil {
			break
		}
	}
	if err == nil {
		err = b.Batch(batch)
	}
	var l fieldLengths
	if err == nil {
		l, err = lengthsOf(b)
	}
	if err == nil {
		ix.stats, err = ix.bm25Stats(l)
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	return ix, nil
}

// Unindexed returns the words of a query that no index holds: words so
// common ("the", "of") that the analyser drops them.
func (ix *Index) Unindexed(q string) []string {
	terms, err := parseQuery(q)
	if err != nil {
		return nil
	}
	var out []string
	for _, t := range terms {
		switch t.field {
		case "", FieldTitle, FieldText, FieldKeyword:
		default:
			continue // exact fields are not analysed
		}
		for _, w := range strings.Fields(t.text) {
			if len(ix.analyze(w)) == 0 && strings.ContainsFunc(w, unicode.IsLetter) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// editDistance is the optimal string alignment distance of a and b
// (Levenshtein's, with a swap of two neighbouring letters counting one, the
// commonest typing slip: "splcie"), or max+1 once it must exceed max.
func editDistance(a, b string, maxD int) int {
	if d := len(a) - len(b); d > maxD || -d > maxD {
		return maxD + 1
	}
	prev2 := make([]int, len(b)+1) // row i-2
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > maxD {
			return maxD + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
