package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// Gift (702.174) is written "Gift a [something]" and quotes no
// definition of the form the shapes read: its first ability is quoted
// in 702.174a, its second in 702.174b, and the effect of each
// [something] in a subrule of its own (702.174d–i). The declaration is
// by hand: the first ability an optional additional cost choosing an
// opponent; the second, on a permanent, 702.174b's "When this permanent
// enters, if its gift cost was paid, [effect]." read by the grammar of
// triggered abilities, and on an instant or sorcery "If this spell's
// gift cost was paid, [effect]", followed before the spell's other
// instructions (702.174j). The effect is the sentence the revision's
// subrule quotes for the [something], read by the effect table; a
// [something] the revision doesn't define, or whose effect the table
// doesn't read ("a tapped Fish", "an extra turn"), has no model.

// giftEffects are the effects of 702.174d–i, by the [something] (a
// slice, not a map: a package-level map costs every process its
// allocation at start-up).
var giftEffects = [...]struct{ something, effect string }{
	{"a food", "The chosen player creates a Food token"},
	{"a card", "The chosen player draws a card"},
	{"a tapped fish", "The chosen player creates a tapped 1/1 blue Fish creature token"},
	{"an extra turn", "The chosen player takes an extra turn after this one"},
	{"a treasure", "The chosen player creates a Treasure token"},
	{"an octopus", "The chosen player creates an 8/8 blue Octopus creature token"},
}

// giftEffect is the effect of gift's [something] q.
func giftEffect(q string) (string, bool) {
	for _, g := range giftEffects {
		if strings.EqualFold(g.something, q) {
			return g.effect, true
		}
	}
	return "", false
}

func giftAbilities(inst game.Ability, r Rev) []Ability {
	text, ok := giftEffect(inst.Quality)
	if !ok || !r.Mentions("Gift", "as an additional cost to cast this spell, you may choose an opponent") || !r.Mentions("Gift", text) {
		return nil
	}
	ef, err := game.ParseEffect(text)
	if err != nil {
		return nil
	}
	t, ok, err := ReadTriggered("When this permanent enters, if its gift cost was paid, "+strings.ToLower(text[:1])+text[1:]+".", "")
	if !ok || err != nil {
		return nil
	}
	t.Keyword, t.Rule = "Gift", []string{"on a permanent, the second ability"}
	return []Ability{
		&AddCost{Base: Base{Keyword: "Gift", Rule: []string{"you may choose an opponent"}, Note: "gift: %s chooses an opponent, %s: the gift is promised"}, Choice: "gift", Opponent: true},
		t,
		&PaidSpell{Base: Base{Keyword: "Gift", Rule: []string{"always happens before any other spell abilities"}, Note: "gift: the gift cost of %s was paid: %q happens before its other instructions"},
			Paid: "gift", Effects: []game.Effect{ef}, First: true, Spells: true},
	}
}

func init() {
	families = append(families, func() {
		// Hand-written: 702.174 quotes no "means" definition; see above.
		declare("Gift", giftAbilities, anchors("you may choose an opponent", "if its gift cost was paid", "means the effect is", "before any other spell abilities"))
	})
}
