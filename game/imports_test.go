package game_test

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports: game imports no package of the module but parse, so that
// the state stays below the engine and the scenario format.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if strings.HasPrefix(imp, "github.com/crules/crules/") && imp != "github.com/crules/crules/parse" {
			t.Errorf("game imports %s", imp)
		}
	}
}
