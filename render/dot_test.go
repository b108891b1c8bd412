package render_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
	"github.com/crules/crules/xref"
)

// TestDOT: the citation graph of the modern case against its golden file,
// and of the latest revision: one edge per Ref, unresolved ones red.
func TestDOT(t *testing.T) {
	s, _, _ := caseSite(t, "testdata/cases/modern.txtar")
	var b bytes.Buffer
	if err := render.DOT(&b, xref.Build(s.Revs[0].Doc), `CR "test"`); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/modern.dot", b.Bytes())

	g := xref.Build(revisions(t, "latest")[0].Doc)
	b.Reset()
	if err := render.DOT(&b, g, "CR latest"); err != nil {
		t.Fatal(err)
	}
	edges, red := strings.Count(b.String(), " -> "), strings.Count(b.String(), "color=red")
	unresolved := 0
	for _, r := range g.Refs {
		if r.Status == xref.Unresolved {
			unresolved++
		}
	}
	if edges != len(g.Refs) || red != unresolved || edges < 1000 {
		t.Errorf("%d edges, %d red; want %d and %d", edges, red, len(g.Refs), unresolved)
	}
}
