package game_test

import (
	"testing"

	"github.com/crules/crules/game"
)

// TestKeywordNumber: in a keyword's definition N (X in the oldest
// wordings) stands for the keyword's number, which Instance puts in;
// digits stay what they are.
func TestKeywordNumber(t *testing.T) {
	for _, tc := range []struct {
		text       string
		n          int
		verb       string
		wantN      int
		wantP, wT  int
		wantTarget string
	}{
		{"it gets +N/+N until end of turn", 3, "pump", 0, 3, 3, ""},
		{"it gets +X/+X until end of turn", 2, "pump", 0, 2, 2, ""},
		{"It gets +N/+0 until end of turn", 4, "pump", 0, 4, 0, ""},
		{"the blocking creature gets -1/-1 until end of turn", 5, "pump", 0, -1, -1, ""},
		{"that player gets N poison counters", 2, "poison", 2, 0, 0, ""},
		{"that player gets two poison counters", 7, "poison", 2, 0, 0, ""},
		{"return target Spirit card with mana value N or less from your graveyard to your hand", 4, "return", 4, 0, 0, "graveyard card"},
		{"return target Spirit card with converted mana cost 2 or less from your graveyard to your hand", 4, "return", 2, 0, 0, "graveyard card"},
	} {
		e, err := game.ParseEffect(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		i := e.Instance(tc.n)
		if i.Verb != tc.verb || i.N != tc.wantN || i.P != tc.wantP || i.T != tc.wT || i.Target != tc.wantTarget || i.ByN != 0 {
			t.Errorf("%q with N=%d: %+v; want %s N %d P/T %d/%d target %q", tc.text, tc.n, i, tc.verb, tc.wantN, tc.wantP, tc.wT, tc.wantTarget)
		}
	}
	e, _ := game.ParseEffect("it gets +N/+N until end of turn for each creature blocking it beyond the first")
	if e.For != "creature blocking it beyond the first" || !e.UntilEOT {
		t.Errorf("rampage's effect: %+v", e)
	}
	if _, err := game.ParseEffect("that player gets Y poison counters"); err == nil {
		t.Error(`"Y poison counters" was read`)
	}
}
