package ability

import (
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// rules is a revision whose rules of every keyword are the text given.
type rules string

func (rules) Defines(string, string) bool { return false }
func (r rules) Mentions(_, phrase string) bool {
	return strings.Contains(strings.ToLower(string(r)), strings.ToLower(phrase))
}
func (rules) Definition(string) (string, bool) { return "", false }
func (rules) Parts(string) []string            { return nil }

// TestGift: the opponent chosen as an additional cost, the permanent's
// trigger and the spell's instruction first, each the effect the
// revision quotes for the [something]; one it doesn't quote, or whose
// effect the grammar doesn't read, has no model.
func TestGift(t *testing.T) {
	r := rules(`The first ability is always "As an additional cost to cast this spell, you may choose an opponent." "Gift a card" means the effect is "The chosen player draws a card." "Gift an extra turn" means the effect is "The chosen player takes an extra turn after this one."`)
	as := OfInstance(game.Ability{Keyword: "Gift", Quality: "a card"}, r)
	if len(as) != 3 {
		t.Fatalf("Gift a card: %d abilities, want 3", len(as))
	}
	if a, ok := as[0].(*AddCost); !ok || !a.Opponent || a.Choice != "gift" {
		t.Errorf("Gift a card: %+v, want an additional cost choosing an opponent", as[0])
	}
	if tr, ok := as[1].(*Trigger); !ok || !tr.Fires(Enters) || tr.IfPaid != "gift" || tr.Effects[0].Effect.Verb != "draw" || tr.Effects[0].Effect.Who != "the chosen player" {
		t.Errorf("Gift a card: %+v, want an enters trigger if paid", as[1])
	}
	if ps, ok := as[2].(*PaidSpell); !ok || !ps.First || !ps.Spells || ps.Effects[0].Verb != "draw" {
		t.Errorf("Gift a card: %+v, want the draw first on a spell", as[2])
	}
	for _, q := range []string{"a Food", "an extra turn"} {
		if as := OfInstance(game.Ability{Keyword: "Gift", Quality: q}, r); len(as) != 0 {
			t.Errorf("Gift %s: %+v, want no model", q, as)
		}
	}
}
