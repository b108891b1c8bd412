package diff_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// TestHandLabelledClasses measures the classifier against
// testdata/classes.tsv, pairs read and labelled by hand.
func TestHandLabelledClasses(t *testing.T) {
	f, err := os.Open("testdata/classes.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ a, b, ida, idb, label, note string }
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			c := strings.Split(l, "\t")
			for len(c) < 6 {
				c = append(c, "")
			}
			rows = append(rows, row{c[0], c[1], c[2], c[3], c[4], c[5]})
		}
	}
	results := map[string]*diff.Result{}
	revPairs := map[string]bool{}
	good := 0
	for _, r := range rows {
		k := r.a + " " + r.b
		revPairs[k] = true
		if results[k] == nil {
			results[k] = diff.Compare(load(t, r.a), load(t, r.b), nil)
		}
		want, ok := diff.ParseClass(r.label)
		if !ok {
			t.Fatalf("classes.tsv: bad label %q", r.label)
		}
		p, found := results[k].Match(1, parse.MustParseRuleID(r.idb))
		for _, x := range results[k].Pairs { // a merge shares its B with the main match
			if x.A != nil && x.B != nil && x.A.ID.String() == r.ida && x.B.ID.String() == r.idb {
				p, found = x, true
			}
		}
		got := "nothing"
		switch {
		case !found:
		case want == diff.Added && p.A == nil:
			got = "added"
		case p.A != nil && p.A.ID.String() == r.ida:
			got = p.Class.String()
		case p.A != nil:
			got = p.Class.String() + " of " + p.A.ID.String()
		default:
			got = p.Class.String()
		}
		if got == r.label {
			good++
		} else {
			t.Logf("%s→%s %s→%s: labelled %s, classified %s (%s)", r.a, r.b, r.ida, r.idb, r.label, got, r.note)
		}
	}
	acc := float64(good) / float64(len(rows))
	t.Logf("class accuracy on %d hand-labelled pairs over %d revision pairs: %d agree (%.1f%%)", len(rows), len(revPairs), good, 100*acc)
	if len(rows) < 60 || len(revPairs) < 5 {
		t.Errorf("the labelled set must hold at least 60 pairs over 5 revision pairs")
	}
	if acc < 0.9 {
		t.Errorf("class accuracy %.1f%%, want at least 90%%", 100*acc)
	}
}
