package game

import "testing"

// TestParseIfPaid: a triggered ability's intervening "if" on how its
// source was cast, and the sacrifice of its source.
func TestParseIfPaid(t *testing.T) {
	for _, tc := range []struct{ text, ifPaid, verb string }{
		{"When Kor Evoker enters, if it was kicked, gain 3 life", "kicker", "gain"},
		{"When this permanent enters the battlefield, if its evoke cost was paid, its controller sacrifices it.", "evoke", "sacrifice"},
		{"When this permanent comes into play, if its evoke cost was paid, its controller sacrifices it.", "evoke", "sacrifice"},
		{"At the beginning of your upkeep, if its buyback cost was paid, draw a card", "buyback", "draw"},
		{"When Mulldrifter enters, draw 2 cards", "", "draw"},
		{"At the beginning of your end step, sacrifice this creature", "", "sacrifice"},
	} {
		e, err := ParseEffect(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if e.IfPaid != tc.ifPaid || e.Verb != tc.verb || e.When == "" {
			t.Errorf("%q: if paid %q, verb %q, when %q; want %q, %q", tc.text, e.IfPaid, e.Verb, e.When, tc.ifPaid, tc.verb)
		}
	}
	// An effect not understood after the clause is reported where it
	// begins.
	const bad = "When X enters, if it was kicked, frobnicate"
	_, err := ParseEffect(bad)
	ee, ok := err.(*EffectError)
	if !ok || ee.Offset != len("When X enters, if it was kicked, ") {
		t.Errorf("%q: %v, want an error at the effect", bad, err)
	}
}

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
