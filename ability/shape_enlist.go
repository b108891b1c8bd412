package ability

// An AttackCost is an optional cost to attack (508.1g) with a triggered
// ability linked to it (607.2h): as its creature attacks, its controller
// may tap up to one untapped creature they control that they didn't
// choose to attack with and that has haste or has been under their
// control continuously since the turn began; when they do, the attacking
// creature gets +X/+0 until end of turn, X the tapped creature's power
// (enlist, 702.154a). Choice is the statement's clause ("enlist A=C").
// Note's arguments: the attacking creature, the tapped creature;
// Bonus's: the attacking creature, X, its P/T after.
type AttackCost struct {
	Base
	Choice string
	Bonus  Base
}

// AttackChoices are the clause words that pay an optional cost to
// attack.
var AttackChoices = map[string]bool{"enlist": true}

// readAttackCost is the shape of such an ability:
//
//	attackcost = "as this creature attacks, you may tap up to one untapped creature you control that you didn't choose
//	              to attack with and that either has haste or has been under your control continuously since this turn
//	              began. when you do, this creature gets +x/+0 until end of turn, where x is the tapped creature's power"
func readAttackCost(part string) ([]Ability, bool) {
	if part != "as this creature attacks, you may tap up to one untapped creature you control that you didn't choose to attack with and that either has haste or has been under your control continuously since this turn began. when you do, this creature gets +x/+0 until end of turn, where x is the tapped creature's power" {
		return nil, false
	}
	return []Ability{&AttackCost{Base: Base{Rule: []string{" means "}, Note: "%s attacks: its controller pays the optional cost to attack, tapping %s"},
		Bonus: Base{Rule: []string{" means "}, Note: "%s gets +%d/+0 until end of turn, X the tapped creature's power (now %s)"}}}, true
}

func init() {
	staticShapes = append(staticShapes, readAttackCost)
	families = append(families, func() {
		declare("Enlist", shaped, byShapes)
	})
}
