package engine_test

import (
	"go/build"
	"slices"
	"strings"
	"testing"
)

// TestImports: the rooms point one way, game ← ability ← engine ←
// scenario. The
// engine runs values of its own types (Scenario, Stmt, Clause) that
// package scenario reads from text, so it never imports scenario; game,
// the state, imports only parse.
func TestImports(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		allowed []string
	}{
		{".", []string{"parse", "keyword", "game", "ability"}},
		{"../ability", []string{"game"}},
		{"../game", []string{"parse"}},
	} {
		pkg, err := build.ImportDir(tc.dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			name, ours := strings.CutPrefix(imp, "github.com/crules/crules/")
			if ours && !slices.Contains(tc.allowed, name) {
				t.Errorf("%s imports %s; it may import only %s of this module", pkg.ImportPath, imp, strings.Join(tc.allowed, ", "))
			}
		}
	}
}
