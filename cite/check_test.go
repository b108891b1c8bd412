package cite

import (
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
)

var (
	indexOnce sync.Once
	index     *Index
)

// allIndex returns the index of every embedded revision, built once for
// the tests that judge citations against it.
func allIndex(t *testing.T) *Index {
	t.Helper()
	revs, docs := corpustest.Docs(t)
	indexOnce.Do(func() {
		names := make([]string, len(revs))
		for i, r := range revs {
			names[i] = r.Name()
		}
		index = NewIndex(diff.BuildLineage(names, docs, nil), docs[len(docs)-1])
	})
	return index
}

// TestCheck judges citations against the lineage of every revision.
func TestCheck(t *testing.T) {
	ix := allIndex(t)
	for _, tc := range []struct {
		line  string
		stale []bool
		msg   string // in the message of the first citation
		file  string // x.go when empty
	}{
		{"    // Convoke 502.46", []bool{true}, "502.46 is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now", ""},
		{"    // see rule 702.51a: convoke reduces the cost", []bool{false}, "702.51a is Convoke, current", ""},
		{"    // CR 702.19 first strike", []bool{true}, "702.19 is Trample now, not First strike; First strike is 702.7 now", ""},
		{"Double-faced cards: rule 712.2 and the ruling below.", []bool{false}, "712.2 is current", ""},
		{"    # 100.4a sideboard size in constructed play", []bool{false}, "100.4a is current", ""},
		{"    # see rules 701.18 (Scry) and 701.8 (Destroy)", []bool{true, false}, "701.18 is Scry of", ""},
		{"\t// 702.163 For Mirrodin!", []bool{false}, "702.163 is For Mirrodin!, current", ""},
		{"    // Convoke 702.51 and rule 601.2f", []bool{false, false}, "702.51 is Convoke, current", ""},
		{"    // pay it per rules 601.2f-h, then tap creatures for Convoke", []bool{false, false, false}, "601.2f is current", ""},
		// A keyword in the file name names only the numbers that were its
		// rule: a file about Convoke cites the casting rules too.
		{"    // the total cost is locked in, see rules 601.2f-h", []bool{false, false, false}, "601.2f is current", "ConvokeAbility.java"},
		{"    // see rule 702.47a", []bool{false}, "702.47a is Splice, current", "ConvokeAbility.java"},
		{"    // rule 502.46a", []bool{true}, "502.46a is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now", "ConvokeAbility.java"},
		{"    // rule 999.1", []bool{true}, "999.1 does not exist in", "ConvokeAbility.java"},
		// A rule that introduces its subrules with a colon has no title.
		{"    // state-based actions: rule 704.5k", []bool{false}, "704.5k is current", ""},
		// A number given up for another says which: the lineage follows it.
		{"    // see rule 409.1b", []bool{true}, "409.1b is 601.2b now (renumbered in 2009-07-11)", ""},
		{"    // 420.5 state-based effects", []bool{true}, "420.5 is 704.5 now (renumbered in 2009-07-11)", ""},
		{"    // the total cost is locked in: rule 409.1f", []bool{true}, "409.1f is 601.2f now (renumbered in 2009-07-11)", "ConvokeAbility.java"},
		{"    // rule 204.3", []bool{true}, "204.3 is 205.3 now (renumbered in 2011-09-30)", ""},
		{"    // rule 501.7", []bool{true}, "501.7 is Tap of 2007-05-01..2009-05-01; it is 701.26 now (renumbered in 2009-07-11)", ""},
		// The keyword a gone subrule was under is its rule's title then,
		// not the title its number has now: 701.15 is Goad now.
		{"    // rule 701.15f", []bool{true}, "701.15f is Search of 2011-09-30..2016-08-26; Search is 701.23 now", ""},
		{"    // rule 702.51z", []bool{true}, "702.51z does not exist in", ""},
		{"    // rule 999.9", []bool{true}, "999.9 does not exist in", ""},
		// A lower-case word after a colon starts a sentence, not a title;
		// a capitalized name, or one that ends the line, is still one.
		{"    // CR 702.51a: tap creatures", []bool{false}, "702.51a is Convoke, current", ""},
		{"    // CR 702.51a: Convoke", []bool{false}, "702.51a is Convoke, current", ""},
		{"    // CR 702.19: First strike", []bool{true}, "702.19 is Trample now, not First strike", ""},
		{"    // CR 702.19: first strike", []bool{true}, "702.19 is Trample now, not First strike", ""},
		{"    // CR 702.19: trample over the blocker", []bool{false}, "702.19 is Trample, current", ""},
		// A number in a web address or a file path is not a citation; the
		// text of a link is.
		{"see https://example.com/cr/502.46a.html", nil, "", "notes.md"},
		{"path /srv/rules/409.1b/index", nil, "", "notes.md"},
		{`    // C:\Rules\409.1b\costs.txt`, nil, "", ""},
		{"[CR 502.46a](https://example.com/cr/502.46a.html)", []bool{true}, "502.46a is Convoke of 2005-10-01..2009-05-01", "notes.md"},
		{"    // rules 409.1b/409.1f", []bool{true, true}, "409.1b is 601.2b now", ""},
	} {
		file := tc.file
		if file == "" {
			file = "x.go"
		}
		cs := Scan(file, []byte(tc.line))
		if len(cs) != len(tc.stale) {
			t.Errorf("%q: %d citations, want %d", tc.line, len(cs), len(tc.stale))
			continue
		}
		for i, c := range cs {
			f := ix.Check(c)
			if f.Stale != tc.stale[i] {
				t.Errorf("%q: %s stale %v, want %v (%s)", tc.line, c.ID, f.Stale, tc.stale[i], f.Msg)
			}
			if i == 0 && !strings.Contains(f.Msg, tc.msg) {
				t.Errorf("%q: %q, want %q", tc.line, f.Msg, tc.msg)
			}
		}
	}
}

// TestCheckNow: a finding carries the number its rule has now when it was
// renumbered, so that a citation can be rewritten; none for a number that
// still exists or never did.
func TestCheckNow(t *testing.T) {
	ix := allIndex(t)
	for _, tc := range []struct{ line, now string }{
		{"// see rule 409.1b", "601.2b"},
		{"// 420.5 state-based effects", "704.5"},
		{"// Convoke 502.46", "702.51"},
		{"// rule 502.46a", "702.51a"},
		{"// rule 702.51a", ""},
		{"// CR 702.19 first strike", ""},
		{"// rule 701.15f", "701.23f"},
		{"// rule 999.9", ""},
	} {
		cs := Scan("x.go", []byte(tc.line))
		if len(cs) != 1 {
			t.Errorf("%q: %d citations, want 1", tc.line, len(cs))
			continue
		}
		f := ix.Check(cs[0])
		if got := f.Now.String(); f.Now.IsZero() && tc.now != "" || !f.Now.IsZero() && got != tc.now {
			t.Errorf("%q: now %q, want %q (%s)", tc.line, got, tc.now, f.Msg)
		}
	}
}
