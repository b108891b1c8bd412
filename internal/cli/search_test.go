package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	code, out, _ := run(t, "search", "splice", "onto", "arcane", "--limit", "3")
	if code != 0 || !strings.Contains(out, "702.47") || !strings.Contains(out, "(2026-01-16)") {
		t.Errorf("search: exit %d\n%s", code, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if line != "" && strings.TrimSpace(line) == "" {
			t.Errorf("search prints a blank snippet line:\n%s", out)
			break
		}
	}
	code, out, _ = run(t, "search", "mana burn", "--all-revs", "--json")
	var r struct {
		Hits []struct {
			ID   string
			IDs  []string
			Revs []string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("search --all-revs: exit %d %.200s", code, out)
	}
	found := false
	for _, h := range r.Hits[:min(3, len(r.Hits))] {
		if h.ID == "300.3" && len(h.IDs) == 2 && h.Revs[len(h.Revs)-1] == "2009-05-01" {
			found = true
		}
	}
	if !found {
		t.Errorf("mana burn --all-revs: %+v", r.Hits)
	}
	code, _, errs := run(t, "search", "splise")
	if code != 1 || !strings.Contains(errs, "did you mean: splice") {
		t.Errorf("misspelt search: exit %d %q", code, errs)
	}
	code, _, errs = run(t, "search", `"unbalanced`)
	if code != 2 || !strings.Contains(errs, "unbalanced quotes") {
		t.Errorf("bad query: exit %d %q", code, errs)
	}
	code, out, _ = run(t, "search", "702.19b")
	if code != 0 || !strings.HasPrefix(out, "702.19b  Trample") || !strings.Contains(out, "\n702.19c  Trample") {
		t.Errorf("a rule number lists the rule, then the rules citing it: exit %d %.300s", code, out)
	}
	code, out, _ = run(t, "search", "splice", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--json")
	if code != 0 || !strings.Contains(out, `"id": "502.40b"`) {
		t.Errorf("search --file: exit %d %.300s", code, out)
	}
	code, _, _ = run(t, "search", "splice", "--limit", "0")
	if code != 2 {
		t.Errorf("--limit 0: exit %d", code)
	}
}

// TestSearchUnwritableCache: a cache folder that cannot be written does
// not stop a search (an index in memory answers it), and off a terminal
// nothing is said about it.
func TestSearchUnwritableCache(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(parent, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CRULES_CACHE", filepath.Join(parent, "crules"))
	code, out, errs := run(t, "search", "splice", "onto", "arcane", "--limit", "3")
	if code != 0 || !strings.Contains(out, "702.47") || errs != "" {
		t.Errorf("search with an unwritable cache: exit %d %.200s, stderr %q", code, out, errs)
	}
}
