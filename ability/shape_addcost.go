package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// readAddCost is the shape of an optional additional cost in a mana
// cost the instance prints (replicate, 702.56a):
//
//	addcost = "as an additional cost to" ("cast" | "play") "this spell, you may pay [cost]" [" any number of times"]
//	        | "as an additional cost to" ("cast" | "play") "this spell, you may" COST
//	        | "you may pay an additional [cost] as you" ("cast" | "play") "this spell"
//
// COST is a cost in words as an activated ability's (game.ParseFullCost),
// N in it the instance's number: "sacrifice a creature with power N or
// greater" (casualty, 702.153a), "tap two untapped creatures you
// control that each share a color with it" (conspire, 702.78a),
// "sacrifice an artifact, enchantment, or token" (bargain, 702.166a).
//
// Paid any number of times, it is Repeatable; the statement's clause
// is the keyword's name with the number of times ("replicate 2").
func readAddCost(part string) ([]Ability, bool) {
	for _, verb := range []string{"cast", "play"} {
		if rest, ok := strings.CutPrefix(part, "as an additional cost to "+verb+" this spell, you may "); ok && !strings.HasPrefix(rest, "pay [cost]") {
			// A cost in words ("sacrifice a creature with power N or
			// greater"), its number the instance's.
			if _, err := game.ParseFullCost(strings.ReplaceAll(rest, " n ", " 1 "), ""); err != nil {
				return nil, false
			}
			return []Ability{&AddCost{Base: Base{Rule: []string{" means "}, Note: "%s pays the cost %s"}, partsText: rest}}, true
		}
		switch part {
		case "you may pay an additional [cost] as you " + verb + " this spell":
			// Offspring's wording (702.175a).
			return []Ability{&AddCost{Base: Base{Rule: []string{" means "}, Note: "%s pays the cost %s"}}}, true
		case "as an additional cost to " + verb + " this spell, you may pay [cost] any number of times":
			return []Ability{&AddCost{Base: Base{Rule: []string{" means "}, Note: "%s pays the cost %s"}, Repeatable: true}}, true
		case "as an additional cost to " + verb + " this spell, you may pay [cost]":
			return []Ability{&AddCost{Base: Base{Rule: []string{" means "}, Note: "%s pays the cost %s"}}}, true
		}
	}
	return nil, false
}

func init() {
	staticShapes = append(staticShapes, readAddCost)
	families = append(families, func() {
		declare("Replicate", shaped, byShapes)
		declare("Gravestorm", shaped, byShapes)
		declare("Casualty", shaped, byShapes)
		declare("Conspire", shaped, byShapes)
		declare("Bargain", shaped, byShapes)
		declare("Squad", shaped, byShapes)
		declare("Offspring", shaped, byShapes)
		// Cast triggers alone, read by the grammar of triggered
		// abilities: their instructions are entries of the effect table.
		declare("Cascade", shaped, byShapes)
		declare("Demonstrate", shaped, byShapes)
		declare("Ripple", shaped, byShapes)
	})
}
