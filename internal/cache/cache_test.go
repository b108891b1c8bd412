package cache

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPrune: an entry's older versions go, its temporary files and other
// entries stay.
func TestPrune(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"lineage.v4", "lineage.v7", ".lineage.v7.tmp123", "terms-abc.v1", "index-all.v9", "index-all.v10", "index-all.v10.tmp5", "index-2005-10-01.v9"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	Prune(filepath.Join(dir, "lineage.v7"), "lineage.v")
	Prune(filepath.Join(dir, "index-all.v10"), "index-all.v")
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := []string{".lineage.v7.tmp123", "index-2005-10-01.v9", "index-all.v10", "index-all.v10.tmp5", "lineage.v7", "terms-abc.v1"}
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}
