package index

import (
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/exception"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// MappingVersion changes whenever the mapping or the documents change;
// cached indexes of another version are rebuilt.
const MappingVersion = 13

// Analyzer is the name of the analyzer for prose fields.
const Analyzer = "crules_en"

// WordsAnalyzer is the name of the analyzer of FieldWords: the words as
// printed, in lower case, none dropped or stemmed, for quoted phrases.
const WordsAnalyzer = "crules_words"

// Field names of an indexed document.
const (
	FieldID       = "id"
	FieldRev      = "rev"
	FieldRevs     = "revs"
	FieldEra      = "era"
	FieldKind     = "kind"
	FieldTitle    = "title"
	FieldText     = "text"
	FieldKeyword  = "keyword"
	FieldBody     = "body"     // title and text together: what plain words search
	FieldHeading  = "heading"  // a heading's own title (not inherited)
	FieldLead     = "lead"     // "yes" for a rule that opens its chapter or keyword
	FieldSubrules = "subrules" // a heading rule's subrules, stored only (see Doc.Subrules)
	FieldWords    = "words"    // its own text, every word kept: what "quoted phrases" match (see Doc.Words)
)

// tokenExceptions are kept whole by the tokenizer: mana symbols ("{2}{U}",
// "{T}"), power/toughness changes ("+1/+1", "-X/-X") and rule numbers
// ("702.47a", "702.47").
const tokenExceptions = `\{[^{}\s]{1,4}\}(?:\{[^{}\s]{1,4}\})*|[+-][0-9X*]+/[+-][0-9X*]+|\b[1-9][0-9]{2}\.[0-9]+[a-z]?\b`

// NewMapping returns the one mapping crules indexes with: dynamic mapping
// off; prose fields (title, text, keyword, body) analysed for English with
// stemming, rule numbers, mana symbols and "+1/+1" kept as single tokens;
// words (for quoted phrases) in lower case with every word kept; id, rev,
// era and kind as exact keywords. (Typography is made plain in the body
// and words before indexing, as in queries: see parse.Typography.)
func NewMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	if err := m.AddCustomTokenizer("crules_tokens", map[string]any{
		"type":       exception.Name,
		"exceptions": []any{tokenExceptions},
		"tokenizer":  unicode.Name,
	}); err != nil {
		return nil, err
	}
	if err := m.AddCustomAnalyzer(Analyzer, map[string]any{
		"type":          custom.Name,
		"tokenizer":     "crules_tokens",
		"token_filters": []any{en.PossessiveName, lowercase.Name, en.StopName, en.SnowballStemmerName},
	}); err != nil {
		return nil, err
	}
	if err := m.AddCustomAnalyzer(WordsAnalyzer, map[string]any{
		"type":          custom.Name,
		"tokenizer":     "crules_tokens",
		"token_filters": []any{lowercase.Name},
	}); err != nil {
		return nil, err
	}
	m.DefaultAnalyzer = Analyzer
	m.ScoringModel = index.BM25Scoring
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false

	exact := func(store bool) *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Analyzer = keyword.Name
		f.Store = store
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	prose := func(store, vectors bool) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = Analyzer
		f.Store = store
		f.IncludeTermVectors = vectors
		f.DocValues = false
		return f
	}
	doc := bleve.NewDocumentStaticMapping()
	// Only the text (or a heading's subrules) and the revisions are stored: what ranking and grouping
	// need of a document is in its bleve ID (see bleveID), and the fewer
	// fields a hit's stored document holds, the faster it is read.
	doc.AddFieldMappingsAt(FieldID, exact(false))
	doc.AddFieldMappingsAt(FieldRev, exact(false))
	doc.AddFieldMappingsAt(FieldRevs, exact(true))
	doc.AddFieldMappingsAt(FieldEra, exact(false))
	doc.AddFieldMappingsAt(FieldKind, exact(false))
	doc.AddFieldMappingsAt(FieldTitle, prose(false, false))
	doc.AddFieldMappingsAt(FieldText, prose(true, true))
	doc.AddFieldMappingsAt(FieldKeyword, prose(false, false))
	doc.AddFieldMappingsAt(FieldBody, prose(false, true))
	doc.AddFieldMappingsAt(FieldHeading, prose(false, false))
	doc.AddFieldMappingsAt(FieldLead, exact(false))
	words := prose(false, true)
	words.Analyzer = WordsAnalyzer
	words.IncludeInAll = false
	doc.AddFieldMappingsAt(FieldWords, words)
	sub := bleve.NewTextFieldMapping()
	sub.Index, sub.Store, sub.IncludeInAll, sub.DocValues = false, true, false, false
	doc.AddFieldMappingsAt(FieldSubrules, sub)
	m.DefaultMapping = doc
	m.DefaultField = FieldText
	return m, nil
}
