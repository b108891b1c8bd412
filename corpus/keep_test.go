package corpus

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestKeptTexts: every text read stays kept, so that it is not decoded
// from the stream again, but compressed: all 125 (74 MB) in under 30 MB.
// A text read again, in any order, is the one All reads, and All keeps
// nothing new.
func TestKeptTexts(t *testing.T) {
	a, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	fresh := &Archive{revs: a.revs, data: a.data, head: a.head, hash: a.hash, newest: a.newest}
	all, err := fresh.All()
	if err != nil {
		t.Fatal(err)
	}
	if len(fresh.texts) > 1 {
		t.Errorf("All kept %d texts", len(fresh.texts))
	}
	revs := fresh.Revisions()
	plain := 0
	for round := range 2 {
		for _, i := range rand.New(rand.NewPCG(1, uint64(round))).Perm(len(revs)) {
			got, err := fresh.Text(revs[i])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, all[i]) {
				t.Fatalf("round %d: the text of %s differs from All's", round, revs[i].File)
			}
			if round == 0 {
				plain += len(got)
			}
		}
	}
	kept := 0
	for _, b := range fresh.texts {
		kept += len(b)
	}
	if len(fresh.texts) != len(revs) || kept > 30<<20 {
		t.Errorf("%d texts kept in %d MB (of %d MB), want all %d in under 30 MB", len(fresh.texts), kept>>20, plain>>20, len(revs))
	}
}
