package scenario_test

import (
	"os"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// BenchmarkAllScenarios runs every scenario file against the latest
// revision, parsed once: the cost of "go test" minus parsing.
func BenchmarkAllScenarios(b *testing.B) {
	files, err := scenario.Builtin()
	if err != nil {
		b.Fatal(err)
	}
	doc, specs := revision(b, "latest")
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			if _, err := scenario.Run(f, doc, specs...); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkOneScenario is what "crules sim convoke.txt" costs in
// process: read the revision from the archive, parse it, extract its
// keyword specs, parse the scenario and run it.
func BenchmarkOneScenario(b *testing.B) {
	src, err := os.ReadFile("testdata/scenarios/convoke.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		a, err := corpus.Default()
		if err != nil {
			b.Fatal(err)
		}
		r, err := a.Select("latest")
		if err != nil {
			b.Fatal(err)
		}
		text, err := a.Text(r)
		if err != nil {
			b.Fatal(err)
		}
		doc, err := parse.Parse(r.File, text)
		if err != nil {
			b.Fatal(err)
		}
		specs := keyword.Extract(doc, nil, r.Name())
		f, err := scenario.Parse("convoke.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := scenario.Run(f, doc, specs...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunOne is the run alone, on a parsed revision.
func BenchmarkRunOne(b *testing.B) {
	src, err := os.ReadFile("testdata/scenarios/splice.txt")
	if err != nil {
		b.Fatal(err)
	}
	f, err := scenario.Parse("splice.txt", src)
	if err != nil {
		b.Fatal(err)
	}
	doc, specs := revision(b, "latest")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scenario.Run(f, doc, specs...); err != nil {
			b.Fatal(err)
		}
	}
}
