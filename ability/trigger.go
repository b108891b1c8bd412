package ability

import (
	"fmt"
	"strings"

	"github.com/crules/crules/game"
)

// An Event is a kind of thing that happens in the game that triggered
// abilities wait for (603.2, 410.2 in 2006).
type Event string

// The events triggers wait for.
const (
	Attacks          Event = "attacks"
	AttacksUnblocked Event = "attacks and isn't blocked"
	// AttacksAlone: the creature is the only one declared as an
	// attacker in the combat (506.5; 702.83b).
	AttacksAlone Event = "attacks alone"
	// AttacksMostLife: the creature attacks the player with the most
	// life or tied for most life (702.105a).
	AttacksMostLife Event = "attacks the player with the most life or tied for most life"
	// AttacksWithStronger: the creature and at least one other creature
	// with greater power attack (702.149a).
	AttacksWithStronger Event = "and at least one other creature with power greater than this creature's power attack"
	Blocks              Event = "blocks"
	BecomesBlocked      Event = "becomes blocked"
	Dies                Event = "dies"
	DealsCombatDamage   Event = "deals combat damage to a player"
	Cast                Event = "is cast"
	Enters              Event = "enters the battlefield"
	Mutates             Event = "mutates"
	TurnedFaceUp        Event = "is turned face up"
	BecomesTarget       Event = "becomes the target"
	UpkeepBegins        Event = "the upkeep step begins"
	EndStepBegins       Event = "the end step begins"
	CountersPut         Event = "counters are put on it"
	CombatBegins        Event = "the beginning of combat step begins"
	EndOfCombat         Event = "the end of combat step begins"
	Leaves              Event = "leaves the battlefield"
	DealsDamage         Event = "deals damage"
	DealtDamage         Event = "is dealt damage"
	// PlayerDealtDamage is a player being dealt damage: no trigger of
	// the grammar waits for it; the turn's history records it
	// (bloodthirst's "if an opponent was dealt damage this turn").
	PlayerDealtDamage Event = "a player is dealt damage"
	Casts             Event = "casts a spell"
	Draws             Event = "draws a card"
	Discards          Event = "discards a card"
	GainsLife         Event = "gains life"
	LosesLife         Event = "loses life"
	// LastDefenseRemoved is the removal of the last defense counter
	// from a battle (310.11b).
	LastDefenseRemoved Event = "the last defense counter is removed"
	// LastCounterRemoved is the removal of the last counter of a kind
	// from a permanent, the trigger's Counter (702.63a: "When the last
	// time counter is removed from this permanent").
	LastCounterRemoved Event = "the last counter of a kind is removed"
	// IntoRoom is the trigger condition every room ability of a dungeon
	// has, not printed on the card (309.4c).
	IntoRoom Event = "you move your venture marker into this room"
)

