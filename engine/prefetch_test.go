package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/keyword"
)

// TestPrefetch: the specs found for many names in one reading are those
// found one name at a time, in the oldest revision with keyword rules,
// one in the middle and the latest, for every keyword's name as printed
// and in lower case, and a name no revision has.
func TestPrefetch(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	for _, i := range []int{1, len(docs) / 2, len(docs) - 1} {
		d, rev := docs[i], revs[i].Name()
		var names []string
		for _, s := range keyword.Extract(d, nil, rev) {
			names = append(names, s.Name, strings.ToLower(s.Name))
		}
		names = append(names, "Flying", "Not A Keyword")
		one, all := newSpecSet(nil, d, rev), newSpecSet(nil, d, rev)
		all.prefetch(names)
		if len(all.found) < len(names)/2 {
			t.Fatalf("%s: prefetched %d of %d names", rev, len(all.found), len(names))
		}
		for _, n := range names {
			a, b := one.find(n), all.find(n)
			if (a == nil) != (b == nil) || a != nil && (a.Name != b.Name || a.Rule != b.Rule || a.Text() != b.Text() || !slices.Equal(a.Kind, b.Kind)) {
				t.Errorf("%s: %q one at a time %v, prefetched %v", rev, n, a, b)
			}
		}
	}
}
