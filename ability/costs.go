package ability

import (
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// The costs family: alternative and additional costs, cost reductions,
// and permissions to cast at other times or from other zones (601.2b and
// 601.2f today, 409.1b and 409.1f in 2006-10-01).

// An AltCost is a cost paid rather than the card's mana cost (at most
// one per spell), chosen by the statement's clause Choice: it permits
// casting from zone From, face down as a 2/2 with no characteristics
// (FaceDown), at any time (AnyTime: as a trigger resolves), and, when
// ExileAfter, exiles the spell instead of anything else once it leaves
// the stack; when Permitted, only while the ability that put the card in
// From permits it (madness: as its trigger resolves, or until its owner
// passes next). Note's arguments: the card's name and the cost.
type AltCost struct {
	Base
	Choice   string
	From     game.Zone
	Cost     game.Cost
	FaceDown bool
	// Transformed: the card is cast transformed, its back face up on
	// the stack (712.8c), and the permanent enters so (disturb,
	// 702.146a–b).
	Transformed bool
	// FaceDownWith are the abilities the face-down spell and permanent
	// have besides the 2/2 of 708.2 (disguise's ward {2}, 702.168a).
	FaceDownWith []game.Ability
	// Prototype, when set, is the alternative mana cost, power and
	// toughness the spell cast for this cost and its permanent have
	// (prototype, 718.3b).
	Prototype  *game.Prototype
	AnyTime    bool
	ExileAfter bool
	Permitted  bool
	// If is the condition under which the cost may be paid, checked as
	// the spell is cast ("if an opponent lost life this turn").
	If *Condition
	// Additional, when set, makes the ability a permission to cast the
	// card from From for its mana cost plus these cost parts, an
	// additional cost rather than an alternative one (retrace: "by
	// discarding a land card as an additional cost to cast it"); Cost is
	// then unused.
	Additional []game.Part
	// With are cost parts paid besides Cost (emerge's "and sacrificing
	// a creature", web-slinging's "and returning a tapped creature you
	// control to its owner's hand"), chosen as the cost is (601.2b) and
	// paid with the total cost (601.2h). ReduceBy, when set, reduces
	// the total cost by generic mana equal to that characteristic of the
	// object chosen for them ("mana value", "power").
	With     []game.Part
	ReduceBy string
	// Change, when set, is the text-changing effect (612) the cost
	// paid makes on the spell's own text: overload's "replacing all
	// instances of the word 'target' with the word 'each'".
	Change *game.TextChange
	// Types, when set, are the card types one of which the resulting
	// spell must have ("if the resulting spell is an instant or sorcery
	// spell").
	Types []string
	// Mutates makes the spell a mutating creature spell that targets a
	// non-Human creature with the same owner (mutate, 702.140a); the
	// rules of its resolution are Merges.
	Mutates *Merges
}

// Merges is how a mutating creature spell resolves (702.140b–e): if its
// target is illegal it resolves as a creature spell (Illegal; Note's
// argument: the spell's name), otherwise it merges with the target, on
// top or under as its controller chooses (Merge; Note's arguments: the
// spell's name, the target's label, "on top of" or "under"); the result
// has all abilities of each component (All), and its abilities that
// trigger whenever it mutates trigger (Mutated; Note's argument: the
// permanent's label). Target is the subrule that names the target.
type Merges struct {
	Illegal, Merge, All, Mutated, Target Base
}

// An AddCost is an additional cost its caster may pay, chosen by the
// statement's clause Choice: the spell is kicked, or (AllModes) all its
// modes are chosen. Repeatable: it may be paid any number of times
// ("multikicker N"). Kicks: paying it kicks the spell. ToHand, when
// set, is the rule that puts the spell into its owner's hand instead of
// the graveyard as it resolves if the cost was paid (buyback); its
// Note's argument is the spell's name. Note's arguments: the player and
// the cost added (entwine: the cost).
//
// Parts are its non-mana parts ("sacrifice a creature with power N or
// greater", casualty), the objects they take named by the statement's
// clause ("casualty A").
type AddCost struct {
	Base
	Choice     string
	Cost       game.Cost
	Parts      []game.Part
	partsText  string // the parts as the definition words them, N for the instance's number
	AllModes   bool
	Repeatable bool
	Kicks      bool
	ToHand     *Base
	// Opponent is set for "you may choose an opponent" (gift,
	// 702.174a): the clause names the opponent, whom the spell and its
	// permanent remember (game.CostsPaid.Chosen).
	Opponent bool
}

// AddChoices are the clause words that choose an optional additional
// cost, for the engine to refuse one a card does not have.
var AddChoices = map[string]bool{"kicker": true, "multikicker": true, "buyback": true, "entwine": true, "replicate": true, "casualty": true, "conspire": true, "bargain": true, "squad": true, "offspring": true, "gift": true}

// InstantSpeed: the spell may be cast any time its controller could cast
// an instant. Note's argument: the card's name.
type InstantSpeed struct{ Base }

// TurnFaceUp: a face-down permanent's controller may turn it face up
// any time they have priority by paying Cost, a special action. It is an
// ability of the card's face, read while the permanent is face down
// (OfCard). Note's arguments: the player, the cost, the label, power and
// toughness.
type TurnFaceUp struct {
	Base
	Cost  game.Cost
	Parts []game.Part // "Morph—Pay 3 life"
}

// A Reduction reduces the spell's total cost by {1} for each permanent
// its caster controls with the quality Per, or, with Opponents, for each
// opponent they have. Note's arguments: the quality (the keyword's name,
// with Opponents), the count, the count again and what was left unused.
type Reduction struct {
	Base
	Per       Quality
	Opponents bool
}

// A Splice lets its card be revealed from its owner's hand as they
// cast a spell of quality Onto ("Arcane", "instant or sorcery"),
// chosen by the clause Choice: the card's text is added to the spell and
// Cost (or the non-mana CostText) is paid as an additional cost; the
// card stays in the hand. The subrules the procedure cites besides
// Rule: Once (a card can't be spliced onto one spell twice), Keeps (the
// spell keeps its own characteristics), Choices (a card whose required
// choices can't be made can't be spliced), Order (the main spell's
// instructions are followed first) and Loses (the spell loses the text
// as it leaves the stack).
type Splice struct {
	Base
	Choice                             string
	Onto                               string
	Cost                               game.Cost
	CostText                           string
	Once, Keeps, Choices, Order, Loses Base
}

// splice is the part of every splice ability its instance doesn't
// change, built once: a procedure asks every object for its abilities
// of one kind many times a run.
var splice = Splice{Base: Base{Keyword: "Splice", Rule: []string{" means "}, Note: "%s reveals %s and splices it onto %s; its text is added and %s is paid as an additional cost; the card stays in %s's hand"},
	Choice:  "splice",
	Once:    Base{Keyword: "Splice", Rule: []string{"more than once"}},
	Keeps:   Base{Keyword: "Splice", Rule: []string{"characteristics of the main spell"}, Note: "%s keeps its own characteristics (colour %s); it gains only %s's text"},
	Choices: Base{Keyword: "Splice", Rule: []string{"can't choose to use a splice ability", "required choices"}},
	Order:   Base{Keyword: "Splice", Rule: []string{"main spell must happen first", "main spell have to be followed first", "choose the order in which"}, Note: "the main spell's instructions are followed first, then the spliced cards' in the order chosen"},
	Loses:   Base{Keyword: "Splice", Rule: []string{"loses any splice changes"}, Note: "%s leaves the stack and loses the spliced text"}}

// OntoSpell reports whether a spell of card face has the quality the
// splice names (one of the words of "instant or sorcery").
func (s *Splice) OntoSpell(face *game.Card) bool {
	for _, w := range strings.Split(s.Onto, " or ") {
		w = strings.TrimSpace(w)
		if face.Is(w) || face.HasSubtype(w) {
			return true
		}
	}
	return false
}

// mutate is the resolution of every mutating creature spell.
var mutate = Merges{
	Target:  Base{Keyword: "Mutate", Rule: []string{" means "}},
	Illegal: Base{Keyword: "Mutate", Rule: []string{"if its target is illegal"}, Note: "the target of %s is illegal: it ceases to be a mutating creature spell and resolves as a creature spell"},
	Merge:   Base{Keyword: "Mutate", Rule: []string{"if its target is legal"}, Note: "%s merges with %s, put %s it; the result is one object, a mutated permanent"},
	All:     Base{Keyword: "Mutate", Rule: []string{"has all abilities of each"}, Note: "%s has all abilities of each card that represents it (%s); its other characteristics are %s's"},
	Mutated: Base{Keyword: "Mutate", Rule: []string{"whenever a creature mutates"}, Note: "%s mutated: its abilities that trigger whenever it mutates trigger"},
}

// SpliceChoices are the clause words that reveal a card from the hand
// to splice it onto the spell cast.
var SpliceChoices = map[string]bool{"splice": true}

// AltChoices are the clause words that choose an alternative cost, for
// the engine to refuse one a card does not have, each with the name of
// the ability that offers it in messages ("face down" is morph's).
var AltChoices = map[string]string{"madness": "madness", "face down": "morph", "evoke": "evoke", "mutate": "mutate", "prototype": "prototype"}

// ReduceChoices are the clause words that choose a cost paid by tapping
// or sacrificing permanents (PayWithPermanents), for the engine to
// refuse one a card does not have.
var ReduceChoices = map[string]bool{"convoke": true, "offering": true, "delve": true, "improvise": true}

// MergeTarget is the target kind of a mutating creature spell: a
// non-Human creature with the same owner as the spell (702.140a).
const MergeTarget = "non-Human creature with the same owner"

// partTriggers are the triggered abilities read from parts of keyword
// definitions by the grammar of card text, by the part's text: a
// declaration runs each time a procedure asks an object for its
// abilities.
var partTriggers sync.Map // string → *Trigger, or nil when not understood

// partTrigger reads the part of keyword's definition in r that is a
// triggered ability ("When this permanent enters, if its evoke cost was
// paid, its controller sacrifices it") with the grammar of card text,
// as the same Trigger a card printing it has; rule selects the subrule
// it implements. It reports false when r has no such part, or one
// outside the grammar.
func partTrigger(keyword string, r Rev, rule ...string) (*Trigger, bool) {
	for _, part := range r.Parts(keyword) {
		if !strings.HasPrefix(part, "When") {
			continue
		}
		v, ok := partTriggers.Load(part)
		if !ok {
			var t *Trigger
			if rt, ok, err := ReadTriggered(part, ""); ok && err == nil {
				t = rt
				t.Keyword, t.Rule = keyword, rule
			}
			v, _ = partTriggers.LoadOrStore(part, t)
		}
		t := v.(*Trigger)
		return t, t != nil
	}
	return nil, false
}

func init() {
	families = append(families, func() {
		declare("Morph", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{
				&AltCost{Base: Base{Keyword: "Morph", Rule: []string{"using its morph ability, turn it face down"}, Note: "%s casts %s face down as a 2/2 creature with no name, text, subtypes or mana cost, for %s"},
					Choice: "face down", From: game.Hand, Cost: game.MustParseCost("{3}"), FaceDown: true},
				&TurnFaceUp{Base: Base{Keyword: "Morph", Rule: []string{"you may turn a face-down permanent you control"}, Note: "morph: %s pays %s and turns %s face up; it is %d/%d"}, Cost: inst.Cost, Parts: inst.Parts},
			}
		}, paysWords)
		// Prototype (702.160a, 718): no quoted definition, so written
		// here: a spell cast "prototyped" has the alternative mana cost,
		// power and toughness printed with the keyword ("Prototype
		// {1}{R} — 3/2"), its cost paid rather than the mana cost.
		declare("Prototype", func(inst game.Ability, _ Rev) []Ability {
			p, t, ok := game.ParsePT(inst.Quality)
			if !ok {
				return nil
			}
			return []Ability{&AltCost{Base: Base{Keyword: "Prototype", Rule: []string{"can choose to cast that card"}, Note: "prototype: %s is cast prototyped for its alternative mana cost %s: it has only its alternative mana cost, power and toughness"},
				Choice: "prototype", From: game.Hand, Cost: inst.Cost, Prototype: &game.Prototype{Cost: inst.Cost, Power: p, Toughness: t}}}
		}, anchors("can choose to cast that card"))
		// Fuse (702.102a): no quoted definition, so written here: cast
		// from its owner's hand, the split card may be cast as both
		// halves, a fused split spell ("; fuse").
		declare("Fuse", func(game.Ability, Rev) []Ability {
			return []Ability{&Fuses{Base: Base{Keyword: "Fuse", Rule: []string{"may choose to cast both halves"}, Note: "fuse: %s casts both halves of %s, a fused split spell with their combined characteristics and a total cost that includes the mana cost of each, %s"}, Choice: "fuse"}}
		}, anchors("may choose to cast both halves", "combined characteristics of its two halves", "includes the mana cost of each half", "follows the instructions of the left half"))
		declare("Mutate", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&AltCost{Base: Base{Keyword: "Mutate", Rule: []string{" means "}, Note: "mutate: %s is cast for its mutate cost %s rather than its mana cost: a mutating creature spell that targets a non-Human creature with the same owner"},
				Choice: "mutate", From: game.Hand, Cost: inst.Cost, Mutates: &mutate}}
		})
		declare("Kicker", func(inst game.Ability, _ Rev) []Ability {
			if inst.Quality == "Multikicker" {
				// A variant of kicker (702.33c): paid any number of times.
				return []Ability{&AddCost{Base: Base{Keyword: "Kicker", Rule: []string{"multikicker"}, Note: "multikicker: %s pays the multikicker cost %s; it is added to the cost"}, Choice: "multikicker", Cost: inst.Cost, Repeatable: true, Kicks: true}}
			}
			return []Ability{&AddCost{Base: Base{Keyword: "Kicker", Note: "kicker: %s intends to pay the kicker cost; %s is added to the cost"}, Choice: "kicker", Cost: inst.Cost, Kicks: true}}
		})
		declare("Buyback", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&AddCost{Base: Base{Keyword: "Buyback", Note: "buyback: %s intends to pay the buyback cost; %s is added to the cost"}, Choice: "buyback", Cost: inst.Cost,
				ToHand: &Base{Keyword: "Buyback", Rule: []string{" means "}, Note: "buyback: its buyback cost was paid, so %s is put into its owner's hand instead of into the graveyard as it resolves"}}}
		})
		declare("Entwine", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&AddCost{Base: Base{Keyword: "Entwine", Note: "entwine: all modes chosen; %s is added to the cost"}, Choice: "entwine", Cost: inst.Cost, AllModes: true}}
		})
		declare("Evoke", func(inst game.Ability, r Rev) []Ability {
			// Two abilities (702.74a; 502.74a from 2007-10-01): an
			// alternative cost, and the sacrifice trigger, read from the
			// definition's own words by the grammar of card text.
			alt := &AltCost{Base: Base{Keyword: "Evoke", Rule: []string{"rather than paying its mana cost"}, Note: "evoke: %s's evoke cost %s is paid rather than its mana cost"},
				Choice: "evoke", From: game.Hand, Cost: inst.Cost}
			if t, ok := partTrigger("Evoke", r, "if its evoke cost was paid"); ok {
				return []Ability{alt, t}
			}
			return []Ability{alt}
		})
		declare("Flash", func(game.Ability, Rev) []Ability {
			return []Ability{&InstantSpeed{Base{Keyword: "Flash", Rule: []string{"any time you could"}, Note: "flash: %s may be cast any time its controller could cast an instant"}}}
		})
		declare("Splice", func(inst game.Ability, _ Rev) []Ability {
			sp := splice
			sp.Onto, sp.Cost, sp.CostText = inst.Quality, inst.Cost, inst.CostText
			return []Ability{&sp}
		}, qualified(), paysWords)
		declare("Affinity", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Reduction{Base: Base{Keyword: "Affinity", Note: "affinity for %s: %d of them reduce the cost by {%d}%s"}, Per: Q(inst.Quality)}}
		}, qualified())
	})
}

