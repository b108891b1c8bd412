package scenario_test

import (
	"path/filepath"
	"testing"

	"github.com/crules/crules/game"
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
		f := parseFile(t, path)
		for _, sel := range f.Revisions("") {
			runChecked(t, f, sel)
		}
	}
}
