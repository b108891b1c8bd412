package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// Limits on a query.
const (
	MaxQueryLen = 500 // bytes
	MaxLimit    = 100
)

// ErrBadQuery is wrapped by the errors a malformed query gives.
var ErrBadQuery = errors.New("bad query")

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadQuery, fmt.Sprintf(format, args...))
}

// A Hit is one search result: a rule, subrule, chapter or glossary entry.
type Hit struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Title string `json:"title,omitempty"`
	// Term is a glossary hit's term (its ID too): the key to look it up
	// by, /api/glossary/{term} or a glossary page's anchor.
	Term string   `json:"term,omitempty"`
	Rev  string   `json:"rev"`
	Revs []string `json:"revs,omitempty"` // all-revisions search: the revisions it is in
	// IDs are the numbers the rule had across revisions, oldest first, in
	// an all-revisions search ("300.4", "300.3").
	IDs     []string `json:"ids,omitempty"`
	Snippet string   `json:"snippet"`
	Marks   [][2]int `json:"marks"` // byte ranges of Snippet that matched
	Score   float64  `json:"score"`

	since map[string]string // the first revision of each of IDs
	doc   docRef            // the bleve document the snippet comes from
	other []docRef          // the bleve documents of its other versions
	locs  [][2]int          // where the query's terms are in the body
}

// Options shape a search.
type Options struct {
	Limit int    // at most this many hits; 10 when 0
	Rev   string // in an all-revisions index: only documents of this revision
}

// fields a query may name with "field:value".
var queryFields = map[string]bool{FieldID: true, FieldRev: true, FieldEra: true, FieldKind: true, FieldTitle: true, FieldText: true, FieldKeyword: true}

// isLetters reports whether s is ASCII letters only, as a field name is.
func isLetters(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return s != ""
}

// fieldValues lists the values of the fields that hold one of a few.
var fieldValues = map[string][]string{
	FieldKind: {KindChapter, KindRule, KindSubrule, KindExample, KindGlossary},
	FieldEra:  {"502", "702"},
}

// fieldNames lists the query fields, sorted.
func fieldNames() string {
	names := slices.Sorted(maps.Keys(queryFields))
	return strings.Join(names, ", ")
}

// Search runs a query: plain words (ranked by where they match: a title or
// keyword counts more than running text, the words together more than
// apart), "quoted phrases", and field:value terms (title:splice,
// kind:glossary). Old and modern wording find each other: a query for
// "exile" also matches "removed from the game", per the lexicon.
func (ix *Index) Search(q string, opt Options) ([]Hit, error) {
	terms, err := parseQuery(q)
	if err != nil {
		return nil, err
	}
	limit := opt.Limit
	if limit == 0 {
		limit = 10
	}
	if limit < 0 || limit > MaxLimit {
		return nil, badQuery("limit %d is out of range 1–%d", limit, MaxLimit)
	}
	w := ix.wanted(terms)
	req := bleve.NewSearchRequestOptions(ix.buildQuery(terms, opt, w.glued), candidates, 0, false)
	// Candidates are ranked on what their IDs carry (see bleveID); stored
	// fields are read only for the hits kept (see texts). Which of the
	// query's words they hold, and where, is read by count and locate, not
	// by bleve (IncludeLocations would read the term vectors of every
	// document a word is in). BM25 gets the fields' real lengths (see
	// fieldLengths).
	req.PreSearchData = map[string]any{search.BM25PreSearchDataKey: ix.stats}
	// Equal scores are ordered by document ID, not by the order the
	// documents were indexed in: an index extended with a revision (see
	// Extend) answers as one built whole.
	req.SortBy([]string{"-_score", "_id"})
	res, err := ix.bleve.Search(req)
	if err != nil {
		return nil, err
	}
	cs := make([]cand, len(res.Hits))
	for i, dm := range res.Hits {
		cs[i] = cand{doc: docRef{dm.ID, dm.IndexInternalID}, idParts: parseBleveID(dm.ID), score: dm.Score}
	}
	adv, err := ix.bleve.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if err := count(r, cs, w); err != nil {
		return nil, err
	}
	hits := collect(ix.rerank(cs, w), limit, ix.lineOf)
	if err := locate(r, hits, w); err != nil {
		return nil, err
	}
	return hits, texts(r, hits)
}

