package ability

import (
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// TestAltCostShape: each wording of flashback, escape, spectacle and
// surge the rules have had is read by the shape of an alternative cost
// into the AltCost it says; a wording outside the shape gives none.
func TestAltCostShape(t *testing.T) {
	for _, tc := range []struct {
		keyword string
		parts   []string
		from    game.Zone
		exile   bool
		types   []string
		cond    string
	}{
		{"Flashback", []string{"You may play this card from your graveyard by paying [cost] rather than paying its mana cost. If you do, remove this card from the game instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, nil, ""},
		{"Flashback", []string{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost", "If the flashback cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, nil, ""},
		{"Flashback", []string{"You may cast this card from your graveyard if the resulting spell is an instant or sorcery spell by paying [cost] rather than paying its mana cost", "If the flashback cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, []string{"Instant", "Sorcery"}, ""},
		{"Escape", []string{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost."}, game.Graveyard, false, nil, ""},
		{"Spectacle", []string{"You may pay [cost] rather than pay this spell’s mana cost if an opponent lost life this turn."}, game.Hand, false, nil, "thisturn"},
		{"Surge", []string{"You may pay [cost] rather than pay this spell's mana cost as you cast this spell if you or one of your teammates has cast another spell this turn."}, game.Hand, false, nil, "thisturn"},
		{"Prowl", []string{"You may pay [cost] rather than pay this spell’s mana cost if a player was dealt combat damage this turn by a source that, at the time it dealt that damage, was under your control and had any of this spell’s creature types."}, game.Hand, false, nil, "thisturn"},
		{"Freerunning", []string{"You may pay [cost] rather than pay this spell’s mana cost if a player was dealt combat damage this turn by a creature that, at the time it dealt that damage, was an Assassin creature or a commander under your control."}, game.Hand, false, nil, "thisturn"},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}{R}")}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s %q: %d abilities, want 1", tc.keyword, tc.parts, len(as))
		}
		a, ok := as[0].(*AltCost)
		if !ok || a.Choice != strings.ToLower(tc.keyword) || a.From != tc.from || a.ExileAfter != tc.exile || !slices.Equal(a.Types, tc.types) || a.Cost.String() != "{1}{R}" {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
			continue
		}
		got := ""
		if a.If != nil {
			got = a.If.Kind
		}
		if got != tc.cond {
			t.Errorf("%s: condition %+v, want kind %q", tc.keyword, a.If, tc.cond)
		}
	}
	// Retrace and jump-start permit casting from the graveyard for the
	// mana cost plus a discard, an additional cost (601.2b).
	for _, tc := range []struct {
		keyword string
		parts   []string
		what    string
		exile   bool
	}{
		{"Retrace", []string{"You may play this card from your graveyard by discarding a land card as an additional cost to play it."}, "land card", false},
		{"Retrace", []string{"You may cast this card from your graveyard by discarding a land card as an additional cost to cast it."}, "land card", false},
		{"Jump-Start", []string{"You may cast this card from your graveyard if the resulting spell is an instant or sorcery spell by discarding a card as an additional cost to cast it", "If this spell was cast using its jump-start ability, exile this card instead of putting it anywhere else any time it would leave the stack."}, "card", true},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s %q: %d abilities, want 1", tc.keyword, tc.parts, len(as))
		}
		a, ok := as[0].(*AltCost)
		if !ok || a.From != game.Graveyard || a.ExileAfter != tc.exile || len(a.Additional) != 1 || a.Additional[0].Kind != game.Discard || a.Additional[0].What != tc.what {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
		}
	}
	for _, bad := range [][]string{
		{"You may pay [cost] rather than pay this spell's mana cost if a player was dealt combat damage this turn by a source that, at the time it dealt that damage, was under your control and had any of this spell's colors."},
		{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost.", "If the dash cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."},
		{"You may cast this card by paying [cost] rather than its mana cost", "If this spell's dash cost was paid, return the permanent this spell becomes to its owner's hand at the beginning of the next end step"},
	} {
		if as := OfInstance(game.Ability{Keyword: "Escape", Cost: game.MustParseCost("{R}")}, parts(bad)); len(as) != 0 {
			t.Errorf("%q: %+v, want no ability outside the shape", bad, as)
		}
		if ok, err := ReadsParts("Escape", bad); !ok || err == nil {
			t.Errorf("%q: ReadsParts = %v, %v; want an error", bad, ok, err)
		}
	}
}