// A Trigger is a triggered ability: the events it waits for, the
// condition on them, the target its controller chooses when it is put
// on the stack (603.3d, 410.4 in 2006), and its effect, a list of ops.
// Note is the text the trace shows for it ("it gets +1/+1 until end of
// turn").
type Trigger struct {
	Base
	On []Event
	// Subject is whom the events happen to: the object with the
	// ability (Self), or any creature or player of a kind ("whenever a
	// creature dies", "whenever you cast a spell").
	Subject Subject
	// If is the intervening "if" clause (603.4), nil for none.
	If *Condition
	// Delayed is set for a spell's delayed triggered ability, "at the
	// beginning of the next end step" (603.7): the step, "end" or
	// "upkeep".
	Delayed string
	// PerBlocker makes it trigger once for each blocking creature
	// without the keyword named ("becomes blocked by a creature without
	// flanking").
	PerBlocker string
	// Min is the fewest blockers that trigger it ("by two or more").
	Min int
	// ByOpponent limits BecomesTarget to spells and abilities an opponent
	// controls (ward).
	ByOpponent bool
	// Spell is the quality of the spell a Casts trigger waits for
	// ("noncreature": "whenever you cast a noncreature spell"), "" for
	// any spell.
	Spell     string
	Yours     bool // a step's trigger only in its controller's turns ("at the beginning of your upkeep", "at end of combat on your turn")
	Target    *Target
	Effects   []Op
	N         int         // the keyword's number
	Cost      game.Cost   // a cost its effect asks for (ward)
	CostParts []game.Part // its parts that are not mana ("Ward—Pay 3 life")
	// IfPaid is an intervening "if" clause on how the source was cast
	// (603.4): it triggers only if that cost was paid, and does nothing
	// as it resolves unless it still was (game.CostsPaid.WasPaid).
	IfPaid string
	// Counter is the kind of counters a CountersPut trigger waits for,
	// "" for any. PerCounter makes it trigger once for each counter put
	// ("whenever a +1/+1 counter is put"), not once for each putting
	// ("one or more +1/+1 counters are put", 603.2c). Onto is the
	// object the counters go on when Subject is the player who puts
	// them ("whenever you put one or more counters on a creature").
	Counter    string
	PerCounter bool
	Onto       Subject
	// Functions are the zones it functions in when not the battlefield
	// (113.6m: "return this card from your graveyard to your hand"
	// functions only in the graveyard); none for the battlefield.
	Functions []game.Zone
	// Chapters make a CountersPut trigger a chapter ability (714.2b):
	// it triggers for chapter N when the number of Counter counters on
	// its source was less than N and became at least N.
	Chapters []int
}

// Fires reports whether the trigger waits for event ev.
func (t *Trigger) Fires(ev Event) bool {
	for _, e := range t.On {
		if e == ev {
			return true
		}
	}
	return false
}

// A Target is what a triggered or activated ability's "target" asks for
// (115 today, 200.5? 400s in 2006): a player, or an object in Zone with
// every type of Types, the subtype Subtype, mana value at most MaxMV (if
// set), controlled by an opponent of the ability's controller
// (Opponent) or by its controller (Yours).
type Target struct {
	Text     string // as written: "target creature defending player controls"
	Player   bool   // only a player
	OrPlayer bool   // a player, or an object as below ("any target")
	Zone     game.Zone
	Types    []string
	Subtype  string
	MaxMV    int
	HasMaxMV bool
	Opponent bool
	Yours    bool
	// Attacking asks for an attacking creature, and Weaker for one with
	// power less than the ability's source's (702.134a); the engine
	// checks both, which are about the combat and the source.
	Attacking, Weaker bool
}

// Check reports why object o is not what the target asks for, controller
// being the player who chooses it; nil when it is. splitCombined is the
// revision's rule for a split card's mana value.
func (t *Target) Check(o *game.Object, controller *game.Player, splitCombined bool) error {
	if o == nil {
		return fmt.Errorf("no object is %s", t.Text)
	}
	if o.Zone != t.Zone {
		return fmt.Errorf("%s is not in the %s (%s)", o.Label, t.Zone, t.Text)
	}
	for _, ty := range t.Types {
		if !o.Is(ty) {
			return fmt.Errorf("%s is not %s", o.Label, t.Text)
		}
	}
	if t.Subtype != "" && !o.HasSubtype(t.Subtype) {
		return fmt.Errorf("%s is not %s", o.Label, t.Text)
	}
	if t.HasMaxMV && minInt(o.ManaValues(splitCombined)) > t.MaxMV {
		return fmt.Errorf("%s has mana value %d, more than %d (%s)", o.Label, minInt(o.ManaValues(splitCombined)), t.MaxMV, t.Text)
	}
	owner := o.Controller()
	if t.Zone != game.Battlefield {
		owner = o.Owner
	}
	if t.Opponent && owner == controller {
		return fmt.Errorf("%s is not %s", o.Label, t.Text)
	}
	if t.Yours && owner != controller {
		return fmt.Errorf("%s is not %s", o.Label, t.Text)
	}
	return nil
}

