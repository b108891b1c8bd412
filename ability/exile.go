package ability

// The exile family: keywords that return a card from the graveyard for a
// while, or cast it from exile later. Unearth (702.84a) is compiled from
// its definition by the grammar of activated abilities
// (shape_activated.go): its sentences in order, the last a replacement
// effect that exiles the permanent whatever way it would leave the
// battlefield.

func init() {
	families = append(families, func() {
		declare("Unearth", activatedCompiled, byDefinition)
	})
}
