package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// The evasion family: restrictions on which creatures can block an
// attacker (509.1b, 308.2b in 2006), and on how many must.

// A BlockRestriction says an attacking creature can't be blocked by a
// creature unless Allows(attacker, blocker) holds. Note's arguments: the
// attacker's label, the blocker's.
type BlockRestriction struct {
	Base
	Allows func(attacker, blocker *game.Object) bool
	Text   string // as printed on a card; "" for a keyword's
}

// A BlockCount says an attacking creature can't be blocked except by
// at least Min creatures, a restriction on the declaration as a whole.
// Note's argument: the attacker's label.
type BlockCount struct {
	Base
	Min int
}

func init() {
	families = append(families, func() {
		declare("Flying", func(game.Ability, Rev) []Ability {
			return []Ability{&BlockRestriction{
				Base:   Base{Keyword: "Flying", Rule: []string{"can't be blocked"}, Note: "%s has flying and can't be blocked by %s, which has neither flying nor reach"},
				Allows: func(_, b *game.Object) bool { return b.Has("Flying") || b.Has("Reach") },
			}}
		}, anchors("can't be blocked except", "can't be blocked by creatures without flying"))
		// Reach is the exception flying's restriction names: it has no
		// effect of its own.
		declare("Reach", func(game.Ability, Rev) []Ability { return nil }, anchors("can block", "can't be blocked except"))
		declare("Fear", func(game.Ability, Rev) []Ability {
			return []Ability{&BlockRestriction{
				Base:   Base{Keyword: "Fear", Rule: []string{"can't be blocked"}, Note: "%s has fear and can be blocked only by artifact or black creatures, and %s is neither"},
				Allows: func(_, b *game.Object) bool { return b.Is("Artifact") || b.Colors()&game.Black != 0 },
			}}
		}, anchors("can't be blocked except"))
		declare("Landwalk", func(inst game.Ability, _ Rev) []Ability {
			land := inst.Quality
			return []Ability{&BlockRestriction{
				Base: Base{Keyword: "Landwalk", Rule: []string{"can't be blocked as long as", "unblockable as long as"},
					Note: "%s has " + strings.ToLower(land) + "walk and can't be blocked: %s's controller controls a " + land},
				// The defending player declares the blockers: the blocker's
				// controller is the player whose lands count.
				Allows: func(_, b *game.Object) bool {
					s := b.Game()
					if s == nil {
						return true
					}
					for _, o := range s.Controlled(b.Controller()) {
						if game.LandwalkLand(o, land) {
							return false
						}
					}
					return true
				},
			}}
		}, anchors("can't be blocked as long as", "unblockable as long as"))
		// Evasion abilities without a quoted definition, compiled from
		// their subrule "A creature with KEYWORD can't be blocked …"
		// (shape_static.go).
		for _, name := range []string{"Intimidate", "Shadow", "Horsemanship", "Skulk"} {
			declare(name, compiled, byDefinition)
		}
		declare("Menace", func(game.Ability, Rev) []Ability {
			return []Ability{&BlockCount{
				Base: Base{Keyword: "Menace", Rule: []string{"except by two or more"}, Note: "%s has menace and can't be blocked except by two or more creatures"},
				Min:  2,
			}}
		}, anchors("except by two or more"))
	})
}
