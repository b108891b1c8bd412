package diff_test

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// TestHistoryAtASplit: rules whose subrule split in two, the definition
// keeping its letter and the rest (an example, a sentence) going to the
// next one. Read forwards from the old rule and backwards from today's,
// the history must be one and the same, and follow the definition.
// TestLast: the latest revision that has a number, whatever came after.
func TestLast(t *testing.T) {
	names, _, l := lineage(t)
	for id, want := range map[string]int{
		"502.46a": slices.Index(names, "2009-05-01"), // Convoke, until the 2009 rewrite
		"702.47a": len(names) - 1,
		"999.9":   -1,
	} {
		if got := l.Last(id); got != want {
			t.Errorf("Last(%s) = %d, want %d", id, got, want)
		}
	}
}

func TestHistoryAtASplit(t *testing.T) {
	names, docs, l := lineage(t)
	at := func(rev string) int { return slices.Index(names, rev) }
	last := len(names) - 1
	for _, tc := range []struct {
		keyword, oldRev, oldID, newID, split string
	}{
		{"Convoke", "2005-10-01", "502.46a", "702.51a", "2017-01-20"},
		{"Lifelink", "2009-10-01", "702.13a", "702.15a", "2010-02-01"},
		{"Landwalk", "2009-10-01", "702.12b", "702.14b", "2010-02-01"},
	} {
		forward := l.History(at(tc.oldRev), tc.oldID)
		backward := l.History(last, tc.newID)
		if end := forward[len(forward)-1]; end.Rev != names[last] || end.ID != tc.newID {
			t.Errorf("%s: %s of %s leads to %s in %s, want %s", tc.keyword, tc.oldID, tc.oldRev, end.ID, end.Rev, tc.newID)
		}
		if start := backward[0]; start.Rev > tc.oldRev || start.Class != diff.Added {
			t.Errorf("%s: %s of today goes back to %s in %s (%s), want %s of %s or before", tc.keyword, tc.newID, start.ID, start.Rev, start.Class, tc.oldID, tc.oldRev)
		}
		if !slices.Equal(forward, backward) {
			t.Errorf("%s: history of %s (%s) and of %s (today) differ:\n%v\n%v", tc.keyword, tc.oldID, tc.oldRev, tc.newID, forward, backward)
		}
		// Across the split, the definition stays: the first words of the
		// rule before and after it are the same.
		s := at(tc.split)
		var before, after diff.Point
		for _, p := range forward {
			if p.Rev == names[s-1] {
				before = p
			}
			if p.Rev == names[s] {
				after = p
			}
		}
		b, a := docs[s-1].Rule(parse.MustParseRuleID(before.ID)), docs[s].Rule(parse.MustParseRuleID(after.ID))
		if b == nil || a == nil || !strings.HasPrefix(firstWords(b.Text), firstWords(a.Text)) && !strings.HasPrefix(firstWords(a.Text), firstWords(b.Text)) {
			t.Errorf("%s: across %s the history goes from %s to %s:\n%q\n%q", tc.keyword, tc.split, before.ID, after.ID, firstWords(textOf(b)), firstWords(textOf(a)))
		}
	}
}

// TestHistoryAgrees: for every rule of today's keyword chapter, the
// history of each point of its history is the same history.
func TestHistoryAgrees(t *testing.T) {
	names, docs, l := lineage(t)
	last := len(names) - 1
	bad := 0
	for _, id := range docs[last].IDs() {
		if id.Chapter != 702 || bad > 5 {
			continue
		}
		h := l.History(last, id.String())
		for _, p := range h {
			if g := l.History(slices.Index(names, p.Rev), p.ID); !slices.Equal(g, h) {
				t.Errorf("history of %s today passes %s in %s, whose history is another:\n%s\n%s", id, p.ID, p.Rev, brief(h), brief(g))
				bad++
				break
			}
		}
	}
}

var (
	lineageOnce sync.Once
	allNames    []string
	allLineage  *diff.Lineage
)

// lineage returns the names and parses of every revision and their
// lineage, built once for all the tests.
func lineage(tb testing.TB) ([]string, []*parse.Document, *diff.Lineage) {
	revs, docs := corpustest.Docs(tb)
	lineageOnce.Do(func() {
		allNames = make([]string, len(revs))
		for i, r := range revs {
			allNames[i] = r.Name()
		}
		allLineage = diff.BuildLineage(allNames, docs, nil)
	})
	return allNames, docs, allLineage
}

func brief(ps []diff.Point) string {
	var b strings.Builder
	prev := ""
	for _, p := range ps {
		if p.ID != prev {
			fmt.Fprintf(&b, "%s:%s(%s) ", p.Rev, p.ID, p.Class)
			prev = p.ID
		}
	}
	return b.String()
}

func textOf(r *parse.Rule) string {
	if r == nil {
		return ""
	}
	return r.Text
}

func firstWords(s string) string {
	w := strings.Fields(parse.Normalize(s))
	return strings.Join(w[:min(6, len(w))], " ")
}

// TestStepCounts: what a step of the lineage counts is what Compare of
// its two revisions counts, for every step of the corpus: the pairs of
// each class, and the changes of each chapter as diff --stat prints them.
func TestStepCounts(t *testing.T) {
	_, docs, l := lineage(t)
	for i := range l.Steps() {
		if testing.Short() && i%10 != 0 && i != l.Steps()-1 {
			continue
		}
		res := diff.Compare(docs[i], docs[i+1], nil)
		c := &render.Comparison{A: docs[i], B: docs[i+1], Counts: res.Counts()}
		for _, p := range res.Pairs {
			if p.Class != diff.Unchanged {
				c.Pairs = append(c.Pairs, p)
			}
		}
		counts, chapters := l.StepCounts(i)
		if !maps.Equal(counts, c.Counts) {
			t.Errorf("%s → %s: counts %v, compared %v", l.Revs[i], l.Revs[i+1], counts, c.Counts)
		}
		if want := c.ChapterCounts(); !reflect.DeepEqual(chapters, want) && !(len(chapters) == 0 && len(want) == 0) {
			t.Errorf("%s → %s: chapters %v, compared %v", l.Revs[i], l.Revs[i+1], chapters, want)
		}
	}
}
