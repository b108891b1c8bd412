package crules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/internal/corpustest"
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
// the latest revision, its table of keyword actions for 2009-07-11 (the
// first revision to define discard and exile as keyword actions) and
// the latest revision, and its plot of every revision, as cs measures
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
	b.WriteString("\nKeyword actions (701), `crules keywords --coverage --kind \"keyword action\"`:\n\n| revision | keyword actions | modelled, scenarios pass | compiled from the text | stale |\n|---|---|---|---|---|\n")
	for _, c := range cs {
		a := c.Actions
		switch {
		case c == cs[len(cs)-1]:
			fmt.Fprintf(&b, "| %s (latest) | %d | %d | %d | %d |\n", a.Rev, a.Defined, len(a.Passing), len(a.Compiled), len(a.Stale))
		case c.Rev == "2009-07-11":
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", a.Rev, a.Defined, len(a.Passing), len(a.Compiled), len(a.Stale))
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

// newerText returns 2026-01-16's text dated 2026-06-01, a revision the
// engine has never seen, with each of edits (old, new) made once.
func newerText(t *testing.T, edits ...string) []byte {
	t.Helper()
	s := strings.ReplaceAll(corpustest.Text(t, "2026-01-16"), "These rules are effective as of January 16, 2026.", "These rules are effective as of June 1, 2026.")
	for i := 0; i+1 < len(edits); i += 2 {
		if strings.Count(s, edits[i]) != 1 {
			t.Fatalf("2026-01-16 has %d of %q, want one", strings.Count(s, edits[i]), edits[i])
		}
		s = strings.Replace(s, edits[i], edits[i+1], 1)
	}
	return []byte(s)
}

// TestStaleByTextAlone: a revision newer than any the models declare
// (--file) is judged by its text alone: with 2026-01-16's wording, no
// model is stale; with convoke reworded, convoke alone is, and the
// message names the wording the model implements and the words that
// changed.
func TestStaleByTextAlone(t *testing.T) {
	lib := open(t, crules.Options{})
	c, err := lib.Coverage(crules.File("CR-2026-06-01.txt", newerText(t)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rev != "2026-06-01" || c.Defined != 188 || len(c.Stale) != 0 {
		t.Errorf("2026-01-16's text dated 2026-06-01: %s, %d defined, stale %q; want none stale", c.Rev, c.Defined, c.Stale)
	}
	const generic = "you may tap an untapped creature you control rather than pay that mana"
	c, err = lib.Coverage(crules.File("CR-2026-06-01.txt", newerText(t, generic, strings.Replace(generic, "untapped creature", "untapped artifact or creature", 1))))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Stale) != 1 {
		t.Fatalf("convoke reworded: stale %q, want convoke alone", c.Stale)
	}
	// Stale, so not modelled there, whatever its scenarios do.
	if slices.Contains(c.Passing, "Convoke") {
		t.Errorf("convoke reworded: still counted as modelled with passing scenarios")
	}
	for _, want := range []string{"Convoke 702.51", `implements "For each colored mana in this spell's total cost, you may tap`, "(2013-07-13–2026-01-16)", "which 2026-06-01 words differently: … tap an untapped {+artifact or +}creature you control …"} {
		if !strings.Contains(c.Stale[0], want) {
			t.Errorf("convoke reworded: stale %q, want %q in it", c.Stale[0], want)
		}
	}
}