func minInt(xs []int) int {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

// An Op is one instruction of a triggered ability's effect, with its
// numbers resolved for the instance.
type Op struct {
	// Kind is "effect" (an instruction of the effect table of card
	// text, Effect, followed as a spell would), or an instruction of a
	// hand-written declaration: "copy" (the spell is copied once for
	// each spell cast before it this turn, 702.40 storm),
	// "counterunless" (the spell or ability is countered unless its
	// controller pays Cost), "movecounters" (the +1/+1 counters the
	// source had as it last existed are put on the target).
	Kind   string
	Effect game.Effect
	// May is set for an instruction its controller may decline as the
	// ability resolves ("you may return", and the "if you do" after
	// it).
	May bool
	// Otherwise is set for an instruction that happens only when the
	// "you may" before it is declined ("If you don't, create …").
	Otherwise bool
	// IfCant is set for an instruction that happens only when the one
	// before it couldn't be done ("remove a fade counter from this
	// permanent. If you can't, sacrifice the permanent", 702.32a).
	IfCant bool
	// IfDone is set for the instruction after "If you do,": it happens
	// only when the "you may" before it was taken, and its payment, if
	// any, made.
	IfDone bool
}

// UpkeepCopies is a spell's ability that acts as the spell resolves:
// for the rest of the game its controller can't cast spells (CantCast,
// the subrule cited when a cast is refused), and at the beginning of
// each of their upkeeps a delayed triggered ability copies the spell
// except for this ability (epic). Note's argument: the player.
type UpkeepCopies struct {
	Base
	CantCast Base
	// Copy is the note of the delayed trigger, and CopyNote the trace's
	// note as the copy is put on the stack (its argument: the card).
	Copy, CopyNote string
}

func init() {
	families = append(families, func() {
		epic := []Ability{&UpkeepCopies{Base: Base{Keyword: "Epic", Rule: []string{" means ", "rest of the game"}, Note: "epic: for the rest of the game %s can't cast spells"},
			CantCast: Base{Keyword: "Epic", Rule: []string{"can't"}},
			Copy:     "copy this spell except for its epic ability", CopyNote: "epic: a copy of %s without epic is put on the stack"}}
		// Epic has no parameter: every instance is the same ability.
		declare("Epic", func(game.Ability, Rev) []Ability { return epic })
		declare("Storm", func(game.Ability, Rev) []Ability {
			return []Ability{&Trigger{Base: Base{Keyword: "Storm", Rule: []string{" means "}, Note: "copy it for each other spell cast before it this turn"},
				On: []Event{Cast}, Effects: []Op{{Kind: "copy"}}}}
		})
		declare("Ward", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Trigger{Base: Base{Keyword: "Ward", Rule: []string{" means ", "becomes the target"}, Note: "counter %s unless its controller pays %s"},
				On: []Event{BecomesTarget}, ByOpponent: true, Cost: inst.Cost, CostParts: inst.Parts, Effects: []Op{{Kind: "counterunless"}}}}
		}, anchors("counter it unless", "becomes the target"), paysWords)
		for _, name := range []string{"Bushido", "Rampage", "Flanking", "Provoke", "Soulshift", "Frenzy", "Poisonous"} {
			declare(name, compiled, byDefinition)
		}
	})
}

// modularDies is modular's triggered ability: when the permanent dies,
// its +1/+1 counters may be put on target artifact creature.
func modularDies(inst game.Ability) *Trigger {
	return &Trigger{Base: Base{Keyword: "Modular", Rule: []string{" means "}, Note: "you may put its +1/+1 counters on target artifact creature"},
		On: []Event{Dies}, Target: &Target{Text: "target artifact creature", Zone: game.Battlefield, Types: []string{"Artifact", "Creature"}},
		Effects: []Op{{Kind: "movecounters", May: true}}, N: inst.N}
}

// compiled declares a keyword by its revision's own definition: the
// grammar of compile.go reads it into a Trigger.
func compiled(inst game.Ability, r Rev) []Ability {
	def, ok := r.Definition(inst.Keyword)
	if !ok {
		return nil
	}
	p, err := Compile(def)
	if err != nil {
		return nil
	}
	return p.Abilities(inst, def)
}

// IsCompiled reports whether keyword name is declared by its revision's
// definition rather than by hand.
func IsCompiled(name string) bool { return registry()[strings.ToLower(name)].Compiled }
