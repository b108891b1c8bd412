package game_test

import (
	"testing"

	"github.com/crules/crules/game"
)

// TestDrawSpelledOut: printed cards write "draw two cards"; the number
// spelled out is read as the digits are.
func TestDrawSpelledOut(t *testing.T) {
	for text, want := range map[string]int{"draw a card": 1, "draw two cards": 2, "Draw ten cards": 10, "draw 3 cards": 3} {
		e, err := game.ParseEffect(text)
		if err != nil || e.Verb != "draw" || e.N != want {
			t.Errorf("%q: %+v, %v; want draw %d", text, e, err, want)
		}
	}
	if _, err := game.ParseEffect("draw eleventy cards"); err == nil {
		t.Error(`"draw eleventy cards" was read`)
	}
}
