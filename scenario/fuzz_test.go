package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	doc, specs := revision(f, "2006-10-01")
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
		res, err := scenario.Run(file, doc, specs...)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Scripts {
			for _, c := range s.Checks {
				if strings.HasPrefix(c.Got, "internal error") {
					t.Fatalf("%s: %s: %s", c.Pos(), c.Text, c.Got)
				}
			}
		}
	})
}
