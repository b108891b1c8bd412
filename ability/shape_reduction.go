package ability

// readReduction is the shape of a spell's own cost reduction
//
//	reduction = "this spell costs {1} less to cast for each opponent you have"
//
// (undaunted, 702.125a): a Reduction by the opponents its caster has;
// those who have left the game are not counted (game.State.Opponents).
func readReduction(part string) ([]Ability, bool) {
	if part != "this spell costs {1} less to cast for each opponent you have" {
		return nil, false
	}
	return []Ability{&Reduction{Base: Base{Rule: []string{" means "}, Note: "%[1]s: %[2]d opponents reduce the cost by {%[3]d}%[4]s"}, Opponents: true, Per: Q("opponent")}}, true
}

func init() {
	staticShapes = append(staticShapes, readReduction)
	families = append(families, func() {
		declare("Undaunted", shaped, byShapes)
	})
}
