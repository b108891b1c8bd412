package ability

import (
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// compileAll compiles the definition of every keyword declared compiled
// (byDefinition, byShape) that revision doc defines, bypassing the
// caches of Compile and CompileActivated: the work of building a new
// revision's compiled models. It returns how many it read.
func compileAll(specs []*keyword.Spec) (n int) {
	for _, d := range Decls() {
		if !d.Compiled {
			continue
		}
		s := keyword.Find(specs, d.Name)
		if s == nil || len(s.Definition) == 0 {
			continue
		}
		n++
		switch {
		case d.Shaped:
			_, _ = readShapes(s.Definition)
		case d.Reads != nil:
			_ = d.Reads(s.Definition)
		default:
			def := s.Definition[0]
			if _, err := compile(def); err != nil && strings.Contains(def, ":") {
				_, _ = compileActivated(def)
			}
		}
	}
	return n
}

// BenchmarkCompileRevision: compiling every keyword of 2026-01-16 that
// is compiled from its quoted definition (issue 20's bound: 20 ms).
func BenchmarkCompileRevision(b *testing.B) {
	doc, err := parse.Parse("CR-2026-01-16.txt", []byte(corpustest.Text(b, "2026-01-16")))
	if err != nil {
		b.Fatal(err)
	}
	specs := keyword.Extract(doc, nil, "2026-01-16")
	if n := compileAll(specs); n < 80 {
		b.Fatalf("%d compiled keywords with a quoted definition in 2026-01-16, want 80 or more", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		compileAll(specs)
	}
}
