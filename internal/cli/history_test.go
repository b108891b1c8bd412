package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
)

// TestMain gives the CLI tests a cache of their own.
func TestMain(m *testing.M) { os.Exit(corpustest.MainWithCache(m)) }

func TestHistory(t *testing.T) {
	// A history whose first point is a split from an older rule printed
	// the number before the first point and panicked.
	if code, out, errs := run(t, "history", "601.2h"); code != 0 || !strings.Contains(out, "409.1h") {
		t.Errorf("history 601.2h: exit %d %.200s %.300s", code, out, errs)
	}
	code, out, _ := run(t, "history", "splice", "--json")
	var h struct {
		ID     string
		Points []struct {
			Rev, ID, Class string
			Moved          bool
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &h) != nil || len(h.Points) < 20 {
		t.Fatalf("history splice: exit %d %.300s", code, out)
	}
	first, last := h.Points[0], h.Points[len(h.Points)-1]
	if first.Rev != "2004-10-01" || first.ID != "502.40" || last.Rev != "2026-01-16" || last.ID != "702.47" {
		t.Errorf("splice runs from %s %s to %s %s, want 502.40 (2004-10-01) to 702.47 (2026-01-16)", first.ID, first.Rev, last.ID, last.Rev)
	}
	var numbers []string
	for _, p := range h.Points {
		if len(numbers) == 0 || numbers[len(numbers)-1] != p.ID {
			numbers = append(numbers, p.ID)
		}
	}
	if got := strings.Join(numbers, " → "); got != "502.40 → 702.44 → 702.45 → 702.46 → 702.47" {
		t.Errorf("splice numbers: %s", got)
	}
	// The cache was written, and a second run reads it.
	d, _ := os.ReadDir(os.Getenv("CRULES_CACHE"))
	if len(d) != 1 {
		t.Errorf("cache holds %d entries", len(d))
	}
	code, out, _ = run(t, "history", "502.46", "--rev", "2006-10-01")
	if code != 0 || !strings.HasPrefix(out, "Convoke: 702.51 in 2026-01-16\n") || !strings.Contains(out, "2005-10-01               502.46    added") {
		t.Errorf("history 502.46: exit %d\n%.300s", code, out)
	}
	code, _, errs := run(t, "history", "nonexistent keyword")
	if code != 1 || !strings.Contains(errs, "no rule is titled") {
		t.Errorf("unknown keyword: exit %d %q", code, errs)
	}
}

// TestCorruptCache: a damaged cache entry is rebuilt, not trusted.
func TestCorruptCache(t *testing.T) {
	run(t, "history", "convoke")
	var entry string
	filepath.Walk(os.Getenv("CRULES_CACHE"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && strings.Contains(p, "lineage") {
			entry = p
		}
		return nil
	})
	if entry == "" {
		t.Fatal("no lineage in the cache")
	}
	os.WriteFile(entry, []byte("garbage"), 0o644)
	code, out, _ := run(t, "history", "convoke")
	if code != 0 || !strings.HasPrefix(out, "Convoke: 702.51") {
		t.Errorf("after corrupting the cache: exit %d %.100s", code, out)
	}
	code, out, _ = run(t, "index", "path")
	if code != 0 || strings.TrimSpace(out) != os.Getenv("CRULES_CACHE") {
		t.Errorf("index path: %q", out)
	}
}
