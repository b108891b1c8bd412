package lexicon_test

import (
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/lexicon"
)

// TestLexiconAgainstCorpus checks the lexicon's dates against the corpus:
// where the old phrase's count falls (see lexicon.Shift), it falls in the
// revision the lexicon says; where there is no such fall (rare phrases, or
// changes made in some rules only), the count at least does not rise there.
func TestLexiconAgainstCorpus(t *testing.T) {
	a, _ := corpus.Default()
	texts, err := a.All()
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	lower := make([][]byte, len(texts))
	for i, x := range texts {
		lower[i] = lexicon.ToLowerASCII(x)
	}
	index := map[string]int{}
	for i, r := range revs {
		index[r.Name()] = i
	}
	for _, term := range lexicon.Default().Terms {
		since, ok := index[term.Since]
		if !ok || since == 0 {
			t.Errorf("lexicon.tsv:%d: %q: since %s is not a revision after the first", term.Line, term.Old, term.Since)
			continue
		}
		counts := make([]int, len(revs))
		for i := range lower {
			counts[i] = lexicon.CountPhrase(lower[i], term.Old)
		}
		if s := lexicon.Shift(counts); s >= 0 {
			if s != since {
				t.Errorf("lexicon.tsv:%d: %q falls from %d to %d in %s, the lexicon says %s", term.Line, term.Old, counts[s-1], counts[s], revs[s].Name(), term.Since)
			}
		} else if counts[since] > counts[since-1] {
			t.Errorf("lexicon.tsv:%d: %q rises from %d to %d in %s, when the lexicon says it went out of use", term.Line, term.Old, counts[since-1], counts[since], term.Since)
		}
	}
}

// TestTermsDoneMeans: the counts the issue names.
func TestTermsDoneMeans(t *testing.T) {
	a, _ := corpus.Default()
	count := func(rev, phrase string) int {
		r, _ := a.Select(rev)
		text, _ := a.Text(r)
		return lexicon.CountPhrase(lexicon.ToLowerASCII(text), phrase)
	}
	for _, tc := range []struct {
		phrase string
		rev    string
		want   int
	}{
		{"removed from the game", "2009-05-01", 42},
		{"removed from the game", "2009-07-11", 0},
		{"comes into play", "2009-05-01", 109},
		{"comes into play", "2009-07-11", 2},
	} {
		if got := count(tc.rev, tc.phrase); got != tc.want {
			t.Errorf("%q in %s: %d, want %d", tc.phrase, tc.rev, got, tc.want)
		}
	}
}
