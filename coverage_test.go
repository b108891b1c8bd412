package crules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
)

// coverageAll is Library.CoverageAll of the embedded revisions, measured
// once for the tests of this file.
var coverageAll = sync.OnceValues(func() ([]*engine.Coverage, error) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		return nil, err
	}
	return lib.CoverageAll()
})

// TestCoverageAll: the coverage of every revision measured at once is,
// revision for revision, what Coverage measures of each alone (checked
// in revisions of each era), one per revision, oldest first.
func TestCoverageAll(t *testing.T) {
	cs, err := coverageAll()
	if err != nil {
		t.Fatal(err)
	}
	lib := open(t, crules.Options{})
	revs := lib.Revisions()
	if len(cs) != len(revs) {
		t.Fatalf("%d coverages of %d revisions", len(cs), len(revs))
	}
	for i, r := range revs {
		if cs[i].Rev != r.Name() {
			t.Fatalf("coverage %d is of %s, want %s", i, cs[i].Rev, r.Name())
		}
	}
	for _, sel := range []string{"1999-04-23", "2003-07-01", "2006-10-01", "2008-05-01", "2013-07-13", "latest"} {
		r := mustSelect(t, lib, sel)
		one, err := lib.Coverage(r.Source())
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(one)
		var got []byte
		for _, c := range cs {
			if c.Rev == r.Name() {
				got, _ = json.Marshal(c)
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: CoverageAll measures\n%s\nCoverage\n%s", sel, got, want)
		}
	}
}

// readmeCoverage returns README.md's coverage table for 2006-10-01 and
// the latest revision and its plot of every revision, as cs measures
// them.
func readmeCoverage(cs []*engine.Coverage) string {
	var b strings.Builder
	b.WriteString("| revision | keyword abilities | modelled, scenarios pass | compiled from the text | stale |\n|---|---|---|---|---|\n")
	for _, c := range cs {
		switch {
		case c == cs[len(cs)-1]:
			fmt.Fprintf(&b, "| %s (latest) | %d | %d | %d | %d |\n", c.Rev, c.Defined, len(c.Passing), len(c.Compiled), len(c.Stale))
		case c.Rev == "2006-10-01":
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", c.Rev, c.Defined, len(c.Passing), len(c.Compiled), len(c.Stale))
		}
	}
	b.WriteString("\nOver the revisions (`crules keywords --coverage --all-revs` prints the\ncounts and this plot):\n\n```\n")
	if err := render.CoveragePlot(&b, cs); err != nil {
		panic(err)
	}
	b.WriteString("```\n")
	return b.String()
}

// TestREADMECoverage: README.md's coverage table and plot are what the
// engine's coverage of every revision is (-update rewrites them: read
// the diff).
func TestREADMECoverage(t *testing.T) {
	cs, err := coverageAll()
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- coverage: go test . -run README -update -->\n", "<!-- end of coverage -->\n"
	head, rest, ok := strings.Cut(string(readme), begin)
	old, tail, ok2 := strings.Cut(rest, end)
	if !ok || !ok2 {
		t.Fatalf("README.md has no %q … %q block", strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	want := readmeCoverage(cs)
	if old == want {
		return
	}
	if golden.Updating() {
		if err := os.WriteFile("README.md", []byte(head+begin+want+end+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's coverage is not the engine's (go test . -run README -update rewrites it; read the diff):\n%s\nwant\n%s", old, want)
}