// An Activated ability: its cost, where its object must be (From), when
// (Sorcery: only as a sorcery), its other restrictions on its use
// (Limits: only once each turn, only once, only if this creature
// attacked this turn, only during your upkeep), and what it does: Do, an effect of card
// text, for card text ("{2}, {T}: Draw a card.") and for a keyword
// compiled from its definition (equip, cycling); for a hand-written
// keyword, Effect: "swap" (return an unblocked attacker to hand, put the object onto the
// battlefield tapped and attacking), "search" (discard it, search for a
// card with the same mana value). Name is the word a statement activates a
// keyword's ability by; card text has none (the statement names the
// card, and "ability N" for the N-th).
type Activated struct {
	Base
	Name    string
	From    game.Zone
	Sorcery bool
	game.Limits
	Cost   game.FullCost
	Effect string
	Do     *game.Effect
	// Then are Do's instructions after the first, in order (unearth's
	// "It gains haste. Exile it at the beginning of the next end
	// step.").
	Then []game.Effect
}

// Says is what the ability does, as written after its colon: Do's
// text and Then's, a sentence each.
func (a *Activated) Says() string {
	if a.Do == nil {
		return ""
	}
	out := a.Do.Text
	for _, x := range a.Then {
		out += ". " + x.Text
	}
	return out
}

