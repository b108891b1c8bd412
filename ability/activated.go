package ability

// The activated family: keywords whose definition is an activated
// ability, "[Cost], Discard this card: Draw a card.", compiled from the
// revision's own text by the grammar of shape_activated.go. Each is
// activated by its name in lower case ("alice activates Bonesplitter:
// equip; targeting Grizzly Bears"), from the zone its cost says.

func init() {
	families = append(families, func() {
		for _, name := range []string{"Equip", "Cycling", "Fortify", "Outlast", "Reinforce", "Scavenge", "Crew", "Unearth"} {
			declare(name, activatedCompiled, byDefinition)
		}
	})
}