// A docRef names an indexed document: by its bleve ID, and by its number
// in the index.
//
// Search relies on the numbers of the snapshot it searched being those of
// the reader it opens after: an index is never written after it is built
// (a cached index is opened read-only, and a memory index takes one
// batch), so no merge renumbers documents in between.
type docRef struct {
	id  string
	num index.IndexInternalID
}

// A cand is a candidate hit, as bleve found it.
type cand struct {
	idParts
	doc      docRef
	score    float64
	found    int  // how many of the query's ranking terms its body holds
	together bool // it holds the query's plain words together, in order (see want.together)
}

// want is what a query looks for in the body of its candidates.
type want struct {
	// terms are the analysed terms of the query's words and phrases, of
	// the values of its title:, text: and keyword: terms, and of the other
	// era's wording of its lexicon phrases: what a snippet highlights.
	terms []string
	rank  []bool // of terms: those of the plain words and phrases, which coverage counts
	nrank int
	plain bool     // the query has plain words or phrases
	query []string // the analysed terms of its plain words and phrases, in order
	// together are the words of its plain (unquoted) words as FieldWords
	// holds them, every one kept, when there are two or more: a document
	// that holds them together ranks above one that holds them apart.
	together []string
	// togetherOrder lists the indexes of together, stop words last.
	togetherOrder []int
	// glued tells that stop words stand among them and fewer than two
	// other words: then the body's phrase (stop words dropped, their
	// places kept) cannot tell the words together, and only the words
	// field holds them as they stand ("can't be countered").
	glued bool
}

func (ix *Index) wanted(terms []term) want {
	var w want
	var plain, words, unquoted []string
	for _, t := range terms {
		switch t.field {
		case "":
			plain = append(plain, t.text)
			if !t.phrase {
				unquoted = append(unquoted, t.text)
			}
			fallthrough
		case FieldTitle, FieldText, FieldKeyword:
			words = append(words, t.text)
		}
	}
	w.plain = len(plain) > 0
	w.query = ix.analyze(strings.Join(plain, " "))
	if t := ix.tokens(WordsAnalyzer, strings.Join(unquoted, " ")); len(t) > 1 {
		// The two analysers split alike: a word the English one drops at
		// a position is a stop word.
		kept := map[int]bool{}
		for _, tok := range ix.tokens(Analyzer, strings.Join(unquoted, " ")) {
			kept[tok.Position] = true
		}
		var stop []int
		for k, tok := range t {
			w.together = append(w.together, string(tok.Term))
			if kept[tok.Position] {
				w.togetherOrder = append(w.togetherOrder, k)
			} else {
				stop = append(stop, k)
			}
		}
		w.glued = len(stop) > 0 && len(w.togetherOrder) < 2
		w.togetherOrder = append(w.togetherOrder, stop...)
	}
	words = append(words, synonyms(strings.Join(words, " "))...)
	w.terms = ix.analyze(strings.Join(words, " "))
	slices.Sort(w.terms)
	w.terms = slices.Compact(w.terms)
	w.rank = make([]bool, len(w.terms))
	for _, t := range w.query {
		if k, ok := slices.BinarySearch(w.terms, t); ok && !w.rank[k] && !strings.Contains(t, ":") {
			w.rank[k] = true
			w.nrank++
		}
	}
	return w
}

