package diff_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crules/crules/diff"
)

// TestTrace: splice from its first revision to the latest, its text
// compared with its subrules: the first point is where it was added, a
// point whose text is the one before is unchanged or renumbered and has
// no diff, and there are edits, each with its words.
func TestTrace(t *testing.T) {
	names, _, lin := lineage(t)
	start, id := lin.FindTitle("splice")
	changes, err := lin.Trace(start, id, nil)
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
	if edits == 0 {
		t.Errorf("no edit in %d points", len(changes))
	}
}

// TestTraceClasses: the classes without the words are Trace's classes.
func TestTraceClasses(t *testing.T) {
	_, _, lin := lineage(t)
	for _, kw := range []string{"splice", "convoke", "flying", "banding"} {
		start, id := lin.FindTitle(kw)
		full, err := lin.Trace(start, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		classes, err := lin.TraceClasses(start, id, nil)
		if err != nil || len(classes) != len(full) {
			t.Fatalf("%s: %d classes, %d changes, %v", kw, len(classes), len(full), err)
		}
		for i := range full {
			if classes[i].Point != full[i].Point || classes[i].Class != full[i].Class || classes[i].Diff != nil {
				t.Errorf("%s: change %d: %+v, Trace has %+v", kw, i, classes[i], full[i].Point)
			}
		}
	}
}

// TestChangedLinesClassify: a change of a rule's history is classified on
// the lines it changed as on the whole texts, over the history of every
// keyword (ability and action) of every revision.
func TestChangedLinesClassify(t *testing.T) {
	_, _, lin := lineage(t)
	seen := map[string]bool{}
	histories, changed := 0, 0
	for i := range lin.Revs {
		for id := range lin.Titles(i) {
			if !strings.HasPrefix(id, "701.") && !strings.HasPrefix(id, "702.") && !strings.HasPrefix(id, "501.") && !strings.HasPrefix(id, "502.") {
				continue
			}
			first := lin.History(i, id)[0]
			if seen[first.Rev+" "+first.ID] {
				continue
			}
			seen[first.Rev+" "+first.ID] = true
			histories++
			cut, err := lin.TraceClasses(i, id, nil)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := lin.TraceWhole(i, id)
			if err != nil {
				t.Fatal(err)
			}
			for k := range whole {
				if whole[k].Class != cut[k].Class {
					t.Errorf("%s of %s: %s on the lines changed, %s on the whole texts", whole[k].ID, whole[k].Rev, cut[k].Class, whole[k].Class)
				}
				if k > 0 && whole[k].Class != diff.Unchanged && whole[k].Class != diff.Renumbered {
					changed++
				}
			}
		}
	}
	if histories < 250 || changed < 1500 {
		t.Errorf("%d histories, %d changes: not every keyword's", histories, changed)
	}
	t.Logf("%d histories, %d changes", histories, changed)
}

// TestKeptTraces: the changes the lineage keeps for titled rules are those
// Trace measures: for every titled rule of nine revisions across the
// corpus (both eras, the 2009 rewrite, the latest), its trace read from
// the lineage equals its trace measured on the texts, classes and word
// diffs, point by point.
func TestKeptTraces(t *testing.T) {
	_, _, l := lineage(t)
	n := 0
	for _, rev := range []int{0, 10, 30, 45, 52, 53, 80, 110, len(l.Revs) - 1} {
		for id := range l.Titles(rev) {
			kept, ok, err := l.Traced(rev, id)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				continue
			}
			measured, err := l.TraceBy(rev, id)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(kept, measured) {
				t.Errorf("%s of %s: kept %v\nmeasured %v", id, l.Revs[rev], kept, measured)
			}
			n++
		}
	}
	if n < 1000 {
		t.Errorf("%d traces compared, want at least 1000", n)
	}
}
