package game_test

import (
	"reflect"
	"testing"

	"github.com/crules/crules/game"
)

// TestVerbs: the common verbs of card text, with their subjects and
// numbers, read into the instruction the engine follows.
func TestVerbs(t *testing.T) {
	for _, tc := range []struct {
		text string
		want game.Effect
	}{
		{"Lava Spike deals three damage to each opponent", game.Effect{Verb: "damage", N: 3, Who: "each opponent"}},
		{"it deals 2 damage to defending player", game.Effect{Verb: "damage", N: 2, Who: "defending player"}},
		{"deals X damage to each creature", game.Effect{Verb: "damage", X: true, Who: "each creature"}},
		{"it deals N damage to that player", game.Effect{Verb: "damage", N: 1, ByN: game.NumN, Who: "that player"}},
		{"this creature deals 1 damage to target creature", game.Effect{Verb: "damage", N: 1, Target: "creature"}},
		{"deals 4 damage to any target", game.Effect{Verb: "damage", N: 4, Target: "any"}},
		{"you gain 3 life", game.Effect{Verb: "gain", N: 3}},
		{"Target player gains two life", game.Effect{Verb: "gain", N: 2, Target: "player"}},
		{"each player loses 1 life", game.Effect{Verb: "lose", N: 1, Who: "each player"}},
		{"target opponent loses 2 life", game.Effect{Verb: "lose", N: 2, Target: "opponent"}},
		{"Draw a card", game.Effect{Verb: "draw", N: 1}},
		{"that player draws two cards", game.Effect{Verb: "draw", N: 2, Who: "that player"}},
		{"Mill three cards", game.Effect{Verb: "mill", N: 3}},
		{"each opponent mills N cards", game.Effect{Verb: "mill", N: 1, ByN: game.NumN, Who: "each opponent"}},
		{"target player puts the top two cards of their library into their graveyard", game.Effect{Verb: "mill", N: 2, Target: "player", Name: "graveyard"}},
		{"puts that many cards from the top of their library into their hand", game.Effect{Verb: "mill", N: 1, ByN: game.NumN, Name: "hand"}},
		{"put two +1/+1 counters on target creature", game.Effect{Verb: "putcounters", N: 2, Name: "+1/+1", Target: "creature"}},
		{"put a +1/+1 counter on each creature you control", game.Effect{Verb: "putcounters", N: 1, Name: "+1/+1", Who: "each creature you control"}},
		{"put N +1/+1 counters on this creature", game.Effect{Verb: "putcounters", N: 1, ByN: game.NumN, Name: "+1/+1", Who: "this creature"}},
		{"remove a charge counter from it", game.Effect{Verb: "removecounters", N: 1, Name: "charge", Who: "it", That: true}},
		{"tap target creature", game.Effect{Verb: "tap", Target: "creature"}},
		{"untap that creature", game.Effect{Verb: "untap", Who: "that creature", That: true}},
		{"untap target permanent", game.Effect{Verb: "untap", Target: "permanent"}},
		{"exile it", game.Effect{Verb: "exile", Who: "it", That: true}},
		{"tap each creature", game.Effect{Verb: "tap", Who: "each creature"}},
		{"Return each creature to its owner's hand", game.Effect{Verb: "bounce", Who: "each creature"}},
		{"Destroy target [attacking] creature", game.Effect{Verb: "destroy", Target: "attacking creature"}},
		{"Destroy target land", game.Effect{Verb: "destroy", Target: "land"}},
		{"put N +1/+1 counters on target land you control", game.Effect{Verb: "putcounters", N: 1, ByN: game.NumN, Name: "+1/+1", Target: "land you control"}},
		{"The chosen player draws a card", game.Effect{Verb: "draw", N: 1, Who: "the chosen player"}},
		{"The chosen player creates a Treasure token", game.Effect{Verb: "predefined", N: 1, Name: "Treasure", Who: "the chosen player"}},
		{"create a token that's a copy of it for each time its squad cost was paid", game.Effect{Verb: "createcopy", N: 1, Who: "it", Name: "squad"}},
		{"create a token that's a copy of it, except it's 1/1", game.Effect{Verb: "createcopy", N: 1, Who: "it", P: 1, T: 1}},
		{"create two tokens that are copies of this creature", game.Effect{Verb: "createcopy", N: 2, Who: "it"}},
		{"return target creature to its owner's hand", game.Effect{Verb: "bounce", Target: "creature"}},
		{"return it to the battlefield under its owner's control tapped", game.Effect{Verb: "reanimate", Who: "it", Tapped: true}},
		{"each other attacking creature gets +1/+0 until end of turn", game.Effect{Verb: "pump", Who: "each other attacking creature", P: 1, UntilEOT: true}},
		{"create a 1/1 Goblin token", game.Effect{Verb: "create", N: 1, P: 1, T: 1, Name: "Goblin"}},
		{"create two 1/1 white Soldier creature tokens", game.Effect{Verb: "create", N: 2, P: 1, T: 1, Name: "Soldier", Colors: game.White}},
		{"create a 1/1 colorless Thopter artifact creature token with flying", game.Effect{Verb: "create", N: 1, P: 1, T: 1, Name: "Thopter", Types: []string{"Artifact"}, Abilities: []string{"Flying"}}},
		{"create a 4/4 red and green Beast Warrior creature token with first strike and trample that's tapped and attacking", game.Effect{Verb: "create", N: 1, P: 4, T: 4, Name: "Beast Warrior", Colors: game.Red | game.Green, Abilities: []string{"First Strike", "Trample"}, Tapped: true}},
	} {
		e, err := game.ParseEffect(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		e.Text = ""
		if !reflect.DeepEqual(e, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.text, e, tc.want)
		}
	}
	for _, bad := range []string{"deals 2 damage to each wizard", "mill many cards", "create a 1/1 token", "tap each opponent"} {
		if e, err := game.ParseEffect(bad); err == nil {
			t.Errorf("%q was read: %+v", bad, e)
		}
	}
}

