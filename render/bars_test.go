package render

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestBars: each task is noted once, on its first report, with what it
// builds and how long it takes; a bar (saying what, only) appears once it
// has run a second, never for a quick one; concurrent reports are safe,
// and a nil *Bars (not a terminal, or --quiet) draws nothing.
func TestBars(t *testing.T) {
	var buf bytes.Buffer
	p := NewBars(&buf)
	clock := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	p.now = func() time.Time { return clock }
	quick, slow := "building the search index of 2026-01-16 (once, usually 1 s; cached in /c)", "building the history of every rule (once, usually 2 s; cached in /c)"
	var wg sync.WaitGroup
	for _, task := range []string{quick, slow} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Report(task, 0, 3)
			p.Report(task, 1, 3)
		}()
	}
	wg.Wait()
	p.Report(quick, 3, 3) // done within the second: no bar
	clock = clock.Add(1500 * time.Millisecond)
	p.Report(slow, 2, 3)
	out := buf.String()
	for _, want := range []string{"crules: " + quick + "\n", "crules: " + slow + "\n"} {
		if strings.Count(out, want) != 1 {
			t.Errorf("%q %d times in %q, want once", want, strings.Count(out, want), out)
		}
	}
	if strings.Count(out, "search index") != 1 || strings.Count(out, "history of every rule") != 2 || !strings.Contains(out, "/3)") {
		t.Errorf("a bar for the quick task, or none for the slow one: %q", out)
	}
	var none *Bars
	none.Report("indexing", 1, 2)
}
