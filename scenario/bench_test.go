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
// revision, parsed once: the cost of "go test" minus parsing. A file
// whose cards the latest revision does not define (a local enchantment
// of 1999, "Enchant Creature") is refused with its errors, as "crules
// sim" refuses it, at the cost of that check.
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
				if _, undefined := err.(parse.ErrorList); !undefined {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkOneScenario is what "crules sim convoke.txt" costs in
// process: read the revision from the archive, parse it, parse the
// scenario and run it, reading only the keywords the run looks up.
func BenchmarkOneScenario(b *testing.B) {
	benchOne(b, "latest", false)
}

// BenchmarkOneScenario2006 is BenchmarkOneScenario against 2006-10-01.
func BenchmarkOneScenario2006(b *testing.B) {
	benchOne(b, "2006-10-01", false)
}

// BenchmarkOneScenarioAllSpecs is BenchmarkOneScenario extracting every
// keyword of the revision first, as the engine did before it read only
// the keywords it looks up.
func BenchmarkOneScenarioAllSpecs(b *testing.B) {
	benchOne(b, "latest", true)
}

func benchOne(b *testing.B, sel string, allSpecs bool) {
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
		r, err := a.Select(sel)
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
		var specs []*keyword.Spec
		if allSpecs {
			specs = keyword.Extract(doc, nil, r.Name())
		}
		f, err := scenario.Parse("convoke.txt", src)
		if err != nil {
			b.Fatal(err)
		}
		res, err := scenario.Run(f, doc, specs...)
		if err != nil || !res.Passed() {
			b.Fatal("convoke.txt fails", err)
		}
	}
}

// BenchmarkAllScenariosCold is "go test" of every built-in scenario from
// nothing: each revision the files name is read and parsed once per
// iteration, and every file runs against each of its revisions.
func BenchmarkAllScenariosCold(b *testing.B) {
	files, err := scenario.Builtin()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		a, err := corpus.Default()
		if err != nil {
			b.Fatal(err)
		}
		docs := map[string]*parse.Document{}
		for _, f := range files {
			for _, sel := range f.Revisions("") {
				doc := docs[sel]
				if doc == nil {
					r, err := a.Select(sel)
					if err != nil {
						b.Fatal(err)
					}
					text, err := a.Text(r)
					if err != nil {
						b.Fatal(err)
					}
					if doc, err = parse.Parse(r.File, text); err != nil {
						b.Fatal(err)
					}
					docs[sel] = doc
				}
				if res, err := scenario.Run(f, doc); err != nil || !res.Passed() {
					b.Fatalf("%s fails against %s: %v", f.Name, sel, err)
				}
			}
		}
	}
}

// BenchmarkRunOne is the run alone, on a parsed revision.
func BenchmarkRunOne(b *testing.B) {
	f := scenarioFile(b, "splice.txt")
	doc, specs := revision(b, "latest")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scenario.Run(f, doc, specs...); err != nil {
			b.Fatal(err)
		}
	}
}
