package diff

import (
	"bytes"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// TestLineageExtend: a lineage extended with one revision, in memory or
// read from its file, is the lineage built of all of them, byte for byte,
// across eras (2009-05-01 to 2009-07-11 renumbered everything) and for a
// revision never seen.
func TestLineageExtend(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	next, err := parse.Parse("new.txt", corpustest.NewRevision(t))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(revs))
	for i, r := range revs {
		names[i] = r.Name()
	}
	find := func(name string) int {
		for i, n := range names {
			if n == name {
				return i
			}
		}
		t.Fatalf("no revision %s", name)
		return -1
	}
	for _, c := range []struct {
		from, to int // the revisions of the lineage extended
		names    []string
		docs     []*parse.Document
	}{
		{from: find("2009-02-01"), to: find("2009-07-11")},
		{from: find("2025-09-19"), to: len(names) - 1, names: []string{corpustest.NewDate}, docs: []*parse.Document{next}},
	} {
		ns := append(append([]string{}, names[c.from:c.to+1]...), c.names...)
		ds := append(append([]*parse.Document{}, docs[c.from:c.to+1]...), c.docs...)
		want := encode(t, BuildLineage(ns, ds, nil))
		short := BuildLineage(ns[:len(ns)-1], ds[:len(ds)-1], nil)
		fromFile, err := DecodeLineage(bytes.NewReader(encode(t, short)))
		if err != nil {
			t.Fatal(err)
		}
		for what, l := range map[string]*Lineage{"in memory": short, "from its file": fromFile} {
			ext, err := l.Extend(ns[len(ns)-1], ds[len(ds)-2], ds[len(ds)-1], nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := encode(t, ext); !bytes.Equal(got, want) {
				t.Errorf("%s to %s extended (%s): %d bytes, the lineage built is %d", ns[0], ns[len(ns)-1], what, len(got), len(want))
			}
		}
		if got := encode(t, short); len(short.Revs) != len(ns)-1 || bytes.Equal(got, want) {
			t.Errorf("Extend changed the lineage it extended")
		}
	}
}

func encode(t *testing.T, l *Lineage) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := l.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
