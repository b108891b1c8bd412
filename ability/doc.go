// Package ability is the engine's representation of what abilities
// mean: a closed set of kinds (a restriction on blocking, protection
// from a quality, a way a creature deals combat damage, …), each a value
// the procedures of package engine read without knowing which keyword
// made it. A keyword is a declaration: the abilities one instance of it
// is, in the revision run, written in the file of its family
// (evasion.go, combat.go, protection.go).
//
// A hand-written declaration, flying's (702.9b, 502.4b in 2006):
//
//	declare("Flying", func(game.Ability, Rev) []Ability {
//		return []Ability{&BlockRestriction{
//			Base:   Base{Keyword: "Flying", Rule: []string{"can't be blocked"}, Note: "…"},
//			Allows: func(b *game.Object) bool { return b.Has("Flying") || b.Has("Reach") },
//		}}
//	})
//
// The procedures ask an object for its abilities of one kind
// (All[*BlockRestriction](o, rev)) and cite the subrule each names, in
// the revision run, through Base.Rule.
//
// The package imports only game, the state; engine imports it.
package ability
