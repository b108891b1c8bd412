package ability

import (
	"testing"

	"github.com/crules/crules/game"
)

// parts is a revision that quotes one definition, in parts.
type parts []string

func (parts) Defines(string, string) bool      { return false }
func (parts) Mentions(string, string) bool     { return false }
func (parts) Definition(string) (string, bool) { return "", false }
func (p parts) Parts(string) []string          { return p }

// TestEvokeFromDefinition: evoke's sacrifice trigger is read from each
// wording of its definition by the grammar of card text, with its
// intervening "if"; a wording outside the grammar gives the alternative
// cost alone.
func TestEvokeFromDefinition(t *testing.T) {
	inst := game.Ability{Keyword: "Evoke", Cost: game.MustParseCost("{2}{U}")}
	for _, def := range []string{
		"When this permanent comes into play, if its evoke cost was paid, its controller sacrifices it.",
		"When this permanent enters the battlefield, if its evoke cost was paid, its controller sacrifices it.",
		"When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
	} {
		as := OfInstance(inst, parts{"You may cast this card by paying [cost] rather than paying its mana cost", def})
		if len(as) != 2 {
			t.Fatalf("%q: %d abilities, want 2", def, len(as))
		}
		alt, ok := as[0].(*AltCost)
		if !ok || alt.Choice != "evoke" || alt.From != game.Hand || alt.Cost.String() != "{2}{U}" {
			t.Errorf("%q: alternative cost %+v", def, as[0])
		}
		tr, ok := as[1].(*Trigger)
		if !ok || !tr.Fires(Enters) || tr.IfPaid != "evoke" || tr.Keyword != "Evoke" || len(tr.Effects) != 1 || tr.Effects[0].Effect.Verb != "sacrifice" {
			t.Errorf("%q: trigger %+v", def, as[1])
		}
	}
	as := OfInstance(inst, parts{"You may cast this card by paying [cost] rather than paying its mana cost", "When this permanent enters, if its evoke cost was paid, its controller exiles it."})
	if len(as) != 1 {
		t.Errorf("a trigger outside the grammar: %d abilities, want the alternative cost alone", len(as))
	}
}
