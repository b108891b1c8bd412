package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// FuzzScenario: any input parses to a file and positioned errors, runs
// without panicking, and never reaches an internal error. Seeded from
// testdata/scenarios.
func FuzzScenario(f *testing.F) {
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	// Numbers past the bounds: a multikicker count once looped for
	// minutes, counters overflowed.
	f.Add([]byte("-- cards --\nA: {0} Artifact; Multikicker {2}\n-- script --\nalice casts A; multikicker 4611686018427387904\n"))
	f.Add([]byte("-- cards --\nBear: {1}{G} Creature — Bear 2/2\n-- script --\nbattlefield alice: Bear\ncounters Bear: 999999 +1/+1\ncounters Bear: 999999 +1/+1\nexpect pt Bear: 1000000/1000000\n"))
	// Both eras: 502-era keywords and play, and today's rules (ward,
	// hexproof, the latest combat) each read their own revision's text.
	type rev struct {
		doc   *parse.Document
		specs []*keyword.Spec
	}
	var revs []rev
	for _, r := range []string{"2006-10-01", "2026-01-16"} {
		doc, specs := revision(f, r)
		revs = append(revs, rev{doc, specs})
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := scenario.Parse("fuzz.txt", src)
		for _, d := range scenario.Errors(err) {
			if !d.Pos.IsValid() || !strings.HasPrefix(d.Error(), "fuzz.txt:") {
				t.Fatalf("error without a position: %v", d)
			}
		}
		if err != nil {
			return
		}
		for _, r := range revs {
			res, err := scenario.Run(file, r.doc, r.specs...)
			if err != nil {
				// Card text the revision does not define: an error
				// at its column.
				for _, d := range scenario.Errors(err) {
					if !d.Pos.IsValid() || !strings.HasPrefix(d.Error(), "fuzz.txt:") {
						t.Fatalf("error without a position: %v", d)
					}
				}
				continue
			}
			for _, s := range res.Scripts {
				for _, c := range s.Checks {
					if strings.HasPrefix(c.Got, "internal error") {
						t.Fatalf("%s: %s: %s", c.Pos(), c.Text, c.Got)
					}
				}
			}
		}
	})
}
