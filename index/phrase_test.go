package index_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// phraseHolders scans a revision's text, without the index, for the
// rules (their text or an example's), and glossary entries (term or
// definition) that hold phrase as whole words, typography aside: what a
// quoted phrase must find.
func phraseHolders(d *parse.Document, phrase string) []string {
	re := regexp.MustCompile(`(?i)(^|[^\pL\pN'])` + regexp.QuoteMeta(parse.Typography(phrase)) + `($|[^\pL\pN'])`)
	has := func(s string) bool { return re.MatchString(parse.Typography(s)) }
	var out []string
	d.Walk(func(r *parse.Rule) bool {
		found := has(r.Text)
		for _, e := range r.Examples {
			found = found || has(e.Text)
		}
		if found && !r.Implicit {
			out = append(out, r.ID.String())
		}
		return true
	})
	for _, g := range d.Glossary {
		text := g.Term
		for _, p := range g.Definition {
			text += "\n" + p.Text
		}
		if has(text) {
			out = append(out, g.Term)
		}
	}
	slices.Sort(out)
	return out
}

// TestPhraseExact: a quoted phrase returns exactly the rules, examples
// and glossary entries that hold it, stop words and all, whichever
// apostrophe or quotes the query is typed with.
func TestPhraseExact(t *testing.T) {
	ix := latestIndex(t)
	_, docs := corpustest.Docs(t)
	d := docs[len(docs)-1]
	for _, q := range []string{`"can't be countered"`, `“can’t be countered”`, `"is put into a graveyard from"`, `"{T}: add"`, `"the top card of"`, `"mulligan"`} {
		phrase := strings.Trim(parse.Typography(q), `"`)
		want := phraseHolders(d, phrase)
		if len(want) == 0 || len(want) > index.MaxLimit {
			t.Fatalf("%s: %d rules hold it; the test needs 1 to %d", q, len(want), index.MaxLimit)
		}
		hits, err := ix.Search(q, index.Options{Limit: index.MaxLimit})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range hits {
			got = append(got, h.ID)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %d hits %v\nthe text holds it in %d: %v", q, len(got), got, len(want), want)
		}
	}
}

// TestTogether: unquoted words held together, in order, rank above the
// same words apart: the four rules that say "can't be countered" come
// before Counters and Counter.
func TestTogether(t *testing.T) {
	ix := latestIndex(t)
	_, docs := corpustest.Docs(t)
	want := phraseHolders(docs[len(docs)-1], "can't be countered")
	hits, err := ix.Search("can't be countered", index.Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hits[:min(len(want), len(hits))] {
		got = append(got, h.ID)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("first %d hits %v, want those holding the words together: %v", len(want), got, want)
	}
}

// TestNoRepeatedHeading: a heading rule with no text of its own
// ("702.19. Trample") is not a hit beside its subrules, which carry its
// title; its rank goes to the best of them.
func TestNoRepeatedHeading(t *testing.T) {
	ix := latestIndex(t)
	hits, err := ix.Search("trample", index.Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].ID != "702.19a" {
		t.Fatalf("trample: %v; want 702.19a first", hits)
	}
	for _, h := range hits {
		if h.ID == "702.19" {
			t.Errorf("trample: the heading 702.19 is a hit beside its subrules")
		}
	}
}
