package ability

// The attacking family: triggered keywords whose event is a creature
// attacking, being blocked or dealing combat damage, or its controller
// casting a spell, each compiled from its revision's own definition by
// the grammar of text.go (shape_attacks.go reads the conditions that
// are not one event's words).

func init() {
	families = append(families, func() {
		for _, name := range []string{"Exalted", "Battle Cry", "Prowess", "Dethrone", "Afflict", "Training", "Ingest", "Renown"} {
			declare(name, compiled, byDefinition)
		}
	})
}
