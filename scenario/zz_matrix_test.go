package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/scenario"
)

func TestZZMatrix(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	out, _ := os.Create("/tmp/kwcov-matrix.txt")
	defer out.Close()
	specs := make([][]*keyword.Spec, len(docs))
	for i, d := range docs {
		specs[i] = keyword.Extract(d, nil, revs[i].Name())
	}
	for _, p := range files {
		src, _ := os.ReadFile(p)
		f, err := scenario.Parse(filepath.Base(p), src)
		if err != nil {
			t.Fatal(err)
		}
		line := ""
		for i, d := range docs {
			if keyword.Find(specs[i], f.Keywords[0]) == nil && f.Keywords[0] != "Split Cards" {
				line += " "
				continue
			}
			r, err := scenario.Run(f, d, specs[i]...)
			switch {
			case err != nil:
				line += "E"
			case r.Passed():
				line += "+"
			default:
				line += "-"
			}
		}
		fmt.Fprintf(out, "%-24s %s\n", filepath.Base(p), line)
	}
	for i, r := range revs {
		fmt.Fprintf(out, "%d %s\n", i, r.Name())
	}
}
