package game

import "testing"

// TestWasPaid: "if it was kicked" is any cost that kicks; a keyword's
// cost is the alternative or optional additional cost of its word.
func TestWasPaid(t *testing.T) {
	evoked := CostsPaid{Alt: "evoke"}
	multi := CostsPaid{Kicked: true, Optional: []string{"multikicker", "multikicker"}}
	for _, tc := range []struct {
		c    CostsPaid
		word string
		want bool
	}{
		{evoked, "evoke", true}, {evoked, "kicker", false}, {evoked, "flashback", false},
		{multi, "kicker", true}, {multi, "multikicker", true}, {multi, "evoke", false},
		{CostsPaid{}, "kicker", false},
	} {
		if got := tc.c.WasPaid(tc.word); got != tc.want {
			t.Errorf("%+v WasPaid(%q) = %v, want %v", tc.c, tc.word, got, tc.want)
		}
	}
	if n := multi.TimesPaid("multikicker"); n != 2 {
		t.Errorf("kicked %d times, want 2", n)
	}
}
