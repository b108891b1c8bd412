package render

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// TestBars: each task gets its own bar, concurrent reports are safe,
// and a nil *Bars (not a terminal, or --quiet) draws nothing.
func TestBars(t *testing.T) {
	var buf bytes.Buffer
	p := NewBars(&buf)
	var wg sync.WaitGroup
	for _, task := range []string{"indexing 2026-01-16", "building the lineage"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Report(task, 1, 3)
		}()
	}
	wg.Wait()
	for _, want := range []string{"crules: indexing 2026-01-16", "crules: building the lineage"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no %q in %q", want, buf.String())
		}
	}
	var none *Bars
	none.Report("indexing", 1, 2)
}
