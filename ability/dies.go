package ability

// The family of triggered keywords on a permanent entering or leaving
// the battlefield, and on its controller's upkeep. Each is compiled from
// its revision's own definition, read by the grammar of triggered
// abilities (text.go) that card text is read by too.

func init() {
	families = append(families, func() {
		// Persist (702.79, from 2008-05-01) and undying (702.93, from
		// 2012-02-01): "When this permanent is put into a graveyard
		// from the battlefield, if it had no -1/-1 counters on it,
		// return it to the battlefield under its owner's control with
		// a -1/-1 counter on it" ("from play", "to play" until
		// 2009-05-01).
		for _, name := range []string{"Persist", "Undying"} {
			declare(name, compiled, byDefinition)
		}
	})
}