// TestTextChange: a spell's own text-changing effect, overload's word
// for word (its capital kept) and cleave's brackets removed.
func TestTextChange(t *testing.T) {
	for _, tc := range []struct {
		c          game.TextChange
		text, want string
	}{
		{game.TextChange{From: "target", To: "each"}, "Target creature gets -1/-1; return target creature to its owner's hand", "Each creature gets -1/-1; return each creature to its owner's hand"},
		{game.TextChange{From: "target", To: "each"}, "untargeted target", "untargeted each"},
		{game.TextChange{Brackets: true}, "Destroy target [attacking] creature", "Destroy target creature"},
		{game.TextChange{Brackets: true}, "Search your library for a [basic land] card, [reveal it,] put it into your hand", "Search your library for a card, put it into your hand"},
	} {
		if got := tc.c.Apply(tc.text); got != tc.want {
			t.Errorf("%+v.Apply(%q) = %q, want %q", tc.c, tc.text, got, tc.want)
		}
	}
}

// TestPredefinedToken: a predefined token read from its rule (111.10f
// today): a colorless Clue artifact with its activated ability; a rule
// of another shape (111.10d's Walker, a creature named in words) is an
// error rather than a misread token.
func TestPredefinedToken(t *testing.T) {
	c, err := game.PredefinedToken("A Clue token is a colorless Clue artifact token with “{2}, Sacrifice this token: Draw a card.”")
	if err != nil || c.Name != "Clue" || !reflect.DeepEqual(c.Types, []string{"Artifact"}) || !reflect.DeepEqual(c.Subtypes, []string{"Clue"}) || len(c.Activated) != 1 || c.Activated[0].Effect.Verb != "draw" {
		t.Fatalf("Clue: %+v %v", c, err)
	}
	if _, err := game.PredefinedToken("A Walker token is a 2/2 black Zombie creature token named Walker."); err == nil {
		t.Error("Walker read as a predefined token of the colorless shape")
	}
}
