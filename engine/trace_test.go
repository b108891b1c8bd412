package engine_test

import (
	"os"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
)

// TestShow prints a scenario run with its trace: go test -run TestShow
// -args FILE REV. Without arguments it is skipped silently.
func TestShow(t *testing.T) {
	file, rev := os.Getenv("SHOW"), os.Getenv("REV")
	if file == "" {
		return
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	doc, specs := revision(t, rev)
	r, _ := engine.Run(f, doc, specs...)
	render.SimText(os.Stdout, []*engine.Result{r}, true)
}
