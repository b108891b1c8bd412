package scenario_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
)

// exampleName is how a script names the rule's example it runs: the
// rule (702.47) and the example's place among the rule's and its
// subrules' examples, in order, from 1.
var exampleName = regexp.MustCompile(`\b(\d{3}\.\d+)-example-(\d+)\b`)

// TestExampleNames: a script named after a rule's example
// (702.47-example-2) names one that exists: the rule has that many
// examples in 2026-01-16 (a 702 rule) or 2006-10-01 (a 502 rule), and
// the file runs in that revision. It logs how many of the examples of
// 702 (2026-01-16) and 502 (2006-10-01) have a script, and of 701 and
// the card kinds' chapters 703–739 of 2026-01-16 (issue 21).
func TestExampleNames(t *testing.T) {
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	named := map[string]bool{}
	for _, path := range files {
		f := parseFile(t, path)
		revs, err := f.WrittenFor(corpusArchive(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Scripts {
			for _, m := range exampleName.FindAllStringSubmatch(s.Name, -1) {
				rev := "2026-01-16"
				if m[1][0] == '5' {
					rev = "2006-10-01"
				}
				if !slices.ContainsFunc(revs, func(r corpus.Revision) bool { return r.Name() == rev }) {
					t.Errorf("%s:%d: %q names an example of %s, but the file does not run in %s", path, s.Pos.Line, m[0], rev, rev)
					continue
				}
				doc, _ := revision(t, rev)
				k, _ := strconv.Atoi(m[2])
				if n := examplesOf(doc, m[1]); k < 1 || k > n {
					t.Errorf("%s:%d: %q: %s has %d examples in %s", path, s.Pos.Line, m[0], m[1], n, rev)
					continue
				}
				named[m[1]+"-"+m[2]+"@"+rev] = true
			}
		}
	}
	for _, c := range []struct {
		rev      string
		from, to int
	}{{"2026-01-16", 702, 702}, {"2006-10-01", 502, 502}, {"2026-01-16", 701, 701}, {"2026-01-16", 703, 739}} {
		doc, _ := revision(t, c.rev)
		total, have := 0, 0
		for ch := c.from; ch <= c.to; ch++ {
			chap := doc.Chapter(ch)
			if chap == nil {
				continue
			}
			for _, r := range chap.Rules {
				n := examplesOf(doc, r.ID.String())
				total += n
				for k := 1; k <= n; k++ {
					if named[r.ID.String()+"-"+strconv.Itoa(k)+"@"+c.rev] {
						have++
					}
				}
			}
		}
		chapters := strconv.Itoa(c.from)
		if c.to != c.from {
			chapters += "–" + strconv.Itoa(c.to)
		}
		t.Logf("examples under %s of %s with a script: %d of %d", chapters, c.rev, have, total)
	}
}

// examplesOf counts the examples of rule id of doc and of its subrules.
func examplesOf(doc *parse.Document, id string) int {
	rid, err := parse.ParseRuleID(id)
	if err != nil {
		return 0
	}
	r := doc.Rule(rid)
	if r == nil {
		return 0
	}
	n := 0
	var walk func(r *parse.Rule)
	walk = func(r *parse.Rule) {
		n += len(r.Examples)
		for _, c := range r.Children {
			walk(c)
		}
	}
	walk(r)
	return n
}
