package ability

// The exile family: keywords that return a card from the graveyard for a
// while, or cast it from exile later. Unearth (702.84a) is compiled from
// its definition by the grammar of activated abilities
// (shape_activated.go): its sentences in order, the last a replacement
// effect that exiles the permanent whatever way it would leave the
// battlefield. Encore (702.141a) likewise: a token copy of the card for
// each opponent, attacking that opponent this turn if able, the tokens
// gaining haste and sacrificed at the next end step.

func init() {
	families = append(families, func() {
		declare("Unearth", activatedCompiled, byDefinition)
		declare("Encore", activatedCompiled, byDefinition)
	})
}
