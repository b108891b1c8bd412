package render_test

import (
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/render"
)

// TestCoveragePlotKind: the plot of keyword actions says so and rises no
// higher than the most actions a revision defines (a newcomer saw
// "keyword abilities:" over an axis to 200 for 67 keyword actions).
func TestCoveragePlotKind(t *testing.T) {
	cs := []*engine.Coverage{
		{Rev: "2009-07-11", Kind: "keyword action", Defined: 17, Passing: make([]string, 10), Compiled: make([]string, 2)},
		{Rev: "2026-01-16", Kind: "keyword action", Defined: 67, Passing: make([]string, 36), Compiled: make([]string, 16)},
	}
	var b strings.Builder
	if err := render.CoveragePlot(&b, cs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if !strings.HasPrefix(lines[0], "keyword actions: ") {
		t.Errorf("title %q, want keyword actions", lines[0])
	}
	if !strings.HasPrefix(lines[1], "  70 |") {
		t.Errorf("top row %q, want 70", lines[1])
	}
	for _, c := range cs {
		c.Kind = ""
		c.Defined += 121 // 188 keyword abilities
	}
	b.Reset()
	if err := render.CoveragePlot(&b, cs); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(b.String(), "\n"); !strings.HasPrefix(lines[0], "keyword abilities: ") || !strings.HasPrefix(lines[1], " 190 |") {
		t.Errorf("abilities: %q, %q, want keyword abilities up to 190", lines[0], lines[1])
	}
}
