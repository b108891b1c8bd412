package ability

// readAddCost is the shape of an optional additional cost in a mana
// cost the instance prints (replicate, 702.56a):
//
//	addcost = "as an additional cost to" ("cast" | "play") "this spell, you may pay [cost]" [" any number of times"]
//
// Paid any number of times, it is Repeatable; the statement's clause
// is the keyword's name with the number of times ("replicate 2").
func readAddCost(part string) ([]Ability, bool) {
	for _, verb := range []string{"cast", "play"} {
		switch part {
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
	})
}
