package xref_test

import (
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

func BenchmarkBuildLatest(b *testing.B) {
	a, _ := corpus.Default()
	r, _ := a.Select("2026-01-16")
	text, _ := a.Text(r)
	d, err := parse.Parse(r.File, text)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		xref.Build(d)
	}
}
