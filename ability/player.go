package ability

import "github.com/crules/crules/game"

// The player family: keywords that give players a value of their own.

// Speed is start your engines! (702.179, from 2025-02-07): a player who
// controls a permanent with it and has no speed gets speed Start, a
// state-based action (704.5z); a player with speed has the inherent
// triggered ability Grow, with no source: "Whenever one or more
// opponents lose life during your turn, if your speed is less than Max,
// your speed increases by 1. This ability triggers only once each turn."
// Grow's note takes the player, the speed before and after.
type Speed struct {
	Base
	Start, Max int
	Grow       Base
}

func init() {
	families = append(families, func() {
		speed := []Ability{&Speed{Base: Base{Keyword: "Start your engines!", Rule: []string{"has no speed, their speed becomes 1"}, Note: "%s controls a permanent with start your engines! and has no speed: their speed becomes %d"},
			Start: 1, Max: 4,
			Grow: Base{Keyword: "Start your engines!", Rule: []string{"whenever one or more opponents lose life during your turn"}, Note: "%s's speed increases from %d to %d"}}}
		declare("Start your engines!", func(game.Ability, Rev) []Ability { return speed }, anchors("speed becomes 1", "your speed increases by 1"))
	})
}
