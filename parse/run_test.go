package parse

import (
	"slices"
	"testing"
)

// TestRun: slices filled through one run, in turn and back again, hold
// what was added to each, whatever the array's growth, and appending to
// one does not write into another.
func TestRun(t *testing.T) {
	var r run[int]
	lists := make([][]int, 5)
	want := make([][]int, 5)
	// Mostly one after the other, sometimes back to an earlier one, past
	// several growths of the array.
	order := []int{0, 0, 0, 1, 1, 2, 0, 2, 2, 3, 1, 3, 4, 4, 4, 4, 0}
	for k := range 40 {
		for n, i := range order {
			v := k*100 + n
			r.add(&lists[i], v)
			want[i] = append(want[i], v)
		}
	}
	for i := range lists {
		if !slices.Equal(lists[i], want[i]) {
			t.Errorf("list %d: %v, want %v", i, lists[i], want[i])
		}
	}
	before := slices.Clone(lists[3])
	lists[2] = append(lists[2], -1)
	if !slices.Equal(lists[3], before) {
		t.Errorf("appending to list 2 changed list 3: %v, was %v", lists[3], before)
	}
}