// FromActivated is the ability of an activated ability printed on a
// card.
func FromActivated(a *game.Activated) *Activated {
	return &Activated{From: a.From, Sorcery: a.Sorcery, Limits: a.Limits, Cost: a.Cost, Do: &a.Effect, Then: a.Then}
}

func init() {
	families = append(families, func() {
		declare("Ninjutsu", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Activated{Base: Base{Keyword: "Ninjutsu", Rule: []string{" means "}}, Name: "ninjutsu", From: game.Hand, Cost: game.FullCost{Mana: inst.Cost}, Effect: "swap"}}
		})
		declare("Transmute", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Activated{Base: Base{Keyword: "Transmute", Rule: []string{" means "}}, Name: "transmute", From: game.Hand, Sorcery: true, Cost: game.FullCost{Mana: inst.Cost}, Effect: "search"}}
		})
	})
}

// A PayWithPermanents lets its caster pay part of a spell's total cost
// with permanents of quality Of they control, named by the statement's
// clause Choice ("convoke A, B=W", "offering C") as the spell is cast:
// each is tapped, or sacrificed when Sacrifice is set, once the cost is
// paid; One allows at most one. What each pays: one generic mana, or one
// mana of one of its colours when the clause names that colour ("B=W",
// convoke); with ItsCost, its own mana cost reduces the total cost,
// coloured mana the same colour and the rest generic (offering,
// 702.48c). Exact is set where the definition says the permanent pays
// "rather than pay" a mana of the total cost (convoke since 2013): one
// with nothing left to pay is refused rather than wasted. AnyTime: a
// spell paid this way may be cast any time its controller could cast an
// instant. Note's arguments, which it picks by index: Of, the
// permanent, its colours, what it pays, the cost left, and the part of
// the reduction left unused.
//
// With Graveyard the objects are cards its caster exiles from their
// graveyard rather than permanents (delve); with Generic each pays only
// generic mana. A keyword read by the static shapes has the keyword's
// name for Choice ("improvise A, B").
type PayWithPermanents struct {
	Base
	Choice    string
	Of        Quality
	Graveyard bool
	Generic   bool
	Sacrifice bool
	One       bool
	ItsCost   bool
	Exact     bool
	AnyTime   bool
}

