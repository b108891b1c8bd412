package ability

import "github.com/crules/crules/game"

// The keywords of games of more than two players that are not triggered
// abilities (melee and myriad are, in attacks.go).

// An AnotherPays lets the caster choose another player, who may pay any
// amount of the generic mana in the spell's total cost (assist,
// 702.132a): Choice is the statement's clause ("assist bob=2"). Note's
// arguments: the player, the mana they pay, the spell, the total cost
// before, the cost left for its caster.
type AnotherPays struct {
	Base
	Choice string
}

// PayerChoices are the clause words that choose another player to pay
// part of a spell's cost (AnotherPays).
var PayerChoices = map[string]bool{"assist": true}

func init() {
	families = append(families, func() {
		// Hand-written: 702.132a quotes no definition for the grammar
		// to read; it changes who pays, a step of casting (601.2g-h),
		// not what the spell does.
		declare("Assist", func(game.Ability, Rev) []Ability {
			return []Ability{&AnotherPays{Base: Base{Keyword: "Assist", Rule: []string{"may pay for any amount of the generic mana"},
				Note: "assist: %[1]s, chosen by its caster, pays %[2]s of the generic mana in %[3]s's total cost %[4]s; %[5]s is left for its caster"}, Choice: "assist"}}
		}, anchors("the player you chose may pay for any amount of the generic mana"))
	})
}
