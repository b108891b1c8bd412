package index

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/crules/crules/internal/corpustest"
)

// TestAnswerRecoversDamage: bleve trusts its files, so a segment damaged
// after Open checked it (here: opened unchecked) can panic inside bleve.
// Answer turns such a panic into ErrDamaged, for the library to rebuild
// the index, never a crash.
func TestAnswerRecoversDamage(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	last := len(docs) - 1
	var small []Doc
	for _, d := range Documents(docs[last], revs[last].Name()) {
		switch d.Title {
		case "Deathtouch", "Flying", "Protection", "Trample", "Splice", "Madness":
			small = append(small, d)
		}
	}
	clean := filepath.Join(t.TempDir(), "clean")
	if err := Build(clean, small, nil); err != nil {
		t.Fatal(err)
	}
	zaps, err := filepath.Glob(filepath.Join(clean, "store", "*.zap"))
	if err != nil || len(zaps) != 1 {
		t.Fatalf("segments %v, %v", zaps, err)
	}
	zap := filepath.Join("store", filepath.Base(zaps[0]))
	queries := []string{"splice onto arcane", "flying", "trample damage", "deathtouch lethal", "protection from", "madnes"}
	rng := rand.New(rand.NewPCG(23, 2))
	// Where a damage makes bleve panic depends on the segment's layout,
	// which varies from build to build: damage one stretch after another,
	// up to 256 of them, until three answers have been ErrDamaged.
	damaged := 0
	const stretches = 256
	for k := 0; k < stretches && damaged < 3; k++ {
		work := filepath.Join(t.TempDir(), "work")
		if err := os.CopyFS(work, os.DirFS(clean)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(work, zap))
		if err != nil {
			t.Fatal(err)
		}
		at := len(b) * k / stretches
		for i := at; i < min(at+64, len(b)); i++ {
			b[i] = byte(rng.Uint32())
		}
		if err := os.WriteFile(filepath.Join(work, zap), b, 0o644); err != nil {
			t.Fatal(err)
		}
		ix, err := open(work)
		if err != nil {
			continue // refused by bleve itself
		}
		for _, q := range queries {
			if _, err := ix.Answer(q, "latest", Options{Limit: 5}); errors.Is(err, ErrDamaged) {
				damaged++
			}
		}
		ix.Close()
	}
	if damaged == 0 {
		t.Error("no damage made bleve panic: the recovery is not tested")
	}
	t.Logf("%d answers were ErrDamaged", damaged)
}
