package diff

import (
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// TestTwinsWalkAsMap: sameID finds each rule's namesake by one walk of
// both revisions' rules in order when their numbers increase, and through
// a map when they do not; the walk must find what the map finds, for every
// pair of adjacent revisions, and both ways must be taken.
func TestTwinsWalkAsMap(t *testing.T) {
	_, docs := corpustest.Docs(t)
	walked, mapped := 0, 0
	for k := 1; k < len(docs); k++ {
		a, b := units(docs[k-1]), units(docs[k])
		byID := map[parse.RuleID]int{}
		for j := len(b) - 1; j >= 0; j-- {
			byID[b[j].ID] = j
		}
		got := twins(a, b)
		for i := range a {
			want, ok := byID[a[i].ID]
			if !ok {
				want = -1
			}
			if got[i] != want {
				t.Fatalf("%s → %s: %s has twin %d, want %d", docs[k-1].Name, docs[k].Name, a[i].ID, got[i], want)
			}
		}
		if increasing(a) && increasing(b) {
			walked++
		} else {
			mapped++
		}
	}
	t.Logf("%d pairs walked, %d through a map", walked, mapped)
	if walked == 0 || mapped == 0 {
		t.Errorf("%d pairs walked, %d through a map: one way is not tested", walked, mapped)
	}
}
