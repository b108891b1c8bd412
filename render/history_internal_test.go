package render

import (
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// TestEverySectionLinked: on every chapter page of every revision, each
// section links to its history page, and to itself in the revision before
// whenever the lineage follows it there, whatever its number or level was
// (702.44 of 2009-07-11 was 502.40; a rule may have been a subrule). The
// page prints these two links (meta) from historyPath and prevPath.
func TestEverySectionLinked(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	var rs []Revision
	for i, r := range revs {
		names[i] = r.Name()
		rs = append(rs, Revision{Name: r.Name(), Doc: docs[i]})
	}
	lin := diff.BuildLineage(names, docs, nil)
	s := &Site{Revs: rs, Lineage: lin}
	total, noHist, noPrev := 0, 0, 0
	for i, d := range docs {
		ids := make([]string, 0)
		for id := range topRules(d) {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			total++
			rid := parse.MustParseRuleID(id)
			h := s.historyPath(i, rid)
			if h == "" {
				if noHist++; noHist <= 10 {
					t.Errorf("%s/%d.html#%s: no link to its history", names[i], rid.Chapter, id)
				}
				continue
			}
			var before string // where the lineage puts it in the revision before
			for _, p := range lin.History(i, id) {
				if i > 0 && p.Rev == names[i-1] {
					before = p.ID
				}
			}
			prev := s.prevPath(i, rid)
			if want := names[max(i-1, 0)] + "/"; before != "" && (prev == "" || !strings.HasPrefix(prev, want) || !strings.HasSuffix(prev, "#"+before)) {
				if noPrev++; noPrev <= 10 {
					t.Errorf("%s/%d.html#%s: links to %q in the revision before, want %s's %s", names[i], rid.Chapter, id, prev, names[i-1], before)
				}
			}
		}
	}
	if noHist+noPrev > 0 {
		t.Errorf("of %d sections, %d link to no history and %d not to the revision before", total, noHist, noPrev)
	}
	// The crossing of the 2009 renumbering: Splice, 702.44 of 2009-07-11,
	// was 502.40 of 2009-05-01.
	at := -1
	for i, n := range names {
		if n == "2009-07-11" {
			at = i
		}
	}
	if got := s.prevPath(at, parse.MustParseRuleID("702.44")); got != "2009-05-01/502.html#502.40" {
		t.Errorf("702.44 of 2009-07-11 links to %q in the revision before, want 2009-05-01/502.html#502.40", got)
	}
}

// BenchmarkHistoryPages renders every history page of the site of every
// revision (what render --all-revs writes under history/), the histories
// chained once before.
func BenchmarkHistoryPages(b *testing.B) {
	revs, docs := corpustest.Docs(b)
	names := make([]string, len(revs))
	var rs []Revision
	for i, r := range revs {
		names[i] = r.Name()
		rs = append(rs, Revision{Name: r.Name(), Doc: docs[i]})
	}
	s := &Site{Revs: rs, Lineage: diff.BuildLineage(names, docs, nil)}
	h, err := s.history()
	if err != nil {
		b.Fatal(err)
	}
	keys := h.keys()
	b.ReportAllocs()
	for b.Loop() {
		for _, k := range keys {
			if err := s.historyPage(io.Discard, k); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(keys)), "pages")
}
