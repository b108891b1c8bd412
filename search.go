package crules

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/cache"
)

// allRevs names the index of every revision.
const allRevs = "all revisions"

// Index returns the search index of src: for an embedded revision the
// cached one, built on first use (with progress reports) and kept open
// until Close; for a file, one built in memory, which the caller closes.
func (l *Library) Index(src Source) (*index.Index, error) {
	if src.IsFile() {
		d, err := l.Document(src)
		if err != nil {
			return nil, err
		}
		return index.BuildMem(index.Documents(d.Document, d.Label))
	}
	return l.openIndex(src.Rev.Name(), func(func(int, int)) ([]index.Doc, error) {
		d, err := l.Document(src)
		if err != nil {
			return nil, err
		}
		return index.Documents(d.Document, d.Label), nil
	})
}

// IndexAll returns the index of every revision at once, one document per
// rule across its renumbering (grouped by the lineage), cached and kept
// open like Index.
func (l *Library) IndexAll() (*index.Index, error) {
	return l.openIndex(allRevs, func(progress func(int, int)) ([]index.Doc, error) {
		lin, err := l.Lineage()
		if err != nil {
			return nil, err
		}
		docs, err := l.parseAll()
		if err != nil {
			return nil, err
		}
		per := make([][]index.Doc, len(docs))
		for i, r := range l.revs {
			per[i] = index.Documents(docs[i], r.Name())
			progress(i+1, len(docs))
		}
		return index.Merge(per, lin.Next), nil
	})
}

