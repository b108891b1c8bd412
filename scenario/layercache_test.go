package scenario_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/crules/crules/game"
	"github.com/crules/crules/scenario"
)

// TestLayersOncePerState: characteristics are computed once per state
// version and read from there until the state changes. Every scenario
// file runs (against the last revision of each of its ranges) with
// game.CheckLayers set, which applies the layers again on each read of
// the kept result and panics, failing a check, when they differ: a
// change of the state that did not say so.
func TestLayersOncePerState(t *testing.T) {
	game.CheckLayers = true
	defer func() { game.CheckLayers = false }()
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := scenario.Parse(filepath.Base(path), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, sel := range f.Revisions("") {
			doc, specs := revision(t, sel)
			res, err := scenario.Run(f, doc, specs...)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Scripts {
				for _, c := range s.Checks {
					if !c.Pass {
						t.Errorf("%s [%s, %s]: %s: got %s", c.Pos(), res.Rev, s.Name, c.Text, c.Got)
					}
				}
			}
		}
	}
}
