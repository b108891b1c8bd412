package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// Double-faced cards' keywords (712, 702.145).

// DayNight is daybound's or nightbound's three (two) static abilities
// (702.145b, 702.145e): the permanent transforms as it becomes At while
// the face with the ability is up (702.145c, 702.145f: at once, no
// state-based action), can't transform except by this ability, and
// makes it Starts when it's neither day nor night (702.145d; nightbound
// only with no daybound permanent on the battlefield, 702.145g).
// EntersTransformed is daybound's "If it is night …, it enters the
// battlefield transformed".
type DayNight struct {
	Base
	At, Starts        string // "night" and "day" for daybound, the other way for nightbound
	EntersTransformed bool
}

func init() {
	AltChoices["disturb"] = "disturb"
	AltChoices["more than meets the eye"] = "more than meets the eye"
	families = append(families, func() {
		// Hand-written: "As it becomes night, if this permanent is
		// front face up, transform it" and "This permanent can't be
		// transformed except by its daybound ability" are abilities of
		// the game's day and night (730), no clause of card text the
		// grammar reads; the engine's day and night follows them
		// (engine/daynight.go).
		// One rule, 702.145, of two keywords, each a card prints by
		// its own name.
		declare("Daybound and Nightbound", func(inst game.Ability, _ Rev) []Ability {
			if strings.EqualFold(inst.Keyword, "Nightbound") {
				return []Ability{&DayNight{Base: Base{Keyword: "Nightbound", Rule: []string{"as it becomes day"}}, At: "day", Starts: "night"}}
			}
			return []Ability{&DayNight{Base: Base{Keyword: "Daybound", Rule: []string{"as it becomes night"}}, At: "night", Starts: "day", EntersTransformed: true}}
		}, formerly("Daybound", "Nightbound"))
		// "You may cast this card transformed from your graveyard by
		// paying [cost] rather than its mana cost" (702.146a): the
		// shape of an alternative cost, cast with its back face up.
		declare("Disturb", altCompiled, byShape(func(parts []string) error {
			_, err := readAltCost("Disturb", parts)
			return err
		}))
		// "You may cast this card converted by paying [cost] rather
		// than its mana cost" (702.162a): the same shape.
		declare("More Than Meets the Eye", altCompiled, byShape(func(parts []string) error {
			_, err := readAltCost("More Than Meets the Eye", parts)
			return err
		}))
	})
}