// count counts, for each candidate, the query's ranking terms its body
// holds, and tells whether it holds the query's words together. It reads
// only the postings of the candidates: whether they hold a term, and for
// the words together their positions.
func count(r index.IndexReader, cs []cand, w want) error {
	docs := make([]docRef, len(cs))
	for i := range cs {
		docs[i] = cs[i].doc
	}
	for k, t := range w.terms {
		if !w.rank[k] {
			continue
		}
		if err := visitPostings(r, FieldBody, t, docs, false, func(i int, _ *index.TermFieldDoc) { cs[i].found++ }); err != nil {
			return err
		}
	}
	if len(w.together) == 0 {
		return nil
	}
	// Only a candidate that holds every ranking term can hold the words
	// together; starts[i] are the positions in candidate i where the
	// words read so far would begin. The words are read rarest first
	// (stop words last), so the postings of "a" and "the" are read at
	// the few candidates left.
	var alive []int
	for i := range cs {
		if cs[i].found == w.nrank {
			alive = append(alive, i)
		}
	}
	starts := make([][]uint64, len(cs))
	for n, k := range w.togetherOrder {
		if len(alive) == 0 {
			return nil
		}
		sub := make([]docRef, len(alive))
		for j, i := range alive {
			sub[j] = cs[i].doc
		}
		next := make([][]uint64, len(cs))
		err := visitPostings(r, FieldWords, w.together[k], sub, true, func(j int, d *index.TermFieldDoc) {
			i := alive[j]
			for _, v := range d.Vectors {
				if v.Pos < uint64(k) {
					continue
				}
				if p := v.Pos - uint64(k); n == 0 || slices.Contains(starts[i], p) {
					next[i] = append(next[i], p)
				}
			}
		})
		if err != nil {
			return err
		}
		starts = next
		kept := alive[:0]
		for _, i := range alive {
			if len(starts[i]) > 0 {
				kept = append(kept, i)
			}
		}
		alive = kept
	}
	for _, i := range alive {
		cs[i].together = true
	}
	return nil
}

