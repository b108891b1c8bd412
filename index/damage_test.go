package index_test

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/crules/crules/index"
)

// TestDamagedIndex: bytes overwritten, a bit flipped or a file cut short
// at many offsets of every file of an index (bleve's index_meta.json,
// root.bolt and segment, and the completion marker), each in turn: Open
// refuses the index (ErrDamaged or ErrNotBuilt, so the caller rebuilds
// it, and Build over the damaged folder answers as before), or it opens
// and answers every query exactly as the undamaged index did. Never a
// panic, never another answer.
func TestDamagedIndex(t *testing.T) {
	var docs []index.Doc // a few keywords' rules: a small index, built in a blink
	for _, d := range docsOf(t, "latest") {
		switch d.Title {
		case "Deathtouch", "Flying", "Protection", "Trample", "Splice", "Madness":
			docs = append(docs, d)
		}
	}
	clean := filepath.Join(t.TempDir(), "clean")
	if err := index.Build(clean, docs, nil); err != nil {
		t.Fatal(err)
	}
	queries := []string{"splice onto arcane", "flying", "trample damage", "deathtouch lethal", "protection from", "madnes", "exile discard"}
	answers := func(dir string) ([]string, error) {
		ix, err := index.Open(dir)
		if err != nil {
			return nil, err
		}
		defer ix.Close()
		var out []string
		for _, q := range queries {
			r, err := ix.Answer(q, "latest", index.Options{Limit: 5})
			if err != nil {
				out = append(out, q+": "+err.Error())
				continue
			}
			out = append(out, fmt.Sprintf("%s: suggestions %q", q, r.Suggestions))
			for _, h := range r.Hits {
				out = append(out, fmt.Sprintf("%s %s %.6f %q %v", h.ID, h.Kind, h.Score, h.Snippet, h.Marks))
			}
		}
		return out, nil
	}
	want, err := answers(clean)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(clean, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(clean, path)
			files = append(files, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Fatalf("the index holds %v, want a segment, root.bolt, index_meta.json and the marker", files)
	}

	type damage struct {
		name string
		do   func(b []byte) []byte
	}
	rng := rand.New(rand.NewPCG(23, 2))
	var damages []damage
	for k := range 8 {
		damages = append(damages, damage{fmt.Sprintf("256 bytes overwritten at %d/8", k), func(b []byte) []byte {
			at := len(b) * k / 8
			for i := at; i < min(at+256, len(b)); i++ {
				b[i] = byte(rng.Uint32())
			}
			return b
		}})
	}
	damages = append(damages,
		damage{"one bit flipped at the middle", func(b []byte) []byte { b[len(b)/2] ^= 0x08; return b }},
		damage{"one bit flipped in the last byte", func(b []byte) []byte { b[len(b)-1] ^= 0x01; return b }},
		damage{"cut to half", func(b []byte) []byte { return b[:len(b)/2] }},
		damage{"emptied", func(b []byte) []byte { return nil }},
	)
	work := filepath.Join(t.TempDir(), "work")
	for _, f := range files {
		for _, d := range damages {
			name := f + ": " + d.name
			if err := os.RemoveAll(work); err != nil {
				t.Fatal(err)
			}
			if err := os.CopyFS(work, os.DirFS(clean)); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(work, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, f), d.do(b), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := answers(work)
			switch {
			case err == nil:
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: opened, and answered\n%q\nwant\n%q", name, got, want)
				}
				continue
			case !errors.Is(err, index.ErrDamaged) && !errors.Is(err, index.ErrNotBuilt):
				t.Errorf("%s: %v, want ErrDamaged or ErrNotBuilt", name, err)
			}
			if err := index.Build(work, docs, nil); err != nil {
				t.Fatalf("%s: rebuilding: %v", name, err)
			}
			if got, err := answers(work); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s: rebuilt, answered %q, %v", name, got, err)
			}
		}
	}
}
