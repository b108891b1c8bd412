package ability

import "github.com/crules/crules/game"

// The replacement family: permanents that enter with counters (614.1c;
// 419.1b in 2006-10-01).

// EntersWith: the permanent enters with counters. Per says how many:
// "" is N, "colour" one for each colour of mana spent to cast it (or, if
// it is no creature, charge counters), "revealed" N for each card
// revealed as it was cast. SetBy, when set, is the rule of the keyword
// that sets N ("Modular—Sunburst"). Note's arguments depend on Per: N,
// the label and the count; the count, the mana spent, the label, the
// count and the kind; N, the cards revealed, the label and the count.
//
// The shape of enters-with definitions and card text
// (shape_enterswith.go) sets Kind, the counters' kind, and then Note's
// arguments are who applies it (the keyword, or the card's name), the
// permanent's label and the count; with May, who, the player and the
// label. Per "x" is the spell's X (ravenous), Per "sacrificed" N for
// each permanent of the card type Sacrifice its controller sacrifices as
// it enters (devour; Note's arguments: who, how many, the label, the
// count); ByN makes N the keyword's
// number; If is a condition on the turn's history (bloodthirst); May is
// the controller's choice as it enters, and Gains the abilities it gains
// when they decline (riot's haste).
type EntersWith struct {
	Base
	N     int
	Per   string
	SetBy *Base
	Kind  string
	ByN   bool
	If    *Condition
	May   bool
	Gains []game.Ability
	// Sacrifice is the card type of what devour sacrifices.
	Sacrifice string
	// Opponent makes the "may" an opponent's, chosen as it enters
	// (tribute; Note's arguments: who, the controller, the opponent, N,
	// the label).
	Opponent bool
	// Tapped is set for "This creature enters tapped" (614.1d): it
	// enters tapped, with no counters.
	Tapped bool
	Text   string // as printed on a card; "" for a keyword's
}

// PrintedText is the card text the ability was read from.
func (w *EntersWith) PrintedText() string { return w.Text }

func init() {
	families = append(families, func() {
		declare("Modular", func(inst game.Ability, _ Rev) []Ability {
			w := &EntersWith{Base: Base{Keyword: "Modular", Rule: []string{" means "}, Note: "modular %d: %s enters with %d +1/+1 counters"}, N: inst.N}
			if inst.Quality == "Sunburst" {
				w.Per, w.SetBy = "colour", &Base{Keyword: "Sunburst", Rule: []string{"set a variable number"}, Note: "sunburst sets modular's number: %d colours of mana were spent"}
			}
			return []Ability{w, modularDies(inst)}
		})
		declare("Sunburst", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&EntersWith{Base: Base{Keyword: "Sunburst", Rule: []string{" means "}, Note: "sunburst: %d colours of mana were spent (%s), so %s enters with %d %s counters"}, Per: "colour"}}
		})
		// "If a source would deal damage to this creature, prevent N of
		// that damage" and "If enchanted permanent would be destroyed,
		// instead remove all damage marked on it and destroy this Aura"
		// (shape_replace.go); umbra armor was totem armor until
		// 2024-06-07 (702.89b: the cards' text was updated).
		declare("Absorb", compiled, byDefinition)
		declare("Umbra Armor", compiled, byDefinition, formerly("Totem Armor"))
		declare("Amplify", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&EntersWith{Base: Base{Keyword: "Amplify", Rule: []string{" means "}, Note: "amplify %d: %d cards revealed, %s enters with %d +1/+1 counters"}, N: inst.N, Per: "revealed"}}
		})
	})
}

// Instead is a replacement effect its player may choose to apply, by the
// statement's clause Choice: Watch "discard" exiles the card instead of
// putting it into the graveyard, and it triggers (Then: its owner may
// cast it for its alternative cost); Watch "draw" replaces a draw with
// milling N cards and returning this card from the graveyard to the
// hand, not with fewer than N cards in the library (AtLeast, the subrule
// that says so). UntilPass is set where the trigger's wording lets the
// owner cast the card "until that player passes next" (madness before
// 2006-10-01): its resolution casts nothing, the card stays castable for
// its alternative cost any time its owner could cast an instant, and
// when the owner next passes it is put into the graveyard (UntilPass's
// Note; argument: the card's label).
// DrawChoices are the clause words of a draw that choose a replacement
// effect watching draws (Instead with Watch "draw").
var DrawChoices = map[string]bool{"dredge": true}

type Instead struct {
	Base
	Choice    string
	Watch     string
	N         int
	Then      *Base
	UntilPass *Base
	AtLeast   []string
}

func init() {
	families = append(families, func() {
		declare("Madness", func(inst game.Ability, r Rev) []Ability {
			in := &Instead{Base: Base{Keyword: "Madness", Rule: []string{" means "}, Note: "madness: %s discards %s; it %s instead of being put into the graveyard"},
				Choice: "madness", Watch: "discard",
				Then: &Base{Keyword: "Madness", Rule: []string{" means "}, Note: "its owner may cast it by paying its madness cost"}}
			if r.Defines("Madness", "until that player passes next") {
				// 502.24a before 2006-10-01: the card stays playable after
				// the trigger resolves, until its owner next passes.
				in.Then.Note = "until its owner passes next, they may play it any time they could play an instant by paying its madness cost"
				in.UntilPass = &Base{Keyword: "Madness", Rule: []string{" means "}, Note: "madness: its owner passes, so %s is put into the graveyard"}
			}
			return []Ability{
				&AltCost{Base: Base{Keyword: "Madness", Note: "madness: %s is cast from exile for %s rather than its mana cost"},
					Choice: "madness", From: game.Exile, Cost: inst.Cost, AnyTime: true, Permitted: true},
				in,
			}
		})
		declare("Dredge", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Instead{Base: Base{Keyword: "Dredge", Rule: []string{" means "}}, Choice: "dredge", Watch: "draw", N: inst.N, AtLeast: []string{"at least n cards", "fewer than"}}}
		})
	})
}
