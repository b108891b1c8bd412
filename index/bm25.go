package index

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
)

// lengthsKey is where an index keeps its fieldLengths.
const lengthsKey = "crules-field-lengths"

// fieldLengths are how many documents an index holds and how many terms
// each prose field holds over all of them: what BM25 needs for a field's
// average length.
//
// bleve 2.5 takes a field's average length to be its number of distinct
// terms over the number of documents, summed over segments: a figure that
// moves with how the index happens to be segmented, and that is far from
// the average length (1 or 2 for the body, whose average is 26 terms), so
// that BM25 sank long rules under short glossary entries. Search hands bleve
// the real figures instead, as an index alias does for its shards.
type fieldLengths struct {
	Docs  int            `json:"docs"`
	Terms map[string]int `json:"terms"` // field → terms over all documents
}

// proseFields are the fields whose lengths BM25 needs.
var proseFields = []string{FieldTitle, FieldText, FieldKeyword, FieldBody, FieldHeading, FieldWords}

// measure reads the fieldLengths of an index from its postings: each
// holds its document's field length (as the norm 1/√length), and every
// document that has a field is in the postings of one of its terms.
func measure(r index.IndexReader) (fieldLengths, error) {
	n, err := r.DocCount()
	if err != nil {
		return fieldLengths{}, err
	}
	l := fieldLengths{Docs: int(n), Terms: map[string]int{}}
	var tfd index.TermFieldDoc
	for _, f := range proseFields {
		seen := map[string]bool{}
		dict, err := r.FieldDict(f)
		if err != nil {
			return l, err
		}
		for e, err := dict.Next(); e != nil || err != nil; e, err = dict.Next() {
			if err != nil {
				dict.Close()
				return l, err
			}
			tfr, err := r.TermFieldReader(context.Background(), []byte(e.Term), f, false, true, false)
			if err != nil {
				dict.Close()
				return l, err
			}
			for d, err := tfr.Next(tfd.Reset()); d != nil || err != nil; d, err = tfr.Next(tfd.Reset()) {
				if err != nil {
					tfr.Close()
					dict.Close()
					return l, err
				}
				if !seen[string(d.ID)] && d.Norm > 0 {
					seen[string(d.ID)] = true
					l.Terms[f] += int(math.Round(1 / (d.Norm * d.Norm)))
				}
			}
			tfr.Close()
		}
		dict.Close()
	}
	return l, nil
}

func decodeLengths(b []byte) (fieldLengths, error) {
	var l fieldLengths
	if err := json.Unmarshal(b, &l); err != nil {
		return l, err
	}
	if l.Docs <= 0 || l.Terms[FieldBody] <= 0 {
		return l, fmt.Errorf("field lengths %s hold no documents", b)
	}
	return l, nil
}

// stats are the BM25 figures of the index for bleve: for a prose field, the
// terms it holds (bleve divides them by the documents); for an exact
// field, one term a document.
func (l fieldLengths) stats(fields []string) *search.BM25Stats {
	s := &search.BM25Stats{DocCount: float64(l.Docs), FieldCardinality: map[string]int{}}
	for _, f := range fields {
		s.FieldCardinality[f] = l.Docs
	}
	for f, n := range l.Terms {
		s.FieldCardinality[f] = n
	}
	return s
}
