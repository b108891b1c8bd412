package ability

import "github.com/crules/crules/game"

// The designation family: keywords that give players a value of their
// own (speed) or permanents a designation (sectors).

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

// Sculpts is space sculptor (702.158, from 2022-10-07): while a
// permanent with it is on the battlefield, each creature without a
// sector designation gets one of those 702.158b names (the engine reads
// them from the revision's text), chosen by its controller, the
// players who control no permanent with space sculptor first (a
// state-based action, 704.5u); a permanent keeps its designation until
// no player controls a permanent with space sculptor or an ability
// whose source has it (Keeps, 702.158b).
type Sculpts struct {
	Base
	Keeps Base
}

func init() {
	families = append(families, func() {
		sculpts := []Ability{&Sculpts{Base: Base{Keyword: "Space Sculptor", Rule: []string{"chooses a sector designation for each of those creatures"}},
			Keeps: Base{Keyword: "Space Sculptor", Rule: []string{"keeps it until no player controls"}}}}
		declare("Space Sculptor", func(game.Ability, Rev) []Ability { return sculpts }, anchors("sector designation"))
	})
}
