package diff_test

import (
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// TestTrace: splice from its first revision to the latest, its text
// compared with its subrules: the first point is where it was added, a
// point whose text is the one before is unchanged or renumbered and has
// no diff, and only the revisions that changed something are loaded.
func TestTrace(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	byName := map[string]*parse.Document{}
	for i, r := range revs {
		names[i] = r.Name()
		byName[r.Name()] = docs[i]
	}
	lin := diff.BuildLineage(names, docs, nil)
	start, id := lin.FindTitle("splice")
	loaded := 0
	changes, err := lin.Trace(start, id, nil, func(rev string) (*parse.Document, error) {
		loaded++
		return byName[rev], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	first, last := changes[0], changes[len(changes)-1]
	if first.Rev != "2004-10-01" || first.ID != "502.40" || first.Class != diff.Added || first.Diff != nil {
		t.Errorf("first point: %+v", first)
	}
	if last.Rev != names[len(names)-1] || last.ID != "702.47" {
		t.Errorf("last point: %+v", last)
	}
	edits := 0
	for i, c := range changes[1:] {
		switch c.Class {
		case diff.Unchanged, diff.Renumbered:
			if c.Diff != nil {
				t.Errorf("%s: %s with a diff", c.Rev, c.Class)
			}
			if c.Class == diff.Renumbered && (!c.Moved || changes[i].ID == c.ID) {
				t.Errorf("%s: renumbered from %s to %s", c.Rev, changes[i].ID, c.ID)
			}
		default:
			edits++
			if len(c.Diff) == 0 {
				t.Errorf("%s: %s without a diff", c.Rev, c.Class)
			}
		}
	}
	if edits == 0 || loaded > edits*2+1 || loaded >= len(changes) {
		t.Errorf("%d changes, %d loaded for %d points", edits, loaded, len(changes))
	}
}