func init() {
	families = append(families, func() {
		declare("Convoke", func(_ game.Ability, r Rev) []Ability {
			return []Ability{&PayWithPermanents{Base: Base{Keyword: "Convoke", Rule: []string{" means "}, Note: "convoke: %[2]s (%[3]s) is tapped and pays %[4]s; cost now %[5]s"},
				Choice: "convoke", Of: Q("creature"), Exact: r.Defines("Convoke", "rather than pay")}}
		})
		declare("Offering", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&PayWithPermanents{Base: Base{Keyword: "Offering", Rule: []string{"reduces mana of the same color", "reduced by the sacrificed permanent", " means "},
				Note: "%[1]s offering: %[2]s is sacrificed; its mana cost %[4]s reduces the total cost, coloured mana the same colour, the rest generic%[6]s; the spell may be cast any time its controller could cast an instant"},
				Choice: "offering", Of: Q(inst.Quality), Sacrifice: true, One: true, ItsCost: true, AnyTime: true}}
		}, qualified())
	})
}

// Fuses is a split card's static ability in its owner's hand: it may be
// cast as both halves, a fused split spell (702.102a), chosen by the
// clause word Choice. Note's arguments: the player, the card, the total
// of its halves' mana costs.
type Fuses struct {
	Base
	Choice string
}

// BothHalvesChoices are the clause words that cast a split card as both
// halves (Fuses), for the engine to refuse one a card does not have.
var BothHalvesChoices = map[string]bool{"fuse": true}
