package index

import (
	"slices"
	"sync"

	"github.com/blevesearch/bleve/v2/analysis"

	"github.com/blevesearch/bleve/v2/mapping"
)

// mappingOnce is the mapping the functions of this file analyse text
// with: the one every index is built with.
var mappingOnce = sync.OnceValue(func() *mapping.IndexMappingImpl {
	m, err := NewMapping()
	if err != nil {
		panic(err) // the mapping is a constant of the package
	}
	return m
})

// A TermAnalyzer analyses text as the fields of an index hold it, each
// word once: a search that runs elsewhere (the static search of a written
// site) reads an index from its terms that ranks as this package's. Not
// safe for concurrent use.
type TermAnalyzer struct {
	tokenizer   analysis.Tokenizer
	words, body []analysis.TokenFilter
	memo        map[string][2]string // a token → its words and body terms
}

// NewTermAnalyzer returns an analyzer of the fields of the one mapping
// (see NewMapping).
func NewTermAnalyzer() *TermAnalyzer {
	m := mappingOnce()
	words, _ := m.AnalyzerNamed(WordsAnalyzer).(*analysis.DefaultAnalyzer)
	body, _ := m.AnalyzerNamed(Analyzer).(*analysis.DefaultAnalyzer)
	if words == nil || body == nil || words.Tokenizer != body.Tokenizer {
		panic("index: the analyzers are not one tokenizer and its filters") // a constant of the package
	}
	return &TermAnalyzer{words.Tokenizer, words.TokenFilters, body.TokenFilters, map[string][2]string{}}
}

// Terms returns the terms text is indexed as, at their positions: words[k]
// is the term of WordsAnalyzer at position k+1 (the word as printed, in
// lower case), body[k] that of Analyzer there (stemmed), "" where it
// drops a stop word: a phrase still skips its place. A field's length, as
// BM25 counts it, is the number of its terms that are not "". The two
// analyzers share a tokenizer and filter each token alone, so each
// word's terms are worked out once.
func (a *TermAnalyzer) Terms(text string) (words, body []string) {
	for _, tok := range a.tokenizer.Tokenize([]byte(text)) {
		for len(words) < tok.Position-1 { // no tokenizer skips a place, but a phrase would
			words, body = append(words, ""), append(body, "")
		}
		t, ok := a.memo[string(tok.Term)]
		if !ok {
			t = [2]string{filter(a.words, tok), filter(a.body, tok)}
			a.memo[string(tok.Term)] = t
		}
		words, body = append(words, t[0]), append(body, t[1])
	}
	return words, body
}

// filter returns what filters make of one token, "" if they drop it.
func filter(filters []analysis.TokenFilter, tok *analysis.Token) string {
	ts := analysis.TokenStream{{Term: slices.Clone(tok.Term), Start: tok.Start, End: tok.End, Position: tok.Position, Type: tok.Type}}
	for _, f := range filters {
		ts = f.Filter(ts)
	}
	if len(ts) == 0 {
		return ""
	}
	return string(ts[0].Term)
}

// Key is the key a search orders documents of equal score by (it leads
// their bleve IDs): Documents sets it.
func (x *Doc) Key() string { return x.key }

// IsBare reports whether x is a heading rule with no text of its own
// ("702.19. Trample"), whose rank goes to its subrules.
func (x *Doc) IsBare() bool { return x.bare }

// SynonymPairs are the lexicon's phrases, each padded with spaces, with
// the other era's wording: a query whose words, in lower case and padded
// with spaces, contain the first also matches the second as a phrase.
func SynonymPairs() [][2]string { return synonymPairs() }

// Ranking returns the constants of a search's ranking by name, for a
// search that runs elsewhere and ranks as this package does: "common" (a
// word in more than one document in that many is common: see bodyMatch),
// "together" and "together_boost" (see togetherWeight), "lead" and
// "title" (see rerank), "candidates" (how many documents bleve's score
// picks for rerank, whatever the limit), and the weight of each kind of document.
func Ranking() map[string]float64 {
	r := map[string]float64{
		"common": commonShare, "together": togetherWeight, "together_boost": togetherBoost,
		"lead": leadWeight, "title": titleWeight, "candidates": candidates,
	}
	for k, w := range kindWeight {
		r[k] = w
	}
	return r
}
