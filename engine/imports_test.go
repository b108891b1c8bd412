package engine_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crules/crules/ability"
)

// TestImports: the rooms point one way, game ← ability ← engine ←
// scenario. The
// engine runs values of its own types (Scenario, Stmt, Clause) that
// package scenario reads from text, so it never imports scenario; game,
// the state, imports only parse. From the rooms before it, the engine
// reads the rules (parse), keyword specs (keyword) and word diffs (diff:
// what a stale model's new wording changed).
func TestImports(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		allowed []string
	}{
		{".", []string{"parse", "keyword", "diff", "game", "ability"}},
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

// TestNoKeywordInProcedures: the procedures read abilities by kind and
// never name a keyword; a string literal that is a declared keyword's
// name, in any case ("Epic", "convoke"), belongs in its declaration in
// package ability, and so do the clause words of statements that choose
// a keyword's cost or replacement (ability.AltChoices, ReduceChoices,
// DrawChoices); models.go, the models' order and the wordings they
// implement, is data.
func TestNoKeywordInProcedures(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "models.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, kw := range ability.Declared() {
				if strings.EqualFold(s, kw) {
					t.Errorf("%s: the procedure names keyword %s", fset.Position(lit.Pos()), kw)
				}
			}
			return true
		})
	}
}
