package diff_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

func load(tb testing.TB, rev string) *parse.Document {
	a, err := corpus.Default()
	if err != nil {
		tb.Fatal(err)
	}
	r, err := a.Select(rev)
	if err != nil {
		tb.Fatal(err)
	}
	text, err := a.Text(r)
	if err != nil {
		tb.Fatal(err)
	}
	d, err := parse.Parse(r.File, text)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

func BenchmarkCompare(b *testing.B) {
	lex := lexicon.Default()
	for _, bc := range []struct{ name, a, b string }{
		{"adjacent", "2025-11-14", "2026-01-16"},
		{"rewrite2009", "2009-05-01", "2009-07-11"},
	} {
		da, db := load(b, bc.a), load(b, bc.b)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				diff.Compare(da, db, lex)
			}
		})
	}
}

// BenchmarkLineage: reading the cached lineage of all revisions (from
// memory, and from its file as the library does), and the history of
// splice (the longest keyword text) from it, which every warm history and
// keyword command does.
func BenchmarkLineage(b *testing.B) {
	_, _, lin := lineage(b)
	var file bytes.Buffer
	if err := lin.Encode(&file); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "lineage")
	if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("file", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := diff.ReadLineageFile(path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("file-trace-splice", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l, err := diff.ReadLineageFile(path)
			if err != nil {
				b.Fatal(err)
			}
			start, id := l.FindTitle("splice")
			if _, err := l.Trace(start, id, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := diff.DecodeLineage(bytes.NewReader(file.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("trace-splice", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l, _ := diff.DecodeLineage(bytes.NewReader(file.Bytes()))
			start, id := l.FindTitle("splice")
			if _, err := l.Trace(start, id, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