// locate finds where the query's terms are in the body of each hit.
func locate(r index.IndexReader, hits []Hit, w want) error {
	docs := make([]docRef, len(hits))
	for i := range hits {
		docs[i] = hits[i].doc
	}
	for _, t := range w.terms {
		err := visitPostings(r, FieldBody, t, docs, true, func(i int, d *index.TermFieldDoc) {
			for _, v := range d.Vectors {
				hits[i].locs = append(hits[i].locs, [2]int{int(v.Start), int(v.End)})
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// visitPostings calls visit(i, posting) for each of docs whose field
// holds term, with the term's positions if vectors. It reads the postings
// at those documents only, skipping the rest.
func visitPostings(r index.IndexReader, field, term string, docs []docRef, vectors bool, visit func(int, *index.TermFieldDoc)) error {
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(docs[a].num, docs[b].num) })
	tfr, err := r.TermFieldReader(context.Background(), []byte(term), field, false, false, vectors)
	if err != nil {
		return err
	}
	var at index.IndexInternalID // the document the reader is at
	var tfd index.TermFieldDoc
	for _, i := range order {
		num := docs[i].num
		if len(at) == 0 || bytes.Compare(at, num) < 0 {
			// Advance only forwards: backwards, scorch starts over.
			d, err := tfr.Advance(num, tfd.Reset())
			if err != nil {
				tfr.Close()
				return err
			}
			if d == nil {
				break // no more documents hold term
			}
			at = append(at[:0], d.ID...)
		}
		if bytes.Equal(at, num) {
			visit(i, &tfd)
		}
	}
	return tfr.Close()
}

// texts loads the stored text and revisions of the hits kept, and cuts
// their snippets.
func texts(r index.IndexReader, hits []Hit) error {
	for i := range hits {
		h := &hits[i]
		text, revs, err := stored(r, h.doc)
		if err != nil {
			return err
		}
		for _, o := range h.other {
			_, more, err := stored(r, o)
			if err != nil {
				return err
			}
			revs = append(revs, more...)
		}
		sort.Strings(revs)
		h.Revs = slices.Compact(revs)
		// Locations are in the indexed body, title and text in plain
		// typography (see Doc.Body); map them to the text as published.
		skip := len(parse.Typography(h.Title)) + 1
		var ranges [][2]int
		published := publishedOffsets(text)
		for _, l := range h.locs {
			if s, e := l[0]-skip, l[1]-skip; s >= 0 && s < e {
				ranges = append(ranges, [2]int{published(s), published(e)})
			}
		}
		if h.Kind == KindGlossary {
			shift := len(h.Title) + 2
			text = h.Title + ": " + text
			for k := range ranges {
				ranges[k][0] += shift
				ranges[k][1] += shift
			}
		}
		h.Snippet, h.Marks = snippet(text, ranges)
		h.locs, h.other = nil, nil
	}
	return nil
}

// stored reads a document's text (a heading rule's: its subrules') and
// revisions: by its number where it can (see storedByNumber), else by its
// ID.
func stored(r index.IndexReader, doc docRef) (string, []string, error) {
	if text, revs, ok := storedByNumber(r, doc); ok {
		return text, revs, nil
	}
	d, err := r.Document(doc.id)
	if err != nil || d == nil {
		return "", nil, err
	}
	var s storedFields
	d.VisitFields(func(f index.Field) { s.add(f.Name(), f.Value()) })
	return s.text(), s.revs, nil
}

// storedByNumber reads a document's text and revisions in a scorch index
// straight from its segment, by the document's number: reading by ID
// looks the ID up in every segment and builds a whole document. It reports
// false when the index is not scorch's or the number is not the document's.
func storedByNumber(r index.IndexReader, doc docRef) (string, []string, bool) {
	is, ok := r.(*scorch.IndexSnapshot)
	if !ok || len(doc.num) != 8 {
		return "", nil, false
	}
	n, start := binary.BigEndian.Uint64(doc.num), uint64(0)
	for _, ss := range is.Segments() {
		// Numbers run on from one segment to the next, each taking as many
		// as its segment holds, deleted documents included.
		count := ss.Segment().Count()
		if n >= start+count {
			start += count
			continue
		}
		var s storedFields
		same := false
		err := ss.VisitDocument(n-start, func(name string, _ byte, value []byte, _ []uint64) bool {
			if name == "_id" {
				same = string(value) == doc.id
			} else {
				s.add(name, value)
			}
			return true
		})
		return s.text(), s.revs, err == nil && same
	}
	return "", nil, false
}

// storedFields are what a search reads of a document.
type storedFields struct {
	body, subrules string
	revs           []string
}

func (s *storedFields) add(name string, value []byte) {
	switch name {
	case FieldText:
		s.body = string(value)
	case FieldSubrules:
		s.subrules = string(value)
	case FieldRevs:
		s.revs = append(s.revs, string(value))
	}
}

// text is the document's text, or a heading rule's subrules: what its
// body holds after its title.
func (s *storedFields) text() string {
	if s.body == "" {
		return s.subrules
	}
	return s.body
}

// titleTerms returns the analysed terms of a title, kept for the next
// query: an index has a few thousand distinct titles at most.
func (ix *Index) titleTerms(title string) []string {
	if t, ok := ix.titles.Load(title); ok {
		return t.([]string)
	}
	t := ix.analyze(title)
	ix.titles.Store(title, t)
	return t
}

// analyze returns the analysed terms of text, in order.
func (ix *Index) analyze(text string) []string { return ix.analyzeWith(Analyzer, text) }

// analyzeWith returns the terms of text as the analyzer named name makes
// them, in order.
func (ix *Index) analyzeWith(name, text string) []string {
	var out []string
	for _, tok := range ix.tokens(name, text) {
		out = append(out, string(tok.Term))
	}
	return out
}

// tokens returns the tokens of text as the analyzer named name makes them.
func (ix *Index) tokens(name, text string) analysis.TokenStream {
	a := ix.bleve.Mapping().AnalyzerNamed(name)
	if a == nil {
		return nil
	}
	return a.Analyze([]byte(text))
}

// within reports whether the terms of a title stand together in the query.
func within(title, query []string) bool {
	if len(title) == 0 {
		return false
	}
	for i := 0; i+len(title) <= len(query); i++ {
		match := true
		for k := range title {
			if query[i+k] != title[k] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// togetherWeight raises a document that holds a query's words together, in
// order and every one of them (stop words too), above those that hold them
// apart; togetherBoost is the weight of that phrase in bleve's query, which
// makes such documents candidates. With 3 and 1, "can't be countered"
// lists the four rules that say it first; the judged queries' mean
// reciprocal rank goes from 0.833 to 0.819 (see BENCHMARKS.md): the two
// judged queries lost, "linked abilities" and "regenerate a creature",
// now find first the rules that say those words together.
const (
	togetherWeight = 3
	togetherBoost  = 1
)

// kindWeight tempers what BM25 gives short documents: a glossary entry or
// a bare heading matches a few words with little text around them, but a
// rules question is answered by a rule.
var kindWeight = map[string]float64{KindRule: 1, KindSubrule: 1, KindExample: 0.8, KindGlossary: 0.2, KindChapter: 0.2}

// leadWeight raises a rule that opens its chapter or keyword (often the
// definition); titleWeight one whose heading the query names.
const (
	leadWeight  = 2
	titleWeight = 1.4
)

// candidates is how many documents bleve's score picks for rerank,
// whatever the limit: the hits of a search are the first of one ranking,
// so a limit of 10 lists the first 10 of a limit of 100 (issue 26). It
// was twice the limit, at least 50; then rerank's raising (up to 8.4
// times) of a document bleve ranked 60th left it out at limit 10 and 20
// but put it 16th at limit 50. Twice MaxLimit keeps as many candidates as
// the largest limit had.
const candidates = 2 * MaxLimit

// rerank orders candidates by their score tempered by kind and by how
// many of the query's terms each holds (a hit with all of them first), and
// raised for a rule whose heading or keyword the query names ("flipping a
// coin", "splice onto arcane") and for the rule that opens its chapter or
// keyword.
//
// Chapter headings answer title: and kind:chapter queries; for plain words
// they are dropped, since a chapter's heading says little of its rules. A
// heading rule with no text of its own ("702.19. Trample") is ranked on
// its subrules' words, but only repeats them: its rank goes to the best
// of its subrules among the candidates, and it is dropped; it stays a hit
// only when none of them is there.
func (ix *Index) rerank(cs []cand, w want) []cand {
	if !w.plain {
		return cs // field queries: bleve's order
	}
	kept := cs[:0]
	for _, c := range cs {
		if c.kind != KindChapter {
			kept = append(kept, c)
		}
	}
	cs = kept
	for i := range cs {
		c := &cs[i]
		weight := kindWeight[c.kind]
		if c.lead == "yes" {
			weight *= leadWeight
		}
		if c.title != "" && c.kind != KindGlossary && within(ix.titleTerms(c.title), w.query) {
			weight *= titleWeight
		}
		if c.together {
			weight *= togetherWeight
		}
		coverage := 1.0
		if w.nrank > 0 {
			coverage = float64(c.found) / float64(w.nrank)
		}
		c.score *= weight * (coverage * coverage * coverage)
	}
	cs = foldHeadings(cs)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	return cs
}

// foldHeadings gives each heading rule's score to the best-scored of its
// subrules (or their examples) among cs, of the same revision, and drops
// the heading; a heading none of whose subrules is there is kept.
func foldHeadings(cs []cand) []cand {
	if !slices.ContainsFunc(cs, func(c cand) bool { return c.bare != "" }) {
		return cs
	}
	best := map[string]int{} // heading id and revision → its best subrule in cs
	for i, c := range cs {
		// A subrule's number is its rule's and a letter: "702.19a".
		parent := strings.TrimRight(c.id, "abcdefghijklmnopqrstuvwxyz")
		if c.bare != "" || parent == c.id {
			continue
		}
		key := parent + " " + c.rev
		if j, ok := best[key]; !ok || cs[j].score < c.score {
			best[key] = i
		}
	}
	folded := make([]bool, len(cs))
	for i, c := range cs {
		if j, ok := best[c.id+" "+c.rev]; ok && c.bare != "" {
			cs[j].score = max(cs[j].score, c.score)
			folded[i] = true
		}
	}
	kept := cs[:0]
	for i, c := range cs {
		if !folded[i] {
			kept = append(kept, c)
		}
	}
	return kept
}

// collect turns candidates into Hits: an example counts for its rule, each
// rule appears once, and in an all-revisions index the versions of a rule
// (its lineage, across renumbering) make one hit listing every revision.
func collect(cs []cand, limit int, lineOf func(key string) string) []Hit {
	var out []Hit
	seen := map[string]int{}
	for _, c := range cs {
		h := Hit{Score: c.score, ID: c.id, Rev: c.rev, Kind: c.kind, Title: c.title}
		line := lineOf(c.key)
		h.doc = c.doc
		if h.Kind == KindExample {
			h.Kind = KindRule
			if id, err := parse.ParseRuleID(h.ID); err == nil && id.Level() == parse.LevelSubrule {
				h.Kind = KindSubrule
			}
		}
		if h.Kind == KindGlossary {
			h.ID, h.Term = h.Title, h.Title
		}
		key := line
		switch {
		case key != "":
		case h.Kind == KindGlossary || h.Kind == KindChapter:
			key = h.Kind + " " + h.ID + " " + h.Title + " " + h.Rev
		default:
			key = h.ID + " " + h.Rev
		}
		if i, ok := seen[key]; ok {
			out[i].merge(h)
			continue
		}
		if len(out) == limit {
			continue // later versions of hits already taken may still merge
		}
		seen[key] = len(out)
		if line != "" {
			h.IDs = []string{h.ID}
			h.since = map[string]string{h.ID: h.Rev}
		}
		out = append(out, h)
	}
	return out
}

// merge folds another version of the same rule into h: its revisions and
// number; the text and number shown are those of the latest version.
func (h *Hit) merge(o Hit) {
	h.other = append(h.other, o.doc)
	if h.since != nil {
		if s, ok := h.since[o.ID]; !ok || o.Rev < s {
			h.since[o.ID] = o.Rev
		}
		if !slices.Contains(h.IDs, o.ID) {
			h.IDs = append(h.IDs, o.ID)
		}
		sort.Slice(h.IDs, func(i, j int) bool { return h.since[h.IDs[i]] < h.since[h.IDs[j]] })
	}
	if o.Rev > h.Rev {
		h.other[len(h.other)-1] = h.doc
		h.ID, h.Rev, h.Title, h.Kind, h.doc = o.ID, o.Rev, o.Title, o.Kind, o.doc
	}
}

// snippet cuts about 160 characters of text around the first of the
// matched byte ranges and returns them with the ranges that fall inside.
func snippet(text string, ranges [][2]int) (string, [][2]int) {
	kept := ranges[:0]
	for _, r := range ranges {
		if r[0] >= 0 && r[1] <= len(text) && r[0] < r[1] {
			kept = append(kept, r)
		}
	}
	ranges = kept
	sort.Slice(ranges, func(i, j int) bool { return ranges[i][0] < ranges[j][0] })
	const width = 160
	start := 0
	if len(ranges) > 0 && ranges[0][0] > width/3 {
		start = ranges[0][0] - width/3
	}
	end := min(len(text), start+width)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	prefix, suffix := "", ""
	if start > 0 {
		prefix = "…"
	}
	if end < len(text) {
		suffix = "…"
	}
	s := prefix + strings.ReplaceAll(text[start:end], "\n", " ") + suffix
	marks := [][2]int{} // [] rather than null in JSON when no word is in the snippet (an ID query)
	for _, r := range ranges {
		if r[0] >= start && r[1] <= end {
			off := len(prefix) - start
			marks = append(marks, [2]int{r[0] + off, r[1] + off})
		}
	}
	return s, marks
}

// term is one piece of a parsed query.
type term struct {
	field  string // "" for any
	text   string
	phrase bool
}

// parseQuery splits a query into words, "phrases" and field:value terms,
// and rejects what cannot be a query.
func parseQuery(q string) ([]term, error) {
	if len(q) > MaxQueryLen {
		return nil, badQuery("the query is %d bytes; at most %d", len(q), MaxQueryLen)
	}
	if !utf8.ValidString(q) {
		return nil, badQuery("the query is not valid UTF-8")
	}
	for _, r := range q {
		if unicode.IsControl(r) && r != '\t' && r != '\n' {
			return nil, badQuery("the query holds a control character (%U)", r)
		}
	}
	q = parse.Typography(q)
	if strings.Count(q, `"`)%2 != 0 {
		return nil, badQuery(`unbalanced quotes in %q`, q)
	}
	var terms []term
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '"':
			j := strings.IndexByte(q[i+1:], '"') + i + 1
			if p := strings.TrimSpace(q[i+1 : j]); p != "" {
				terms = append(terms, term{text: p, phrase: true})
			}
			i = j + 1
		default:
			j := i
			for j < len(q) && q[j] != ' ' && q[j] != '\t' && q[j] != '\n' && q[j] != '"' {
				j++
			}
			w := q[i:j]
			if k := strings.IndexByte(w, ':'); k > 0 && queryFields[strings.ToLower(w[:k])] {
				field, value := strings.ToLower(w[:k]), w[k+1:]
				if value == "" && j < len(q) && q[j] == '"' { // title:"some phrase"
					e := strings.IndexByte(q[j+1:], '"') + j + 1
					terms = append(terms, term{field: field, text: q[j+1 : e], phrase: true})
					i = e + 1
					continue
				}
				if value == "" {
					return nil, badQuery("%s: needs a value", field)
				}
				if known := fieldValues[field]; known != nil && !slices.Contains(known, strings.ToLower(value)) {
					// A value no document holds matches nothing: say so,
					// rather than "did you mean" about the other words.
					return nil, badQuery("%s:%s: %s is one of %s", field, value, field, strings.Join(known, ", "))
				}
				terms = append(terms, term{field: field, text: value})
			} else if k > 0 && k < len(w)-1 && isLetters(w[:k]) {
				return nil, badQuery("no field %q in %q; the fields are %s", strings.ToLower(w[:k]), w, fieldNames())
			} else {
				terms = append(terms, term{text: w})
			}
			i = j
		}
	}
	if len(terms) == 0 {
		return nil, badQuery("empty query")
	}
	return terms, nil
}

// buildQuery turns a parsed query into a bleve query; glued tells that
// stop words stand among its plain words (see want.glued).
func (ix *Index) buildQuery(terms []term, opt Options, glued bool) query.Query {
	var must []query.Query
	var words []string
	for _, t := range terms {
		switch {
		case t.field == FieldID || t.field == FieldRev || t.field == FieldEra || t.field == FieldKind:
			v := strings.ToLower(t.text)
			if t.field == FieldID {
				if id, err := parse.ParseRuleID(v); err == nil {
					v = id.String()
				}
			}
			tq := bleve.NewTermQuery(v)
			tq.SetField(t.field)
			must = append(must, tq)
		case t.field == FieldTitle:
			// The heading itself first, then the rules under it.
			must = append(must, bleve.NewDisjunctionQuery(matchIn(FieldHeading, t.text, t.phrase, 3), matchIn(FieldTitle, t.text, t.phrase, 1)))
		case t.field != "":
			must = append(must, matchIn(t.field, t.text, t.phrase, 1))
		case t.phrase:
			// Every word kept, stop words too: exactly the documents
			// whose own text holds the phrase.
			must = append(must, matchIn(FieldWords, t.text, true, 2))
		default:
			words = append(words, t.text)
		}
	}
	if len(words) > 0 {
		must = append(must, ix.rankWords(strings.Join(words, " "), glued))
	}
	if opt.Rev != "" {
		tq := bleve.NewTermQuery(opt.Rev)
		tq.SetField(FieldRevs)
		must = append(must, tq)
	}
	if len(must) == 1 {
		return must[0]
	}
	return bleve.NewConjunctionQuery(must...)
}

func matchIn(field, text string, phrase bool, boost float64) query.Query {
	if phrase {
		q := bleve.NewMatchPhraseQuery(text)
		q.SetField(field)
		q.SetBoost(boost)
		return q
	}
	q := bleve.NewMatchQuery(text)
	q.SetField(field)
	q.SetBoost(boost)
	return q
}

// rankWords is the query for plain words: any of them in a rule's title
// and text (BM25), ranked up when all of them are there, when they stand
// together as a phrase, and when they name a heading; a rule that opens its
// chapter or keyword, and a rule rather than a glossary entry, count a
// little more; the other era's wording of any lexicon phrase among them
// counts too. A word that is a rule number also finds that rule.
func (ix *Index) rankWords(words string, glued bool) query.Query {
	qs := []query.Query{
		ix.bodyMatch(words),
		matchIn(FieldHeading, words, false, 1.5),
	}
	if strings.Contains(words, " ") {
		qs = append(qs, matchIn(FieldBody, words, true, 2))
		if glued {
			// See want.glued.
			qs = append(qs, matchIn(FieldWords, words, true, togetherBoost))
		}
	}
	for _, alt := range synonyms(words) {
		qs = append(qs, matchIn(FieldBody, alt, true, 1))
	}
	for _, w := range strings.Fields(words) {
		if id, err := parse.ParseRuleID(w); err == nil && id.Rule > 0 {
			tq := bleve.NewTermQuery(id.String())
			tq.SetField(FieldID)
			tq.SetBoost(10)
			qs = append(qs, tq)
		}
	}
	return bleve.NewDisjunctionQuery(qs...)
}

// bodyMatch is the query for any of the words in a rule's title and text.
// A word that is in more than one document in twenty ("player", "spell")
// only adds to the score of a document the other words found: walking its
// postings, thousands long, to rank what holds no other word of the query
// was most of the time a query took.
func (ix *Index) bodyMatch(words string) query.Query {
	var rare, common []query.Query
	for _, t := range ix.analyze(words) {
		tq := bleve.NewTermQuery(t)
		tq.SetField(FieldBody)
		if ix.docFreq(t)*commonShare > ix.docCount() {
			common = append(common, tq)
		} else {
			rare = append(rare, tq)
		}
	}
	if len(rare) == 0 || len(common) == 0 {
		return matchIn(FieldBody, words, false, 1)
	}
	b := bleve.NewBooleanQuery()
	b.AddMust(bleve.NewDisjunctionQuery(rare...))
	b.AddShould(common...)
	return b
}

// commonShare: a word in more than one document in commonShare is common.
const commonShare = 20

// docFreq returns how many documents' bodies hold term, kept for the next
// query when the index has the term: the cache is bounded by the index's
// dictionary, however many made-up words a server is sent.
func (ix *Index) docFreq(term string) uint64 {
	if n, ok := ix.freqs.Load(term); ok {
		return n.(uint64)
	}
	n := uint64(0)
	if adv, err := ix.bleve.Advanced(); err == nil {
		if r, err := adv.Reader(); err == nil {
			if tfr, err := r.TermFieldReader(context.Background(), []byte(term), FieldBody, false, false, false); err == nil {
				n = tfr.Count()
				tfr.Close()
			}
			r.Close()
		}
	}
	if n > 0 {
		ix.freqs.Store(term, n)
	}
	return n
}

// docCount returns how many documents the index holds.
func (ix *Index) docCount() uint64 { return uint64(ix.stats.DocCount) }

// synonyms returns the other era's wording of each lexicon phrase the
// words contain: "exile" → "remove from the game", "removed from the game"
// → "exiled".
func synonyms(words string) []string {
	lw := " " + strings.ToLower(words) + " "
	var out []string
	for _, pair := range synonymPairs() {
		if strings.Contains(lw, pair[0]) && !slices.Contains(out, pair[1]) {
			out = append(out, pair[1])
		}
	}
	return out
}

// synonymPairs are the lexicon's phrases, each padded with spaces for
// matching whole words, with the other era's wording: read once.
var synonymPairs = sync.OnceValue(func() [][2]string {
	var out [][2]string
	for _, t := range lexicon.Default().Terms {
		if t.Scope == "spells" || t.Scope == "players" {
			continue // play/cast, he/they: too common to widen a query with
		}
		out = append(out, [2]string{" " + t.New + " ", t.Old}, [2]string{" " + t.Old + " ", t.New})
	}
	return out
})
