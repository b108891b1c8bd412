package ability

import "github.com/crules/crules/game"

// The combat family: who may attack, how attacking taps, in which
// combat damage steps a creature deals damage, how it assigns it, and
// what its damage does besides.

// CantAttack: the creature can't attack. Note's argument: its label.
type CantAttack struct{ Base }

// IgnoresSickness: the creature can attack (and {T}) though it has not
// been under its controller's control since their most recent turn
// began. Note's arguments: its label, the controller's name.
type IgnoresSickness struct{ Base }

// AttacksUntapped: attacking doesn't cause the creature to tap. Note's
// argument: its label.
type AttacksUntapped struct{ Base }

// A DamageStep says in which combat damage steps the creature deals
// damage: First, in the first-strike step that its presence creates;
// Regular too, in the second step even though it dealt damage in the
// first. Again is the subrule and note (argument: the label) cited
// when it deals damage a second time.
type DamageStep struct {
	Base
	First, Regular bool
	Again          Base
}

// AssignsExcess: an attacking creature blocked may assign the damage
// beyond lethal to its blockers to the player it attacks. Note's
// arguments: its label, the damage left, the player's name.
type AssignsExcess struct{ Base }

// A DamageRider is what damage the object deals does besides: its
// controller gains that much life (Gain; Note's arguments: the label,
// the amount), or a creature dealt any damage by it is destroyed
// (Destroy), as a state-based action citing Lethal (Note's arguments:
// the creature's label, the source's). When Triggered, a triggered
// ability does it ("whenever this permanent deals damage", 2007–2009):
// one for each creature dealt damage, one for all the damage dealt at
// once. LethalOne makes 1 damage lethal when combat damage is assigned.
// Counters puts that many -1/-1 counters on a creature dealt damage
// instead of marking it (wither, infect; Note's arguments: the creature,
// the amount, the source, the amount); Poison gives a player dealt
// damage that many poison counters instead of the loss of life (infect;
// the player, the amount, the source, the player, the amount); Toxic
// gives a player dealt combat damage N poison counters besides, N the
// keyword's number (the source, the player, N, the player, N).
type DamageRider struct {
	Base
	Gain, Destroy, Triggered, LethalOne bool
	Counters, Poison, Toxic             bool
	N                                   int
	// Lethal is the subrule the state-based action cites.
	Lethal []string
}

// CantBeDestroyed: effects that say "destroy" and lethal damage don't
// destroy it. Note's arguments: its label, why it would have been.
type CantBeDestroyed struct{ Base }

func init() {
	families = append(families, func() {
		// What their damage does, compiled from the subrules that say
		// it (shape_damage.go): "Damage dealt to a creature by a source
		// with wither isn't marked on that creature. …"
		for _, name := range []string{"Wither", "Infect", "Toxic"} {
			declare(name, compiled, byDefinition)
		}
		declare("Defender", func(game.Ability, Rev) []Ability {
			return []Ability{&CantAttack{Base{Keyword: "Defender", Rule: []string{"can't attack"}, Note: "%s has defender and can't attack"}}}
		}, anchors("can't attack"))
		declare("Haste", func(game.Ability, Rev) []Ability {
			return []Ability{&IgnoresSickness{Base{Keyword: "Haste", Rule: []string{"can attack", "even if"}, Note: "haste: %s can attack though it came under %s's control this turn"}}}
		}, anchors("can attack", "even if"))
		declare("Vigilance", func(game.Ability, Rev) []Ability {
			return []Ability{&AttacksUntapped{Base{Keyword: "Vigilance", Rule: []string{"doesn't cause", "don't tap", "doesn't tap"}, Note: "vigilance: %s attacks without tapping"}}}
		}, anchors("doesn't cause", "don't tap", "doesn't tap"))
		steps := []string{"at least one attacking or blocking creature", "combat damage step"}
		declare("First Strike", func(game.Ability, Rev) []Ability {
			return []Ability{&DamageStep{Base: Base{Keyword: "First Strike", Rule: steps}, First: true}}
		}, anchors("first strike"))
		declare("Double Strike", func(game.Ability, Rev) []Ability {
			return []Ability{&DamageStep{Base: Base{Keyword: "Double Strike", Rule: steps}, First: true, Regular: true,
				Again: Base{Keyword: "Double Strike", Rule: []string{"second combat damage step", "both"}, Note: "double strike: %s deals combat damage again in the second combat damage step"}}}
		}, anchors("double strike", "two combat damage steps"))
		declare("Trample", func(game.Ability, Rev) []Ability {
			return []Ability{&AssignsExcess{Base{Keyword: "Trample", Rule: []string{"assign the rest", "rest of its damage", "excess"}, Note: "trample: %s assigns lethal damage to its blockers and the remaining %d to %s"}}}
		}, anchors("assign the rest", "rest of its damage", "excess", "lethal damage"))
		declare("Lifelink", func(_ game.Ability, r Rev) []Ability {
			if r.Defines("Lifelink", "whenever this permanent deals damage") {
				// 2007–2009: lifelink was a triggered ability.
				return []Ability{&DamageRider{Base: Base{Keyword: "Lifelink", Rule: []string{" means "}, Note: "%s's controller gains %d life"}, Gain: true, Triggered: true}}
			}
			return []Ability{&DamageRider{Base: Base{Keyword: "Lifelink", Rule: []string{"causes that source's controller to gain", "gain that much life"}, Note: "lifelink: %s's controller gains %d life"}, Gain: true}}
		}, anchors("gain that much life", "causes that source's controller to gain"))
		declare("Deathtouch", func(_ game.Ability, r Rev) []Ability {
			if r.Defines("Deathtouch", "whenever this permanent deals damage to a creature") {
				// 2007–2009: deathtouch was a triggered ability.
				return []Ability{&DamageRider{Base: Base{Keyword: "Deathtouch", Rule: []string{" means "}, Note: "destroy %s"}, Destroy: true, Triggered: true, LethalOne: r.Mentions("Deathtouch", "lethal damage")}}
			}
			return []Ability{&DamageRider{Base: Base{Keyword: "Deathtouch", Rule: []string{"any nonzero amount"}, Note: "deathtouch: %s was dealt damage by %s"},
				Destroy: true, LethalOne: r.Mentions("Deathtouch", "lethal damage"), Lethal: []string{"state-based action", "destroyed"}}}
		}, anchors("deals damage to a creature", "any nonzero amount", "state-based action"))
		declare("Indestructible", func(game.Ability, Rev) []Ability {
			return []Ability{&CantBeDestroyed{Base{Keyword: "Indestructible", Rule: []string{"can't be destroyed"}, Note: "%s is indestructible and isn't destroyed (%s)"}}}
		}, anchors("can't be destroyed"))
	})
}
