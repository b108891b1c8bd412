package ability

import (
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// TestAddCostShape: conspire's and bargain's wordings are read by the
// shape of an optional additional cost into an AddCost with the cost
// parts they say, chosen by the keyword's name, and conspire's copy
// trigger by the grammar of triggered abilities with its intervening
// "if".
func TestAddCostShape(t *testing.T) {
	for _, tc := range []struct {
		keyword string
		parts   []string
		kind    game.PartKind
		n       int
		what    string
		shares  bool
		trigger bool
	}{
		{"Conspire", []string{"As an additional cost to play this spell, you may tap two untapped creatures you control that each share a color with it", "When you play this spell, if its conspire cost was paid, copy it. If the spell has any targets, you may choose new targets for the copy."}, game.TapUntapped, 2, "creature", true, true},
		{"Conspire", []string{"As an additional cost to cast this spell, you may tap two untapped creatures you control that each share a color with it", "When you cast this spell, if its conspire cost was paid, copy it. If the spell has any targets, you may choose new targets for the copy."}, game.TapUntapped, 2, "creature", true, true},
		{"Bargain", []string{"As an additional cost to cast this spell, you may sacrifice an artifact, enchantment, or token."}, game.Sacrifice, 1, "artifact, enchantment, or token", false, false},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword}, parts(tc.parts))
		want := 1
		if tc.trigger {
			want = 2
		}
		if len(as) != want {
			t.Fatalf("%s %q: %d abilities, want %d", tc.keyword, tc.parts, len(as), want)
		}
		a, ok := as[0].(*AddCost)
		if !ok || a.Choice != map[string]string{"Conspire": "conspire", "Bargain": "bargain"}[tc.keyword] || len(a.Parts) != 1 {
			t.Fatalf("%s: %+v", tc.keyword, as[0])
		}
		if p := a.Parts[0]; p.Kind != tc.kind || p.N != tc.n || p.What != tc.what || p.Shares != tc.shares {
			t.Errorf("%s: part %+v", tc.keyword, p)
		}
		if tc.trigger {
			if tr, ok := as[1].(*Trigger); !ok || tr.IfPaid != "conspire" || len(tr.Effects) != 2 || tr.Effects[0].Effect.Verb != "copyself" {
				t.Errorf("%s: trigger %+v", tc.keyword, as[1])
			}
		}
	}
	// Squad's and offspring's mana costs, paid any number of times or
	// once, and their triggers: tokens that are copies of the source.
	for _, tc := range []struct {
		keyword    string
		parts      []string
		repeatable bool
		name       string
		pt         int
	}{
		{"Squad", []string{"As an additional cost to cast this spell, you may pay [cost] any number of times", "When this creature enters the battlefield, if its squad cost was paid, create a token that's a copy of it for each time its squad cost was paid."}, true, "squad", 0},
		{"Offspring", []string{"You may pay an additional [cost] as you cast this spell", "When this permanent enters, if its offspring cost was paid, create a token that's a copy of it, except it's 1/1."}, false, "", 1},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{2}")}, parts(tc.parts))
		if len(as) != 2 {
			t.Fatalf("%s: %d abilities, want 2", tc.keyword, len(as))
		}
		if a, ok := as[0].(*AddCost); !ok || a.Repeatable != tc.repeatable || a.Cost.String() != "{2}" || a.Choice != strings.ToLower(tc.keyword) {
			t.Errorf("%s: %+v", tc.keyword, as[0])
		}
		if tr, ok := as[1].(*Trigger); !ok || tr.IfPaid != strings.ToLower(tc.keyword) || tr.Effects[0].Effect.Verb != "createcopy" || tr.Effects[0].Effect.Name != tc.name || tr.Effects[0].Effect.P != tc.pt {
			t.Errorf("%s: trigger %+v", tc.keyword, as[1])
		}
	}
	// Cascade's wordings, the first and the last: a cast trigger whose
	// three instructions are the effect table's, the cast a "may".
	for _, def := range []string{
		"When you play this spell, remove cards from the top of your library from the game until you remove a nonland card whose converted mana cost is less than this spell's converted mana cost. You may play that card without paying its mana cost. Then put all cards removed from the game this way that weren't played on the bottom of your library in a random order.",
		"When you cast this spell, exile cards from the top of your library until you exile a nonland card whose mana value is less than this spell’s mana value. You may cast that card without paying its mana cost if the resulting spell’s mana value is less than this spell’s mana value. Then put all cards exiled this way that weren’t cast on the bottom of your library in a random order.",
	} {
		as := OfInstance(game.Ability{Keyword: "Cascade"}, parts{def})
		var c *Trigger
		if len(as) == 1 {
			c, _ = as[0].(*Trigger)
		}
		if c == nil {
			t.Fatalf("cascade %q: %+v", def, as)
		}
		var verbs []string
		for _, x := range c.Effects {
			verbs = append(verbs, x.Effect.Verb)
		}
		if strings.Join(verbs, " ") != "exileuntil castfree bottom" || !c.Effects[1].May || !c.Fires(Cast) {
			t.Errorf("cascade %q: %v, %+v", def, verbs, c)
		}
	}
	// Rebound's one wording, a static shape: the spell exiled as it
	// resolves if cast from the hand, cast again at the next upkeep.
	as := OfInstance(game.Ability{Keyword: "Rebound"}, parts{"If this spell was cast from your hand, instead of putting it into your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may cast this card from exile without paying its mana cost."})
	if len(as) != 1 {
		t.Fatalf("rebound: %+v", as)
	}
	if x, ok := as[0].(*ExileResolves); !ok || x.If != game.Hand || x.Step != "upkeep" || x.Keyword != "Rebound" || x.Cast.Keyword != "Rebound" {
		t.Errorf("rebound: %+v", as[0])
	}
	if as := OfInstance(game.Ability{Keyword: "Rebound"}, parts{"If this spell was cast from your hand, instead of putting it into your graveyard as it resolves, exile it."}); len(as) != 0 {
		t.Errorf("a wording outside the shape: %+v", as)
	}
	// Demonstrate: a copy as a "may", an opponent chosen "if you copy
	// the spell", and that player's copy.
	as = OfInstance(game.Ability{Keyword: "Demonstrate"}, parts{"When you cast this spell, you may copy it and you may choose new targets for the copy. If you copy the spell, choose an opponent. That player copies the spell and may choose new targets for that copy."})
	if len(as) != 1 {
		t.Fatalf("demonstrate: %+v", as)
	}
	if c, ok := as[0].(*Trigger); !ok || len(c.Effects) != 3 || !c.Effects[0].May || !c.Effects[1].May || c.Effects[1].Effect.Verb != "chooseopponent" || c.Effects[2].Effect.Who != "that player" {
		t.Errorf("demonstrate: %+v", as[0])
	}
	// Ripple: the reveal a "may", the casts after "If you reveal cards
	// from your library this way", N the instance's.
	as = OfInstance(game.Ability{Keyword: "Ripple", N: 4}, parts{"When you cast this spell, you may reveal the top N cards of your library, or, if there are fewer than N cards in your library, you may reveal all the cards in your library. If you reveal cards from your library this way, you may cast any of those cards with the same name as this spell without paying their mana costs, then put all revealed cards not cast this way on the bottom of your library in any order."})
	if len(as) != 1 {
		t.Fatalf("ripple: %+v", as)
	}
	if c, ok := as[0].(*Trigger); !ok || len(c.Effects) != 2 || c.Effects[0].Effect.Verb != "revealtop" || c.Effects[0].Effect.N != 4 || !c.Effects[1].May || c.Effects[1].Effect.Verb != "castsamename" {
		t.Errorf("ripple: %+v", as[0])
	}
	// A bargained permanent's trigger: its bargain cost was paid
	// (702.166b).
	tr, ok, err := ReadTriggered("When this creature enters, if it was bargained, you gain 2 life", "Scout")
	if !ok || err != nil || tr.IfPaid != "bargain" {
		t.Errorf("if it was bargained: %+v, %v, %v", tr, ok, err)
	}
}
