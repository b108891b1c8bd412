package index

import "fmt"

// A Result is the answer to a query in one index: the hits, or, when
// nothing matches, what might.
type Result struct {
	Query string `json:"query"`
	Rev   string `json:"rev,omitempty"` // the revision searched, or "all revisions"
	Hits  []Hit  `json:"hits"`          // never nil
	// When nothing matches: words of the rules close to the query's ("did
	// you mean"), and the query's words too common to be indexed. Never
	// nil, so that a program finds both keys in every answer, as it finds
	// "suggestions" in every not-found object of the command line.
	Suggestions []string `json:"suggestions"`
	Unindexed   []string `json:"unindexed"`
}

// Answer runs Search and, when nothing matches, fills in the suggestions
// and the unindexed words. rev names the index in the result. A bad query
// is ErrBadQuery (wrapped). A panic in bleve, which trusts its files, is
// ErrDamaged (wrapped): the files changed after Open checked them.
func (ix *Index) Answer(q, rev string, opt Options) (r *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, fmt.Errorf("%w: %v", ErrDamaged, p)
		}
	}()
	hits, err := ix.Search(q, opt)
	if err != nil {
		return nil, err
	}
	r = &Result{Query: q, Rev: rev, Hits: hits}
	if len(hits) == 0 {
		r.Hits = []Hit{}
		r.Suggestions = ix.Suggest(q, 5)
		r.Unindexed = ix.Unindexed(q)
	}
	if r.Suggestions == nil {
		r.Suggestions = []string{}
	}
	if r.Unindexed == nil {
		r.Unindexed = []string{}
	}
	return r, nil
}
