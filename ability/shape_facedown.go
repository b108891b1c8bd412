package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// The shape of a definition that casts a card face down (708): disguise's
// "You may cast this card as a 2/2 face-down creature with ward {2}, no
// name, no subtypes, and no mana cost by paying {3} rather than paying
// its mana cost" (702.168a), an AltCost chosen with "; face down" whose
// spell and permanent have the abilities after "with" besides the 2/2 of
// 708.2:
//
//	facedown = "you may cast this card as a 2/2 face-down creature" ["with" KEYWORD] ", no name, no subtypes, and no mana cost by paying" COST "rather than paying its mana cost"
var reFaceDownCast = lazyRegexp(`^you may cast this card as a 2/2 face-down creature(?: with ([^,]+))?, no name, no subtypes, and no mana cost by paying (\{[^ ]+\}) rather than paying its mana cost$`)

func readFaceDownCast(part string) ([]Ability, bool) {
	m := reFaceDownCast().FindStringSubmatch(part)
	if m == nil {
		return nil, false
	}
	cost, err := game.ParseCost(strings.ToUpper(m[2]))
	if err != nil {
		return nil, false
	}
	alt := &AltCost{Base: Base{Rule: []string{"rather than paying its mana cost"}, Note: "%s casts %s face down as a 2/2 creature with no name, subtypes or mana cost, for %s"},
		Choice: "face down", From: game.Hand, Cost: cost, FaceDown: true}
	if m[1] != "" {
		a, ok, err := game.ParseAbility(m[1])
		if !ok || err != nil {
			return nil, false
		}
		a.Text = strings.ToUpper(m[1][:1]) + m[1][1:]
		alt.FaceDownWith = []game.Ability{a}
	}
	return []Ability{alt}, true
}

// disguised declares a keyword that casts its card face down by the
// shape above; where its rules let a face-down permanent with it be
// turned face up for its cost, a special action (702.168d, outside the
// quoted definition, so written here), it has that ability too.
func disguised(inst game.Ability, r Rev) []Ability {
	as := shaped(inst, r)
	if len(as) > 0 && r.Mentions(inst.Keyword, "this is a special action") {
		as = append(as[:len(as):len(as)], &TurnFaceUp{Base: Base{Keyword: inst.Keyword, Rule: []string{"you may turn a face-down permanent you control"},
			Note: strings.ToLower(inst.Keyword) + ": %s pays %s and turns %s face up; it is %d/%d"}, Cost: inst.Cost, Parts: inst.Parts})
	}
	return as
}

func init() {
	staticShapes = append(staticShapes, readFaceDownCast)
	families = append(families, func() {
		declare("Disguise", disguised, byShapes, paysWords)
	})
}
