package keyword_test

import (
	"reflect"
	"testing"

	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// TestExtractNames: on every embedded revision, the specs ExtractNames
// reads for some names are those Extract finds for the same names
// (keyword abilities, keyword actions, ability words, names in any case,
// a name that is no keyword), and nothing else.
func TestExtractNames(t *testing.T) {
	ns, ds := corpusDocs(t)
	fixed := []string{"convoke", "Double Strike", "splice", "Destroy", "discard", "Threshold", "Modular", "Dredge", "Flashback", "Flying", "no such keyword", "Bushido"}
	for i, d := range ds {
		full := keyword.Extract(d, nil, ns[i])
		names := append([]string{}, fixed...)
		for k := i % 7; k < len(full); k += 7 {
			names = append(names, full[k].Name)
		}
		part := keyword.ExtractNames(d, nil, ns[i], names...)
		for _, n := range names {
			want, got := keyword.Find(full, n), keyword.Find(part, n)
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%s: %q: ExtractNames gives %+v, Extract %+v", ns[i], n, got, want)
			}
		}
		if len(part) > len(names) {
			t.Errorf("%s: %d specs for %d names", ns[i], len(part), len(names))
		}
	}
	// With a cross-reference graph, See is filled in as Extract does.
	d := ds[len(ds)-1]
	g := xref.Build(d)
	withSee := 0
	for _, want := range keyword.Extract(d, g, ns[len(ns)-1]) {
		if len(want.See) == 0 {
			continue
		}
		withSee++
		got := keyword.ExtractNames(d, g, ns[len(ns)-1], want.Name)
		if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
			t.Errorf("%s with a graph: got %+v, want %+v", want.Name, got, want)
		}
	}
	if withSee == 0 {
		t.Error("no spec of the latest revision cites another rule")
	}
}

func BenchmarkExtractNames(b *testing.B) {
	ns, ds := corpusDocs(b)
	d, rev := ds[len(ds)-1], ns[len(ns)-1]
	b.ReportAllocs()
	for b.Loop() {
		keyword.ExtractNames(d, nil, rev, "Convoke", "Vigilance", "Flying")
	}
}

func BenchmarkExtractLatest(b *testing.B) {
	ns, ds := corpusDocs(b)
	d, rev := ds[len(ds)-1], ns[len(ns)-1]
	b.ReportAllocs()
	for b.Loop() {
		keyword.Extract(d, nil, rev)
	}
}

// TestSee: what a keyword's rules cite, read from their text alone, is
// the See that Extract fills in from the revision's citation graph, on
// every embedded revision.
func TestSee(t *testing.T) {
	ns, ds := corpusDocs(t)
	withSee := 0
	for i, d := range ds {
		for _, s := range keyword.Extract(d, xref.Build(d), ns[i]) {
			id, err := parse.ParseRuleID(s.Rule)
			if err != nil || d.Rule(id) == nil {
				t.Fatalf("%s: %s: no rule %q", ns[i], s.Name, s.Rule)
			}
			if got := keyword.See(d.Rule(id)); !reflect.DeepEqual(got, s.See) {
				t.Errorf("%s: %s: See reads %q, the graph %q", ns[i], s.Name, got, s.See)
			}
			if len(s.See) > 0 {
				withSee++
			}
		}
	}
	if withSee < 1000 {
		t.Errorf("only %d specs cite anything: the comparison is empty", withSee)
	}
}