// IndexOpen reports whether the search index of src (of every revision,
// with all) is open already, so that searching it neither builds nor
// loads one: a server can bound the searches that would.
func (l *Library) IndexOpen(src Source, all bool) bool {
	name := src.Rev.Name()
	switch {
	case all:
		name = allRevs
	case src.IsFile():
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.indexes[name]
	return ok
}

// BuildIndex builds the search index of r, or with all of every revision
// (IndexAll), unless it is cached already, and returns its name
// ("2026-01-16", "all revisions"): the work of a first search, done ahead.
func (l *Library) BuildIndex(r Rev, all bool) (string, error) {
	if all {
		_, err := l.IndexAll()
		return allRevs, err
	}
	_, err := l.Index(r.Source())
	return r.Name(), err
}

// openIndex returns the open index named name, else opens the cached one,
// building it when it is missing, stale (another corpus or mapping
// version) or damaged. One build runs at a time per index, in this process
// and across the processes sharing the cache (see cache.Lock). An index
// that cannot be cached (no cache folder, or one that cannot be written)
// is built in memory and kept open all the same, with one warning.
func (l *Library) openIndex(name string, docs func(progress func(done, total int)) ([]index.Doc, error)) (*index.Index, error) {
	l.reading(name)
	l.mu.Lock()
	ix, ok := l.indexes[name]
	l.mu.Unlock()
	if ok {
		return ix, nil
	}
	file := name
	var dir string
	var err error
	if name == allRevs {
		file = "all"
		dir, err = l.cachePath("index-"+file, index.MappingVersion)
	} else {
		dir, err = l.revCachePath(l.rev(name), "index-"+file, index.MappingVersion)
	}
	if err != nil {
		ds, _, derr := l.indexDocs(name, "", docs)
		if derr != nil {
			return nil, derr
		}
		l.notCached("the search index of "+name, err)
		ix, err := index.BuildMem(ds)
		if err != nil {
			return nil, err
		}
		return l.keepIndex(name, ix), nil
	}
	mu, _ := l.builds.LoadOrStore(dir, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	ix, err = index.Open(dir)
	if err != nil {
		// Another process may be building it: wait for it, then look again.
		release, lockErr := cache.Lock(dir)
		defer release()
		if ix, err = index.Open(dir); err != nil && lockErr == nil {
			cache.RemoveTemps(dir) // left by an interrupted build
		}
	}
	if err != nil {
		ds, progress, err := l.indexDocs(name, dir, docs)
		if err != nil {
			return nil, err
		}
		berr := errNoOlderIndex
		if name == allRevs {
			berr = l.extendIndexAll(dir, ds)
		}
		if berr != nil {
			berr = index.Build(dir, ds, progress)
		}
		if berr != nil {
			l.notCached("the search index of "+name, berr)
			ix, err = index.BuildMem(ds)
		} else {
			cache.Prune(dir, "index-"+file+".v") // older mappings' indexes
			ix, err = index.Open(dir)
		}
		if err != nil {
			return nil, err
		}
	}
	return l.keepIndex(name, ix), nil
}

var errNoOlderIndex = errors.New("no index of fewer revisions cached")

// extendIndexAll writes the all-revisions index of ds to dir by extending
// the cached one of the archive before its latest additions (as
// extendLineage finds the older lineage), which indexes about one
// revision's documents a revision added rather than all of them. It
// fails, and the caller builds the index whole, when no such index is
// cached or it cannot be extended.
func (l *Library) extendIndexAll(dir string, ds []index.Doc) error {
	added := 0
	for _, r := range l.revs {
		if r.IsAdded() {
			added++
		}
	}
	if added == 0 || l.archive.Replaces() {
		return errNoOlderIndex
	}
	for n := added - 1; n >= 0; n-- {
		from, err := l.cachePathOf(l.archive.PrefixHash(n), "index-all", index.MappingVersion)
		if err != nil {
			return err
		}
		if _, err := os.Stat(from); err != nil {
			continue
		}
		task := fmt.Sprintf("extending the search index of all revisions with %d added (once, usually 2 s; cached in %s)", added-n, dir)
		_, err = index.Extend(from, dir, ds, func(done, total int) { l.progress(task, done, total) })
		return err
	}
	return errNoOlderIndex
}

// indexDocs lists the documents of the index named name, to be cached in
// dir ("" when it cannot be), reporting progress, and returns them with
// the progress function of the build that follows.
func (l *Library) indexDocs(name, dir string, docs func(progress func(done, total int)) ([]index.Doc, error)) ([]index.Doc, func(int), error) {
	usual := "1 s"
	if name == allRevs {
		usual = "10 s"
	}
	task := fmt.Sprintf("building the search index of %s (once, usually %s; cached in %s)", name, usual, dir)
	if dir == "" {
		task = fmt.Sprintf("building the search index of %s (usually %s)", name, usual)
	}
	ds, err := docs(func(done, total int) { l.progress(task, done, total) })
	return ds, func(done int) { l.progress(task, done, len(ds)) }, err
}

// keepIndex keeps ix open as the index named name, unless another
// goroutine kept one first: then ix is closed and that one returned.
func (l *Library) keepIndex(name string, ix *index.Index) *index.Index {
	l.mu.Lock()
	defer l.mu.Unlock()
	if old, ok := l.indexes[name]; ok {
		ix.Close()
		return old
	}
	l.indexes[name] = ix
	return ix
}

// forgetIndex forgets ix as the open index named name. It is not closed:
// other searches may be reading it still.
func (l *Library) forgetIndex(name string, ix *index.Index) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.indexes[name] == ix {
		delete(l.indexes, name)
	}
}

// SearchOptions shape a search. The zero value asks for 10 hits from the
// source searched.
type SearchOptions struct {
	Limit   int  // at most this many hits, 1 to index.MaxLimit; 0 means 10
	AllRevs bool // every revision at once; the source is ignored
}

// SearchHelp says what Search finds and how it reads a query, for the
// command line's help.
const SearchHelp = `Search ranks the rules, subrules, examples and glossary entries of a revision
for a query in words. Plain words are matched with English stemming; "quoted
phrases" must appear as written; field:value narrows (title:splice,
kind:glossary, keyword:ninjutsu, era:502). Old and modern wording find each
other (exile / removed from the game). A bare rule number (702.19b) lists
that rule first, then the rules that cite it; 'crules rule' prints it whole.

--all-revs searches every revision at once, one hit per rule across its
renumbering, with the revisions it was in. The index is built on first use
and cached (see 'crules index').`

// Search ranks the rules, subrules, examples and glossary entries of src
// for a query in words (see index.Index.Search). A query that is one bare
// rule number (IsRuleNumber: "702.19b", "702.19B.") lists that rule first
// when src has it, then the hits of the number as a word: the rules that
// cite it. Every front end searches through here, and a written site's
// static search does the same. A bad query or limit is
// ErrBadRequest. When nothing matches, the result (with suggestions and
// the words too common to be indexed) comes with an ErrNoMatch error
// saying so.
func (l *Library) Search(src Source, q string, o SearchOptions) (*index.Result, error) {
	if o.Limit == 0 {
		o.Limit = 10
	}
	if o.Limit < 1 || o.Limit > index.MaxLimit {
		return nil, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("limit must be a number from 1 to %d", index.MaxLimit)}
	}
	var ix *index.Index
	var err error
	name := allRevs
	switch {
	case o.AllRevs:
		ix, err = l.IndexAll()
	case src.IsFile():
		var d *Document
		if d, err = l.Document(src); err != nil {
			return nil, err
		}
		name = d.Label
		if ix, err = index.BuildMem(index.Documents(d.Document, d.Label)); err == nil {
			defer ix.Close()
		}
	default:
		name = src.Rev.Name()
		ix, err = l.Index(src)
	}
	if err != nil {
		return nil, err
	}
	res, err := ix.Answer(q, name, index.Options{Limit: o.Limit})
	if err == nil && IsRuleNumber(q) {
		err = ruleFirst(ix, res, q, name, o.Limit)
	}
	if err != nil {
		if errors.Is(err, index.ErrDamaged) {
			// Its files changed after they were checked: the next search
			// opens it again, checked, and rebuilds it if need be.
			l.forgetIndex(name, ix)
		}
		if errors.Is(err, index.ErrBadQuery) {
			return nil, &Error{Kind: ErrBadRequest, Msg: err.Error(), Err: err}
		}
		return nil, err
	}
	if len(res.Hits) == 0 {
		msg := fmt.Sprintf("nothing matches %q in %s", q, name)
		if len(res.Suggestions) > 0 {
			msg += "; did you mean: " + strings.Join(res.Suggestions, ", ")
		}
		if len(res.Unindexed) > 0 {
			msg += "; too common to be indexed: " + strings.Join(res.Unindexed, ", ")
		}
		return res, &Error{Kind: ErrNoMatch, Msg: msg, Nearest: res.Suggestions}
	}
	return res, nil
}

// ruleFirst puts the rule numbered q (a bare rule number) at the head of
// res's hits, once, keeping at most limit of them.
func ruleFirst(ix *index.Index, res *index.Result, q, name string, limit int) error {
	id, err := ParseRuleID(q)
	if err != nil {
		return err
	}
	exact, err := ix.Answer("id:"+id.String(), name, index.Options{Limit: 1})
	if err != nil || len(exact.Hits) == 0 || exact.Hits[0].ID != id.String() {
		return err
	}
	hits := []index.Hit{exact.Hits[0]}
	for _, h := range res.Hits {
		if h.ID != id.String() {
			hits = append(hits, h)
		}
	}
	res.Hits = hits[:min(len(hits), limit)]
	res.Suggestions, res.Unindexed = []string{}, []string{}
	return nil
}
