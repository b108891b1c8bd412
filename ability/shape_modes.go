package ability

import "github.com/crules/crules/game"

// A ModeCost is a static ability of a modal spell (700.2) that says how
// many of its modes are chosen and what they cost: with Many, one or more
// (spree); with PayModes, the cost printed before each mode chosen is an
// additional cost (spree, tiered; 700.2h); with PerExtra, Cost is paid for
// each mode chosen beyond the first (escalate). Note's arguments: the
// modes chosen and the cost added.
type ModeCost struct {
	Base
	Many     bool
	PayModes bool
	PerExtra bool
	Cost     game.Cost
}

// readModeCost is the shape of such an ability:
//
//	modecost = "for each mode you choose beyond the first as you cast this spell, you pay an additional [cost]"
//	         | "choose one or more modes. as an additional cost to cast this spell, pay the costs associated with those modes"
//	         | "choose one. as an additional cost to cast this spell, pay the cost associated with that mode"
func readModeCost(part string) ([]Ability, bool) {
	switch part {
	case "for each mode you choose beyond the first as you cast this spell, you pay an additional [cost]":
		return []Ability{&ModeCost{Base: Base{Rule: []string{" means "}, Note: "modes %s chosen: %s is added to the cost for each mode beyond the first"}, PerExtra: true}}, true
	case "choose one or more modes. as an additional cost to cast this spell, pay the costs associated with those modes":
		return []Ability{&ModeCost{Base: Base{Rule: []string{" means "}, Note: "modes %s chosen, one or more: the costs associated with them, %s, are added to the cost"}, Many: true, PayModes: true}}, true
	case "choose one. as an additional cost to cast this spell, pay the cost associated with that mode":
		return []Ability{&ModeCost{Base: Base{Rule: []string{" means "}, Note: "mode %s chosen: the cost associated with it, %s, is added to the cost"}, PayModes: true}}, true
	}
	return nil, false
}

func init() {
	staticShapes = append(staticShapes, readModeCost)
	families = append(families, func() {
		declare("Escalate", shaped, byShapes)
		declare("Spree", shaped, byShapes)
		declare("Tiered", shaped, byShapes)
	})
}
