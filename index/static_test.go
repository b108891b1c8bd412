package index_test

import (
	"slices"
	"testing"

	"github.com/blevesearch/bleve/v2/analysis"

	"github.com/crules/crules/index"
)

// TestTermAnalyzer: the terms a TermAnalyzer gives, each word analysed
// once, are those bleve's analyzers give the whole text, at the same
// positions, for every field of every document of a 502-era revision and
// the latest (mana symbols, "+1/+1", rule numbers, possessives and stop
// words among them).
func TestTermAnalyzer(t *testing.T) {
	m, err := index.NewMapping()
	if err != nil {
		t.Fatal(err)
	}
	// at lays an analyzer's tokens out by position, "" where none is.
	at := func(ts analysis.TokenStream) []string {
		var out []string
		for _, tok := range ts {
			for len(out) < tok.Position {
				out = append(out, "")
			}
			out[tok.Position-1] = string(tok.Term)
		}
		return out
	}
	a := index.NewTermAnalyzer()
	texts := 0
	for _, rev := range []string{"2009-05-01", "2026-01-16"} {
		for _, d := range docsOf(t, rev) {
			for _, text := range []string{d.Body, d.Words, d.Heading, d.Title} {
				words, body := a.Terms(text)
				wantWords := at(m.AnalyzerNamed(index.WordsAnalyzer).Analyze([]byte(text)))
				wantBody := at(m.AnalyzerNamed(index.Analyzer).Analyze([]byte(text)))
				// The body drops stop words at the end too: positions past
				// its last term are not there.
				for len(wantBody) < len(body) && body[len(wantBody)] == "" {
					wantBody = append(wantBody, "")
				}
				if !slices.Equal(words, wantWords) || !slices.Equal(body, wantBody) {
					t.Fatalf("%s %s %s: %q\nwords %q\nwant  %q\nbody  %q\nwant  %q", rev, d.Kind, d.ID, text, words, wantWords, body, wantBody)
				}
				texts++
			}
		}
	}
	if texts < 20000 {
		t.Errorf("%d texts analysed", texts)
	}
}
